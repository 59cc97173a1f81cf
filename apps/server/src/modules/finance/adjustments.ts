/**
 * Manual charges and adjustments (issue 14) on a waybill (receivable or payable) or a dispatch order
 * (payable): a charge type, a signed amount (negative = a credit) and a reason. An amount whose absolute
 * value is above the system configuration `fin.adjustment.approvalAbove` waits for approval (PENDING);
 * the others take effect at once (APPROVED). Scoped like the waybill / dispatch order: outside → 404.
 *   POST /api/finance/adjustment/save     add one
 *   POST /api/finance/adjustment/decide   approve or reject pending ones
 *   GET  /api/finance/adjustment/list     a waybill's or dispatch order's adjustments
 */
import type { FastifyInstance } from 'fastify';
import { Decimal } from 'decimal.js';
import { FinanceApi as C, getResource } from '@tms/domain';
import type { Db, Queryable } from '../../platform/db.ts';
import type { Clock } from '../../platform/config.ts';
import { centerOf, requireCaller } from '../../platform/auth.ts';
import { mutate } from '../../platform/audit.ts';
import { translate } from '../../platform/i18n.ts';
import { route } from '../../platform/contract.ts';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';
import { ok } from '../../platform/http.ts';
import { getInScope } from '../../platform/resource-engine.ts';
import { recordAnswer } from './payable-routes.ts';

const waybillDef = getResource('waybill');
const shipmentDef = getResource('shipment');

/** The configured approval limit (absolute amount); none or unreadable → 1000. */
async function approvalAbove(q: Queryable): Promise<Decimal> {
  const r = await q.query<{ config_value: string }>(`select config_value from sys_config where config_key = 'fin.adjustment.approvalAbove'`);
  try {
    return new Decimal(r.rows[0]?.config_value ?? '1000');
  } catch {
    return new Decimal(1000);
  }
}

interface AdjustmentDbRow {
  id: number; kind: 'RECEIVABLE' | 'PAYABLE'; waybill_id: number | null; shipment_id: number | null; charge_type_id: number; charge_type_code: string; name: string | null;
  currency: string; amount: string; tax_rate: string; reason: string; status: string; approve_by: string | null; approve_time: Date | null; opinion: string | null;
  create_by: string | null; create_time: Date;
}

export function registerAdjustmentRoutes(app: FastifyInstance, db: Db, clock: Clock): void {
  route(
    app,
    C.endpoints.adjustmentSave,
    async (req) => {
      const caller = requireCaller(req);
      const b = req.body;
      if (!b.waybillId === !b.shipmentId) throw badRequest('messages.finance.adjustmentNoTarget', { waybillId: { key: 'messages.finance.adjustmentNoTarget' } });
      if (b.shipmentId && b.kind !== 'PAYABLE') throw badRequest('messages.finance.adjustmentPayableOnly', { kind: { key: 'messages.finance.adjustmentPayableOnly' } });
      const amount = new Decimal(String(b.amount)).toFixed(2);
      const out = await mutate(db, req, { title: 'adjustment', businessType: 'INSERT' }, async (q) => {
        const target = b.waybillId ? await getInScope(q, waybillDef, caller, b.waybillId) : await getInScope(q, shipmentDef, caller, b.shipmentId!);
        const ct = (await q.query<{ id: number; code: string; tax_rate: string }>(`select id, code, tax_rate::text from fin_charge_type where id = $1 and status = '0'`, [b.chargeTypeId])).rows[0];
        if (!ct) throw badRequest('messages.validationFailed', { chargeTypeId: { key: 'validation.invalid' } });
        const limit = await approvalAbove(q);
        const status = new Decimal(amount).abs().gt(limit) ? 'PENDING' : 'APPROVED';
        const now = clock.now();
        const r = await q.query<{ id: number }>(
          `insert into fin_adjustment (dispatch_center_id, kind, waybill_id, shipment_id, charge_type_id, charge_type_code, amount, tax_rate, reason, status, approve_by, approve_time, create_by, create_time)
           values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14) returning id`,
          [target.dispatch_center_id, b.kind, b.waybillId ?? null, b.shipmentId ?? null, ct.id, ct.code, amount, ct.tax_rate, b.reason, status,
            status === 'APPROVED' ? caller.userName : null, status === 'APPROVED' ? now : null, caller.userName, now],
        );
        return { id: Number(r.rows[0]!.id), status, limit: limit.toFixed(2) };
      });
      return ok(req, { id: out.id, status: out.status }, out.status === 'PENDING' ? 'messages.finance.adjustmentPending' : 'messages.finance.adjustmentSaved', { limit: out.limit });
    },
  );

  route(
    app,
    C.endpoints.adjustmentDecide,
    async (req) => {
      const caller = requireCaller(req);
      const { ids, approve, opinion } = req.body;
      const changed = await mutate(db, req, { title: 'adjustment', businessType: approve ? 'APPROVE' : 'REJECT' }, async (q) => {
        // read in the caller's center (the distribution key, docs/scale-out.md "Past one machine"): an id that is not
        // there answers 404 as one outside the scope — telling an unknown id from another center's would cross centers
        // (and tell the caller that the other center has it)
        const center = centerOf(caller);
        const rows = (
          await q.query<{ id: number; status: string; waybill_id: number | null; shipment_id: number | null }>(
            `select id, status, waybill_id, shipment_id from fin_adjustment where id = any($1::bigint[]) and dispatch_center_id = $2 order by id for update`,
            [ids, center],
          )
        ).rows;
        if (rows.length !== new Set(ids).size) throw notFound();
        // each adjustment is seen through its waybill / dispatch order: outside the caller's scope → 404
        for (const r of rows) r.waybill_id ? await getInScope(q, waybillDef, caller, r.waybill_id) : await getInScope(q, shipmentDef, caller, r.shipment_id!);
        const bad = rows.find((r) => r.status !== 'PENDING');
        if (bad) throw conflict('messages.finance.adjustmentNotPending', { id: bad.id });
        await q.query(
          `update fin_adjustment set status = $2, approve_by = $3, approve_time = $4, opinion = $5, update_by = $3, update_time = $4, version = version + 1 where id = any($1::bigint[]) and dispatch_center_id = $6`,
          [ids, approve ? 'APPROVED' : 'REJECTED', caller.userName, clock.now(), opinion || null, center],
        );
        return rows.length;
      });
      return ok(req, { changed }, 'messages.finance.adjustmentDecided', { count: changed });
    },
  );

  route(
    app,
    C.endpoints.adjustmentList,
    async (req) => {
      const caller = requireCaller(req);
      const { status } = req.query;
      const t = (key: string, params?: Record<string, unknown>) => translate(req.lang, key, params);
      return recordAnswer(db, caller, req.query, req.lang, async (column, id, center) =>
        (
          await db.query<AdjustmentDbRow>(
            `select a.id, a.kind, a.waybill_id, a.shipment_id, a.charge_type_id, a.charge_type_code, ct.name, a.currency, a.amount::text, a.tax_rate::text, a.reason, a.status,
                    a.approve_by, a.approve_time, a.opinion, a.create_by, a.create_time
               from fin_adjustment a left join fin_charge_type ct on ct.id = a.charge_type_id
              where a.${column} = $1 and a.dispatch_center_id = $3 and ($2::varchar is null or a.status = $2) order by a.id desc limit 500`,
            [id, status ?? null, center], // the center of the record found in the caller's scope
          )
        ).rows.map((r) => ({
          id: r.id, kind: r.kind, waybillId: r.waybill_id, shipmentId: r.shipment_id, chargeTypeId: r.charge_type_id, chargeTypeCode: r.charge_type_code, chargeTypeName: r.name,
          currency: r.currency, amount: r.amount, taxRate: r.tax_rate, reason: r.reason, status: r.status, statusLabel: t(`dicts.fin_adjustment_status.${r.status}`),
          approveBy: r.approve_by, approveTime: r.approve_time?.toISOString() ?? null, opinion: r.opinion, createBy: r.create_by, createTime: r.create_time.toISOString(),
        })),
      );
    },
  );
}
