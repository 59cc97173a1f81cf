/** The end of a successful login (password, or password and SMS code): a session in the user's default dispatch center. */
import type { FastifyRequest } from 'fastify';
import type { Db } from './db.ts';
import type { Clock } from './config.ts';
import { createSession } from './auth.ts';
import { writeLoginLog } from './audit.ts';
import { translate } from './i18n.ts';

export async function openLoginSession(db: Db, clock: Clock, req: FastifyRequest, userId: number, userName: string): Promise<{ token: string; expiresAt: Date }> {
  const now = clock.now();
  const center =
    (
      await db.query<{ dispatch_center_id: number }>(
        `select udc.dispatch_center_id from sys_user_dispatch_center udc join sys_dispatch_center d on d.id = udc.dispatch_center_id and d.status = '0'
          where udc.user_id = $1 order by udc.is_default desc, udc.dispatch_center_id limit 1`,
        [userId],
      )
    ).rows[0]?.dispatch_center_id ?? null;
  return db.tx(async (q) => {
    const sess = await createSession(q, clock, userId, center, { ip: req.ip, userAgent: req.headers['user-agent'] });
    await q.query(`update sys_user set login_ip = $1, login_date = $2 where id = $3`, [req.ip, now, userId]);
    await writeLoginLog(q, req, userName, '0', translate(req.lang, 'messages.login.success'), now);
    return sess;
  });
}
