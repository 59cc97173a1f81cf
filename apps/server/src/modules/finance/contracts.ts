/**
 * Freight contracts and rate lines (issue 14) beyond the generic CRUD: a contract changes only while
 * DRAFT (a new price is a new version); its party matches its kind (receivable → client, payable →
 * carrier); rate lines are checked as a rate card (breaks contiguous, no negative price, one line per
 * charge type and lane); the status actions submit (DRAFT → APPROVING: the BPMN process `contract` starts,
 * its finance approval lands in the task lists; approved → EFFECTIVE, rejected or terminated → DRAFT),
 * effect (DRAFT → EFFECTIVE at once, for the holders of finance:contract:effect) and terminate (EFFECTIVE →
 * TERMINATED). Taking effect is refused when another effective (or expired) version of the same party in the
 * same dispatch center overlaps its validity. The expiry job moves effective contracts past their end date
 * to EXPIRED; they still price the orders dated within their validity.
 */
import type { FastifyInstance } from 'fastify';
import { CONTRACT_ACTION_FROM, CONTRACT_ACTION_TO, FinanceApi as C, getResource, storedRateLine, WorkflowApi, type StoredRateLine } from '@tms/domain';
import { translate, type Lang } from '../../platform/i18n.ts';
import type { Db, Queryable } from '../../platform/db.ts';
import { requireCaller, type Caller } from '../../platform/auth.ts';
import { mutate } from '../../platform/audit.ts';
import { badRequest, conflict, type FieldMessage } from '../../platform/errors.ts';
import { ok } from '../../platform/http.ts';
import { route } from '../../platform/contract.ts';
import { getInScope, getManyInScope, toApi, type ResourceHooks, type Row } from '../../platform/resource-engine.ts';
import { latestDefinition, startProcess } from '../workflow/runtime.ts';
import { instanceDetail } from '../workflow/queries.ts';
import { queueNewVersionJobs, RERATE_JOB, type RerateMessage } from './rerate.ts';

/** The process a submitted contract starts (seeded by the workflow module: one finance approval). */
export const CONTRACT_PROCESS = 'contract';
export const CONTRACT_EXPIRY_JOB = 'finance.contract.expire';
/** the statuses whose contract prices the orders dated within its validity */
export const PRICING_STATUSES = `('EFFECTIVE', 'EXPIRED')`;

const contractDef = getResource('contract');

const fieldErrors = (errors: Record<string, string>): Record<string, FieldMessage> => Object.fromEntries(Object.entries(errors).map(([k, key]) => [k, { key }]));

async function contractOf(q: Queryable, id: unknown): Promise<Row | undefined> {
  return (await q.query<Row>(`select id, code, status from fin_contract where id = $1`, [id])).rows[0];
}

/** A contract being saved: party by kind, dates in order, (code, version) free, DRAFT only once written. */
async function checkContract(q: Queryable, values: Row, existing: Row | null): Promise<void> {
  if (existing && existing.status !== 'DRAFT') throw conflict('messages.finance.notDraft');
  const v = { ...(existing ? toApi(contractDef, existing) : {}), ...values } as Row;
  const errors: Record<string, string> = {};
  if (v.kind === 'RECEIVABLE') {
    if (!v.clientId) errors.clientId = 'validation.required';
    values.carrierId = null;
  } else if (v.kind === 'PAYABLE') {
    if (!v.carrierId) errors.carrierId = 'validation.required';
    values.clientId = null;
  } else errors.kind = 'validation.invalid';
  if (v.validFrom && v.validTo && String(v.validTo) < String(v.validFrom)) errors.validTo = 'validation.validTo';
  if (Object.keys(errors).length) throw badRequest('messages.validationFailed', fieldErrors(errors));
  if (!existing) {
    const version = Number(v.contractVersion ?? 1);
    const taken = await q.query(`select 1 from fin_contract where code = $1 and contract_version = $2`, [v.code, version]);
    if (taken.rows.length) throw conflict('messages.finance.duplicateVersion', { code: v.code, version }, { contractVersion: { key: 'messages.finance.duplicateVersion', params: { code: v.code, version } } });
  }
}

/** The stored lines of a contract in the shape the card check reads. */
export const STORED_LINE_SELECT = `l.id, ct.code as "chargeTypeCode", l.basis, l.from_station_id as "fromStationId", l.from_district_id as "fromDistrictId",
  l.from_zone_id as "fromZoneId", l.to_station_id as "toStationId", l.to_district_id as "toDistrictId", l.to_zone_id as "toZoneId",
  l.unit_price::text as "unitPrice", l.breaks, l.first_qty::text as "firstQty", l.first_price::text as "firstPrice", l.add_step::text as "addStep",
  l.add_price::text as "addPrice", l.min_amount::text as "minAmount", l.max_amount::text as "maxAmount", l.rounding_step::text as "roundingStep",
  l.free_qty::text as "freeQty", l.vehicle_type_id as "vehicleTypeId", l.valid_from::text as "validFrom", l.valid_to::text as "validTo"`;

/** Depth of each district named (one query). */
export async function districtDepths(q: Queryable, ids: unknown[]): Promise<Map<number, number>> {
  const wanted = [...new Set(ids.filter((x) => x !== null && x !== undefined).map(Number))];
  if (!wanted.length) return new Map();
  const r = await q.query<{ id: number; depth: number }>(`select id, depth from sys_district where id = any($1::bigint[])`, [wanted]);
  return new Map(r.rows.map((d) => [Number(d.id), Number(d.depth)]));
}

async function checkRateLine(q: Queryable, values: Row, existing: Row | null): Promise<void> {
  const contractId = values.contractId ?? existing?.contract_id;
  const contract = await contractOf(q, contractId);
  if (contract && contract.status !== 'DRAFT') throw conflict('messages.finance.notDraft');
  if (existing && Number(existing.contract_id) !== Number(contractId)) {
    const before = await contractOf(q, existing.contract_id);
    if (before && before.status !== 'DRAFT') throw conflict('messages.finance.notDraft');
  }
  const ct = (await q.query<{ code: string }>(`select code from fin_charge_type where id = $1`, [values.chargeTypeId])).rows[0];
  const others = (await q.query<StoredRateLine>(`select ${STORED_LINE_SELECT} from fin_rate_line l join fin_charge_type ct on ct.id = l.charge_type_id where l.contract_id = $1`, [contractId])).rows;
  const stored = { ...values, id: existing ? Number(existing.id) : undefined, chargeTypeCode: ct?.code ?? String(values.chargeTypeId) } as StoredRateLine;
  const depths = await districtDepths(q, [stored.fromDistrictId, stored.toDistrictId, ...others.flatMap((o) => [o.fromDistrictId, o.toDistrictId])]);
  const r = storedRateLine(stored, (id) => depths.get(Number(id)) ?? 3, others);
  if ('errors' in r) throw badRequest('messages.validationFailed', fieldErrors(r.errors));
}

export const financeHooks: Record<string, ResourceHooks> = {
  contract: {
    beforeSave: (q, values, _caller, existing) => checkContract(q, values, existing),
    beforeRemove: async (_q, rows) => {
      if (rows.some((r) => r.status !== 'DRAFT')) throw conflict('messages.finance.notDraft');
    },
  },
  rateLine: {
    beforeSave: (q, values, _caller, existing) => checkRateLine(q, values, existing),
    beforeRemove: async (q, rows) => {
      const r = await q.query(`select 1 from fin_contract where id = any($1::bigint[]) and status <> 'DRAFT' limit 1`, [rows.map((x) => x.contract_id)]);
      if (r.rows.length) throw conflict('messages.finance.notDraft');
    },
  },
};

/** Refuses an effective contract whose validity overlaps another effective version of the same party (400 naming validFrom). */
async function checkOverlap(q: Queryable, c: Row, lang: Lang): Promise<void> {
  const party = c.kind === 'RECEIVABLE' ? 'client_id' : 'carrier_id';
  // one party at a time: two concurrent effects of overlapping versions cannot both pass
  await q.query(`select pg_advisory_xact_lock(hashtext($1))`, [`fin_contract:${c.kind}:${c[party]}`]);
  const clash = (
    await q.query<{ code: string; contract_version: number; valid_from: string; valid_to: string }>(
      `select code, contract_version, valid_from::text, valid_to::text from fin_contract
        where kind = $1 and ${party} = $2 and dispatch_center_id = $3 and status in ${PRICING_STATUSES} and id <> $4
          and valid_from <= $6::date and valid_to >= $5::date
        order by valid_from limit 1`,
      [c.kind, c[party], c.dispatch_center_id, c.id, c.valid_from, c.valid_to],
    )
  ).rows[0];
  if (clash) {
    const params = { code: `${clash.code} v${clash.contract_version}`, from: clash.valid_from, to: clash.valid_to };
    throw badRequest('validation.contractOverlap', { validFrom: { key: 'validation.contractOverlap', params } }, params);
  }
  void lang;
}

/** Makes the contracts effective one at a time (each checked against the effective ones, so two overlapping versions refuse each other); answers the re-rating jobs queued. */
async function makeEffective(q: Queryable, ids: number[], by: string, lang: Lang): Promise<RerateMessage[]> {
  const full = (await q.query<Row>(`select id, kind, client_id, carrier_id, dispatch_center_id, valid_from::text, valid_to::text from fin_contract where id = any($1::bigint[]) order by id`, [ids])).rows;
  for (const c of full) {
    await checkOverlap(q, c, lang);
    await q.query(`update fin_contract set status = 'EFFECTIVE', update_by = $2, update_time = now(), version = version + 1 where id = $1`, [c.id, by]);
  }
  // a new version taking effect re-rates the open charges priced with the versions before it
  return queueNewVersionJobs(q, ids, by);
}

/** Submits a draft contract: APPROVING, bound to a new instance of the contract process (its task in the approvers' lists). */
async function submitContract(q: Queryable, caller: Caller, row: Row): Promise<void> {
  const definition = await latestDefinition(q, CONTRACT_PROCESS);
  const c = toApi(contractDef, row);
  const party = (
    await q.query<{ name: string | null }>(`select coalesce((select name from base_client where id = $1), (select name from base_carrier where id = $2)) as name`, [row.client_id ?? null, row.carrier_id ?? null])
  ).rows[0]?.name;
  const variables = { code: c.code, contractVersion: c.contractVersion, name: c.name, kind: c.kind, party: party ?? null, currency: c.currency, validFrom: c.validFrom, validTo: c.validTo };
  const instanceId = await startProcess(q, caller, { definition, businessType: 'CONTRACT', businessId: Number(row.id), businessKey: `CONTRACT-${row.code}-v${row.contract_version}`, variables });
  await q.query(`update fin_contract set instance_id = $2 where id = $1`, [row.id, instanceId]);
}

/** Effective contracts whose end date is before `today` become EXPIRED (the expiry job); answers their ids. */
export async function expireContracts(q: Queryable, today: Date): Promise<number[]> {
  const r = await q.query<{ id: number }>(
    `update fin_contract set status = 'EXPIRED', update_by = 'system', update_time = now(), version = version + 1
      where status = 'EFFECTIVE' and valid_to < $1::timestamptz::date returning id`,
    [today],
  );
  return r.rows.map((x) => Number(x.id));
}

export function registerFinanceContractRoutes(app: FastifyInstance, db: Db): void {
  // the approval's outcome: approved → effective (refused, with the task left open, when it overlaps); rejected or withdrawn → draft again
  app.events.on('workflow.ended', async (ctx, { businessType, businessId, outcome }) => {
    if (businessType !== 'CONTRACT' || businessId === null) return;
    const c = (await ctx.q.query<Row>(`select id, status from fin_contract where id = $1 for update`, [businessId])).rows[0];
    if (!c || c.status !== 'APPROVING') return;
    if (outcome !== 'APPROVED') {
      await ctx.q.query(`update fin_contract set status = 'DRAFT', update_by = $2, update_time = now(), version = version + 1 where id = $1`, [businessId, ctx.caller.userName]);
      return;
    }
    const jobs = await makeEffective(ctx.q, [businessId], ctx.caller.userName, 'zh-CN');
    const send = async () => {
      for (const job of jobs) await app.jobs.send(RERATE_JOB, job);
    };
    if (ctx.afterCommit) ctx.afterCommit(send);
    else await send();
  });

  // effective contracts past their end date expire (hourly; the date is the database's)
  void app.jobs.schedule(CONTRACT_EXPIRY_JOB, 3600, async (due) => {
    await db.tx((q) => expireContracts(q, due));
  });

  route(app, WorkflowApi.endpoints.contractProgress, async (req) => {
    const caller = requireCaller(req);
    const row = await getInScope(db, contractDef, caller, req.params.id); // 404 outside the caller's scope
    return ok(req, row.instance_id ? await instanceDetail(db, Number(row.instance_id)) : null);
  });

  for (const action of ['submit', 'effect', 'terminate'] as const) {
    route(app, C.contractActions[action], async (req) => {
      const caller = requireCaller(req);
      const { ids } = req.body;
      const changed = await mutate(db, req, { title: 'contract', businessType: action.toUpperCase() }, async (q) => {
        const rows = await getManyInScope(q, contractDef, caller, ids);
        const from: readonly string[] = CONTRACT_ACTION_FROM[action];
        const bad = rows.find((r) => !from.includes(String(r.status)));
        if (bad) throw conflict('messages.finance.wrongStatus', { code: bad.code, status: translate(req.lang, `dicts.fin_contract_status.${bad.status}`) });
        await q.query(`select id from fin_contract where id = any($1::bigint[]) order by id for update`, [ids]);
        if (action === 'effect') return { n: ids.length, jobs: await makeEffective(q, ids, caller.userName, req.lang) };
        await q.query(`update fin_contract set status = $1, update_by = $2, update_time = now(), version = version + 1 where id = any($3::bigint[])`, [CONTRACT_ACTION_TO[action], caller.userName, ids]);
        if (action === 'submit') for (const row of rows) await submitContract(q, caller, row);
        return { n: ids.length, jobs: [] as RerateMessage[] };
      });
      for (const job of changed.jobs) await app.jobs.send(RERATE_JOB, job);
      return ok(req, { changed: changed.n }, `messages.finance.${action}Ok`);
    });
  }
}
