-- Idempotency-Key (IETF draft "The Idempotency-Key HTTP Header Field"): a create or bulk request sent again with
-- the same key by the same user, to any server, answers the first result and changes nothing. The key is claimed
-- in the transaction of the write itself, so a write and its key commit together or not at all.
create table sys_idempotency (
  user_id bigint not null,
  key varchar(255) not null,
  request_hash char(64) not null,
  status int,
  content_type varchar(100),
  response text,
  created_at timestamptz not null,
  primary key (user_id, key)
);
create index sys_idempotency_created on sys_idempotency(created_at);
