/**
 * The driver app's side of the receipts: a driver sees the receipts of the dispatch orders they
 * drive (main, second or operating driver), reports signed quantities, shortage, damage, remarks and
 * pictures (PENDING / REJECTED / RECALLED → REPORTED) and may recall a report (REPORTED → RECALLED).
 * A receipt of someone else's dispatch order answers 404.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { epodReport, resourceByName } from '@tms/domain';
import type { Db, Queryable } from '../../platform/db.ts';
import type { Clock } from '../../platform/config.ts';
import type { Storage } from '../../platform/storage.ts';
import { notFound } from '../../platform/errors.ts';
import { intParam, ok } from '../../platform/http.ts';
import { mutate } from '../../platform/audit.ts';
import { toApi } from '../../platform/resource-engine.ts';
import { DRIVER_PERMISSION, driverActor, requireDriver, type DriverCaller } from '../driver/auth.ts';
import { recallEpod, reportEpod, type EpodRow, type Who } from './service.ts';
import { epodDetail } from './detail.ts';
import { parseInput, UPLOAD_MAX, uploadPicture } from './io.ts';

const epodDef = resourceByName.get('epod')!;
const DRIVES = `$2 in (s.driver_id_master, s.driver_id_second, s.operating_driver_id)`;

async function driverEpod(q: Queryable, driverId: number, id: number, lock: boolean): Promise<EpodRow & Record<string, unknown>> {
  const r = await q.query<EpodRow & Record<string, unknown>>(
    `select t.* from tms_epod t join tms_shipment s on s.id = t.shipment_id where t.id = $1 and ${DRIVES}${lock ? ' for update of t' : ''}`,
    [id, driverId],
  );
  if (!r.rows[0]) throw notFound();
  return r.rows[0];
}

const who = (d: DriverCaller): Who => ({ userId: null, userName: driverActor(d), driverId: d.driverId });
const idOf = (req: FastifyRequest) => intParam((req.params as { id: string }).id, 0, 1, Number.MAX_SAFE_INTEGER, 'id');

export function registerEpodDriverRoutes(app: FastifyInstance, db: Db, storage: Storage, clock: Clock): void {
  const cfg = { config: { permission: DRIVER_PERMISSION }, schema: { tags: ['driver'] } };

  app.get('/api/driver/epods', cfg, async (req) => {
    const d = requireDriver(req);
    const shipmentId = intParam((req.query as Record<string, unknown>).shipmentId, 0, 0, Number.MAX_SAFE_INTEGER, 'shipmentId');
    const r = await db.query<Record<string, unknown>>(
      `select t.* from tms_epod t join tms_shipment s on s.id = t.shipment_id
        where ${DRIVES.replace('$2', '$1')} and ($2::bigint = 0 or t.shipment_id = $2) and s.status in ('SHIPPED', 'COMPLETED')
        order by t.id desc limit 200`,
      [d.driverId, shipmentId],
    );
    return ok(req, r.rows.map((row) => toApi(epodDef, row)));
  });

  app.get('/api/driver/epods/:id', cfg, async (req) => {
    const d = requireDriver(req);
    const e = await driverEpod(db, d.driverId, idOf(req), false);
    return ok(req, { ...toApi(epodDef, e), ...(await epodDetail(db, storage, e)) });
  });

  app.post('/api/driver/epods/:id/report', cfg, async (req) => {
    const d = requireDriver(req);
    const id = idOf(req);
    const input = parseInput(epodReport, req.body);
    await mutate(db, req, { title: 'epod', businessType: 'REPORT' }, async (q) => {
      await reportEpod(q, await driverEpod(q, d.driverId, id, true), input, who(d), 'DRIVER', clock.now());
      return { id };
    });
    return ok(req, { id }, 'messages.epod.reported');
  });

  app.post('/api/driver/epods/:id/recall', cfg, async (req) => {
    const d = requireDriver(req);
    const id = idOf(req);
    await mutate(db, req, { title: 'epod', businessType: 'RECALL' }, async (q) => {
      await recallEpod(q, await driverEpod(q, d.driverId, id, true), who(d), clock.now());
      return { id };
    });
    return ok(req, { id }, 'messages.epod.recalled');
  });

  app.post('/api/driver/epods/:id/pictures', { ...cfg, config: { ...cfg.config, upload: UPLOAD_MAX } }, async (req) => {
    const d = requireDriver(req);
    const id = idOf(req);
    return ok(req, await uploadPicture(req, db, storage, driverActor(d), (q) => driverEpod(q, d.driverId, id, true)));
  });
}
