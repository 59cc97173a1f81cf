-- Freight contracts (issue 14): approval through the BPMN workflow and automatic expiry.
--   * a contract submitted for approval is bound to its process instance (the task lists, the progress diagram);
--   * the expiry job moves effective contracts past their end date to EXPIRED: the partial index finds them.
alter table fin_contract add column instance_id bigint references act_instance(id) on delete set null;
create index fin_contract_effective_valid_to on fin_contract(valid_to) where status = 'EFFECTIVE';
