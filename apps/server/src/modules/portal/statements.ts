/**
 * The client's statements in the portal (issue 17 with issue 15's settlement): the receivable statements of the
 * caller's clients once sent (drafts stay in the back office), read with their lines and history, confirmed, or
 * disputed line by line — reason and the amount the client says is right — through the same state machine, checks
 * and business log as the back office's (finance/settlement.ts), and printed or saved as PDF from the default STATEMENT
 * print template in the client's document language, else the reader's (finance/settlement-pdf.ts). Another client's statement, or a draft, is 404.
 */
import type { FastifyInstance } from 'fastify';
import { PortalApi as C } from '@tms/domain';
import type { Db, Queryable } from '../../platform/db.ts';
import type { Clock } from '../../platform/config.ts';
import { route } from '../../platform/contract.ts';
import { notFound } from '../../platform/errors.ts';
import { mutate } from '../../platform/audit.ts';
import { ok } from '../../platform/http.ts';
import type { Row } from '../../platform/resource-engine.ts';
import type { Storage } from '../../platform/storage.ts';
import { ATTACHMENT_MAX, checkStatement, confirmStatement, disputeLines, headerOf, STATEMENT_HEADER_SELECT, statementAnswer, statementDetail, uploadDisputeFile } from '../finance/settlement.ts';
import { printStatements, statementPdf } from '../finance/settlement-pdf.ts';
import { portalActor, requirePortal, type PortalCaller } from './principal.ts';

/** what a client sees: its clients' receivable statements, once sent */
const VISIBLE = `s.kind = 'RECEIVABLE' and s.client_id = any($1::bigint[]) and s.status <> 'DRAFT'`;

/**
 * The client's statements, and one of them by id, in whichever dispatch center issued them (a client is billed by
 * several): cross-center, listed in apps/server/test/distribution.ts; what is read of a statement next is keyed by its center.
 */
async function clientStatements(q: Queryable, p: PortalCaller) {
  return (await q.query<Row>(`${STATEMENT_HEADER_SELECT} where ${VISIBLE} order by s.period desc, s.id desc limit 200`, [p.clientIds])).rows.map(headerOf);
}

async function statementOf(q: Queryable, p: PortalCaller, id: number, lock = false): Promise<Row> {
  const r = await q.query<Row>(`select s.* from fin_statement s where ${VISIBLE} and s.id = $2${lock ? ' for update' : ''}`, [p.clientIds, id]);
  if (!r.rows[0]) throw notFound();
  return r.rows[0];
}

export function registerPortalStatementRoutes(app: FastifyInstance, db: Db, storage: Storage, clock: Clock): void {
  route(app, C.endpoints.statements, async (req) => {
    const p = requirePortal(req);
    return ok(req, await clientStatements(db, p));
  });

  route(app, C.endpoints.statement, async (req) => {
    const p = requirePortal(req);
    const s = await statementOf(db, p, req.params.id);
    return ok(req, await statementDetail(db, { id: req.params.id, dispatch_center_id: s.dispatch_center_id }, storage));
  });

  route(app, C.endpoints.statementConfirm, async (req) => {
    const p = requirePortal(req);
    const data = await mutate(db, req, { title: 'statement', businessType: 'CONFIRM' }, async (q) => {
      const s = checkStatement(req, await statementOf(q, p, req.body.id, true), req.body.version, 'confirm');
      await confirmStatement(q, p, s);
      return statementAnswer(q, s);
    });
    return ok(req, data, 'messages.settlement.confirmOk');
  });

  // a dispute's attachment (photo or PDF): stored as the caller's, its id then goes with the dispute
  route(app, { ...C.endpoints.statementFile, config: { upload: ATTACHMENT_MAX } }, async (req) => ok(req, await uploadDisputeFile(req, db, storage, portalActor(requirePortal(req)))));

  route(app, C.endpoints.statementDispute, async (req) => {
    const p = requirePortal(req);
    const data = await mutate(db, req, { title: 'statement', businessType: 'DISPUTE' }, async (q) => {
      const s = checkStatement(req, await statementOf(q, p, req.body.id, true), req.body.version, 'dispute');
      await disputeLines(q, p, s, req.body.lines, portalActor(p));
      return statementAnswer(q, s);
    });
    return ok(req, data, 'messages.settlement.disputeOk');
  });

  route(app, C.endpoints.statementPrint, async (req) => {
    const p = requirePortal(req);
    const s = await statementOf(db, p, req.params.id);
    return ok(req, await printStatements(db, Number(s.dispatch_center_id), [req.params.id], null, '—', req.lang, clock.now()));
  });

  route(app, C.endpoints.statementPdf, async (req, reply) => {
    const p = requirePortal(req);
    const s = await statementOf(db, p, req.params.id);
    const { code, pdf } = await statementPdf(db, Number(s.dispatch_center_id), req.params.id, null, req.lang, clock.now());
    return reply.header('content-type', 'application/pdf').header('content-disposition', `attachment; filename="${encodeURIComponent(code)}.pdf"`).send(pdf);
  });
}
