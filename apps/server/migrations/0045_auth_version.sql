-- What a session's caller may do (roles, permissions, data scopes, department, name) is cached by each server,
-- keyed by this one number: every statement that changes users' roles, roles, menus (permissions) or the user
-- columns a caller carries bumps it in its own transaction, so a server sees the change with the very next
-- request after the commit (the session itself, its expiry and revocation are read on every request).
create table sys_auth_version (
  id int primary key check (id = 1),
  version bigint not null
);
insert into sys_auth_version(id, version) values (1, 0);

create function tms_bump_auth_version() returns trigger language plpgsql as $$
begin
  update sys_auth_version set version = version + 1 where id = 1;
  return null;
end $$;

create trigger sys_user_auth_version after insert or delete or update of user_name, dept_id, status, user_kind on sys_user
  for each statement execute function tms_bump_auth_version();
create trigger sys_user_auth_version_truncate after truncate on sys_user for each statement execute function tms_bump_auth_version();
create trigger sys_role_auth_version after insert or update or delete or truncate on sys_role
  for each statement execute function tms_bump_auth_version();
create trigger sys_menu_auth_version after insert or update or delete or truncate on sys_menu
  for each statement execute function tms_bump_auth_version();
create trigger sys_user_role_auth_version after insert or update or delete or truncate on sys_user_role
  for each statement execute function tms_bump_auth_version();
create trigger sys_role_menu_auth_version after insert or update or delete or truncate on sys_role_menu
  for each statement execute function tms_bump_auth_version();
