-- Realtime events kept for a day, so a browser whose stream broke (a server lost, a network drop) gets what it
-- missed when it reconnects to any server (SSE Last-Event-ID). Busy, superseded events (positions) are not kept.
create table sys_realtime_event (
  id bigint generated always as identity primary key,
  type varchar(40) not null,
  dispatch_center_id bigint,
  subject_resource varchar(60),
  subject_id bigint,
  data jsonb not null default '{}',
  created_at timestamptz not null default now()
);
create index sys_realtime_event_created on sys_realtime_event(created_at);
