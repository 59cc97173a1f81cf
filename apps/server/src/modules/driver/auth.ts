/**
 * The driver app's principal. A driver signs in with the login name and password of base_driver
 * and gets an opaque token stored hashed in tms_driver_session (12 hours, like staff tokens).
 * Driver routes declare `config: { permission: DRIVER_PERMISSION }`; the access layer hands them
 * to `authenticateDriver` (see platform/auth.ts `app.principals`), so:
 *   - no token or an unknown one → 401; a valid *staff* token → 403;
 *   - a driver token is unknown to every staff route → 401.
 * Other modules (epod reports by the driver) use `requireDriver(req)` in their handlers.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DriverApi } from '@tms/domain';
import type { Clock } from '../../platform/config.ts';
import type { Db, Queryable } from '../../platform/db.ts';
import { AppError, forbidden, unauthorized } from '../../platform/errors.ts';
import { hashToken, issueToken, loadCaller } from '../../platform/auth.ts';

/** The permission every driver-app route declares. */
export const DRIVER_PERMISSION = DriverApi.DRIVER_PERMISSION;

export interface DriverCaller {
  driverId: number;
  sessionId: number;
  code: string;
  name: string;
  mobile: string;
  loginName: string;
  carrierId: number;
  carrierName: string | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    driver: DriverCaller | null;
  }
}

/** The signed-in driver of a driver route (the access layer has checked the token). */
export function requireDriver(req: FastifyRequest): DriverCaller {
  if (!req.driver) throw unauthorized();
  return req.driver;
}

/** 404 of a driver's write: the dispatch order (or its receipt) is not, or no longer, the driver's (reassigned while the phone was offline). */
export const notYours = () => new AppError(404, 'messages.driver.noLongerYours');

/** Name written as create_by / operator for what a driver does. */
export const driverActor = (d: DriverCaller) => `driver:${d.loginName}`.slice(0, 64);

export async function createDriverSession(
  q: Queryable,
  clock: Clock,
  driverId: number,
  meta: { ip?: string; userAgent?: string },
): Promise<{ token: string; expiresAt: Date }> {
  const t = issueToken(clock);
  await q.query(
    `insert into tms_driver_session(token_hash, driver_id, ipaddr, user_agent, create_time, expires_at) values ($1,$2,$3,$4,$5,$6)`,
    [t.hash, driverId, meta.ip ?? null, (meta.userAgent ?? '').slice(0, 300), t.now, t.expiresAt],
  );
  return { token: t.token, expiresAt: t.expiresAt };
}

/** Looked up on every request: logout, expiry and a driver losing effect take effect at once. */
export async function loadDriver(db: Queryable, clock: Clock, token: string): Promise<DriverCaller | null> {
  const r = await db.query<DriverCaller>(
    `select d.id as "driverId", s.id as "sessionId", d.code, d.name, d.mobile, d.login_name as "loginName", d.carrier_id as "carrierId", c.name as "carrierName"
       from tms_driver_session s join base_driver d on d.id = s.driver_id left join base_carrier c on c.id = d.carrier_id
      where s.token_hash = $1 and s.revoked_at is null and s.expires_at > $2 and d.effective`,
    [hashToken(token), clock.now()],
  );
  return r.rows[0] ?? null;
}

/** Registers the driver principal: call before registering driver routes. */
export function installDriverPrincipal(app: FastifyInstance, db: Db, clock: Clock): void {
  app.decorateRequest('driver', null);
  app.principals.set(DRIVER_PERMISSION.split(':')[0]!, async (req, token) => {
    if (!token) throw unauthorized();
    const driver = await loadDriver(db, clock, token);
    if (driver) {
      req.driver = driver;
      return;
    }
    // a staff token is valid, just not here
    if (await loadCaller(db, clock, token)) throw forbidden('messages.driver.driverOnly');
    throw unauthorized();
  });
}
