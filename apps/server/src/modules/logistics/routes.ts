/**
 * Logistics accounts (menu 'logistics/account/index', permission logistics:account:*): the generic
 * CRUD of the resource plus its rules, the push endpoint platforms post positions to, a sync-now action
 * and the binding of vehicles to an account.
 */
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { getResource, IdParams, LogisticsApi as L, okOf } from '@tms/domain';
import type { Db } from '../../platform/db.ts';
import type { Clock } from '../../platform/config.ts';
import type { Secrets } from '../../platform/secrets.ts';
import { AppError, badRequest, conflict, notFound } from '../../platform/errors.ts';
import { ok } from '../../platform/http.ts';
import { route } from '../../platform/contract.ts';
import { requireCaller } from '../../platform/auth.ts';
import { mutate, writeOperLog } from '../../platform/audit.ts';
import { getInScope, getManyInScope, scopeOf, type ResourceHooks } from '../../platform/resource-engine.ts';
import { parseMapping, readPositions, verifyBody } from './adapters.ts';
import { ingestPositions } from './positions.ts';
import { LogisticsPuller } from './pull.ts';

const accountDef = getResource('logisticsAccount');
const vehicleDef = getResource('transportMeans');
/** a pushed body must be signed within this long of its arrival (replays are refused) */
const PUSH_CLOCK_SKEW_MS = 5 * 60_000;

export const logisticsHooks: Record<string, ResourceHooks> = {
  logisticsAccount: {
    beforeSave: async (_q, values, _caller, existing) => {
      const mode = (values.mode ?? existing?.mode) as string;
      if (mode !== 'PULL' && mode !== 'PUSH') throw badRequest('messages.validationFailed', { mode: { key: 'validation.invalid' } });
      const endpoint = 'endpointUrl' in values ? values.endpointUrl : existing?.endpoint_url;
      if (mode === 'PULL' && !endpoint) throw badRequest('messages.validationFailed', { endpointUrl: { key: 'messages.logistics.endpointRequired' } });
      try {
        parseMapping(values.fieldMapping);
      } catch (e) {
        throw badRequest('messages.validationFailed', { fieldMapping: { key: 'messages.logistics.mappingInvalid', params: { reason: (e as Error).message } } });
      }
    },
    // a changed account is pulled at the next tick, without the back-off of earlier failures
    afterSave: async (q, row, _caller, _body, created) => {
      if (!created) await q.query(`update tms_logistics_account set failure_count = 0, next_pull_at = null where id = $1`, [row.id]);
    },
  },
};

interface PushAccount {
  id: number;
  secret_enc: string | null;
  mode: string;
  status: string;
  field_mapping: string | null;
}

export async function registerLogisticsModule(app: FastifyInstance, db: Db, clock: Clock, secrets: Secrets): Promise<void> {
  const puller = new LogisticsPuller(db, clock, secrets, app);
  await puller.install(app.jobs);

  // Platforms push positions here, signed with the account's secret over the raw body.
  await app.register(async (push) => {
    push.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 1024 * 1024 }, (_req, body, done) => done(null, body));
    route(push, { method: 'POST', url: '/api/logistics/push/:id', operationId: 'logistics.push', summary: 'A platform pushes positions of a PUSH account', description: 'Signed: header `x-timestamp` (ms, within the allowed skew) and `x-signature` (HMAC of the account secret over `timestamp.body`, the raw JSON body).', tags: ['logistics'], permission: 'public', config: { rateLimit: { max: 600, timeWindow: '1 minute' } }, params: IdParams, body: L.PushBody, response: okOf(L.Received) }, async (req) => {
      const id = req.params.id;
      const a = (await db.query<PushAccount>(`select id, secret_enc, mode, status, field_mapping from tms_logistics_account where id = $1`, [id])).rows[0];
      if (!a) throw notFound();
      const raw = typeof req.body === 'string' ? req.body : '';
      const ts = String(req.headers['x-timestamp'] ?? '');
      const sig = String(req.headers['x-signature'] ?? '');
      const now = clock.now();
      const fresh = /^\d+$/.test(ts) && Math.abs(now.getTime() - Number(ts)) <= PUSH_CLOCK_SKEW_MS;
      if (!a.secret_enc || !fresh || !verifyBody(secrets.decrypt(a.secret_enc), ts, raw, sig)) {
        req.log.warn({ accountId: id, ip: req.ip }, 'logistics push with a bad signature refused');
        await writeOperLog(db, req, { title: 'logisticsPush', businessType: 'PUSH' }, '1', null, `bad signature (account ${id}, ${req.ip})`);
        throw new AppError(401, 'messages.logistics.badSignature');
      }
      if (a.mode !== 'PUSH') throw conflict('messages.logistics.notPushAccount');
      if (a.status !== '0') throw conflict('messages.logistics.accountDisabled');
      let read;
      try {
        read = readPositions(JSON.parse(raw) as unknown, parseMapping(a.field_mapping));
      } catch (e) {
        throw badRequest('messages.logistics.mappingInvalid', undefined, { reason: (e as Error).message.slice(0, 200) });
      }
      const r = await db.tx(async (q) => {
        const out = await ingestPositions(q, app, a.id, read.positions, now);
        await q.query(`update tms_logistics_account set last_sync_time = $2, last_position_time = greatest(last_position_time, $3::timestamptz) where id = $1`, [a.id, now, out.newest]);
        return out;
      });
      const skipped = r.skipped + read.unreadable;
      return ok(req, { accepted: r.accepted, skipped }, 'messages.logistics.received', { accepted: r.accepted, skipped });
    });
  });

  route(app, L.accountSync, async (req) => {
    const caller = requireCaller(req);
    const id = req.body.id;
    const a = await getInScope(db, accountDef, caller, id);
    if (a.mode !== 'PULL') throw conflict('messages.logistics.notPullAccount');
    if (a.status !== '0') throw conflict('messages.logistics.accountDisabled');
    const out = await puller.pull(id);
    await writeOperLog(db, req, { title: 'logisticsAccount', businessType: 'SYNC' }, out.ok ? '0' : '1', out, out.ok ? undefined : out.error);
    if (!out.ok) throw new AppError(502, 'messages.logistics.syncFailed', { reason: out.error });
    return ok(req, { ...out, newest: out.newest?.toISOString() ?? null });
  });

  route(app, L.accountVehicles, async (req) => {
    const caller = requireCaller(req);
    const id = req.query.id;
    await getInScope(db, accountDef, caller, id);
    const params: unknown[] = [id];
    const where = ['t.logistics_account_id = $1', ...scopeOf(vehicleDef, caller, params, 't')];
    const r = await db.query<z.input<typeof L.BoundVehicle>>(
      `select t.id, t.code, t.plate_number as "plateNumber", t.device_number as "deviceNumber", t.platform_source as "platformSource", c.name as "carrierName"
         from base_transport_means t left join base_carrier c on c.id = t.carrier_id where ${where.join(' and ')} order by t.id`,
      params,
    );
    return ok(req, r.rows);
  });

  for (const bind of [true, false]) {
    route(app, bind ? L.accountBind : L.accountUnbind, async (req) => {
      const caller = requireCaller(req);
      const { id, vehicleIds: ids } = req.body;
      const changed = await mutate(db, req, { title: 'logisticsAccount', businessType: bind ? 'BIND' : 'UNBIND' }, async (q) => {
        const a = await getInScope(q, accountDef, caller, id, true);
        if (!ids.length) return 0;
        await getManyInScope(q, vehicleDef, caller, ids);
        const r = bind
          ? await q.query(`update base_transport_means set logistics_account_id = $1, platform_source = $2, update_by = $3, update_time = now(), version = version + 1 where id = any($4)`, [
              a.id,
              a.platform,
              caller.userName,
              ids,
            ])
          : await q.query(
              `update base_transport_means set logistics_account_id = null, platform_source = null, update_by = $2, update_time = now(), version = version + 1
                where id = any($3) and logistics_account_id = $1`,
              [a.id, caller.userName, ids],
            );
        return r.rowCount;
      });
      return ok(req, { changed });
    });
  }
}
