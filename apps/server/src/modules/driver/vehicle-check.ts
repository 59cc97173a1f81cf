/**
 * Vehicle check reported by the driver before or during a trip: every checklist item (dict
 * vehicle_check_item) passes or fails, with a remark and pictures the driver uploaded first
 * (POST /api/driver/files). The check fails when one item fails. Read by the vehicle check report.
 */
import type { z } from 'zod';
import { DriverApi } from '@tms/domain';
import type { Queryable } from '../../platform/db.ts';
import { badRequest, conflict } from '../../platform/errors.ts';
import { translate } from '../../platform/i18n.ts';
import type { Lang } from '@tms/domain';
import { driverActor, notYours, type DriverCaller } from './auth.ts';
import { trackDriver } from './shipments.ts';

export const CHECK_LIMITS = { items: 50, pictures: 9, remark: 200 } as const;

/** The check's input: the driver API's schema (one source for validation, types and the document). */
export const vehicleCheckSchema = DriverApi.VehicleCheck;
export type VehicleCheckInput = z.infer<typeof vehicleCheckSchema>;

/** The checklist the app shows: the active items of the dictionary in its order, named in the driver's language (else the dictionary's own label). */
export async function checklist(q: Queryable, lang: Lang): Promise<{ code: string; label: string }[]> {
  const r = await q.query<{ code: string; label: string }>(`select dict_value as code, dict_label as label from sys_dict_data where dict_type = 'vehicle_check_item' and status = '0' order by dict_sort, id`);
  return r.rows.map((i) => ({ code: i.code, label: translate(lang, `dicts.vehicle_check_item.${i.code}`, { defaultValue: i.label }) }));
}

async function checkItems(q: Queryable, d: DriverCaller, input: VehicleCheckInput): Promise<void> {
  const codes = input.items.map((i) => i.code);
  const known = await q.query<{ dict_value: string }>(`select dict_value from sys_dict_data where dict_type = 'vehicle_check_item' and status = '0' and dict_value = any($1)`, [codes]);
  const ok = new Set(known.rows.map((r) => r.dict_value));
  const seen = new Set<string>();
  for (const [i, item] of input.items.entries()) {
    if (!ok.has(item.code) || seen.has(item.code)) throw badRequest('messages.validationFailed', { [`items.${i}.code`]: { key: 'validation.invalid' } });
    seen.add(item.code);
  }
  const pictures = [...new Set(input.items.flatMap((i) => i.pictureIds))];
  if (!pictures.length) return;
  const mine = await q.query<{ id: number }>(`select id from sys_oss where id = any($1::bigint[]) and create_by = $2`, [pictures, driverActor(d)]);
  const own = new Set(mine.rows.map((r) => r.id));
  const foreign = pictures.find((id) => !own.has(id));
  if (foreign !== undefined) throw badRequest('messages.driver.pictureNotYours', { pictureIds: { key: 'messages.driver.pictureNotYours', params: { id: foreign } } }, { id: foreign });
}

/** Records the check on the driver's shipment (EFFECTIVE or SHIPPED). */
export async function saveVehicleCheck(q: Queryable, d: DriverCaller, shipmentId: number, input: VehicleCheckInput, now: Date): Promise<{ id: number; result: 'PASS' | 'FAIL' }> {
  const s = (
    await q.query<{ id: number; dispatch_center_id: number; shipment_code: string; status: string; vehicle_id_main: number | null }>(
      `select id, dispatch_center_id, shipment_code, status, vehicle_id_main from tms_shipment
        where id = $1 and $2 in (driver_id_master, driver_id_second, operating_driver_id) for update`,
      [shipmentId, d.driverId],
    )
  ).rows[0];
  if (!s) throw notYours();
  if (s.status !== 'EFFECTIVE' && s.status !== 'SHIPPED') throw conflict('messages.driver.checkOnlyInProgress');
  await checkItems(q, d, input);
  const failed = input.items.filter((i) => !i.passed).length;
  const result = failed ? 'FAIL' : 'PASS';
  const by = driverActor(d);
  const c = await q.query<{ id: number }>(
    `insert into tms_vehicle_check(dispatch_center_id, shipment_id, shipment_code, driver_id, vehicle_id, check_time, result, failed_count, lng, lat, remark, create_by, create_time)
     values ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$6) returning id`,
    [s.dispatch_center_id, s.id, s.shipment_code, d.driverId, s.vehicle_id_main, now, result, failed, input.lng ?? null, input.lat ?? null, input.remark?.trim() || null, by],
  );
  const id = c.rows[0]!.id;
  await q.query(
    `insert into tms_vehicle_check_item(dispatch_center_id, check_id, seq, item_code, passed, remark, picture_ids, create_time)
     select $1, $2, x.seq, x.code, x.passed, x.remark, array(select jsonb_array_elements_text(x.pictures)::bigint), $4
       from jsonb_to_recordset($3::jsonb) x(seq int, code text, passed boolean, remark text, pictures jsonb)`,
    [s.dispatch_center_id, id, JSON.stringify(input.items.map((i, n) => ({ seq: n + 1, code: i.code, passed: i.passed, remark: i.remark?.trim() || null, pictures: i.pictureIds }))), now],
  );
  await trackDriver(q, d, now, { dispatchCenterId: s.dispatch_center_id, shipmentId: s.id, code: s.shipment_code }, 'VEHICLE_CHECK', `${result} (${input.items.length - failed}/${input.items.length})`);
  return { id, result };
}
