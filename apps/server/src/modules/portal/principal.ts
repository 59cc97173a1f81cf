/**
 * The portal principal (issue 17). A client user (sys_user.user_kind = 'CLIENT') signs in like staff and gets a
 * staff-like session token; routes declaring PORTAL_PERMISSION are authenticated here instead of by staff rules:
 *   - no token or an unknown one → 401; a staff token (or an API client's) → 403;
 *   - the client user's token opens no staff route (platform/auth.ts refuses it there).
 * `req.portal` then holds the clients the user is bound to: every portal query filters by them.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { PORTAL_PERMISSION } from '@tms/domain';
import type { Clock } from '../../platform/config.ts';
import type { Db } from '../../platform/db.ts';
import { loadCaller } from '../../platform/auth.ts';
import { forbidden, unauthorized } from '../../platform/errors.ts';

export interface PortalCaller {
  userId: number;
  userName: string;
  sessionId: number;
  /** the clients whose records the user sees (effective or not: a client's own history stays visible) */
  clientIds: number[];
  /** where its new orders go: its default dispatch center */
  dispatchCenterId: number | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    portal: PortalCaller | null;
  }
}

export function requirePortal(req: FastifyRequest): PortalCaller {
  if (!req.portal) throw unauthorized();
  return req.portal;
}

/** Name written as create_by / operator for what a client user does. */
export const portalActor = (p: PortalCaller) => `client:${p.userName}`.slice(0, 64);

export function installPortalPrincipal(app: FastifyInstance, db: Db, clock: Clock): void {
  app.decorateRequest('portal', null);
  app.principals.set(PORTAL_PERMISSION.split(':')[0]!, async (req, token) => {
    if (!token) throw unauthorized();
    const caller = await loadCaller(db, clock, token);
    if (!caller) throw unauthorized();
    if (caller.userKind !== 'CLIENT' || caller.scopes) throw forbidden();
    const r = await db.query<{ clients: string[] | null; center: number | null }>(
      `select (select array_agg(client_id::text order by client_id) from sys_user_client where user_id = $1) as clients,
              (select dispatch_center_id from sys_user_dispatch_center where user_id = $1 order by is_default desc, dispatch_center_id limit 1) as center`,
      [caller.userId],
    );
    const row = r.rows[0];
    req.portal = {
      userId: caller.userId,
      userName: caller.userName,
      sessionId: caller.sessionId,
      clientIds: (row?.clients ?? []).map(Number),
      dispatchCenterId: row?.center == null ? null : Number(row.center),
    };
  });
}
