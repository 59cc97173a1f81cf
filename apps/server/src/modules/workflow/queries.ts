/** Read side of the workflow: an instance with its diagram, trail, tasks, history and business record. */
import { actInstance, WF_BUSINESS_RESOURCES, type WfBusinessType } from '@tms/domain';
import type { Queryable } from '../../platform/db.ts';
import { notFound } from '../../platform/errors.ts';
import { selectList, toApi, type ApiRow, type Row } from '../../platform/resource-engine.ts';

/** a time column as the API sends it (ISO-8601), null when empty */
const iso = (v: unknown): string | null => (v instanceof Date ? v.toISOString() : v == null ? null : String(v));
const text = (v: unknown): string | null => (v == null ? null : String(v));

export function historyApi(r: Row) {
  return {
    id: Number(r.id),
    taskId: r.task_id == null ? null : Number(r.task_id),
    nodeId: text(r.node_id),
    nodeName: text(r.node_name),
    nodeType: text(r.node_type),
    operator: text(r.operator),
    action: String(r.action),
    comment: text(r.comment),
    startTime: iso(r.start_time),
    endTime: String(iso(r.end_time)),
  };
}

/** The API shape of a task row joined with its instance (see TASK_SELECT). */
export function taskApi(r: Row) {
  return {
    id: Number(r.id),
    instanceId: Number(r.instance_id),
    definitionId: Number(r.definition_id),
    taskKey: String(r.task_key),
    name: String(r.name ?? r.task_key),
    assignee: (r.assignee as string | null) ?? null,
    candidateRoles: (r.candidate_roles as string[] | null) ?? [],
    status: String(r.status),
    action: text(r.action),
    comment: text(r.comment),
    completedBy: text(r.completed_by),
    createTime: String(iso(r.create_time)),
    claimTime: iso(r.claim_time),
    endTime: iso(r.end_time),
    version: Number(r.version),
    defName: String(r.def_name),
    defKey: String(r.def_key),
    defVersion: Number(r.def_version),
    businessType: text(r.business_type),
    businessKey: text(r.business_key),
    applicant: String(r.applicant),
    instanceStatus: String(r.instance_status),
  };
}

export const TASK_SELECT = `select t.*, i.def_name, i.def_key, i.def_version, i.business_type, i.business_key, i.applicant, i.status as instance_status
  from act_task t join act_instance i on i.id = t.instance_id`;

/** Everything the instance views show: the diagram XML, what to highlight, tasks, history and the business record. */
export async function instanceDetail(q: Queryable, id: number) {
  const r = await q.query<Row>(`select ${selectList(actInstance)} from act_instance t where id = $1`, [id]);
  const inst = r.rows[0];
  if (!inst) throw notFound();
  const def = (await q.query<{ xml: string }>(`select xml from act_definition where id = $1`, [inst.definition_id])).rows[0];
  const tasks = (await q.query<Row>(`${TASK_SELECT} where t.instance_id = $1 order by t.id`, [id])).rows.map(taskApi);
  const hist = (await q.query<Row>(`select * from act_history where instance_id = $1 order by id`, [id])).rows.map(historyApi);
  const b = (await q.query<Row>(`select * from act_business where instance_id = $1`, [id])).rows[0];
  let record: ApiRow | null = null;
  const bdef = b ? WF_BUSINESS_RESOURCES[b.business_type as WfBusinessType] : undefined;
  if (b && bdef && b.business_id) {
    const rec = (await q.query<Row>(`select ${selectList(bdef)} from ${bdef.table} t where id = $1`, [b.business_id])).rows[0];
    record = rec ? toApi(bdef, rec) : null;
  }
  return {
    instance: toApi(actInstance, inst),
    xml: def?.xml ?? null,
    trail: (inst.trail as string[] | null) ?? [],
    current: tasks.filter((t) => t.status === 'OPEN').map((t) => t.taskKey),
    tasks,
    history: hist,
    variables: (inst.variables as Record<string, unknown> | null) ?? {},
    business: b ? { type: String(b.business_type), id: b.business_id == null ? null : Number(b.business_id), key: String(b.business_key), record } : null,
  };
}
