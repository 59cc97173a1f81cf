/**
 * Reading charges and quoting (issue 14):
 *   GET  /api/finance/charge/list?waybillId=  a waybill's charges with the trace in words (scoped like the waybill: outside → 404)
 *   POST /api/finance/quote                    every matching effective contract's price for a lane and quantities, cheapest first
 */
import type { FastifyInstance } from 'fastify';
import { Decimal } from 'decimal.js';
import { explainTrace, FinanceApi as C, WaybillApi, getResource, rateMovement, tracePlaces, type ChargeTrace, type LanePoint, type PlaceName, type Translate } from '@tms/domain';
import type { Db, Queryable } from '../../platform/db.ts';
import { requireCaller } from '../../platform/auth.ts';
import { translate } from '../../platform/i18n.ts';
import { route } from '../../platform/contract.ts';
import { getInScope, scopeOf } from '../../platform/resource-engine.ts';
import { cachedCards } from './rating.ts';
import { TRACE_SQL } from './payable.ts';
import type { z } from 'zod';

const waybillDef = getResource('waybill');
const contractDef = getResource('contract');

/** A lane point with what the database knows above it: the station's zone, a district's city and province. */
async function lanePoint(q: Queryable, p: z.output<typeof C.LanePointInput>): Promise<LanePoint> {
  const out: LanePoint = { stationId: p.stationId ?? null, zoneId: p.zoneId ?? null };
  if (p.stationId) {
    // the station's zone (unless given) and the county, city and province it is in
    const r = await q.query<{ zone_id: number | null; county_id: number | null; city_id: number | null; province_id: number | null }>(`select zone_id, county_id, city_id, province_id from base_station_place where station_id = $1`, [p.stationId]);
    const place = r.rows[0];
    if (!p.zoneId) out.zoneId = place?.zone_id ? Number(place.zone_id) : null;
    if (place && !p.districtId) Object.assign(out, { districtId: place.county_id ? Number(place.county_id) : null, cityId: place.city_id ? Number(place.city_id) : null, provinceId: place.province_id ? Number(place.province_id) : null });
  }
  if (p.districtId) {
    // the district and its ancestors (at most three levels)
    const r = await q.query<{ id: number; depth: number }>(
      `with recursive up as (select id, parent_id, depth from sys_district where id = $1
         union all select d.id, d.parent_id, d.depth from sys_district d join up on d.id = up.parent_id)
       select id, depth from up`,
      [p.districtId],
    );
    for (const d of r.rows) {
      if (d.depth <= 1) out.provinceId = Number(d.id);
      else if (d.depth === 2) out.cityId = Number(d.id);
      else out.districtId = Number(d.id);
    }
  }
  return out;
}

/**
 * The columns of a charge line as the charge lists read them (amounts as exact text; the trace whole: its basis's
 * constant part and the charge's own, `b` left joined on c.basis_id: CHARGE_BASIS_JOIN), and its API shape.
 */
export const CHARGE_SELECT = `c.id, c.charge_type_id, c.charge_type_code, ct.name, c.amount::text, c.currency, c.tax_rate::text, c.contract_id, c.contract_version, c.rate_line_id, ${TRACE_SQL()} as trace`;
export const CHARGE_BASIS_JOIN = `left join fin_charge_basis b on b.id = c.basis_id`;
export interface ChargeDbRow {
  id: number; charge_type_id: number; charge_type_code: string; name: string | null; amount: string; currency: string; tax_rate: string;
  contract_id: number; contract_version: number; rate_line_id: number | null; trace: ChargeTrace;
}
export const chargeRow = (c: ChargeDbRow, t: Translate, name?: PlaceName) => ({
  id: c.id, chargeTypeId: c.charge_type_id, chargeTypeCode: c.charge_type_code, chargeTypeName: c.name, amount: c.amount, currency: c.currency, taxRate: c.tax_rate,
  contractId: c.contract_id, contractVersion: c.contract_version, rateLineId: c.rate_line_id, trace: c.trace as unknown as Record<string, unknown>, explanation: explainTrace(c.trace, t, name),
});

/** The names of the places the traces' lanes name (stations, districts, zones: one query), for the explanation. */
export async function placeNames(q: Queryable, traces: (ChargeTrace | null | undefined)[]): Promise<PlaceName> {
  const { stations, districts, zones, vehicleTypes } = tracePlaces(traces.filter((x): x is ChargeTrace => !!x));
  const names = new Map<string, string>();
  if (stations.length || districts.length || zones.length || vehicleTypes.length) {
    const r = await q.query<{ k: string; id: number; name: string }>(
      `select 'S' as k, id, name from base_station where id = any($1::bigint[])
       union all select 'D', id, name from sys_district where id = any($2::bigint[])
       union all select 'Z', id, name from base_zone where id = any($3::bigint[])
       union all select 'V', id, name from base_transport_means_type where id = any($4::bigint[])`,
      [stations, districts, zones, vehicleTypes],
    );
    for (const x of r.rows) names.set(`${x.k}${Number(x.id)}`, x.name);
  }
  return (level, id) => names.get(`${level === 'STATION' ? 'S' : level === 'ZONE' ? 'Z' : level === 'VEHICLE_TYPE' ? 'V' : 'D'}${id}`);
}

export function registerFinanceRoutes(app: FastifyInstance, db: Db): void {
  route(
    app,
    WaybillApi.endpoints.charges,
    async (req) => {
      const caller = requireCaller(req);
      const { waybillId, kind = 'RECEIVABLE' } = req.query;
      const w = await getInScope(db, waybillDef, caller, waybillId); // 404 outside the caller's scope
      const t = (key: string, params?: Record<string, unknown>) => translate(req.lang, key, params);
      const charges = (
        await db.query<ChargeDbRow>(
          `select ${CHARGE_SELECT}
             from fin_charge c left join fin_charge_type ct on ct.id = c.charge_type_id ${CHARGE_BASIS_JOIN} where c.waybill_id = $1 and c.dispatch_center_id = $3 and c.kind = $2 order by ct.sort_order, c.id`,
          [waybillId, kind, w.dispatch_center_id],
        )
      ).rows;
      const name = await placeNames(db, charges.map((c) => c.trace));
      const rating = (
        await db.query<{ waybill_code: string; state: string; contract_id: number | null; contract_code: string | null; contract_version: number | null; currency: string | null; total_amount: string | null; rated_time: Date }>(
          `select waybill_code, state, contract_id, contract_code, contract_version, currency, total_amount::text, rated_time from fin_waybill_rating where waybill_id = $1 and dispatch_center_id = $2`,
          [waybillId, w.dispatch_center_id],
        )
      ).rows[0];
      return {
        code: 0 as const,
        msg: t('messages.ok'),
        rows: charges.map((c) => chargeRow(c, t, name)),
        total: charges.length,
        rating: rating
          ? { waybillCode: rating.waybill_code, state: rating.state, contractId: rating.contract_id, contractCode: rating.contract_code, contractVersion: rating.contract_version, currency: rating.currency, totalAmount: rating.total_amount, ratedTime: rating.rated_time.toISOString() }
          : null,
      };
    },
  );

  route(
    app,
    C.quote,
    async (req) => {
      const caller = requireCaller(req);
      const b = req.body;
      const t = (key: string, params?: Record<string, unknown>) => translate(req.lang, key, params);
      const party = b.kind === 'RECEIVABLE' ? 'client_id' : 'carrier_id';
      const params: unknown[] = [b.kind, b.date];
      const where = [`c.kind = $1`, `c.status in ('EFFECTIVE', 'EXPIRED')`, `$2::date between c.valid_from and c.valid_to`, ...scopeOf(contractDef, caller, params, 'c')];
      if (b.partyId) {
        params.push(b.partyId);
        where.push(`c.${party} = $${params.length}`);
      }
      const contracts = (
        await db.query<{ id: number; code: string; contract_version: number; name: string; client_id: number | null; carrier_id: number | null; currency: string; version: number }>(
          `select c.id, c.code, c.contract_version, c.name, c.client_id, c.carrier_id, c.currency, c.version from fin_contract c where ${where.join(' and ')} order by c.id limit 500`,
          params,
        )
      ).rows;
      const cards = await cachedCards(db, contracts.map((c) => ({ id: c.id, code: c.code, contractVersion: c.contract_version, currency: c.currency, rowVersion: c.version })));
      // the date picks the lines of its period (a fuel surcharge per period)
      const movement = { from: await lanePoint(db, b.from), to: await lanePoint(db, b.to), quantities: b.quantities, date: b.date, vehicleTypeId: b.vehicleTypeId ?? null };
      const rated = contracts.map((c) => ({ c, r: rateMovement(cards.get(Number(c.id))!, movement) })).filter(({ r }) => r.charges.length);
      const name = await placeNames(db, rated.flatMap(({ r }) => r.charges.map((ch) => ch.trace)));
      const quotes = rated
        .sort((x, y) => new Decimal(x.r.total).comparedTo(y.r.total) || x.c.id - y.c.id)
        .map(({ c, r }) => ({
          contractId: c.id, contractCode: c.code, contractVersion: c.contract_version, contractName: c.name, clientId: c.client_id, carrierId: c.carrier_id, currency: c.currency, total: r.total,
          charges: r.charges.map((ch) => ({ chargeTypeCode: ch.chargeType, rateLineId: ch.rateLineId, amount: ch.amount, explanation: explainTrace(ch.trace, t, name), trace: ch.trace as unknown as Record<string, unknown> })),
        }));
      return { code: 0 as const, msg: t('messages.ok'), data: quotes };
    },
  );
}
