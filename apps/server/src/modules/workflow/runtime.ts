/**
 * The workflow service: deploy a model, start an instance for a business record, claim and complete
 * user tasks, terminate an instance. Every function runs inside the caller's transaction (mutate()):
 * the instance row is locked first, the engine makes one step, and its new state, the task rows, the
 * history and the business record's status are written together.
 */
import { WF_APPROVED_VARIABLE, WF_BUSINESS_RESOURCES, type WfBusinessType } from '@tms/domain';
import type { Queryable } from '../../platform/db.ts';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';
import { checkDeployable } from './bpmn.ts';
import { completeTask, startInstance, type StepResult } from './engine.ts';

/** Who acts: the signed-in caller, or the seed. */
export interface Actor {
  userName: string;
  roles: string[];
  isAdmin: boolean;
}

type Row = Record<string, unknown>;

export interface InstanceRow {
  id: number;
  definition_id: number;
  def_name: string;
  status: string;
  applicant: string;
  business_type: string | null;
  state: unknown;
  trail: string[];
  variables: Record<string, unknown>;
}

export interface TaskRow {
  id: number;
  instance_id: number;
  definition_id: number;
  task_key: string;
  name: string | null;
  execution_id: string;
  assignee: string | null;
  candidate_roles: string[];
  status: string;
  create_time: Date;
}

/** Tasks unassigned and without a configured assignee go to the administrators. */
export const DEFAULT_CANDIDATE_ROLE = 'admin';

// ---------------------------------------------------------------------------------------------
// Deployment

/** Deploys a model's XML as the next version of its key; node assignments carry over from the last version. */
export async function deployModel(q: Queryable, actor: Actor, modelId: number): Promise<Row> {
  const m = (await q.query<Row>(`select * from act_model where id = $1 for update`, [modelId])).rows[0];
  if (!m) throw notFound();
  const info = await checkDeployable(m.xml);
  const key = String(m.model_key);
  const prev = (await q.query<{ id: number; def_version: number }>(`select id, def_version from act_definition where def_key = $1 order by def_version desc limit 1`, [key])).rows[0];
  const nextVersion = (prev?.def_version ?? 0) + 1;
  const def = (
    await q.query<Row>(
      `insert into act_definition(def_key, name, def_version, description, xml, model_id, create_by) values ($1,$2,$3,$4,$5,$6,$7) returning *`,
      [key, m.name, nextVersion, m.description ?? null, m.xml, modelId, actor.userName],
    )
  ).rows[0]!;
  if (prev) {
    await q.query(
      `insert into act_node_config(definition_id, task_key, task_name, assignee_type, assignee, create_by)
       select $1, c.task_key, t.name, c.assignee_type, c.assignee, $4 from act_node_config c
         join unnest($3::text[], $5::text[]) as t(id, name) on t.id = c.task_key
        where c.definition_id = $2`,
      [def.id, prev.id, info.userTasks.map((t) => t.id), actor.userName, info.userTasks.map((t) => t.name)],
    );
  }
  await q.query(`update act_model set deployed_version = $1, deploy_time = now(), update_by = $2, update_time = now(), version = version + 1 where id = $3`, [nextVersion, actor.userName, modelId]);
  return def;
}

// ---------------------------------------------------------------------------------------------
// Instances and tasks

async function assignment(q: Queryable, definitionId: number, taskKey: string, applicant: string): Promise<{ assignee: string | null; roles: string[] }> {
  const c = (await q.query<{ assignee_type: string; assignee: string | null }>(`select assignee_type, assignee from act_node_config where definition_id = $1 and task_key = $2`, [definitionId, taskKey])).rows[0];
  if (c?.assignee_type === 'USER' && c.assignee) return { assignee: c.assignee, roles: [] };
  if (c?.assignee_type === 'ROLE' && c.assignee) return { assignee: null, roles: [c.assignee] };
  if (c?.assignee_type === 'APPLICANT') return { assignee: applicant, roles: [] };
  return { assignee: null, roles: [DEFAULT_CANDIDATE_ROLE] };
}

const BUSINESS_STATUS = { RUNNING: 'RUNNING', APPROVED: 'APPROVED', REJECTED: 'REJECTED', TERMINATED: 'CANCELED' } as const;

/** Mirrors the instance's outcome on its business record (leave / purchase request). */
async function setBusinessStatus(q: Queryable, businessType: string | null, instanceId: number, status: keyof typeof BUSINESS_STATUS, actor: Actor): Promise<void> {
  const def = WF_BUSINESS_RESOURCES[businessType as WfBusinessType];
  if (!def) return;
  const finished = status !== 'RUNNING';
  await q.query(
    `update ${def.table} set status = $1, finish_time = ${finished ? 'now()' : 'null'}, update_by = $2, update_time = now(), version = version + 1
      where id = (select business_id from act_business where instance_id = $3)`,
    [BUSINESS_STATUS[status], actor.userName, instanceId],
  );
}

async function history(q: Queryable, instanceId: number, h: { taskId?: number | null; nodeId?: string | null; nodeName?: string | null; nodeType?: string | null; operator?: string | null; action: string; comment?: string | null; startTime?: Date | null }) {
  await q.query(
    `insert into act_history(instance_id, task_id, node_id, node_name, node_type, operator, action, comment, start_time) values ($1,$2,$3,$4,$5,$6,$7,$8,$9)`,
    [instanceId, h.taskId ?? null, h.nodeId ?? null, h.nodeName ?? null, h.nodeType ?? null, h.operator ?? null, h.action, h.comment ?? null, h.startTime ?? null],
  );
}

/** Writes what one engine step did: state, trail, tasks opened and closed, history, the outcome. */
async function applyStep(q: Queryable, inst: InstanceRow, step: StepResult, variables: Record<string, unknown>, actor: Actor): Promise<void> {
  for (const t of step.trail) {
    if (t.type === 'bpmn:StartEvent') await history(q, inst.id, { nodeId: t.id, nodeName: t.name, nodeType: t.type, operator: inst.applicant, action: 'START' });
    if (t.type === 'bpmn:EndEvent') await history(q, inst.id, { nodeId: t.id, nodeName: t.name, nodeType: t.type, action: 'END' });
  }
  const waitingIds = step.waiting.map((w) => w.executionId);
  // tasks the engine no longer waits for (a branch that ended elsewhere) are cancelled
  await q.query(`update act_task set status = 'CANCELED', end_time = now(), update_time = now(), version = version + 1 where instance_id = $1 and status = 'OPEN' and not (execution_id = any($2))`, [inst.id, waitingIds]);
  const open = new Set((await q.query<{ execution_id: string }>(`select execution_id from act_task where instance_id = $1 and status = 'OPEN'`, [inst.id])).rows.map((r) => r.execution_id));
  for (const w of step.waiting) {
    if (open.has(w.executionId)) continue;
    const a = await assignment(q, inst.definition_id, w.taskKey, inst.applicant);
    await q.query(
      `insert into act_task(instance_id, definition_id, task_key, name, execution_id, assignee, candidate_roles, create_by) values ($1,$2,$3,$4,$5,$6,$7,$8)`,
      [inst.id, inst.definition_id, w.taskKey, w.name, w.executionId, a.assignee, a.roles, actor.userName],
    );
  }
  const trail = [...new Set([...(inst.trail ?? []), ...step.trail.map((t) => t.id)])];
  const current = [...new Set(step.waiting.map((w) => w.name ?? w.taskKey))].join(', ').slice(0, 200);
  const result = step.ended ? (variables[WF_APPROVED_VARIABLE] === false ? 'REJECTED' : 'APPROVED') : null;
  await q.query(
    `update act_instance set state = $1, trail = $2, variables = $3, current_nodes = $4, status = $5, result = $6, end_time = ${step.ended ? 'now()' : 'null'},
            update_by = $7, update_time = now(), version = version + 1 where id = $8`,
    [JSON.stringify(step.state), JSON.stringify(trail), JSON.stringify(variables), step.ended ? null : current, step.ended ? 'COMPLETED' : 'RUNNING', result, actor.userName, inst.id],
  );
  if (step.ended) await setBusinessStatus(q, inst.business_type, inst.id, result === 'REJECTED' ? 'REJECTED' : 'APPROVED', actor);
}

/** The newest version of a key (the one new instances start from). */
export async function latestDefinition(q: Queryable, key: string): Promise<Row> {
  const d = (await q.query<Row>(`select * from act_definition where def_key = $1 order by def_version desc limit 1`, [key])).rows[0];
  if (!d) throw conflict('messages.workflow.noDefinition', { key });
  return d;
}

export interface StartOptions {
  definition: Row;
  businessType: string;
  businessId: number | null;
  businessKey: string;
  variables: Record<string, unknown>;
}

/** Starts an instance and binds it to its business record; answers the instance id. */
export async function startProcess(q: Queryable, actor: Actor, o: StartOptions): Promise<number> {
  const d = o.definition;
  if (d.suspended) throw conflict('messages.workflow.definitionSuspended', { name: d.name });
  const inst = (
    await q.query<InstanceRow>(
      `insert into act_instance(definition_id, def_key, def_name, def_version, business_type, business_key, applicant, status, create_by) values ($1,$2,$3,$4,$5,$6,$7,'RUNNING',$7) returning *`,
      [d.id, d.def_key, d.name, d.def_version, o.businessType, o.businessKey, actor.userName],
    )
  ).rows[0]!;
  await q.query(`insert into act_business(business_type, business_id, business_key, instance_id, def_key, create_by) values ($1,$2,$3,$4,$5,$6)`, [
    o.businessType,
    o.businessId,
    o.businessKey,
    inst.id,
    d.def_key,
    actor.userName,
  ]);
  const variables = { ...o.variables, applicant: actor.userName, businessKey: o.businessKey, businessType: o.businessType };
  const step = await startInstance(`instance-${inst.id}`, String(d.xml), variables);
  await applyStep(q, inst, step, variables, actor);
  return inst.id;
}

async function lockInstance(q: Queryable, id: number): Promise<InstanceRow> {
  const inst = (await q.query<InstanceRow>(`select * from act_instance where id = $1 for update`, [id])).rows[0];
  if (!inst) throw notFound();
  return inst;
}

/** Whether the actor may work on an open task: its assignee, or a candidate while nobody has claimed it. */
export function mayAct(actor: Actor, t: Pick<TaskRow, 'assignee' | 'candidate_roles'>): boolean {
  if (actor.isAdmin) return true;
  if (t.assignee) return t.assignee === actor.userName;
  return t.candidate_roles.some((r) => actor.roles.includes(r));
}

/** Locks a task and its instance (instance first, like terminate, so the two never deadlock). */
async function lockTask(q: Queryable, actor: Actor, taskId: number): Promise<{ task: TaskRow; inst: InstanceRow }> {
  const peek = (await q.query<{ instance_id: number }>(`select instance_id from act_task where id = $1`, [taskId])).rows[0];
  if (!peek) throw notFound();
  const inst = await lockInstance(q, peek.instance_id);
  const task = (await q.query<TaskRow>(`select * from act_task where id = $1 for update`, [taskId])).rows[0]!;
  if (!mayAct(actor, task)) throw notFound();
  if (task.status !== 'OPEN' || inst.status !== 'RUNNING') throw conflict('messages.workflow.taskNotOpen');
  return { task, inst };
}

export async function claimTask(q: Queryable, actor: Actor, taskId: number): Promise<void> {
  const { task } = await lockTask(q, actor, taskId);
  if (task.assignee && task.assignee !== actor.userName) throw conflict('messages.workflow.taskClaimed', { user: task.assignee });
  await q.query(`update act_task set assignee = $1, claim_time = now(), update_by = $1, update_time = now(), version = version + 1 where id = $2`, [actor.userName, taskId]);
}

/** Approves (approved = true) or rejects a task with a comment; the gateways after it read `approved`. */
export async function decideTask(q: Queryable, actor: Actor, taskId: number, approved: boolean, comment: string | null): Promise<number> {
  if (!approved && !comment?.trim()) throw badRequest('messages.workflow.rejectNeedsComment', { comment: { key: 'messages.workflow.rejectNeedsComment' } });
  const { task, inst } = await lockTask(q, actor, taskId);
  const decision = { [WF_APPROVED_VARIABLE]: approved };
  const step = await completeTask(`instance-${inst.id}`, inst.state, task.execution_id, decision);
  const action = approved ? 'APPROVE' : 'REJECT';
  await q.query(
    `update act_task set status = 'DONE', action = $1, comment = $2, completed_by = $3, assignee = coalesce(assignee, $3), end_time = now(), update_by = $3, update_time = now(), version = version + 1 where id = $4`,
    [action, comment, actor.userName, taskId],
  );
  await history(q, inst.id, { taskId, nodeId: task.task_key, nodeName: task.name, nodeType: 'bpmn:UserTask', operator: actor.userName, action, comment, startTime: task.create_time });
  await applyStep(q, inst, step, { ...(inst.variables ?? {}), ...decision }, actor);
  return inst.id;
}

/** Ends a running instance at once: open tasks are cancelled, the business record is withdrawn. */
export async function terminateInstance(q: Queryable, actor: Actor, instanceId: number, reason: string | null): Promise<void> {
  const inst = await lockInstance(q, instanceId);
  if (inst.status !== 'RUNNING') throw conflict('messages.workflow.instanceNotRunning');
  await q.query(`update act_task set status = 'CANCELED', end_time = now(), update_by = $2, update_time = now(), version = version + 1 where instance_id = $1 and status = 'OPEN'`, [instanceId, actor.userName]);
  await q.query(
    `update act_instance set status = 'TERMINATED', current_nodes = null, end_time = now(), update_by = $2, update_time = now(), version = version + 1 where id = $1`,
    [instanceId, actor.userName],
  );
  await history(q, instanceId, { operator: actor.userName, action: 'TERMINATE', comment: reason });
  await setBusinessStatus(q, inst.business_type, instanceId, 'TERMINATED', actor);
}
