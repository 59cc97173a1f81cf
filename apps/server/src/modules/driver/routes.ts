/**
 * The driver app's API under /api/driver (a principal of its own, see ./auth.ts):
 *   POST /login, /logout; GET /me
 *   GET /shipments, /shipments/:id; POST /shipments/:id/accept, /shipments/:id/refuse { reason }
 *   POST /positions (a batch of up to 1000 points)
 *   GET /checkItems (the checklist); POST /files (one picture, multipart) → { id, url }; POST /shipments/:id/vehicleCheck
 * The receipts (epods) of the driver are the epod module's (/api/driver/epods/*).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { DriverApi as C, IdParams, NoBody, okOf } from '@tms/domain';
import type { Db } from '../../platform/db.ts';
import type { Clock } from '../../platform/config.ts';
import type { Storage } from '../../platform/storage.ts';
import { AppError, tooMany } from '../../platform/errors.ts';
import { ok } from '../../platform/http.ts';
import { issuesToError, onValidationError, route } from '../../platform/contract.ts';
import { hashPassword, verifyPassword } from '../../platform/auth.ts';
import { mutate, writeLoginLog } from '../../platform/audit.ts';
import { translate } from '../../platform/i18n.ts';
import { LOGIN_LIMITS } from '../system/auth-routes.ts';
import { IMAGE_TYPES, inputErrors, receiveFile, UPLOAD_MAX } from '../epod/io.ts';
import { createDriverSession, DRIVER_PERMISSION, driverActor, requireDriver } from './auth.ts';
import { answerShipment, driverShipment, driverShipments, REJECT_REASON_MAX } from './shipments.ts';
import { driverPositionRows, parsePositions } from './positions.ts';
import { ingestPositions } from '../fleet/ingest.ts';
import { checklist, saveVehicleCheck, vehicleCheckSchema } from './vehicle-check.ts';

/** Login-log names of drivers, apart from staff user names. */
const logName = (loginName: string) => `driver:${loginName}`;
let dummyHash: Promise<string> | null = null;

const Refuse = onValidationError(C.Refuse(REJECT_REASON_MAX), (issues) => inputErrors(issues));
const VehicleCheck = onValidationError(vehicleCheckSchema, (issues) => inputErrors(issues));

export function registerDriverRoutes(app: FastifyInstance, db: Db, clock: Clock, storage: Storage): void {
  /** A refused batch answers as before: the first problems as points.<i>.<field> (times checked against the server's clock). */
  const Positions = onValidationError(C.Positions, (issues, part, data) => {
    try {
      parsePositions(data, clock.now());
    } catch (e) {
      if (e instanceof AppError) return e;
      throw e;
    }
    return issuesToError(issues, part);
  });

  route(app, { ...C.endpoints.login, config: { rateLimit: { max: 60, timeWindow: '1 minute' } } }, async (req) => {
    const { loginName, password } = req.body;
    const now = clock.now();
    const fail = async (status: number, key: string) => {
      await writeLoginLog(db, req, logName(loginName), '1', translate(req.lang, key), now);
      return new AppError(status, key);
    };
    const since = new Date(now.getTime() - LOGIN_LIMITS.windowMinutes * 60_000);
    const failures = await db.query<{ n: number }>(`select count(*)::int as n from sys_login_log where status = '1' and login_time > $2 and user_name = $1`, [
      logName(loginName),
      since,
    ]);
    if (failures.rows[0]!.n >= LOGIN_LIMITS.perAccount) throw tooMany('messages.login.userLocked', { minutes: LOGIN_LIMITS.windowMinutes });
    const d = (await db.query<{ id: number; password_hash: string; effective: boolean }>(`select id, password_hash, effective from base_driver where login_name = $1`, [loginName]))
      .rows[0];
    // a dummy hash when the login name is unknown, so timing does not tell
    dummyHash ??= hashPassword(randomBytes(12).toString('hex'));
    const good = await verifyPassword(d?.password_hash ?? (await dummyHash), password);
    if (!d || !good) throw await fail(401, 'messages.driver.badCredentials');
    if (!d.effective) throw await fail(403, 'messages.driver.notEffective');
    const s = await db.tx(async (q) => {
      const sess = await createDriverSession(q, clock, d.id, { ip: req.ip, userAgent: req.headers['user-agent'] });
      await writeLoginLog(q, req, logName(loginName), '0', translate(req.lang, 'messages.login.success'), now);
      return sess;
    });
    return ok(req, { token: s.token, expiresAt: s.expiresAt.toISOString() }, 'messages.login.success');
  });

  route(app, C.endpoints.logout, async (req) => {
    const d = requireDriver(req);
    await db.query(`update tms_driver_session set revoked_at = $2 where id = $1 and revoked_at is null`, [d.sessionId, clock.now()]);
    await writeLoginLog(db, req, logName(d.loginName), '0', translate(req.lang, 'messages.login.logout'), clock.now());
    return ok(req, null, 'messages.login.logout');
  });

  route(app, C.endpoints.me, async (req) => {
    const d = requireDriver(req);
    return ok(req, { driverId: d.driverId, code: d.code, name: d.name, mobile: d.mobile, loginName: d.loginName, carrierId: d.carrierId, carrierName: d.carrierName });
  });

  route(app, C.endpoints.shipments, async (req) =>
    ok(req, await driverShipments(db, requireDriver(req).driverId)),
  );

  route(app, C.endpoints.shipment, async (req) =>
    ok(req, await driverShipment(db, requireDriver(req).driverId, req.params.id)),
  );

  const answer = async (req: FastifyRequest, id: number, reason: string | null) => {
    const d = requireDriver(req);
    const out = await mutate(db, req, { title: 'driverShipment', businessType: 'UPDATE' }, async (q) => {
      const r = await answerShipment(q, d, id, reason, clock.now());
      await app.realtime.publish({ type: 'shipment', dispatchCenterId: r.dispatchCenterId, subject: { resource: 'shipment', id: r.shipmentId }, data: { id: r.shipmentId, isReceive: reason === null ? 'ACCEPTED' : 'REFUSED' } }, q);
      return r;
    });
    return ok(req, { id: out.shipmentId, status: out.status }, reason === null ? 'messages.driver.accepted' : 'messages.driver.refused');
  };

  route(app, { ...C.endpoints.accept, config: { idempotent: true, refusal: { action: 'ACCEPT', via: 'shipment' } } }, async (req) => answer(req, req.params.id, null));

  route(app, { ...C.endpoints.refuse, config: { idempotent: true, refusal: { action: 'REFUSE', via: 'shipment' } }, body: Refuse }, async (req) => answer(req, req.params.id, req.body.reason));

  route(app, { ...C.endpoints.positions, config: { idempotent: true }, bodyLimit: 512 * 1024, body: Positions }, async (req) => {
    const d = requireDriver(req);
    const points = parsePositions(req.body, clock.now()); // the times against the server's clock, and the stored form
    // stored, and the live maps told the latest point of each dispatch order
    const rows = await driverPositionRows(db, d.driverId, points);
    const count = await db.tx((q) => ingestPositions(q, app, rows, clock.now()));
    return ok(req, { count }, 'messages.driver.positionsReceived', { count });
  });

  route(app, { ...C.endpoints.uploadFile, config: { upload: UPLOAD_MAX, idempotent: true } }, async (req) => {
    const d = requireDriver(req);
    return ok(req, await receiveFile(req, storage, IMAGE_TYPES, 'messages.imageOnly', driverActor(d)));
  });

  route(app, C.endpoints.checkItems, async (req) => {
    requireDriver(req);
    return ok(req, await checklist(db, req.lang));
  });

  route(app, { ...C.endpoints.vehicleCheck, config: { idempotent: true, refusal: { action: 'VEHICLE_CHECK', via: 'shipment' } }, body: VehicleCheck }, async (req) => {
    const d = requireDriver(req);
    const id = req.params.id;
    const input = req.body;
    const out = await mutate(db, req, { title: 'vehicleCheck', businessType: 'INSERT' }, (q) => saveVehicleCheck(q, d, id, input, clock.now()));
    return ok(req, out, 'messages.driver.checkSaved');
  });
}
