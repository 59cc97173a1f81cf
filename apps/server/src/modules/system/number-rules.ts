/**
 * Number rules: codes such as WB20261122000042 for orders, waybills, shipments and epods.
 * The counter row is locked inside the caller's transaction (insert … on conflict do update),
 * so concurrent creators never get the same code and a rolled-back creation gives its number back.
 */
import dayjs from 'dayjs';
import type { Queryable } from '../../platform/db.ts';
import { conflict } from '../../platform/errors.ts';

export interface CodeParts {
  prefix: string;
  timestampEnabled: boolean;
  timestampPattern: string;
  serialLength: number;
  serial: number;
  now: Date;
}

const PATTERNS = new Set(['YYYYMMDD', 'YYMMDD', 'YYYYMM', 'YYMM', 'YYYY', 'YYYYMMDDHH']);

export function formatCode(p: CodeParts): string {
  const pattern = PATTERNS.has(p.timestampPattern) ? p.timestampPattern : 'YYYYMMDD';
  const ts = p.timestampEnabled ? dayjs(p.now).format(pattern) : '';
  return `${p.prefix}${ts}${String(p.serial).padStart(p.serialLength, '0')}`;
}

/** The period a counter restarts in: the timestamp part, or one counter forever without a timestamp. */
function periodOf(enabled: boolean, pattern: string, now: Date): string {
  return enabled ? dayjs(now).format(PATTERNS.has(pattern) ? pattern : 'YYYYMMDD') : '-';
}

/** The next code of a reference type for a dispatch center (a center's own rule wins over the global one). */
export async function nextCode(q: Queryable, refType: string, dispatchCenterId: number | null, clientId: number | null, now: Date): Promise<string> {
  return (await nextCodes(q, refType, dispatchCenterId, clientId, now, 1))[0]!;
}

/** `count` consecutive codes reserved with one counter update (bulk creation: one waybill per order). */
export async function nextCodes(q: Queryable, refType: string, dispatchCenterId: number | null, clientId: number | null, now: Date, count: number): Promise<string[]> {
  if (count < 1) return [];
  const r = await q.query<{ id: number; prefix: string; timestamp_enabled: boolean; timestamp_pattern: string; serial_length: number }>(
    `select id, prefix, timestamp_enabled, timestamp_pattern, serial_length from sys_number_rule
      where ref_type = $1 and status = '0' and (dispatch_center_id = $2 or dispatch_center_id is null) and (client_id = $3 or client_id is null)
      order by (dispatch_center_id is null), (client_id is null), id limit 1`,
    [refType, dispatchCenterId, clientId],
  );
  const rule = r.rows[0];
  if (!rule) throw conflict('messages.noNumberRule', { refType });
  const period = periodOf(rule.timestamp_enabled, rule.timestamp_pattern, now);
  const seq = await q.query<{ value: number }>(
    `insert into sys_number_seq(rule_id, period, value) values ($1, $2, $3)
     on conflict (rule_id, period) do update set value = sys_number_seq.value + $3 returning value`,
    [rule.id, period, count],
  );
  const last = seq.rows[0]!.value;
  return Array.from({ length: count }, (_, i) =>
    formatCode({
      prefix: rule.prefix,
      timestampEnabled: rule.timestamp_enabled,
      timestampPattern: rule.timestamp_pattern,
      serialLength: rule.serial_length,
      serial: last - count + 1 + i,
      now,
    }),
  );
}
