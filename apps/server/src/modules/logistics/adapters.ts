/**
 * Vehicle-tracking platforms: the adapter interface of the pull job, the generic JSON-over-HTTP adapter
 * and the field mapping that tells where a platform puts each value (used for pushed bodies too).
 * Both directions are signed the same way: hex HMAC-SHA256 over `${timestamp}.${body}` with the
 * account's secret, in the headers x-timestamp and x-signature.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { LOGISTICS_DEFAULT_MAPPING, type LogisticsFieldMapping } from '@tms/domain';

/** Where the generic adapter finds each value (the domain's defaults, overridden per account). */
export type FieldMapping = LogisticsFieldMapping;
export const DEFAULT_MAPPING: FieldMapping = LOGISTICS_DEFAULT_MAPPING;

const path = z.string().max(100).regex(/^[A-Za-z0-9_$]*(\.[A-Za-z0-9_$]+)*$/);
const mappingSchema = z
  .object({
    list: path,
    device: path,
    plate: path,
    lng: path.min(1),
    lat: path.min(1),
    speed: path,
    direction: path,
    time: path.min(1),
    timeFormat: z.enum(['iso', 'epochMs', 'epochS']),
    coordScale: z.number().positive().max(1e9),
  })
  .partial()
  .strict();

/** The stored mapping (JSON text or object) over the defaults; throws with a reason when it is not valid. */
export function parseMapping(stored: unknown): FieldMapping {
  let v = stored;
  if (v === null || v === undefined || v === '') return DEFAULT_MAPPING;
  if (typeof v === 'string') v = JSON.parse(v) as unknown;
  const r = mappingSchema.safeParse(v);
  if (!r.success) {
    const i = r.error.issues[0]!;
    throw new Error(`${i.path.join('.') || 'mapping'}: ${i.message}`);
  }
  return { ...DEFAULT_MAPPING, ...r.data };
}

function pick(obj: unknown, p: string): unknown {
  if (!p) return obj;
  let cur = obj;
  for (const k of p.split('.')) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Record<string, unknown>)[k];
  }
  return cur;
}

/** One position as a platform reported it, already read through the mapping. */
export interface RawPosition {
  device: string | null;
  plate: string | null;
  lng: number;
  lat: number;
  speed: number | null;
  direction: number | null;
  reportedAt: Date;
}

const num = (v: unknown): number | null => {
  const n = typeof v === 'string' && v.trim() !== '' ? Number(v) : v;
  return typeof n === 'number' && Number.isFinite(n) ? n : null;
};
const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() ? v.trim() : typeof v === 'number' ? String(v) : null);

function time(v: unknown, format: FieldMapping['timeFormat']): Date | null {
  const n = num(v);
  const d = format === 'iso' ? (typeof v === 'string' ? new Date(v) : null) : n === null ? null : new Date(format === 'epochS' ? n * 1000 : n);
  return d && !Number.isNaN(d.getTime()) ? d : null;
}

/** Reads the positions of a platform body; items that cannot be read are counted, not thrown. */
export function readPositions(body: unknown, m: FieldMapping): { positions: RawPosition[]; unreadable: number } {
  const list = pick(body, m.list);
  if (!Array.isArray(list)) throw new Error(`no list at '${m.list}'`);
  const positions: RawPosition[] = [];
  let unreadable = 0;
  for (const it of list) {
    const lng = num(pick(it, m.lng));
    const lat = num(pick(it, m.lat));
    const reportedAt = time(pick(it, m.time), m.timeFormat);
    const device = m.device ? text(pick(it, m.device)) : null;
    const plate = m.plate ? text(pick(it, m.plate)) : null;
    if (lng === null || lat === null || !reportedAt || (!device && !plate)) {
      unreadable++;
      continue;
    }
    const x = lng / m.coordScale;
    const y = lat / m.coordScale;
    if (Math.abs(x) > 180 || Math.abs(y) > 90) {
      unreadable++;
      continue;
    }
    positions.push({ device, plate, lng: x, lat: y, speed: m.speed ? num(pick(it, m.speed)) : null, direction: m.direction ? num(pick(it, m.direction)) : null, reportedAt });
  }
  return { positions, unreadable };
}

export function signBody(secret: string, timestamp: string, body: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
}

export function verifyBody(secret: string, timestamp: string, body: string, signature: string): boolean {
  const want = Buffer.from(signBody(secret, timestamp, body));
  const got = Buffer.from(signature);
  return want.length === got.length && timingSafeEqual(want, got);
}

/** What a pull needs to know about an account. */
export interface PullContext {
  endpointUrl: string;
  appKey: string;
  secret: string;
  mapping: FieldMapping;
  vehicles: { deviceNumber: string | null; plateNumber: string }[];
  /** the newest position already stored (null: the platform's default window) */
  since: Date | null;
  now: Date;
}

/** A platform the pull job can fetch positions from. */
export interface PlatformAdapter {
  fetchPositions(ctx: PullContext): Promise<RawPosition[]>;
}

/**
 * The generic JSON-over-HTTP platform: POST {endpoint} with { appKey, devices, plates, since },
 * signed; the answer is read through the field mapping.
 */
export const genericJsonAdapter: PlatformAdapter = {
  async fetchPositions(ctx) {
    const body = JSON.stringify({
      appKey: ctx.appKey,
      devices: ctx.vehicles.map((v) => v.deviceNumber).filter(Boolean),
      plates: ctx.vehicles.map((v) => v.plateNumber),
      since: ctx.since?.toISOString() ?? null,
    });
    const ts = String(ctx.now.getTime());
    const res = await fetch(ctx.endpointUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-app-key': ctx.appKey, 'x-timestamp': ts, 'x-signature': signBody(ctx.secret, ts, body) },
      body,
      signal: AbortSignal.timeout(10_000),
    });
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
    return readPositions(await res.json(), ctx.mapping).positions;
  },
};

/** Adapters by platform (dict platform_source); platforms without their own use the generic one. */
const ADAPTERS: Record<string, PlatformAdapter> = {};
export function adapterFor(platform: string): PlatformAdapter {
  return ADAPTERS[platform] ?? genericJsonAdapter;
}
