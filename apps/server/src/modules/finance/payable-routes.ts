/**
 * Reading payable rating and re-rating (issue 14):
 *   GET /api/finance/dispatch/charge/list?shipmentId=  a dispatch order's payable charges, per waybill share, with the trace in words
 *   GET /api/finance/rating/history?waybillId=|shipmentId=  the figures before / after each re-rating
 *   GET /api/finance/rating/summary  how many waybills / dispatch orders in scope are rated, without contract, without matching rate
 * Scoped like the waybill / dispatch order: outside → 404. Amounts are read as text (exact).
 */
import type { FastifyInstance } from 'fastify';
import { explainTrace, FinanceApi as C, getResource, type ChargeTrace } from '@tms/domain';
import type { Db } from '../../platform/db.ts';
import { requireCaller, type Caller } from '../../platform/auth.ts';
import { translate, type Lang } from '../../platform/i18n.ts';
import { route } from '../../platform/contract.ts';
import { badRequest } from '../../platform/errors.ts';
import { getInScope, scopeOf } from '../../platform/resource-engine.ts';
import { CHARGE_BASIS_JOIN, CHARGE_SELECT, chargeRow, placeNames, type ChargeDbRow } from './routes.ts';

const waybillDef = getResource('waybill');
const shipmentDef = getResource('shipment');
const waybillRatingDef = getResource('waybillRating');

const STATES = ['RATED', 'NO_CONTRACT', 'NO_RATE'] as const;

/** The waybill or the dispatch order a finance read names (exactly one), in the caller's scope (else 404), and the answer naming it. */
export async function recordAnswer<T>(db: Db, caller: Caller, ids: { waybillId?: number; shipmentId?: number }, lang: Lang, rows: (column: 'waybill_id' | 'shipment_id', id: number, center: number) => Promise<T[]>) {
  if (!ids.waybillId === !ids.shipmentId) throw badRequest('messages.finance.adjustmentNoTarget', { waybillId: { key: 'messages.finance.adjustmentNoTarget' } });
  const record = ids.waybillId ? await getInScope(db, waybillDef, caller, ids.waybillId) : await getInScope(db, shipmentDef, caller, ids.shipmentId!);
  const data = { recordId: Number(record.id), recordCode: String(record.code ?? record.shipment_code), rows: await rows(ids.waybillId ? 'waybill_id' : 'shipment_id', Number(record.id), Number(record.dispatch_center_id)) };
  return { code: 0 as const, msg: translate(lang, 'messages.ok'), data };
}

export function registerPayableRoutes(app: FastifyInstance, db: Db): void {
  route(
    app,
    C.endpoints.dispatchChargeList,
    async (req) => {
      const caller = requireCaller(req);
      const { shipmentId } = req.query;
      const shipment = await getInScope(db, shipmentDef, caller, shipmentId); // 404 outside the caller's scope
      const t = (key: string, params?: Record<string, unknown>) => translate(req.lang, key, params);
      const charges = (
        await db.query<ChargeDbRow & { trace: ChargeTrace & { allocation?: { basis: string; dispatchOrderAmount: string } }; waybill_id: number; waybill_code: string | null }>(
          `select ${CHARGE_SELECT}, c.waybill_id, w.code as waybill_code
             from fin_charge c left join fin_charge_type ct on ct.id = c.charge_type_id ${CHARGE_BASIS_JOIN} left join tms_waybill w on w.id = c.waybill_id and w.dispatch_center_id = c.dispatch_center_id
            where c.dispatch_order_id = $1 and c.dispatch_center_id = $2 and c.kind = 'PAYABLE' order by ct.sort_order, c.charge_type_code, c.waybill_id, c.id`,
          [shipmentId, shipment.dispatch_center_id],
        )
      ).rows;
      const name = await placeNames(db, charges.map((c) => c.trace));
      const rating = (
        await db.query<{ shipment_code: string; state: string; carrier_id: number | null; contract_id: number | null; contract_code: string | null; contract_version: number | null; currency: string | null; allocation_basis: string | null; total_amount: string | null; rated_time: Date }>(
          `select shipment_code, state, carrier_id, contract_id, contract_code, contract_version, currency, allocation_basis, total_amount::text, rated_time from fin_dispatch_rating where shipment_id = $1 and dispatch_center_id = $2`,
          [shipmentId, shipment.dispatch_center_id],
        )
      ).rows[0];
      return {
        code: 0 as const,
        msg: t('messages.ok'),
        shipmentId,
        shipmentCode: String(shipment.shipment_code),
        rows: charges.map((c) => ({
          ...chargeRow(c, t, name),
          explanation: [explainTrace(c.trace, t, name), c.trace.allocation ? t('messages.finance.explain.allocation', { basis: t(`dicts.fin_allocation_basis.${c.trace.allocation.basis}`), total: c.trace.allocation.dispatchOrderAmount, share: c.amount }) : null].filter(Boolean).join(t('messages.finance.explain.separator')),
          waybillId: c.waybill_id, waybillCode: c.waybill_code, allocationBasis: c.trace.allocation?.basis ?? null, dispatchOrderAmount: c.trace.allocation?.dispatchOrderAmount ?? null,
        })),
        total: charges.length,
        rating: rating
          ? { shipmentCode: rating.shipment_code, state: rating.state, carrierId: rating.carrier_id, contractId: rating.contract_id, contractCode: rating.contract_code, contractVersion: rating.contract_version, currency: rating.currency, allocationBasis: rating.allocation_basis, totalAmount: rating.total_amount, ratedTime: rating.rated_time.toISOString() }
          : null,
      };
    },
  );

  route(
    app,
    C.endpoints.ratingHistory,
    async (req) => {
      const caller = requireCaller(req);
      const t = (key: string, params?: Record<string, unknown>) => translate(req.lang, key, params);
      return recordAnswer(db, caller, req.query, req.lang, async (column, id, center) =>
        (
          await db.query<{ id: number; kind: 'RECEIVABLE' | 'PAYABLE'; waybill_id: number | null; shipment_id: number | null; cause: string; before_state: string | null; before_total: string | null; after_state: string; after_total: string | null; before_charges: { chargeTypeCode: string; amount: string }[]; create_by: string | null; create_time: Date }>(
            `select id, kind, waybill_id, shipment_id, cause, before_state, before_total::text, after_state, after_total::text, before_charges, create_by, create_time
               from fin_rating_history where ${column} = $1 and dispatch_center_id = $2 order by id desc limit 200`,
            [id, center],
          )
        ).rows.map((r) => ({
          id: r.id, kind: r.kind, waybillId: r.waybill_id, shipmentId: r.shipment_id, cause: r.cause, causeLabel: t(`dicts.fin_rerate_cause.${r.cause}`),
          beforeState: r.before_state, beforeTotal: r.before_total, afterState: r.after_state, afterTotal: r.after_total, beforeCharges: r.before_charges,
          createBy: r.create_by, createTime: r.create_time.toISOString(),
        })),
      );
    },
  );

  route(
    app,
    C.endpoints.ratingSummary,
    async (req) => {
      const caller = requireCaller(req);
      const wp: unknown[] = [];
      const ww = ['true', ...scopeOf(waybillRatingDef, caller, wp, 'r')];
      const sp: unknown[] = [];
      const sw = ['true', ...scopeOf(shipmentDef, caller, sp, 's')];
      const count = async (sql: string, params: unknown[]) => {
        const out = { RATED: 0, NO_CONTRACT: 0, NO_RATE: 0 };
        for (const r of (await db.query<{ state: string; n: number }>(sql, params)).rows) if ((STATES as readonly string[]).includes(r.state)) out[r.state as (typeof STATES)[number]] = Number(r.n);
        return out;
      };
      const receivable = await count(`select r.state, count(*)::int as n from fin_waybill_rating r where ${ww.join(' and ')} group by r.state`, wp);
      const payable = await count(`select d.state, count(*)::int as n from fin_dispatch_rating d join tms_shipment s on s.id = d.shipment_id and s.dispatch_center_id = d.dispatch_center_id where ${sw.join(' and ')} group by d.state`, sp);
      return { code: 0 as const, msg: translate(req.lang, 'messages.ok'), data: { receivable, payable } };
    },
  );
}
