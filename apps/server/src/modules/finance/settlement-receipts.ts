/**
 * Paper receipts (回单, issue 15): each waybill's paper receipt goes NOT_SIGNED → SIGNED (at the stop)
 * → RETURNED (to the dispatch center) → HANDED (to the client), or LOST with a reason. A receipt row is
 * made when the order review creates the waybill (domain event), or at its first scan. Bulk update by
 * scanning waybill codes: each code answers on its own (done, or why not), so a scanner's run goes on.
 * Overdue: delivered (receipt signed or arrival) more than N days ago and not returned, handed or lost.
 */
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { getResource, RECEIPT_ACTION_FROM, RECEIPT_ACTION_TO, SettlementApi as S } from '@tms/domain';
import type { Db } from '../../platform/db.ts';
import type { DomainEvents } from '../../platform/domain-events.ts';
import { centerOf, requireCaller } from '../../platform/auth.ts';
import { mutate } from '../../platform/audit.ts';
import { badRequest } from '../../platform/errors.ts';
import { ok, page } from '../../platform/http.ts';
import { translate } from '../../platform/i18n.ts';
import { route } from '../../platform/contract.ts';
import { scopeOf, type Row } from '../../platform/resource-engine.ts';

const waybillDef = getResource('waybill');
const receiptDef = getResource('paperReceipt');

/** Every reviewed waybill gets its paper receipt, not signed yet. */
export function subscribeSettlement(events: DomainEvents): void {
  events.on('order.reviewed', async ({ q, caller }, { waybills }) => {
    if (!waybills.length) return;
    await q.query(
      `insert into fin_paper_receipt(dispatch_center_id, waybill_id, waybill_code, client_id, create_by)
       select w.dispatch_center_id, w.id, w.code, w.client_id, $2 from tms_waybill w where w.id = any($1::bigint[]) and w.dispatch_center_id = $3
       on conflict (waybill_id) do nothing`,
      // the review's waybills are of the reviewer's center (its scope found their orders)
      [waybills.map((w) => w.waybillId), caller.userName, centerOf(caller)],
    );
  });
}

export function registerSettlementReceiptRoutes(app: FastifyInstance, db: Db): void {
  route(app, S.endpoints.receiptScan, async (req) => {
    const caller = requireCaller(req);
    const { action, codes, reason } = req.body;
    if (action === 'LOST' && !reason) throw badRequest('messages.settlement.lostReason', { reason: { key: 'messages.settlement.lostReason' } });
    const t = (k: string, p?: Record<string, unknown>) => translate(req.lang, k, p);
    const results = await mutate(db, req, { title: 'paperReceipt', businessType: action }, async (q) => {
      const params: unknown[] = [codes];
      const where = ['w.code = any($1::text[])', ...scopeOf(waybillDef, caller, params, 'w')];
      const found = (await q.query<Row>(`select w.id, w.code, w.dispatch_center_id, w.client_id from tms_waybill w where ${where.join(' and ')} order by w.id`, params)).rows;
      // receipts of waybills reviewed before settlement existed are made at their first scan
      await q.query(
        `insert into fin_paper_receipt(dispatch_center_id, waybill_id, waybill_code, client_id, create_by)
         select w.dispatch_center_id, w.id, w.code, w.client_id, $2 from tms_waybill w where w.id = any($1::bigint[]) and w.dispatch_center_id = $3 on conflict (waybill_id) do nothing`,
        [found.map((w) => w.id), caller.userName, centerOf(caller)],
      );
      const receipts = new Map(
        (await q.query<Row>(`select id, waybill_code, status from fin_paper_receipt where waybill_id = any($1::bigint[]) and dispatch_center_id = $2 for update`, [found.map((w) => w.id), centerOf(caller)])).rows.map((r) => [String(r.waybill_code), r]),
      );
      const from: readonly string[] = RECEIPT_ACTION_FROM[action];
      const to = RECEIPT_ACTION_TO[action];
      const col = { SIGN: 'signed_time', RETURN: 'returned_time', HAND: 'handed_time', LOST: 'lost_time' }[action];
      const out: z.input<typeof S.ScanResult>[] = [];
      for (const code of codes) {
        const r = receipts.get(code);
        if (!r) {
          out.push({ code, ok: false, status: null, message: t('messages.settlement.receiptNotFound', { code }) });
          continue;
        }
        if (!from.includes(String(r.status))) {
          out.push({ code, ok: false, status: String(r.status), message: t('messages.settlement.receiptWrongStatus', { code, status: t(`dicts.fin_receipt_status.${r.status}`), action: t(`messages.settlement.receiptActions.${action}`) }) });
          continue;
        }
        await q.query(
          `update fin_paper_receipt set status = $2::text, ${col} = now(), lost_reason = case when $2::text = 'LOST' then $3::text else lost_reason end, update_by = $4, update_time = now(), version = version + 1 where id = $1 and dispatch_center_id = $5`,
          [r.id, to, reason, caller.userName, centerOf(caller)],
        );
        r.status = to;
        out.push({ code, ok: true, status: to, message: null });
      }
      return out;
    });
    const done = results.filter((r) => r.ok).length;
    return ok(req, results, 'messages.settlement.scanOk', { ok: done, failed: results.length - done });
  });

  route(app, S.endpoints.receiptOverdue, async (req) => {
    const caller = requireCaller(req);
    const days = req.query.days ?? 7;
    const size = req.query.pageSize ?? 10;
    const offset = ((req.query.pageNum ?? 1) - 1) * size;
    const params: unknown[] = [days];
    const where = [...scopeOf(waybillDef, caller, params, 'w')];
    params.push(size, offset);
    const rows = (
      await db.query<Row>(
        `select w.id, w.code, w.client_id, cl.name as client_name, d.t as delivered, floor(extract(epoch from (now() - d.t)) / 86400)::int as days, coalesce(r.status, 'NOT_SIGNED') as status,
                count(*) over () as total
           from tms_waybill w
           cross join lateral (select coalesce((select max(e.sign_time) from tms_epod e where e.waybill_id = w.id and e.dispatch_center_id = w.dispatch_center_id), w.ata) as t) d
           left join fin_paper_receipt r on r.waybill_id = w.id and r.dispatch_center_id = w.dispatch_center_id
           left join base_client cl on cl.id = w.client_id
          where d.t is not null and d.t < now() - make_interval(days => $1::int) and coalesce(r.status, 'NOT_SIGNED') in ('NOT_SIGNED', 'SIGNED')
            ${where.length ? 'and ' + where.join(' and ') : ''}
          order by d.t, w.id limit $${params.length - 1} offset $${params.length}`,
        params,
      )
    ).rows;
    void receiptDef;
    return page(
      req,
      rows.map((r) => ({ waybillId: Number(r.id), waybillCode: String(r.code), clientId: r.client_id === null ? null : Number(r.client_id), clientName: (r.client_name as string) ?? null, deliveredTime: (r.delivered as Date).toISOString(), days: Number(r.days), status: String(r.status) })),
      Number(rows[0]?.total ?? 0),
    );
  });
}
