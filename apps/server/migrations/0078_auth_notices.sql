-- A notice on channel tms_auth (issue 20) whenever what a signed-in caller is changes: a session revoked, switched to
-- another dispatch center or removed, an API client disabled or changed, or the auth version bumped (users' status,
-- roles, menus, permissions: migration 0045). Each server caches its callers per session token and empties that cache
-- on the notice; before it uses a cached caller it makes sure every notice committed before the request was heard
-- (platform/auth.ts), so a logout or a disable on one server is refused by every server on the very next request.
create function tms_auth_notice() returns trigger language plpgsql as $$
begin
  perform pg_notify('tms_auth', '');
  return null;
end $$;

create trigger sys_session_auth_notice after update or delete or truncate on sys_session
  for each statement execute function tms_auth_notice();
create trigger sys_auth_client_auth_notice after update or delete or truncate on sys_auth_client
  for each statement execute function tms_auth_notice();
create trigger sys_auth_version_auth_notice after update on sys_auth_version
  for each statement execute function tms_auth_notice();
