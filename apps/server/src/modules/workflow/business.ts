/**
 * The demo business records that go through approval: leave and purchase requests. Their lists and
 * forms are the generic resource routes (with the hooks below); submitting starts the bundled process,
 * cancelling withdraws it, and the instance's outcome comes back as the record's status.
 */
import type { FastifyInstance } from 'fastify';
import { inForm, WF_BUSINESS_RESOURCES, WorkflowApi, type ResourceDef, type WfBusinessType } from '@tms/domain';
import type { Db, Queryable } from '../../platform/db.ts';
import { badRequest, conflict, forbidden } from '../../platform/errors.ts';
import { ok } from '../../platform/http.ts';
import { route } from '../../platform/contract.ts';
import { hasPermission, requireCaller, type Caller } from '../../platform/auth.ts';
import { mutate } from '../../platform/audit.ts';
import { getInScope, getManyInScope, toApi, type ResourceHooks, type Row } from '../../platform/resource-engine.ts';
import { latestDefinition, startProcess, terminateInstance, type Actor } from './runtime.ts';
import { instanceDetail } from './queries.ts';

/** The process each business type starts (the seeded models' keys). */
export const BUSINESS_PROCESS: Record<string, string> = { LEAVE: 'leave', PURCHASE: 'purchase' };

/** A request can be edited and submitted (again) in these states. */
const OPEN_STATES = ['DRAFT', 'REJECTED', 'CANCELED'];

/** Submits one record (locked by the caller): status RUNNING, then the process starts and is bound to it. */
export async function submitRecord(q: Queryable, actor: Actor, type: WfBusinessType, row: Row): Promise<number> {
  const def = WF_BUSINESS_RESOURCES[type]!;
  if (!OPEN_STATES.includes(String(row.status))) throw conflict('messages.workflow.notSubmittable');
  const definition = await latestDefinition(q, BUSINESS_PROCESS[type]!);
  await q.query(`update ${def.table} set status = 'RUNNING', submit_time = now(), finish_time = null, update_by = $1, update_time = now(), version = version + 1 where id = $2`, [actor.userName, row.id]);
  const api = toApi(def, row);
  const variables = Object.fromEntries(def.fields.filter((f) => inForm(f)).map((f) => [f.name, api[f.name]]));
  const instanceId = await startProcess(q, actor, { definition, businessType: type, businessId: Number(row.id), businessKey: `${type}-${row.id}`, variables });
  await q.query(`update ${def.table} set instance_id = $1 where id = $2`, [instanceId, row.id]);
  return instanceId;
}

function hooksFor(type: WfBusinessType, def: ResourceDef): ResourceHooks {
  const perm = `${def.permission}:submit`;
  return {
    beforeSave: async (_q, values, caller, existing) => {
      if (existing && !OPEN_STATES.includes(String(existing.status))) throw conflict('messages.workflow.notEditable');
      if (values.startDate && values.endDate && String(values.startDate) > String(values.endDate)) throw badRequest('messages.dayOrder', { endDate: { key: 'messages.dayOrder' } });
      if (!existing) {
        values.applyUser = caller.userName;
        values.deptId = caller.deptId;
      }
    },
    // "save and submit" in one transaction
    afterSave: async (q, row, caller, body) => {
      if (body.submit !== true) return;
      if (!hasPermission(caller, perm)) throw forbidden();
      const instanceId = await submitRecord(q, caller, type, row);
      return { status: 'RUNNING', instanceId };
    },
    beforeRemove: async (_q, rows) => {
      if (rows.some((r) => r.status === 'RUNNING')) throw conflict('messages.workflow.removeRunning');
    },
  };
}

export const workflowHooks: Record<string, ResourceHooks> = Object.fromEntries(
  Object.entries(WF_BUSINESS_RESOURCES).map(([type, def]) => [def!.name, hooksFor(type as WfBusinessType, def!)]),
);

export function registerBusinessRecordRoutes(app: FastifyInstance, db: Db): void {
  for (const [t, def] of Object.entries(WF_BUSINESS_RESOURCES)) {
    const type = t as WfBusinessType;
    const e = WorkflowApi.requestEndpoints(def!);

    route(app, e.submit, async (req) => {
      const caller = requireCaller(req);
      const list = req.body.ids;
      const out = await mutate(db, req, { title: def!.name, businessType: 'SUBMIT' }, async (tx) => {
        const rows = await getManyInScope(tx, def!, caller, list);
        const started: number[] = [];
        for (const row of rows) started.push(await submitRecord(tx, caller, type, row));
        return { instanceIds: started };
      });
      return ok(req, out, 'messages.workflow.submitted');
    });

    route(app, e.cancel, async (req) => {
      const caller = requireCaller(req);
      const list = req.body.ids;
      await mutate(db, req, { title: def!.name, businessType: 'CANCEL' }, async (tx) => {
        const rows = await getManyInScope(tx, def!, caller, list);
        for (const row of rows) {
          if (row.status !== 'RUNNING' || !row.instance_id) throw conflict('messages.workflow.notCancelable');
          if (row.apply_user !== caller.userName && !caller.isAdmin) throw forbidden();
          await terminateInstance(tx, caller, Number(row.instance_id), null);
        }
        return { canceled: rows.length };
      });
      return ok(req, { canceled: list.length }, 'messages.workflow.canceled');
    });

    // the approval progress of one request: diagram, current node, history
    route(app, e.progress, async (req) => {
      const caller: Caller = requireCaller(req);
      const id = req.params.id;
      const row = await getInScope(db, def!, caller, id);
      return ok(req, row.instance_id ? await instanceDetail(db, Number(row.instance_id)) : null);
    });
  }
}
