/**
 * The driver app's API under /api/driver (a principal of its own, see ./auth.ts):
 *   POST /login, /logout; GET /me
 *   GET /shipments, /shipments/:id; POST /shipments/:id/accept, /shipments/:id/refuse { reason }
 *   POST /positions (a batch of up to 1000 points)
 *   POST /files (one picture, multipart) → { id, url }; POST /shipments/:id/vehicleCheck
 * The receipts (epods) of the driver are the epod module's (/api/driver/epods/*).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { randomBytes } from 'node:crypto';
import type { Db } from '../../platform/db.ts';
import type { Clock } from '../../platform/config.ts';
import type { Storage } from '../../platform/storage.ts';
import { AppError, badRequest, tooMany } from '../../platform/errors.ts';
import { intParam, ok } from '../../platform/http.ts';
import { hashPassword, verifyPassword } from '../../platform/auth.ts';
import { mutate, writeLoginLog } from '../../platform/audit.ts';
import { translate } from '../../platform/i18n.ts';
import { LOGIN_LIMITS } from '../system/auth-routes.ts';
import { IMAGE_TYPES, receiveFile, UPLOAD_MAX } from '../epod/io.ts';
import { createDriverSession, DRIVER_PERMISSION, driverActor, requireDriver } from './auth.ts';
import { answerShipment, driverShipment, driverShipments, REJECT_REASON_MAX } from './shipments.ts';
import { ingestPositions, parsePositions } from './positions.ts';
import { parseVehicleCheck, saveVehicleCheck } from './vehicle-check.ts';

/** Login-log names of drivers, apart from staff user names. */
const logName = (loginName: string) => `driver:${loginName}`;
let dummyHash: Promise<string> | null = null;

const idOf = (req: FastifyRequest) => intParam((req.params as { id: string }).id, 0, 1, Number.MAX_SAFE_INTEGER, 'id');

export function registerDriverRoutes(app: FastifyInstance, db: Db, clock: Clock, storage: Storage): void {
  const cfg = { config: { permission: DRIVER_PERMISSION }, schema: { tags: ['driver'] } };

  app.post('/api/driver/login', { config: { permission: 'public', rateLimit: { max: 60, timeWindow: '1 minute' } }, schema: { tags: ['driver'] } }, async (req) => {
    const b = (req.body ?? {}) as { loginName?: unknown; password?: unknown };
    const loginName = typeof b.loginName === 'string' ? b.loginName.trim().slice(0, 30) : '';
    const password = typeof b.password === 'string' ? b.password.slice(0, 200) : '';
    if (!loginName || !password) {
      throw badRequest('messages.validationFailed', {
        ...(loginName ? {} : { loginName: { key: 'validation.required' } }),
        ...(password ? {} : { password: { key: 'validation.required' } }),
      });
    }
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

  app.post('/api/driver/logout', cfg, async (req) => {
    const d = requireDriver(req);
    await db.query(`update tms_driver_session set revoked_at = $2 where id = $1 and revoked_at is null`, [d.sessionId, clock.now()]);
    await writeLoginLog(db, req, logName(d.loginName), '0', translate(req.lang, 'messages.login.logout'), clock.now());
    return ok(req, null, 'messages.login.logout');
  });

  app.get('/api/driver/me', cfg, async (req) => {
    const d = requireDriver(req);
    return ok(req, { driverId: d.driverId, code: d.code, name: d.name, mobile: d.mobile, loginName: d.loginName, carrierId: d.carrierId, carrierName: d.carrierName });
  });

  app.get('/api/driver/shipments', cfg, async (req) => ok(req, await driverShipments(db, requireDriver(req).driverId)));

  app.get('/api/driver/shipments/:id', cfg, async (req) => ok(req, await driverShipment(db, requireDriver(req).driverId, idOf(req))));

  const answer = async (req: FastifyRequest, reason: string | null) => {
    const d = requireDriver(req);
    const id = idOf(req);
    const out = await mutate(db, req, { title: 'driverShipment', businessType: 'UPDATE' }, async (q) => {
      const r = await answerShipment(q, d, id, reason, clock.now());
      await app.realtime.publish({ type: 'shipment', dispatchCenterId: r.dispatchCenterId, subject: { resource: 'shipment', id: r.shipmentId }, data: { id: r.shipmentId, isReceive: reason === null ? 'ACCEPTED' : 'REFUSED' } }, q);
      return r;
    });
    return ok(req, { id: out.shipmentId, status: out.status }, reason === null ? 'messages.driver.accepted' : 'messages.driver.refused');
  };

  app.post('/api/driver/shipments/:id/accept', cfg, async (req) => answer(req, null));

  app.post('/api/driver/shipments/:id/refuse', cfg, async (req) => {
    const raw = ((req.body ?? {}) as { reason?: unknown }).reason;
    const reason = typeof raw === 'string' ? raw.trim() : '';
    if (!reason) throw badRequest('messages.driver.refuseReasonRequired', { reason: { key: 'messages.driver.refuseReasonRequired' } });
    if (reason.length > REJECT_REASON_MAX) throw badRequest('messages.validationFailed', { reason: { key: 'validation.maxLength', params: { max: REJECT_REASON_MAX } } });
    return answer(req, reason);
  });

  app.post('/api/driver/positions', { ...cfg, bodyLimit: 512 * 1024 }, async (req) => {
    const d = requireDriver(req);
    const points = parsePositions(req.body, clock.now());
    const { count, shipments } = await ingestPositions(db, clock, d.driverId, points);
    // live maps: the latest point of each dispatch order
    for (const p of shipments.values()) {
      await app.realtime.publish({ type: 'position', dispatchCenterId: p.dispatch_center_id, subject: { resource: 'shipment', id: p.id }, data: { shipmentId: p.id, lng: p.lng, lat: p.lat, speed: p.speed, time: p.at.toISOString() } });
    }
    return ok(req, { count }, 'messages.driver.positionsReceived', { count });
  });

  app.post('/api/driver/files', { ...cfg, config: { ...cfg.config, upload: UPLOAD_MAX } }, async (req) => {
    const d = requireDriver(req);
    return ok(req, await receiveFile(req, storage, IMAGE_TYPES, 'messages.imageOnly', driverActor(d)));
  });

  app.post('/api/driver/shipments/:id/vehicleCheck', cfg, async (req) => {
    const d = requireDriver(req);
    const id = idOf(req);
    const input = parseVehicleCheck(req.body);
    const out = await mutate(db, req, { title: 'vehicleCheck', businessType: 'INSERT' }, (q) => saveVehicleCheck(q, d, id, input, clock.now()));
    return ok(req, out, 'messages.driver.checkSaved');
  });
}
