/**
 * Creating and editing an order with its lines (design/domain.md "Order" rules): the client comes
 * before items ('Please select the owner first'), items only of that client, source and destination
 * stations required and different, totals = sums of the lines, computed here. Edits need the version
 * read (optimistic locking) and an open, unlocked order.
 */
import {
  bodySchema,
  issueToError,
  ORDER_LINE_INPUT,
  ORDER_LINES_MAX,
  orderLineResource,
  orderResource,
  ORDER_TOTALS,
  orderTotals,
  columnOf,
} from '@tms/domain';
import type { Queryable } from '../../platform/db.ts';
import type { Caller } from '../../platform/auth.ts';
import { badRequest, conflict, type FieldMessage } from '../../platform/errors.ts';
import { getInScope, insertMany, insertRow, parseBody, scopeOf, type Row } from '../../platform/resource-engine.ts';
import { nextCode, nextCodes } from '../system/number-rules.ts';
import { trackOrders } from './tracking.ts';

export interface LineInput {
  itemId: number;
  quantity?: number | null;
  weight?: number | null;
  volume?: number | null;
  cases?: number | null;
  pallets?: number | null;
  other?: number | null;
  unit?: string | null;
  extLineNo?: string | null;
}

const lineSchema = bodySchema(orderLineResource, 'create');

/** Validates the `lines` of a body: an array of 1…ORDER_LINES_MAX lines; errors named lines[i].field. */
export function parseLines(body: Record<string, unknown>): LineInput[] {
  const raw = body.lines;
  if (!Array.isArray(raw) || raw.length === 0) throw badRequest('messages.order.linesRequired', { lines: { key: 'messages.order.linesRequired' } });
  if (raw.length > ORDER_LINES_MAX) throw badRequest('validation.max', { lines: { key: 'validation.max', params: { maxValue: ORDER_LINES_MAX } } });
  const errors: Record<string, FieldMessage> = {};
  const out = raw.map((line, i) => {
    const r = lineSchema.safeParse(line && typeof line === 'object' ? line : {});
    if (r.success) return r.data as unknown as LineInput;
    for (const issue of r.error.issues) {
      const name = String(issue.path[0] ?? '');
      errors[`lines[${i}].${name}`] ??= issueToError(orderLineResource.fields.find((f) => f.name === name), issue);
    }
    return null;
  });
  if (Object.keys(errors).length) throw badRequest('messages.validationFailed', errors);
  return out as LineInput[];
}

/** The client must be chosen before items: lines without a client answer the spec's message. */
export function requireClientBeforeItems(body: Record<string, unknown>): void {
  const lines = body.lines;
  if ((body.clientId === undefined || body.clientId === null || body.clientId === '') && Array.isArray(lines) && lines.length) {
    throw badRequest('messages.order.selectOwnerFirst', { clientId: { key: 'messages.order.selectOwnerFirst' } });
  }
}

export function checkStations(values: Row): void {
  if (values.sourceStationId && values.sourceStationId === values.destStationId) {
    throw badRequest('messages.order.sameStations', { destStationId: { key: 'messages.order.sameStations' } });
  }
}

/** The client exists and is in the caller's data groups; 400 on the field otherwise. */
async function checkClient(q: Queryable, caller: Caller, clientId: number): Promise<void> {
  const params: unknown[] = [clientId];
  const where = ['"id" = $1', ...scopeOf({ ...orderResource, scope: { client: 'id' } }, caller, params)];
  const r = await q.query(`select 1 from base_client where ${where.join(' and ')}`, params);
  if (!r.rows.length) throw badRequest('messages.validationFailed', { clientId: { key: 'validation.invalid' } });
}

/** Zones of stations (through their bound locations), by station id; a station unknown is absent. */
async function zonesOf(q: Queryable, stationIds: number[]): Promise<Map<number, number | null>> {
  const r = await q.query<{ id: number; zone_id: number | null }>(
    `select s.id, l.zone_id from base_station s left join base_location l on l.id = s.location_id where s.id = any($1::bigint[])`,
    [[...new Set(stationIds)]],
  );
  return new Map(r.rows.map((x) => [Number(x.id), x.zone_id === null ? null : Number(x.zone_id)]));
}

/** The zones of an order's two stations (`zone`: zonesOf); 400 for an unknown station. */
function stationZonesIn(zone: Map<number, number | null>, values: Row): { sourceZoneId: number | null; destZoneId: number | null } {
  const ids = [Number(values.sourceStationId), Number(values.destStationId)];
  const errors: Record<string, FieldMessage> = {};
  if (!zone.has(ids[0]!)) errors.sourceStationId = { key: 'validation.invalid' };
  if (!zone.has(ids[1]!)) errors.destStationId = { key: 'validation.invalid' };
  if (Object.keys(errors).length) throw badRequest('messages.validationFailed', errors);
  return { sourceZoneId: zone.get(ids[0]!) ?? null, destZoneId: zone.get(ids[1]!) ?? null };
}

const stationZones = async (q: Queryable, values: Row) => stationZonesIn(await zonesOf(q, [values.sourceStationId, values.destStationId] as number[]), values);

/** Items of the lines: each must exist and belong to the order's client. */
async function checkItems(q: Queryable, clientId: number, lines: LineInput[]): Promise<void> {
  const r = await q.query<{ id: number; client_id: number; code: string; name: string; item_type: string | null; operation_unit: string | null }>(
    `select id, client_id, code, name, item_type, operation_unit from base_item where id = any($1::bigint[])`,
    [lines.map((l) => l.itemId)],
  );
  const items = new Map(r.rows.map((x) => [x.id, x]));
  const errors: Record<string, FieldMessage> = {};
  lines.forEach((l, i) => {
    const it = items.get(l.itemId);
    if (!it || it.client_id !== clientId) errors[`lines[${i}].itemId`] = { key: 'messages.order.itemNotOfClient' };
  });
  if (Object.keys(errors).length) throw badRequest('messages.order.itemNotOfClient', errors);
}

/** Writes the lines of orders (positions 1…n in each) in one statement. */
async function insertLines(q: Queryable, orders: { order: Row; lines: LineInput[] }[], by: string): Promise<void> {
  // column by column (an import writes 100,000 lines and more)
  const centerIds: unknown[] = [];
  const orderIds: unknown[] = [];
  const pos: number[] = [];
  const col = Object.fromEntries(ORDER_LINE_INPUT.map((k) => [k, [] as unknown[]])) as Record<(typeof ORDER_LINE_INPUT)[number], unknown[]>;
  for (const { order, lines } of orders) {
    lines.forEach((l, i) => {
      centerIds.push(order.dispatch_center_id);
      orderIds.push(order.id);
      pos.push(i + 1);
      for (const k of ORDER_LINE_INPUT) col[k].push(l[k] ?? null);
    });
  }
  await q.query(
    `insert into tms_order_line (dispatch_center_id, order_id, pos_no, item_id, item_code, item_name, item_type,
       quantity, weight, volume, cases, pallets, other, unit, ext_line_no, create_by)
     select u.center_id, u.order_id, u.pos, u.item_id, i.code, i.name, i.item_type,
       coalesce(u.quantity, 0), coalesce(u.weight, 0), coalesce(u.volume, 0), coalesce(u.cases, 0), coalesce(u.pallets, 0), coalesce(u.other, 0),
       coalesce(u.unit, i.operation_unit), u.ext_line_no, $1
     from unnest($2::bigint[], $3::bigint[], $4::int[], $5::bigint[], $6::int[], $7::numeric[], $8::numeric[], $9::int[], $10::int[], $11::int[], $12::text[], $13::text[])
       as u(center_id, order_id, pos, item_id, quantity, weight, volume, cases, pallets, other, unit, ext_line_no)
     join base_item i on i.id = u.item_id`,
    [
      by,
      centerIds, orderIds, pos, col.itemId, col.quantity, col.weight, col.volume, col.cases, col.pallets, col.other, col.unit, col.extLineNo,
    ],
  );
}

export interface CreateOptions {
  source: 'MANUAL' | 'IMPORT' | 'EXTERNAL';
  now: Date;
}

/** Creates one order with its lines inside the caller's transaction; values are the parsed body. */
export async function createOrder(q: Queryable, caller: Caller, values: Row, lines: LineInput[], opts: CreateOptions): Promise<Row> {
  if (caller.dispatchCenterId === null) throw conflict('messages.login.noDispatchCenter');
  checkStations(values);
  const clientId = values.clientId as number;
  await checkClient(q, caller, clientId);
  const zones = await stationZones(q, values);
  await checkItems(q, clientId, lines);
  const code = await nextCode(q, 'ORDER', caller.dispatchCenterId, clientId, opts.now);
  const row = await insertRow(q, orderResource, caller, {
    ...values,
    ...zones,
    ...orderTotals(lines),
    code,
    status: 'OPEN',
    source: opts.source,
    orderDate: values.orderDate ?? opts.now.toISOString().slice(0, 10),
  });
  await insertLines(q, [{ order: row, lines }], caller.userName);
  await trackOrders(q, caller, opts.now, opts.source === 'IMPORT' ? 'ORDER_IMPORT' : 'ORDER_CREATE', [row.id as number]);
  return row;
}

/**
 * Creates many orders with their lines (an import) with the checks of createOrder, set-based: each client checked
 * once, the stations' zones in one query, the codes as one block of the number rule per client, the orders in one
 * statement of one array per column (insertMany: the order rollup's trigger runs once), all their lines in one
 * statement, one tracking statement. Answers the ids in the orders' order.
 */
export async function createOrders(q: Queryable, caller: Caller, orders: { values: Row; lines: LineInput[] }[], opts: CreateOptions): Promise<number[]> {
  if (!orders.length) return [];
  const centerId = caller.dispatchCenterId;
  if (centerId === null) throw conflict('messages.login.noDispatchCenter');
  const byClient = new Map<number, number[]>();
  orders.forEach((o, i) => {
    checkStations(o.values);
    const c = o.values.clientId as number;
    const idx = byClient.get(c);
    if (idx) idx.push(i);
    else byClient.set(c, [i]);
  });
  const zone = await zonesOf(q, orders.flatMap((o) => [o.values.sourceStationId, o.values.destStationId] as number[]));
  const codes: string[] = new Array(orders.length);
  for (const [clientId, idx] of byClient) {
    await checkClient(q, caller, clientId);
    await checkItems(q, clientId, idx.flatMap((i) => orders[i]!.lines));
    const block = await nextCodes(q, 'ORDER', centerId, clientId, opts.now, idx.length);
    idx.forEach((i, k) => (codes[i] = block[k]!));
  }
  // the orders column by column, in one statement: the values given, the stations' zones, the totals of the lines
  const today = opts.now.toISOString().slice(0, 10);
  const fields = new Set<string>();
  for (const o of orders) for (const k in o.values) fields.add(k);
  const values: Record<string, unknown[]> = {};
  for (const k of fields) values[k] = orders.map((o) => o.values[k]);
  const zones = orders.map((o) => stationZonesIn(zone, o.values));
  values.sourceZoneId = zones.map((z) => z.sourceZoneId);
  values.destZoneId = zones.map((z) => z.destZoneId);
  const totals = orders.map((o) => orderTotals(o.lines));
  for (const [total] of ORDER_TOTALS) values[total] = totals.map((t) => t[total]);
  values.code = codes;
  values.status = orders.map(() => 'OPEN');
  values.source = orders.map(() => opts.source);
  values.orderDate = orders.map((o) => o.values.orderDate ?? today);
  const made = await insertMany<{ id: string; code: string }>(q, orderResource, caller, orders.length, values, ['id', 'code']);
  const idOf = new Map(made.map((r) => [r.code, Number(r.id)]));
  const ids = codes.map((c) => idOf.get(c)!);
  await insertLines(q, orders.map((o, i) => ({ order: { id: ids[i], dispatch_center_id: centerId }, lines: o.lines })), caller.userName);
  await trackOrders(q, caller, opts.now, opts.source === 'IMPORT' ? 'ORDER_IMPORT' : 'ORDER_CREATE', ids);
  return ids;
}

/** Edits an open, unlocked order and replaces its lines; a stale version answers 409. */
export async function updateOrder(q: Queryable, caller: Caller, values: Row, lines: LineInput[], now: Date): Promise<Row> {
  const id = values.id as number;
  const version = values.version as number;
  delete values.id;
  delete values.version;
  const existing = await getInScope(q, orderResource, caller, id, true);
  if (existing.version !== version) throw conflict('messages.conflictVersion');
  if (existing.is_lock) throw conflict('messages.order.editUnlockFirst');
  if (existing.status !== 'OPEN') throw conflict('messages.order.editOnlyOpen');
  const merged = { sourceStationId: existing.source_station_id, destStationId: existing.dest_station_id, ...values };
  checkStations(merged);
  const zones = await stationZones(q, merged);
  await checkItems(q, existing.client_id as number, lines);
  const set: Row = { ...values, ...zones, ...orderTotals(lines) };
  const cols = Object.keys(set);
  const colOf = (k: string) => {
    const f = orderResource.fields.find((x) => x.name === k);
    return f ? columnOf(f) : k.replace(/[A-Z]/g, (c) => '_' + c.toLowerCase());
  };
  const params = [...cols.map((k) => set[k] ?? null), caller.userName, now, id, version];
  const n = cols.length;
  const r = await q.query<Row>(
    `update tms_order set ${cols.map((k, i) => `"${colOf(k)}" = $${i + 1}`).join(', ')}, update_by = $${n + 1}, update_time = $${n + 2}, version = version + 1
      where id = $${n + 3} and version = $${n + 4} and dispatch_center_id = $${n + 5} returning *`,
    [...params, existing.dispatch_center_id],
  );
  if (!r.rows[0]) throw conflict('messages.conflictVersion');
  await q.query('delete from tms_order_line where order_id = $1 and dispatch_center_id = $2', [id, existing.dispatch_center_id]);
  await insertLines(q, [{ order: r.rows[0]!, lines }], caller.userName);
  await trackOrders(q, caller, now, 'ORDER_UPDATE', [id]);
  return r.rows[0];
}
