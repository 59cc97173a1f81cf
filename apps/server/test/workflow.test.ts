/**
 * Issue 7 (workflow) through the API: models with BPMN XML (validate, save, import / export, deploy with
 * versions), suspend / activate, node assignees, the leave and purchase demos end to end (todo → approve
 * or reject → finished, history), claim by a role candidate, withdrawal, and an instance that survives
 * a server restart because its engine state lives in PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translate } from '../src/platform/i18n.ts';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/platform/config.ts';
import { ADMIN, createUser, rand, startServer, type Json, type TestServer, type TestUser } from './helpers.ts';

let s: TestServer;
let admin: string;
const zh = (key: string, params?: Record<string, unknown>) => translate('zh-CN', key, params);

const APPLY = ['act:leave:query', 'act:leave:add', 'act:leave:edit', 'act:leave:submit', 'act:leave:cancel', 'act:purchase:query', 'act:purchase:add', 'act:purchase:submit', 'act:task:query'];
const APPROVE = ['act:task:query', 'act:task:claim', 'act:task:complete', 'act:instance:query'];

let applicant: { user: TestUser; token: string };
let approver: { user: TestUser; token: string };

async function person(perms: string[]) {
  const user = await createUser(s.db, { perms });
  return { user, token: await s.login(user.userName, user.password) };
}

const call = (method: string, path: string, token: string, o: { body?: unknown; query?: Record<string, string | number> } = {}) => s.api(method, `/api${path}`, { token, ...o });

async function definitionOf(key: string): Promise<Json> {
  const r = await call('GET', '/act/process/list', admin, { query: { defKey: key, pageSize: 50, orderByColumn: 'defVersion', isAsc: 'desc' } });
  expect(r.status).toBe(200);
  return r.json.rows.find((x: Json) => x.defKey === key);
}

/** Replaces the node configuration of the newest definition of a key. */
async function setAssignees(key: string, nodes: { taskKey: string; assigneeType: string; assignee: string | null }[]) {
  const def = await definitionOf(key);
  const r = await call('POST', '/act/node/save', admin, { body: { definitionId: def.id, nodes } });
  expect(r.status, JSON.stringify(r.json)).toBe(200);
}

const leaveBody = (extra: Record<string, unknown> = {}) => ({ leaveType: 'ANNUAL', startDate: '2025-03-03', endDate: '2025-03-05', days: 3, reason: `探亲 ${rand(4)}`, ...extra });

async function todoOf(token: string, businessKey?: string): Promise<Json[]> {
  const r = await call('GET', '/act/task/todo', token, { query: { pageSize: 100, ...(businessKey ? { businessKey } : {}) } });
  expect(r.status).toBe(200);
  return r.json.rows;
}

beforeAll(async () => {
  s = await startServer();
  admin = await s.login(ADMIN.user, ADMIN.password);
  applicant = await person(APPLY);
  approver = await person(APPROVE);
  await setAssignees('leave', [{ taskKey: 'managerApprove', assigneeType: 'USER', assignee: approver.user.userName }]);
}, 120_000);

afterAll(async () => {
  await s?.close();
});

const SIMPLE = (id: string, extra = '') => `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" id="D_${id}" targetNamespace="http://x">
  <bpmn:process id="${id}" name="Simple ${id}" isExecutable="true">
    <bpmn:startEvent id="s" />
    <bpmn:sequenceFlow id="f1" sourceRef="s" targetRef="check" />
    <bpmn:userTask id="check" name="检查" />
    <bpmn:sequenceFlow id="f2" sourceRef="check" targetRef="e" />
    <bpmn:endEvent id="e" />${extra}
  </bpmn:process>
</bpmn:definitions>`;

describe('seeded demo', () => {
  it('has the leave and purchase models deployed as version 1, a leave waiting for admin and an approved purchase', async () => {
    for (const key of ['leave', 'purchase']) {
      const def = await definitionOf(key);
      expect(def).toMatchObject({ defKey: key, defVersion: 1, suspended: false });
      const prof = await call('GET', `/act/prof/${def.id}`, admin);
      expect(prof.json.data.xml).toContain('<bpmn:userTask id="managerApprove"');
    }
    const todo = await todoOf(admin);
    expect(todo.some((t) => t.businessType === 'LEAVE' && t.applicant === 'dispatcher' && t.name === '部门经理审批')).toBe(true);
    const purchases = await call('GET', '/act/purchase/list', admin);
    expect(purchases.json.rows.some((p: Json) => p.status === 'APPROVED' && p.applyUser === 'dispatcher')).toBe(true);
  });
});

describe('models', () => {
  it('a new model starts from a blank diagram; malformed XML is refused; saving is version-guarded; export answers the .bpmn', async () => {
    const key = `wf_${rand(6)}`;
    const made = await call('POST', '/act/models/save', admin, { body: { modelKey: key, name: '测试模型' } });
    expect(made.status, JSON.stringify(made.json)).toBe(200);
    const id = made.json.data.id;
    const xml = await call('GET', `/act/models/xml/${id}`, admin);
    expect(xml.json.data.xml).toContain(`<bpmn:process id="${key}"`);

    const bad = await call('POST', '/act/models/xml', admin, { body: { id, version: xml.json.data.version, xml: '<not xml' } });
    expect(bad.status).toBe(400);
    expect(bad.json.errors.xml).toContain('BPMN');
    const notBpmn = await call('POST', '/act/models/xml', admin, { body: { id, version: xml.json.data.version, xml: '<?xml version="1.0"?><foo/>' } });
    expect(notBpmn.status).toBe(400);

    // the blank diagram has no end event: not deployable yet
    const early = await call('POST', '/act/models/deploy', admin, { body: { id } });
    expect(early.status).toBe(400);
    expect(early.json.msg).toContain('end event');

    const saved = await call('POST', '/act/models/xml', admin, { body: { id, version: xml.json.data.version, xml: SIMPLE(key) } });
    expect(saved.status, JSON.stringify(saved.json)).toBe(200);
    const stale = await call('POST', '/act/models/xml', admin, { body: { id, version: xml.json.data.version, xml: SIMPLE(key) } });
    expect(stale.status).toBe(409);
    expect(stale.json.msg).toBe(zh('messages.conflictVersion'));

    const exp = await call('GET', `/act/models/export/${id}`, admin);
    expect(exp.status).toBe(200);
    expect(exp.headers.get('content-disposition')).toContain(`${key}.bpmn`);
    expect(exp.body.toString('utf8')).toContain('<bpmn:userTask id="check"');
  });

  it('deploying gives versions 1, 2 … per key and carries node assignees over', async () => {
    const key = `wf_${rand(6)}`;
    const id = (await call('POST', '/act/models/save', admin, { body: { modelKey: key, name: '版本测试' } })).json.data.id;
    const v = (await call('GET', `/act/models/xml/${id}`, admin)).json.data.version;
    expect((await call('POST', '/act/models/xml', admin, { body: { id, version: v, xml: SIMPLE(key) } })).status).toBe(200);
    const d1 = await call('POST', '/act/models/deploy', admin, { body: { id } });
    expect(d1.status, JSON.stringify(d1.json)).toBe(200);
    expect(d1.json.data).toMatchObject({ defKey: key, defVersion: 1 });
    expect(d1.json.msg).toBe(zh('messages.workflow.deployed', { version: 1 }));
    await setAssignees(key, [{ taskKey: 'check', assigneeType: 'ROLE', assignee: 'dispatcher' }]);
    const d2 = await call('POST', '/act/models/deploy', admin, { body: { id } });
    expect(d2.json.data.defVersion).toBe(2);
    const nodes = await call('GET', '/act/node/list', admin, { query: { definitionId: d2.json.data.id } });
    expect(nodes.json.data).toEqual([{ taskKey: 'check', taskName: '检查', assigneeType: 'ROLE', assignee: 'dispatcher' }]);
    const model = await call('GET', `/act/models/get/${id}`, admin);
    expect(model.json.data.deployedVersion).toBe(2);

    const noUser = await call('POST', '/act/node/save', admin, { body: { definitionId: d2.json.data.id, nodes: [{ taskKey: 'check', assigneeType: 'USER', assignee: 'nobody_' + rand(4) }] } });
    expect(noUser.status).toBe(400);
    const noTask = await call('POST', '/act/node/save', admin, { body: { definitionId: d2.json.data.id, nodes: [{ taskKey: 'nope', assigneeType: 'APPLICANT' }] } });
    expect(noTask.status).toBe(400);

    // the node list needs its definition: without it 400 naming the parameter (not 404 "record not found")
    for (const query of [{}, { definitionId: '' }, { definitionId: 'abc' }]) {
      const missing = await s.api('GET', '/api/act/node/list', { token: admin, query, headers: { lang: 'en-US' } });
      expect(missing.status, JSON.stringify(query)).toBe(400);
      expect(missing.json.msg).toBe('Filter "definitionId" is not valid');
      expect(missing.json.errors.definitionId).toBeTruthy();
    }
    expect((await s.api('GET', '/api/act/node/list', { token: admin, query: {}, headers: { lang: 'en-US' } })).json.errors.definitionId).toBe('This field is required');
  });

  it('refuses to deploy what the engine does not run (scripts, services, timers) and non-FEEL conditions', async () => {
    const cases = [
      '<bpmn:scriptTask id="x" scriptFormat="javascript"><bpmn:script>process.exit(1)</bpmn:script></bpmn:scriptTask>',
      '<bpmn:serviceTask id="x" />',
      '<bpmn:intermediateCatchEvent id="x"><bpmn:timerEventDefinition /></bpmn:intermediateCatchEvent>',
      '<bpmn:sequenceFlow id="x" sourceRef="s" targetRef="e"><bpmn:conditionExpression xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:type="bpmn:tFormalExpression" language="javascript">next(null, true)</bpmn:conditionExpression></bpmn:sequenceFlow>',
      '<bpmn:sequenceFlow id="x" sourceRef="s" targetRef="e"><bpmn:conditionExpression xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:type="bpmn:tFormalExpression">${days &gt;}</bpmn:conditionExpression></bpmn:sequenceFlow>',
    ];
    for (const extra of cases) {
      const key = `wf_${rand(6)}`;
      const id = (await call('POST', '/act/models/save', admin, { body: { modelKey: key, name: 'bad' } })).json.data.id;
      const v = (await call('GET', `/act/models/xml/${id}`, admin)).json.data.version;
      expect((await call('POST', '/act/models/xml', admin, { body: { id, version: v, xml: SIMPLE(key, extra) } })).status).toBe(200);
      const d = await call('POST', '/act/models/deploy', admin, { body: { id } });
      expect(d.status, extra).toBe(400);
      expect(d.json.errors.xml).toBeTruthy();
    }
  });

  it('imports a .bpmn file as a new model named after its process, refusing a duplicate key', async () => {
    const key = `imp_${rand(6)}`;
    const form = () => {
      const f = new FormData();
      f.append('file', new Blob([SIMPLE(key)], { type: 'application/xml' }), `${key}.bpmn`);
      return f;
    };
    const r = await call('POST', '/act/models/import', admin, { body: form() });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    expect(r.json.data).toMatchObject({ modelKey: key, name: `Simple ${key}` });
    const again = await call('POST', '/act/models/import', admin, { body: form() });
    expect(again.status).toBe(409);
    const junk = new FormData();
    junk.append('file', new Blob(['hello'], { type: 'text/plain' }), 'x.bpmn');
    expect((await call('POST', '/act/models/import', admin, { body: junk })).status).toBe(400);
  });
});

describe('leave request end to end', () => {
  it('submit → the assignee sees the task → approve → instance finished, request approved, history written', async () => {
    const saved = await call('POST', '/act/leave/save', applicant.token, { body: { ...leaveBody(), submit: true } });
    expect(saved.status, JSON.stringify(saved.json)).toBe(200);
    const id = saved.json.data.id;
    const got = await call('GET', `/act/leave/get/${id}`, applicant.token);
    expect(got.json.data).toMatchObject({ status: 'RUNNING', applyUser: applicant.user.userName });
    const key = `LEAVE-${id}`;

    expect(await todoOf(applicant.token, key)).toEqual([]);
    const todo = await todoOf(approver.token, key);
    expect(todo).toHaveLength(1);
    expect(todo[0]).toMatchObject({ name: '部门经理审批', assignee: approver.user.userName, applicant: applicant.user.userName, businessType: 'LEAVE', status: 'OPEN' });

    const detail = await call('GET', `/act/task/get/${todo[0].id}`, approver.token);
    expect(detail.json.data.detail.business.record).toMatchObject({ leaveType: 'ANNUAL', days: 3 });
    expect(detail.json.data.detail.current).toEqual(['managerApprove']);
    expect(detail.json.data.detail.trail).toContain('start');

    // someone who is not the assignee cannot act on it
    expect((await call('POST', '/act/task/approve', applicant.token, { body: { id: todo[0].id } })).status).toBe(403);
    const other = await person(APPROVE);
    expect((await call('POST', '/act/task/approve', other.token, { body: { id: todo[0].id } })).status).toBe(404);

    const ok = await call('POST', '/act/task/approve', approver.token, { body: { id: todo[0].id, comment: '同意' } });
    expect(ok.status, JSON.stringify(ok.json)).toBe(200);
    expect(ok.json.msg).toBe(zh('messages.workflow.approved'));
    const twice = await call('POST', '/act/task/approve', approver.token, { body: { id: todo[0].id } });
    expect(twice.status).toBe(409);

    expect((await call('GET', `/act/leave/get/${id}`, applicant.token)).json.data.status).toBe('APPROVED');
    const progress = await call('GET', `/act/leave/progress/${id}`, applicant.token);
    const p = progress.json.data;
    expect(p.instance).toMatchObject({ status: 'COMPLETED', result: 'APPROVED', businessKey: key });
    expect(p.current).toEqual([]);
    expect(p.trail).toEqual(expect.arrayContaining(['start', 'managerApprove', 'decision', 'approvedFlow', 'approvedEnd']));
    expect(p.trail).not.toContain('rejectedEnd');
    expect(p.history.map((h: Json) => [h.action, h.nodeId, h.operator])).toEqual([
      ['START', 'start', applicant.user.userName],
      ['APPROVE', 'managerApprove', approver.user.userName],
      ['END', 'approvedEnd', null],
    ]);
    expect(p.history[1].comment).toBe('同意');

    const done = await call('GET', '/act/task/done', approver.token, { query: { businessKey: key } });
    expect(done.json.rows.map((t: Json) => [t.action, t.comment])).toEqual([['APPROVE', '同意']]);
    const finished = await call('GET', '/act/process/ins/list', approver.token, { query: { status: 'COMPLETED,TERMINATED', businessKey: key } });
    expect(finished.json.total).toBe(1);
  });

  it('reject needs a comment, ends the instance as rejected; the request can be changed and submitted again', async () => {
    const id = (await call('POST', '/act/leave/save', applicant.token, { body: { ...leaveBody(), submit: true } })).json.data.id;
    const key = `LEAVE-${id}`;
    const [task] = await todoOf(approver.token, key);
    const noComment = await call('POST', '/act/task/reject', approver.token, { body: { id: task.id } });
    expect(noComment.status).toBe(400);
    expect(noComment.json).toMatchObject({ msg: zh('messages.workflow.rejectNeedsComment'), errors: { comment: zh('messages.workflow.rejectNeedsComment') } });
    const r = await call('POST', '/act/task/reject', approver.token, { body: { id: task.id, comment: '项目紧张' } });
    expect(r.status).toBe(200);
    const rec = (await call('GET', `/act/leave/get/${id}`, applicant.token)).json.data;
    expect(rec.status).toBe('REJECTED');
    const p = (await call('GET', `/act/leave/progress/${id}`, applicant.token)).json.data;
    expect(p.instance).toMatchObject({ status: 'COMPLETED', result: 'REJECTED' });
    expect(p.trail).toEqual(expect.arrayContaining(['rejectedFlow', 'rejectedEnd']));
    expect(p.history.map((h: Json) => h.action)).toEqual(['START', 'REJECT', 'END']);

    const up = await call('POST', '/act/leave/update', applicant.token, { body: { ...leaveBody({ days: 2, endDate: '2025-03-04' }), id, version: rec.version } });
    expect(up.status, JSON.stringify(up.json)).toBe(200);
    const again = await call('POST', '/act/leave/submit', applicant.token, { body: { ids: [id] } });
    expect(again.status).toBe(200);
    expect((await todoOf(approver.token, key)).length).toBe(1);
    // in approval: neither editable nor removable
    const cur = (await call('GET', `/act/leave/get/${id}`, applicant.token)).json.data;
    const locked = await call('POST', '/act/leave/update', applicant.token, { body: { ...leaveBody(), id, version: cur.version } });
    expect(locked.status).toBe(409);
    expect(locked.json.msg).toBe(zh('messages.workflow.notEditable'));
    expect((await call('POST', '/act/leave/remove', admin, { query: { ids: id } })).status).toBe(409);
    expect((await call('POST', '/act/leave/submit', applicant.token, { body: { ids: [id] } })).status).toBe(409);
  });

  it('the applicant withdraws a request in approval: instance terminated, task cancelled', async () => {
    const id = (await call('POST', '/act/leave/save', applicant.token, { body: { ...leaveBody(), submit: true } })).json.data.id;
    const key = `LEAVE-${id}`;
    expect((await todoOf(approver.token, key)).length).toBe(1);
    const c = await call('POST', '/act/leave/cancel', applicant.token, { body: { ids: [id] } });
    expect(c.status, JSON.stringify(c.json)).toBe(200);
    expect((await call('GET', `/act/leave/get/${id}`, applicant.token)).json.data.status).toBe('CANCELED');
    expect(await todoOf(approver.token, key)).toEqual([]);
    const p = (await call('GET', `/act/leave/progress/${id}`, applicant.token)).json.data;
    expect(p.instance.status).toBe('TERMINATED');
    expect(p.tasks.map((t: Json) => t.status)).toEqual(['CANCELED']);
    expect((await call('POST', '/act/leave/cancel', applicant.token, { body: { ids: [id] } })).status).toBe(409);
  });

  it('end before start is refused under the end date', async () => {
    const r = await call('POST', '/act/leave/save', applicant.token, { body: leaveBody({ startDate: '2025-03-05', endDate: '2025-03-01' }) });
    expect(r.status).toBe(400);
    expect(r.json.errors.endDate).toBeTruthy();
  });
});

describe('suspend and activate', () => {
  it('a suspended definition cannot start instances; activated again it can', async () => {
    const def = await definitionOf('leave');
    expect((await call('POST', '/act/process/suspend', admin, { body: { ids: [def.id] } })).status).toBe(200);
    expect((await call('POST', '/act/process/suspend', admin, { body: { ids: [def.id] } })).status).toBe(409);
    const id = (await call('POST', '/act/leave/save', applicant.token, { body: leaveBody() })).json.data.id;
    const refused = await call('POST', '/act/leave/submit', applicant.token, { body: { ids: [id] } });
    expect(refused.status).toBe(409);
    expect(refused.json.msg).toBe(zh('messages.workflow.definitionSuspended', { name: def.name }));
    // nothing changed: still a draft
    expect((await call('GET', `/act/leave/get/${id}`, applicant.token)).json.data.status).toBe('DRAFT');
    expect((await call('POST', '/act/process/activate', admin, { body: { ids: [def.id] } })).status).toBe(200);
    expect((await call('POST', '/act/leave/submit', applicant.token, { body: { ids: [id] } })).status).toBe(200);
  });
});

describe('candidates and purchase', () => {
  it('a role candidate claims the task; another candidate then no longer sees it; amount ≥ 10000 adds the finance approval', async () => {
    const a = await person(APPROVE);
    const b = await createUser(s.db, { role: false });
    await s.db.query(`insert into sys_user_role(user_id, role_id) values ($1,$2)`, [b.id, a.user.roleId]);
    const bToken = await s.login(b.userName, b.password);
    const roleKey = `r_${a.user.userName}`;
    await setAssignees('purchase', [
      { taskKey: 'managerApprove', assigneeType: 'ROLE', assignee: roleKey },
      { taskKey: 'financeApprove', assigneeType: 'USER', assignee: approver.user.userName },
    ]);

    const made = await call('POST', '/act/purchase/save', applicant.token, { body: { item: '叉车', quantity: 1, amount: 12000, reason: '仓库扩容', submit: true } });
    expect(made.status, JSON.stringify(made.json)).toBe(200);
    const id = made.json.data.id;
    const key = `PURCHASE-${id}`;
    const [ta] = await todoOf(a.token, key);
    expect(ta).toMatchObject({ name: '部门经理审批', assignee: null, candidateRoles: [roleKey] });
    expect((await todoOf(bToken, key)).length).toBe(1);
    expect((await call('POST', '/act/task/claim', a.token, { body: { id: ta.id } })).status).toBe(200);
    expect(await todoOf(bToken, key)).toEqual([]);
    expect((await call('POST', '/act/task/approve', bToken, { body: { id: ta.id } })).status).toBe(404);
    expect((await call('POST', '/act/task/approve', a.token, { body: { id: ta.id, comment: 'ok' } })).status).toBe(200);

    const [finance] = await todoOf(approver.token, key);
    expect(finance.name).toBe('财务审批');
    expect((await call('GET', `/act/purchase/get/${id}`, applicant.token)).json.data.status).toBe('RUNNING');
    expect((await call('POST', '/act/task/approve', approver.token, { body: { id: finance.id } })).status).toBe(200);
    const p = (await call('GET', `/act/purchase/progress/${id}`, applicant.token)).json.data;
    expect(p.instance).toMatchObject({ status: 'COMPLETED', result: 'APPROVED' });
    expect(p.history.map((h: Json) => h.action)).toEqual(['START', 'APPROVE', 'APPROVE', 'END']);

    // a small purchase skips finance
    const small = (await call('POST', '/act/purchase/save', applicant.token, { body: { item: '打印纸', quantity: 10, amount: 300, reason: '办公', submit: true } })).json.data.id;
    const [t2] = await todoOf(a.token, `PURCHASE-${small}`);
    expect((await call('POST', '/act/task/approve', a.token, { body: { id: t2.id } })).status).toBe(200);
    expect((await call('GET', `/act/purchase/get/${small}`, applicant.token)).json.data.status).toBe('APPROVED');
  });

  it('an administrator terminates a running instance; a process starts for any business key', async () => {
    const key = `BIZ-${rand(6)}`;
    const started = await call('POST', '/act/business/start', admin, { body: { defKey: 'leave', businessKey: key, variables: { days: 1 } } });
    expect(started.status, JSON.stringify(started.json)).toBe(200);
    const inst = started.json.data.instanceId;
    const bind = await call('GET', '/act/business/list', admin, { query: { businessKey: key } });
    expect(bind.json.rows).toMatchObject([{ businessType: 'OTHER', businessKey: key, instanceId: inst, defKey: 'leave', status: 'RUNNING' }]);
    const t = await call('POST', '/act/process/ins/terminate', admin, { body: { ids: [inst], reason: '测试终止' } });
    expect(t.status).toBe(200);
    const d = (await call('GET', `/act/process/ins/detail/${inst}`, admin)).json.data;
    expect(d.instance.status).toBe('TERMINATED');
    expect(d.history.at(-1)).toMatchObject({ action: 'TERMINATE', comment: '测试终止', operator: 'admin' });
    expect((await call('POST', '/act/process/ins/terminate', admin, { body: { ids: [inst] } })).status).toBe(409);
    expect((await call('POST', '/act/business/start', admin, { body: { defKey: 'no_such_' + rand(4), businessKey: key } })).status).toBe(409);
  });
});

describe('parallel branches and sub-processes', () => {
  it('opens a task per branch, one inside a sub-process, and finishes when both are done', async () => {
    const key = `par_${rand(6)}`;
    const xml = `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" id="D_${key}" targetNamespace="http://x">
  <bpmn:process id="${key}" isExecutable="true">
    <bpmn:startEvent id="s" />
    <bpmn:sequenceFlow id="f1" sourceRef="s" targetRef="fork" />
    <bpmn:parallelGateway id="fork" />
    <bpmn:sequenceFlow id="f2" sourceRef="fork" targetRef="sub" />
    <bpmn:sequenceFlow id="f3" sourceRef="fork" targetRef="legal" />
    <bpmn:subProcess id="sub">
      <bpmn:startEvent id="ss" />
      <bpmn:sequenceFlow id="sf1" sourceRef="ss" targetRef="tech" />
      <bpmn:userTask id="tech" name="技术评审" />
      <bpmn:sequenceFlow id="sf2" sourceRef="tech" targetRef="se" />
      <bpmn:endEvent id="se" />
    </bpmn:subProcess>
    <bpmn:userTask id="legal" name="法务评审" />
    <bpmn:sequenceFlow id="f4" sourceRef="sub" targetRef="join" />
    <bpmn:sequenceFlow id="f5" sourceRef="legal" targetRef="join" />
    <bpmn:parallelGateway id="join" />
    <bpmn:sequenceFlow id="f6" sourceRef="join" targetRef="e" />
    <bpmn:endEvent id="e" />
  </bpmn:process>
</bpmn:definitions>`;
    const id = (await call('POST', '/act/models/save', admin, { body: { modelKey: key, name: '并行评审' } })).json.data.id;
    const v = (await call('GET', `/act/models/xml/${id}`, admin)).json.data.version;
    expect((await call('POST', '/act/models/xml', admin, { body: { id, version: v, xml } })).status).toBe(200);
    expect((await call('POST', '/act/models/deploy', admin, { body: { id } })).status).toBe(200);
    const businessKey = `PAR-${rand(6)}`;
    const inst = (await call('POST', '/act/business/start', admin, { body: { defKey: key, businessKey } })).json.data.instanceId;
    const todo = await todoOf(admin, businessKey);
    expect(todo.map((t) => t.taskKey).sort()).toEqual(['legal', 'tech']);
    expect((await call('POST', '/act/task/approve', admin, { body: { id: todo.find((t) => t.taskKey === 'tech').id } })).status).toBe(200);
    let d = (await call('GET', `/act/process/ins/detail/${inst}`, admin)).json.data;
    expect(d).toMatchObject({ current: ['legal'], instance: { status: 'RUNNING', currentNodes: '法务评审' } });
    expect((await call('POST', '/act/task/approve', admin, { body: { id: todo.find((t) => t.taskKey === 'legal').id } })).status).toBe(200);
    d = (await call('GET', `/act/process/ins/detail/${inst}`, admin)).json.data;
    expect(d.instance).toMatchObject({ status: 'COMPLETED', result: 'APPROVED' });
    expect(d.trail).toEqual(expect.arrayContaining(['sub', 'join', 'e']));
  });
});

describe('restart survival', () => {
  it('an instance started before a restart is completed by a new server on the same database', async () => {
    const id = (await call('POST', '/act/leave/save', applicant.token, { body: { ...leaveBody(), submit: true } })).json.data.id;
    const key = `LEAVE-${id}`;
    const [task] = await todoOf(approver.token, key);
    expect(task).toBeTruthy();

    // the first server goes away (its database stays)
    await s.app.close();
    const db2 = await s.reopenDb();
    const app2 = await buildApp({ db: db2, config: loadConfig({ ...process.env, TMS_CAPTCHA: 'off', NODE_ENV: 'test' }), logger: false });
    await app2.listen({ port: 0, host: '127.0.0.1' });
    try {
      const addr = app2.server.address() as { port: number };
      const base = `http://127.0.0.1:${addr.port}`;
      const login = await fetch(`${base}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: approver.user.userName, password: approver.user.password }) });
      const token = ((await login.json()) as Json).data.token as string;
      const approve = await fetch(`${base}/api/act/task/approve`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify({ id: task.id, comment: '重启后审批' }) });
      expect(approve.status, JSON.stringify(await approve.clone().json())).toBe(200);
      const rec = await db2.query<{ status: string }>(`select status from act_leave where id = $1`, [id]);
      expect(rec.rows[0]!.status).toBe('APPROVED');
      const inst = await db2.query<{ status: string; result: string }>(`select i.status, i.result from act_instance i join act_leave l on l.instance_id = i.id where l.id = $1`, [id]);
      expect(inst.rows[0]).toEqual({ status: 'COMPLETED', result: 'APPROVED' });
    } finally {
      await app2.close();
      await db2.close();
    }
  });
});
