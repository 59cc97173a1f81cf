/**
 * Order import from Excel with a preview (spec §2 "import preview"): each sheet row is an order
 * header plus one line; rows with the same customer order number form one order. The preview shows
 * the orders with their lines and every row's errors; the commit creates all orders or none
 * (source IMPORT), and only when no row has an error.
 */
import { createHash, randomUUID } from 'node:crypto';
import { ORDER_LINES_MAX, orderImportResource, orderTotals, type Lang, type OrderImportGroup, type OrderImportPreview, type ResourceDef } from '@tms/domain';
import type { Queryable } from '../../platform/db.ts';
import type { Caller } from '../../platform/auth.ts';
import type { Clock } from '../../platform/config.ts';
import { readImport, type ImportRow } from '../../platform/excel.ts';
import { translate } from '../../platform/i18n.ts';
import { scopeOf, type Row } from '../../platform/resource-engine.ts';
import { createOrders, type LineInput } from './save.ts';

interface Ref {
  id: number;
  code: string;
  name: string;
  client_id?: number;
  weight?: number | null;
  volume?: number | null;
}

/**
 * Who imports: a staff caller (clients within its data groups, any station) or a client user of the portal
 * (only its own clients, and only their effective stations and items).
 */
export type Importer = { caller: Caller; clientIds?: undefined } | { caller: null; clientIds: number[] };

/** Codes of the sheet → records, as the importer may use them. */
async function lookups(q: Queryable, who: Importer, rows: ImportRow[]) {
  const codes = (field: string) => [...new Set(rows.map((r) => r.raw[field]).filter((v): v is string => typeof v === 'string' && v !== ''))];
  const byCode = async (sql: string, values: string[], params: unknown[] = []): Promise<Map<string, Ref>> => {
    if (!values.length) return new Map();
    const r = await q.query<Ref>(sql, [values, ...params]);
    return new Map(r.rows.map((x) => [x.code, x]));
  };
  const stationCodes = [...new Set([...codes('sourceStationCode'), ...codes('destStationCode')])];
  if (!who.caller) {
    const own = [who.clientIds];
    return {
      clients: await byCode(`select id, code, name from base_client where code = any($1::text[]) and id = any($2::bigint[])`, codes('clientCode'), own),
      stations: await byCode(`select id, code, name, client_id from base_station where code = any($1::text[]) and client_id = any($2::bigint[]) and effective and status = '0'`, stationCodes, own),
      items: await byCode(`select id, code, name, client_id, weight, volume from base_item where code = any($1::text[]) and client_id = any($2::bigint[]) and effective`, codes('itemCode'), own),
      orderTypes: new Map<string, Ref>(),
    };
  }
  const scopeParams: unknown[] = [null];
  const clientScope = scopeOf({ ...orderImportResource, scope: { client: 'id' } }, who.caller, scopeParams);
  return {
    clients: await byCode(
      `select id, code, name from base_client where code = any($1::text[])${clientScope.map((w) => ` and ${w}`).join('')}`,
      codes('clientCode'),
      scopeParams.slice(1),
    ),
    stations: await byCode(`select id, code, name from base_station where code = any($1::text[])`, stationCodes),
    items: await byCode(`select id, code, name, client_id, weight, volume from base_item where code = any($1::text[])`, codes('itemCode')),
    orderTypes: await byCode(`select id, code, name from base_order_type where code = any($1::text[])`, codes('orderTypeCode')),
  };
}

const HEADER_FIELDS = ['clientCode', 'sourceStationCode', 'destStationCode'] as const;

export interface ImportedOrder extends OrderImportGroup {
  values: Row | null;
  lineInputs: LineInput[];
}

/** Checks codes and groups, and builds the orders to create. */
export async function previewImport(q: Queryable, who: Importer, file: Buffer, lang: Lang, def: ResourceDef = orderImportResource) {
  const sheet = await readImport(def, file, lang, q, who.caller);
  const refs = await lookups(q, who, sheet.rows);
  const err = (r: ImportRow, field: string, key: string, params?: Record<string, unknown>) => (r.errors[field] ??= translate(lang, key, params));
  const groups = new Map<string, ImportRow[]>();
  for (const r of sheet.rows) {
    const raw = r.raw;
    const unknown = (field: string, map: Map<string, Ref>) => {
      if (typeof raw[field] === 'string' && raw[field] && !map.has(raw[field] as string)) err(r, field, 'messages.order.unknownCode', { value: raw[field] });
    };
    unknown('clientCode', refs.clients);
    unknown('sourceStationCode', refs.stations);
    unknown('destStationCode', refs.stations);
    unknown('itemCode', refs.items);
    unknown('orderTypeCode', refs.orderTypes);
    const client = refs.clients.get(raw.clientCode as string);
    const item = refs.items.get(raw.itemCode as string);
    if (client && item && item.client_id !== client.id) err(r, 'itemCode', 'messages.order.itemNotOfClient');
    if (!who.caller && client)
      for (const f of ['sourceStationCode', 'destStationCode']) {
        const st = refs.stations.get(raw[f] as string);
        if (st && st.client_id !== client.id) err(r, f, 'messages.portal.stationNotOfClient');
      }
    if (raw.sourceStationCode && raw.sourceStationCode === raw.destStationCode) err(r, 'destStationCode', 'messages.order.sameStations');
    const key = String(raw.customerOrderNo ?? '');
    if (!key) continue;
    const group = groups.get(key) ?? [];
    const first = group[0];
    for (const f of HEADER_FIELDS) if (first && raw[f] !== first.raw[f]) err(r, f, 'messages.order.importHeaderMismatch', { key });
    if (group.length >= ORDER_LINES_MAX) err(r, 'itemCode', 'validation.max', { maxValue: ORDER_LINES_MAX });
    group.push(r);
    groups.set(key, group);
  }
  const orders: ImportedOrder[] = [...groups.entries()].map(([key, rows]) => {
    const head = rows[0]!.raw;
    const lineInputs: LineInput[] = rows.map((r) => {
      const item = refs.items.get(r.raw.itemCode as string);
      const qty = (r.raw.quantity as number | null) ?? 0;
      // weight and volume left empty come from the item master (per piece × quantity)
      const derive = (v: unknown, per: number | null | undefined) => (v === null || v === undefined ? Math.round((per ?? 0) * qty * 1000) / 1000 : (v as number));
      return {
        itemId: item?.id ?? 0,
        quantity: qty,
        weight: derive(r.raw.weight, item?.weight),
        volume: derive(r.raw.volume, item?.volume),
        cases: (r.raw.cases as number | null) ?? 0,
        pallets: (r.raw.pallets as number | null) ?? 0,
        other: (r.raw.other as number | null) ?? 0,
        unit: (r.raw.unit as string | null) ?? null,
        extLineNo: (r.raw.extLineNo as string | null) ?? null,
      };
    });
    const totals = orderTotals(lineInputs);
    const errors = rows.filter((r) => Object.keys(r.errors).length).length;
    const id = (map: Map<string, Ref>, code: unknown) => map.get(code as string)?.id ?? null;
    const values: Row | null = errors
      ? null
      : {
          clientId: id(refs.clients, head.clientCode),
          sourceStationId: id(refs.stations, head.sourceStationCode),
          destStationId: id(refs.stations, head.destStationCode),
          orderTypeId: id(refs.orderTypes, head.orderTypeCode),
          customerOrderNo: key,
          ...Object.fromEntries(['orderDate', 'prepDate', 'etd', 'eta', 'transType', 'loadMode', 'refNo', 'refNo3', 'refNo4', 'remark'].map((f) => [f, head[f] ?? null])),
        };
    return {
      key,
      rowNums: rows.map((r) => r.rowNum),
      clientCode: String(head.clientCode ?? ''),
      clientName: refs.clients.get(head.clientCode as string)?.name ?? null,
      sourceStation: refs.stations.get(head.sourceStationCode as string)?.name ?? null,
      destStation: refs.stations.get(head.destStationCode as string)?.name ?? null,
      lines: rows.length,
      totalWeight: totals.totalWeight,
      totalQuantity: totals.totalQuantity,
      errors,
      values,
      lineInputs,
    };
  });
  const bad = sheet.rows.filter((r) => Object.keys(r.errors).length).length;
  return {
    total: sheet.rows.length,
    errors: bad,
    headers: sheet.headers,
    rows: sheet.rows.slice(0, 1000).map(({ rowNum, raw, errors }) => ({ rowNum, raw, errors })),
    orders,
    committed: false,
    /** the key of this preview kept for its commit (previewStore) */
    token: undefined as string | undefined,
  };
}

export type ImportPreview = Awaited<ReturnType<typeof previewImport>>;

/** The preview as sent to the client (without the internal values; the token only before the commit). */
export function previewAnswer(p: ImportPreview, committed = false): OrderImportPreview {
  const { token, ...rest } = p;
  return { ...rest, committed, ...(token && !committed ? { token } : {}), orders: p.orders.slice(0, 1000).map(({ values: _v, lineInputs: _l, ...o }) => o) };
}

/**
 * How long a preview is kept for its commit, and how many orders all the kept previews hold at most (the oldest go first;
 * a preview of 100,000 one-line orders holds about 64 MB of the server's heap).
 */
export const PREVIEW_KEPT = { ms: 15 * 60_000, orders: 200_000 };

/**
 * The previews kept for their commit (issue 20: the commit read and checked the whole workbook again). A preview that
 * can be committed (no row with an error) is kept in this server's memory under a random token, which its answer
 * carries; a commit sending that token with the same file (same bytes, by their SHA-256), by the same importer in the
 * same language, takes the orders the preview built (each token once) instead of reading the file again. The commit
 * still checks what it writes (the clients in the caller's scope, the stations, the items of each client) and writes
 * all or nothing. Without a kept preview (another server, a restart, expired, another file) the file is read as before:
 * the token is only a shortcut.
 */
export function previewStore(clock: Clock) {
  const kept = new Map<string, { owner: string; digest: string; until: number; preview: ImportPreview }>();
  const digestOf = (file: Buffer) => createHash('sha256').update(file).digest('base64url');
  const forget = (now: number) => {
    for (const [t, k] of kept) if (k.until <= now) kept.delete(t);
  };
  return {
    /**
     * The preview of `file` for `owner` (who imports, in which language, into what). For a commit, the one kept under
     * its token when it is of this owner and these bytes, else `read` now; for a preview, `read` now and kept when it
     * could be committed.
     */
    async preview(owner: string, file: Buffer, to: { commit: boolean; token?: string }, read: () => Promise<ImportPreview>): Promise<ImportPreview> {
      const digest = digestOf(file);
      const now = clock.now().getTime();
      forget(now);
      const k = to.commit && to.token ? kept.get(to.token) : undefined;
      if (k && k.owner === owner && k.digest === digest) {
        kept.delete(to.token!);
        return k.preview;
      }
      const p = await read();
      if (to.commit || p.errors || !p.orders.length || p.orders.length > PREVIEW_KEPT.orders) return p;
      let held = p.orders.length;
      for (const x of kept.values()) held += x.preview.orders.length;
      for (const [t, x] of kept) {
        if (held <= PREVIEW_KEPT.orders) break;
        kept.delete(t);
        held -= x.preview.orders.length;
      }
      p.token = randomUUID();
      kept.set(p.token, { owner, digest, until: now + PREVIEW_KEPT.ms, preview: p });
      return p;
    },
  };
}

/** Creates every previewed order in the caller's transaction, set-based (call only when p.errors is 0). */
export async function commitImport(q: Queryable, caller: Caller, p: ImportPreview, now: Date): Promise<number[]> {
  return createOrders(q, caller, p.orders.map((o) => ({ values: o.values!, lines: o.lineInputs })), { source: 'IMPORT', now });
}
