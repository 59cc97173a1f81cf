/**
 * Workflow routes (spec §7 /act/*): model XML, import / export and deploy; definition diagrams, suspend /
 * activate and node (assignee) configuration; instance detail and terminate; the caller's todo and done
 * tasks with claim, approve and reject; business bindings and starting a process for a business key.
 * The model, definition and instance lists are the generic resource routes of their definitions.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { actDefinition, actModel, LIMITS, rules } from '@tms/domain';
import type { Db } from '../../platform/db.ts';
import { AppError, badRequest, conflict, notFound } from '../../platform/errors.ts';
import { idList, intParam, ok, page } from '../../platform/http.ts';
import { requireCaller, type Caller } from '../../platform/auth.ts';
import { mutate } from '../../platform/audit.ts';
import { getInScope, getManyInScope, toApi, type ResourceHooks, type Row } from '../../platform/resource-engine.ts';
import { blankDiagram, MAX_XML, parseBpmn } from './bpmn.ts';
import { claimTask, decideTask, deployModel, latestDefinition, mayAct, startProcess, terminateInstance } from './runtime.ts';
import { instanceDetail, TASK_SELECT, taskApi } from './queries.ts';
import { registerBusinessRecordRoutes, workflowHooks as businessHooks } from './business.ts';

const body = (req: FastifyRequest) => (req.body ?? {}) as Record<string, unknown>;
const bodyId = (req: FastifyRequest) => intParam(body(req).id, 0, 1, Number.MAX_SAFE_INTEGER, 'id');
const pathId = (req: FastifyRequest) => intParam((req.params as { id: string }).id, 0, 1, Number.MAX_SAFE_INTEGER, 'id');

/** An optional text input of at most max characters (comments, reasons). */
function text(v: unknown, field: string, max: number): string | null {
  if (v === undefined || v === null || v === '') return null;
  if (typeof v !== 'string') throw badRequest('messages.validationFailed', { [field]: { key: 'validation.string' } });
  if (v.length > max) throw badRequest('messages.validationFailed', { [field]: { key: 'validation.maxLength', params: { max } } });
  return v.trim() || null;
}

/** New models start from a blank diagram whose process id is the model key. */
const modelHooks: ResourceHooks = {
  beforeSave: async (_q, values, _c, existing) => {
    // the key becomes an XML id: it must not start with a digit or a hyphen
    if (!existing && !/^[A-Za-z_]/.test(String(values.modelKey ?? ''))) throw badRequest('messages.validationFailed', { modelKey: { key: 'messages.workflow.keyStart' } });
  },
  afterSave: async (q, row, _c, _b, created) => {
    if (created && !row.xml) await q.query(`update act_model set xml = $1 where id = $2`, [blankDiagram(String(row.model_key), String(row.name)), row.id]);
  },
};

export const workflowHooks: Record<string, ResourceHooks> = { ...businessHooks, actModel: modelHooks };

function registerModelRoutes(app: FastifyInstance, db: Db): void {
  const tag = { schema: { tags: ['actModel'] } };
  app.get('/api/act/models/xml/:id', { config: { permission: 'act:models:query' }, ...tag }, async (req) => {
    const row = await getInScope(db, actModel, requireCaller(req), pathId(req));
    return ok(req, { id: row.id, version: row.version, xml: row.xml ?? blankDiagram(String(row.model_key), String(row.name)) });
  });

  // the modeler saves its XML; the model's version guards against overwriting someone else's save
  app.post('/api/act/models/xml', { config: { permission: 'act:models:edit' }, ...tag }, async (req) => {
    const caller = requireCaller(req);
    const id = bodyId(req);
    const version = intParam(body(req).version, -1, 0, 2147483647, 'version');
    if (version < 0) throw badRequest('messages.validationFailed', { version: { key: 'validation.required' } });
    await parseBpmn(body(req).xml);
    const row = await mutate(db, req, { title: 'actModel', businessType: 'UPDATE' }, async (tx) => {
      const m = await getInScope(tx, actModel, caller, id, true);
      if (m.version !== version) throw conflict('messages.conflictVersion');
      const r = await tx.query<Row>(`update act_model set xml = $1, update_by = $2, update_time = now(), version = version + 1 where id = $3 returning *`, [body(req).xml, caller.userName, id]);
      return r.rows[0]!;
    });
    return ok(req, toApi(actModel, row), 'messages.workflow.modelSaved');
  });

  // a .bpmn upload: a new model (key and name from its process), or the new XML of ?id=
  app.post('/api/act/models/import', { config: { permission: 'act:models:import', upload: MAX_XML }, ...tag }, async (req) => {
    const caller = requireCaller(req);
    if (!req.isMultipart()) throw badRequest('messages.validationFailed', { file: { key: 'validation.required' } });
    const file = await req.file({ limits: { fileSize: MAX_XML } });
    if (!file) throw badRequest('messages.validationFailed', { file: { key: 'validation.required' } });
    const buf = await file.toBuffer().catch(() => {
      throw new AppError(413, 'messages.tooLarge');
    });
    const xml = buf.toString('utf8');
    const info = await parseBpmn(xml);
    const targetId = (req.query as Record<string, unknown>).id;
    const row = await mutate(db, req, { title: 'actModel', businessType: 'IMPORT' }, async (tx) => {
      if (targetId !== undefined && targetId !== '') {
        const m = await getInScope(tx, actModel, caller, intParam(targetId, 0, 1, Number.MAX_SAFE_INTEGER, 'id'), true);
        return (await tx.query<Row>(`update act_model set xml = $1, update_by = $2, update_time = now(), version = version + 1 where id = $3 returning *`, [xml, caller.userName, m.id])).rows[0]!;
      }
      const key = info.processId;
      if (key.length > 64 || !rules.code.pattern.test(key)) throw badRequest('messages.workflow.importKey', { file: { key: 'messages.workflow.importKey', params: { key } } }, { key: key.slice(0, 64) });
      const dup = await tx.query(`select 1 from act_model where model_key = $1`, [key]);
      if (dup.rows.length) throw conflict('messages.workflow.importDuplicate', { key });
      const name = (info.processName ?? key).slice(0, 100);
      return (await tx.query<Row>(`insert into act_model(model_key, name, xml, create_by) values ($1,$2,$3,$4) returning *`, [key, name, xml, caller.userName])).rows[0]!;
    });
    return ok(req, toApi(actModel, row), 'messages.workflow.imported');
  });

  app.get('/api/act/models/export/:id', { config: { permission: 'act:models:export' }, ...tag }, async (req, reply) => {
    const row = await getInScope(db, actModel, requireCaller(req), pathId(req));
    const xml = String(row.xml ?? blankDiagram(String(row.model_key), String(row.name)));
    return reply.header('content-type', 'application/xml; charset=utf-8').header('content-disposition', `attachment; filename="${String(row.model_key)}.bpmn"`).send(xml);
  });

  app.post('/api/act/models/deploy', { config: { permission: 'act:models:deploy' }, ...tag }, async (req) => {
    const caller = requireCaller(req);
    const id = bodyId(req);
    const def = await mutate(db, req, { title: 'actModel', businessType: 'DEPLOY' }, async (tx) => {
      await getInScope(tx, actModel, caller, id);
      return deployModel(tx, caller, id);
    });
    return ok(req, toApi(actDefinition, def), 'messages.workflow.deployed', { version: def.def_version });
  });
}

const ASSIGNEE_TYPES = new Set(['USER', 'ROLE', 'APPLICANT']);

function registerDefinitionRoutes(app: FastifyInstance, db: Db): void {
  const tag = { schema: { tags: ['actDefinition'] } };
  // the diagram ("profile") of a definition
  app.get('/api/act/prof/:id', { config: { permission: 'act:process:query' }, ...tag }, async (req) => {
    const row = await getInScope(db, actDefinition, requireCaller(req), pathId(req));
    return ok(req, { id: row.id, xml: row.xml });
  });

  for (const [action, suspended] of [
    ['suspend', true],
    ['activate', false],
  ] as const) {
    app.post(`/api/act/process/${action}`, { config: { permission: `act:process:${action}` }, ...tag }, async (req) => {
      const caller = requireCaller(req);
      const ids = idList(body(req).ids);
      await mutate(db, req, { title: 'actDefinition', businessType: action.toUpperCase() }, async (tx) => {
        const rows = await getManyInScope(tx, actDefinition, caller, ids);
        if (rows.some((r) => r.suspended === suspended)) throw conflict(suspended ? 'messages.workflow.alreadySuspended' : 'messages.workflow.alreadyActive');
        await tx.query(`update act_definition set suspended = $1, update_by = $2, update_time = now(), version = version + 1 where id = any($3)`, [suspended, caller.userName, ids]);
        return { changed: ids.length };
      });
      return ok(req, { changed: ids.length }, suspended ? 'messages.workflow.suspended' : 'messages.workflow.activated');
    });
  }

  // node configuration: the assignee of each user task of a definition
  app.get('/api/act/node/list', { config: { permission: 'act:process:query' }, schema: { tags: ['actNode'] } }, async (req) => {
    const id = intParam((req.query as Record<string, unknown>).definitionId, 0, 1, Number.MAX_SAFE_INTEGER, 'definitionId');
    const def = await getInScope(db, actDefinition, requireCaller(req), id);
    const info = await parseBpmn(def.xml);
    const cfg = await db.query<{ task_key: string; assignee_type: string; assignee: string | null; version: number }>(`select * from act_node_config where definition_id = $1`, [id]);
    const byKey = new Map(cfg.rows.map((c) => [c.task_key, c]));
    return ok(
      req,
      info.userTasks.map((t) => ({ taskKey: t.id, taskName: t.name, assigneeType: byKey.get(t.id)?.assignee_type ?? null, assignee: byKey.get(t.id)?.assignee ?? null })),
    );
  });

  app.post('/api/act/node/save', { config: { permission: 'act:process:node' }, schema: { tags: ['actNode'] } }, async (req) => {
    const caller = requireCaller(req);
    const id = intParam(body(req).definitionId, 0, 1, Number.MAX_SAFE_INTEGER, 'definitionId');
    const nodes = body(req).nodes;
    if (!Array.isArray(nodes) || nodes.length > 500) throw badRequest('messages.validationFailed', { nodes: { key: 'validation.invalid' } });
    await mutate(db, req, { title: 'actNode', businessType: 'UPDATE' }, async (tx) => {
      const def = await getInScope(tx, actDefinition, caller, id, true);
      const tasks = new Map((await parseBpmn(def.xml)).userTasks.map((t) => [t.id, t]));
      await tx.query(`delete from act_node_config where definition_id = $1`, [id]);
      for (const [i, n] of (nodes as Record<string, unknown>[]).entries()) {
        const type = n?.assigneeType;
        const task = tasks.get(String(n?.taskKey));
        if (!task) throw badRequest('messages.validationFailed', { [`nodes.${i}.taskKey`]: { key: 'validation.invalid' } });
        if (type === null || type === undefined || type === '') continue; // back to the default (administrators)
        if (typeof type !== 'string' || !ASSIGNEE_TYPES.has(type)) throw badRequest('messages.validationFailed', { [`nodes.${i}.assigneeType`]: { key: 'validation.invalid' } });
        const assignee = type === 'APPLICANT' ? null : text(n.assignee, `nodes.${i}.assignee`, 64);
        if (type !== 'APPLICANT') {
          const sql = type === 'USER' ? `select 1 from sys_user where user_name = $1` : `select 1 from sys_role where role_key = $1`;
          if (!assignee || !(await tx.query(sql, [assignee])).rows.length) throw badRequest('messages.workflow.noSuchAssignee', { [`nodes.${i}.assignee`]: { key: 'messages.workflow.noSuchAssignee', params: { name: assignee ?? '' } } }, { name: assignee ?? '' });
        }
        await tx.query(`insert into act_node_config(definition_id, task_key, task_name, assignee_type, assignee, create_by) values ($1,$2,$3,$4,$5,$6)`, [id, task.id, task.name, type, assignee, caller.userName]);
      }
      return { definitionId: id, nodes: nodes.length };
    });
    return ok(req, null, 'messages.workflow.nodesSaved');
  });

  // start the newest version of a key for a business key of no demo type (business binding, spec act/business)
  app.post('/api/act/business/start', { config: { permission: 'act:process:start' }, schema: { tags: ['actBusiness'] } }, async (req) => {
    const caller = requireCaller(req);
    const b = body(req);
    const key = text(b.defKey, 'defKey', 64);
    const businessKey = text(b.businessKey, 'businessKey', 64);
    if (!key) throw badRequest('messages.validationFailed', { defKey: { key: 'validation.required' } });
    if (!businessKey) throw badRequest('messages.validationFailed', { businessKey: { key: 'validation.required' } });
    const businessId = b.businessId === undefined || b.businessId === null ? null : intParam(b.businessId, 0, 1, Number.MAX_SAFE_INTEGER, 'businessId');
    const vars = b.variables ?? {};
    if (typeof vars !== 'object' || Array.isArray(vars) || JSON.stringify(vars).length > 10_000) throw badRequest('messages.validationFailed', { variables: { key: 'validation.invalid' } });
    const instanceId = await mutate(db, req, { title: 'actBusiness', businessType: 'START' }, async (tx) =>
      startProcess(tx, caller, { definition: await latestDefinition(tx, key), businessType: 'OTHER', businessId, businessKey, variables: vars as Record<string, unknown> }),
    );
    return ok(req, { instanceId }, 'messages.workflow.started');
  });

  app.get('/api/act/business/list', { config: { permission: 'act:instance:query' }, schema: { tags: ['actBusiness'] } }, async (req) => {
    const query = req.query as Record<string, unknown>;
    const pageSize = intParam(query.pageSize, 10, 1, LIMITS.pageSizeMax, 'pageSize');
    const pageNum = intParam(query.pageNum, 1, 1, 1_000_000, 'pageNum');
    const params: unknown[] = [];
    const where: string[] = [];
    for (const [field, col] of [
      ['businessType', 'b.business_type'],
      ['businessKey', 'b.business_key'],
      ['defKey', 'b.def_key'],
    ] as const) {
      const v = text(query[field], field, 64);
      if (v) {
        params.push(v);
        where.push(`${col} = $${params.length}`);
      }
    }
    params.push(pageSize, (pageNum - 1) * pageSize);
    const r = await db.query<Row>(
      `select b.*, i.status, i.result, i.applicant, count(*) over() as __total from act_business b join act_instance i on i.id = b.instance_id
        ${where.length ? 'where ' + where.join(' and ') : ''} order by b.id desc limit $${params.length - 1} offset $${params.length}`,
      params,
    );
    const rows = r.rows.map((x) => ({
      id: x.id, businessType: x.business_type, businessId: x.business_id ?? null, businessKey: x.business_key, instanceId: x.instance_id, defKey: x.def_key,
      status: x.status, result: x.result ?? null, applicant: x.applicant, createBy: x.create_by, createTime: (x.create_time as Date).toISOString(),
    }));
    return page(req, rows, Number(r.rows[0]?.__total ?? 0));
  });
}

function registerInstanceRoutes(app: FastifyInstance, db: Db): void {
  const tag = { schema: { tags: ['actInstance'] } };
  app.get('/api/act/process/ins/detail/:id', { config: { permission: 'act:instance:query' }, ...tag }, async (req) => ok(req, await instanceDetail(db, pathId(req))));

  app.post('/api/act/process/ins/terminate', { config: { permission: 'act:instance:terminate' }, ...tag }, async (req) => {
    const caller = requireCaller(req);
    const ids = idList(body(req).ids);
    const reason = text(body(req).reason, 'reason', 500);
    await mutate(db, req, { title: 'actInstance', businessType: 'TERMINATE' }, async (tx) => {
      for (const id of ids) await terminateInstance(tx, caller, id, reason);
      return { terminated: ids.length };
    });
    return ok(req, { terminated: ids.length }, 'messages.workflow.terminated');
  });
}

/** Who sees a task: whoever may act on it now, whoever completed it, and administrators. */
function visible(caller: Caller, t: Row): boolean {
  return caller.isAdmin || t.completed_by === caller.userName || (t.status === 'OPEN' && mayAct(caller, t as never));
}

function registerTaskRoutes(app: FastifyInstance, db: Db): void {
  const tag = { schema: { tags: ['actTask'] } };
  const listOf = (kind: 'todo' | 'done') => async (req: FastifyRequest) => {
    const caller = requireCaller(req);
    const query = req.query as Record<string, unknown>;
    const pageSize = intParam(query.pageSize, 10, 1, LIMITS.pageSizeMax, 'pageSize');
    const pageNum = intParam(query.pageNum, 1, 1, 1_000_000, 'pageNum');
    const params: unknown[] = [caller.userName];
    const where =
      kind === 'todo'
        ? [`t.status = 'OPEN'`, `(t.assignee = $1 or (t.assignee is null and ($2::boolean or t.candidate_roles && $3::text[])))`]
        : [`t.status = 'DONE'`, `t.completed_by = $1`];
    if (kind === 'todo') params.push(caller.isAdmin, caller.roles);
    for (const [field, col] of [
      ['defName', 'i.def_name'],
      ['businessKey', 'i.business_key'],
      ['name', 't.name'],
    ] as const) {
      const v = text(query[field], field, 100);
      if (v) {
        params.push(`%${v.replace(/[\\%_]/g, (c) => '\\' + c)}%`);
        where.push(`${col} ilike $${params.length}`);
      }
    }
    params.push(pageSize, (pageNum - 1) * pageSize);
    const order = kind === 'todo' ? 't.id desc' : 't.end_time desc, t.id desc';
    const r = await db.query<Row>(
      `${TASK_SELECT.replace('select t.*', 'select t.*, count(*) over() as __total')} where ${where.join(' and ')} order by ${order} limit $${params.length - 1} offset $${params.length}`,
      params,
    );
    return page(req, r.rows.map(taskApi), Number(r.rows[0]?.__total ?? 0));
  };
  app.get('/api/act/task/todo', { config: { permission: 'act:task:query' }, ...tag }, listOf('todo'));
  app.get('/api/act/task/done', { config: { permission: 'act:task:query' }, ...tag }, listOf('done'));

  app.get('/api/act/task/get/:id', { config: { permission: 'act:task:query' }, ...tag }, async (req) => {
    const caller = requireCaller(req);
    const t = (await db.query<Row>(`${TASK_SELECT} where t.id = $1`, [pathId(req)])).rows[0];
    if (!t || !visible(caller, t)) throw notFound();
    return ok(req, { task: taskApi(t), detail: await instanceDetail(db, Number(t.instance_id)) });
  });

  app.post('/api/act/task/claim', { config: { permission: 'act:task:claim' }, ...tag }, async (req) => {
    const caller = requireCaller(req);
    const id = bodyId(req);
    await mutate(db, req, { title: 'actTask', businessType: 'CLAIM' }, (tx) => claimTask(tx, caller, id));
    return ok(req, null, 'messages.workflow.claimed');
  });

  for (const [action, approved] of [
    ['approve', true],
    ['reject', false],
  ] as const) {
    app.post(`/api/act/task/${action}`, { config: { permission: 'act:task:complete' }, ...tag }, async (req) => {
      const caller = requireCaller(req);
      const id = bodyId(req);
      const comment = text(body(req).comment, 'comment', 500);
      const instanceId = await mutate(db, req, { title: 'actTask', businessType: action.toUpperCase() }, (tx) => decideTask(tx, caller, id, approved, comment));
      return ok(req, { instanceId }, approved ? 'messages.workflow.approved' : 'messages.workflow.rejected');
    });
  }
}

export function registerWorkflowRoutes(app: FastifyInstance, db: Db): void {
  registerModelRoutes(app, db);
  registerDefinitionRoutes(app, db);
  registerInstanceRoutes(app, db);
  registerTaskRoutes(app, db);
  registerBusinessRecordRoutes(app, db);
}
