/**
 * Demo workflow data (once): the leave and purchase models, deployed as version 1 with their approvals
 * given to the role `admin`, one leave request waiting for approval and one approved purchase request.
 */
import type { Queryable } from '../../platform/db.ts';
import { decideTask, deployModel, type Actor } from './runtime.ts';
import { submitRecord } from './business.ts';
import { CONTRACT_XML, LEAVE_XML, PURCHASE_XML } from './demo-models.ts';

type Once = (q: Queryable, key: string, fn: () => Promise<void>) => Promise<void>;

const SYSTEM: Actor = { userName: 'system', roles: ['admin'], isAdmin: true };
const ADMIN: Actor = { userName: 'admin', roles: ['admin'], isAdmin: true };
const DISPATCHER: Actor = { userName: 'dispatcher', roles: ['dispatcher'], isAdmin: false };

export async function seedWorkflow(q: Queryable, once: Once): Promise<void> {
  // the freight contracts' approval (issue 14), on databases seeded before it too: one finance approval by the administrators
  await once(q, 'contract-workflow', async () => {
    const m = await q.query<{ id: number }>(
      `insert into act_model(model_key, name, description, xml, create_by) values ('contract', '运价合同审批', '运价合同提交后由财务审批，通过即生效，驳回退回草稿', $1, 'system') on conflict (model_key) do nothing returning id`,
      [CONTRACT_XML],
    );
    if (!m.rows[0]) return;
    const def = await deployModel(q, SYSTEM, m.rows[0].id);
    await q.query(`insert into act_node_config(definition_id, task_key, task_name, assignee_type, assignee, create_by) values ($1, 'financeApprove', '财务审批', 'ROLE', 'admin', 'system')`, [def.id]);
  });
  await once(q, 'demo-workflow', async () => {
    for (const [key, name, description, xml] of [
      ['leave', '请假流程', '请假申请：部门经理审批', LEAVE_XML],
      ['purchase', '采购流程', '采购申请：部门经理审批，金额达到 10000 元再经财务审批', PURCHASE_XML],
    ]) {
      const m = await q.query<{ id: number }>(`insert into act_model(model_key, name, description, xml, create_by) values ($1,$2,$3,$4,'system') on conflict (model_key) do nothing returning id`, [key, name, description, xml]);
      if (!m.rows[0]) continue;
      const def = await deployModel(q, SYSTEM, m.rows[0].id);
      await q.query(
        `insert into act_node_config(definition_id, task_key, task_name, assignee_type, assignee, create_by)
         select $1, t.id, t.name, 'ROLE', 'admin', 'system' from (values ('managerApprove', '部门经理审批'), ('financeApprove', '财务审批')) as t(id, name)
          where $2 like '%id="' || t.id || '"%'`,
        [def.id, xml],
      );
    }
    const dept = (await q.query<{ dept_id: number | null }>(`select dept_id from sys_user where user_name = 'dispatcher'`)).rows[0];
    if (!dept) return;
    const leave = await q.query<Record<string, unknown>>(
      `insert into act_leave(leave_type, start_date, end_date, days, reason, apply_user, dept_id, create_by)
       values ('ANNUAL', current_date + 7, current_date + 9, 3, '回老家探亲', 'dispatcher', $1, 'dispatcher') returning *`,
      [dept.dept_id],
    );
    await submitRecord(q, DISPATCHER, 'LEAVE', leave.rows[0]!);
    const purchase = await q.query<Record<string, unknown>>(
      `insert into act_purchase(item, quantity, amount, reason, apply_user, dept_id, create_by)
       values ('车载 GPS 定位终端', 20, 6800, '新增车辆安装定位设备', 'dispatcher', $1, 'dispatcher') returning *`,
      [dept.dept_id],
    );
    const instanceId = await submitRecord(q, DISPATCHER, 'PURCHASE', purchase.rows[0]!);
    const task = (await q.query<{ id: number }>(`select id from act_task where instance_id = $1 and status = 'OPEN'`, [instanceId])).rows[0];
    if (task) await decideTask(q, ADMIN, task.id, true, '同意采购');
  });
}
