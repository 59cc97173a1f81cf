/**
 * Freight contracts and rate lines (issue 14) beyond the generic CRUD: a contract changes only while
 * DRAFT (a new price is a new version); its party matches its kind (receivable → client, payable →
 * carrier); rate lines are checked as a rate card (breaks contiguous, no negative price, one line per
 * charge type and lane); the status actions submit (DRAFT → APPROVING), effect (DRAFT / APPROVING →
 * EFFECTIVE, refused when another effective version of the same party in the same dispatch center
 * overlaps its validity) and terminate (EFFECTIVE → TERMINATED).
 */
import type { FastifyInstance } from 'fastify';
import { CONTRACT_ACTION_FROM, CONTRACT_ACTION_TO, FinanceApi as C, getResource, okOf, storedRateLine, type StoredRateLine } from '@tms/domain';
import { translate, type Lang } from '../../platform/i18n.ts';
import type { Db, Queryable } from '../../platform/db.ts';
import { requireCaller } from '../../platform/auth.ts';
import { mutate } from '../../platform/audit.ts';
import { badRequest, conflict, type FieldMessage } from '../../platform/errors.ts';
import { ok } from '../../platform/http.ts';
import { route } from '../../platform/contract.ts';
import { getManyInScope, toApi, type ResourceHooks, type Row } from '../../platform/resource-engine.ts';
import { queueNewVersionJobs, RERATE_JOB } from './rerate.ts';

const contractDef = getResource('contract');
const BASE = '/api/finance/contract';

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
        where kind = $1 and ${party} = $2 and dispatch_center_id = $3 and status = 'EFFECTIVE' and id <> $4
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

export function registerFinanceContractRoutes(app: FastifyInstance, db: Db): void {
  const tags = ['finance'];
  for (const action of ['submit', 'effect', 'terminate'] as const) {
    const summary = { submit: 'Submit draft contracts for approval', effect: 'Make contracts effective (validity may not overlap another effective version of the party)', terminate: 'Terminate effective contracts' }[action];
    route(app, { method: 'POST', url: `${BASE}/${action}`, operationId: `finance.contract.${action}`, summary, tags, permission: `finance:contract:${action}`, body: C.ContractActionBody, response: okOf(C.ContractActionAnswer) }, async (req) => {
      const caller = requireCaller(req);
      const { ids } = req.body;
      const changed = await mutate(db, req, { title: 'contract', businessType: action.toUpperCase() }, async (q) => {
        const rows = await getManyInScope(q, contractDef, caller, ids);
        const from: readonly string[] = CONTRACT_ACTION_FROM[action];
        const bad = rows.find((r) => !from.includes(String(r.status)));
        if (bad) throw conflict('messages.finance.wrongStatus', { code: bad.code, status: translate(req.lang, `dicts.fin_contract_status.${bad.status}`) });
        await q.query(`select id from fin_contract where id = any($1::bigint[]) order by id for update`, [ids]);
        if (action === 'effect') {
          const full = (await q.query<Row>(`select id, kind, client_id, carrier_id, dispatch_center_id, valid_from::text, valid_to::text from fin_contract where id = any($1::bigint[]) order by id`, [ids])).rows;
          for (const c of full) {
            await checkOverlap(q, c, req.lang);
            // effective one at a time, so two overlapping versions in one request refuse each other too
            await q.query(`update fin_contract set status = 'EFFECTIVE' where id = $1`, [c.id]);
          }
        }
        await q.query(`update fin_contract set status = $1, update_by = $2, update_time = now(), version = version + 1 where id = any($3::bigint[])`, [CONTRACT_ACTION_TO[action], caller.userName, ids]);
        // a new version taking effect re-rates the open charges priced with the versions before it
        return { n: ids.length, jobs: action === 'effect' ? await queueNewVersionJobs(q, ids, caller.userName) : [] };
      });
      for (const jobId of changed.jobs) await app.jobs.send(RERATE_JOB, { jobId });
      return ok(req, { changed: changed.n }, `messages.finance.${action}Ok`);
    });
  }
}
