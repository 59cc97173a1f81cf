/**
 * The public tracking link and its QR code on printed papers (issue 17): a print template that names
 * `trackingUrl` or `trackingQr` (an order sheet; each waybill of a dispatch sheet) gets, per record printed, the
 * address of its public tracking page and that address as a QR code (a PNG data URL: `<img src="{{trackingQr}}">`).
 * The link is one of the record's own: a valid one (not revoked, at least a day left) is reused, else a new one is
 * created with the default life (system config tms.tracking.linkDays). The page's origin is system config
 * `tms.tracking.publicUrl` when set, else the one the printing browser used.
 */
import QRCode from 'qrcode';
import type { Clock } from '../../platform/config.ts';
import type { Queryable } from '../../platform/db.ts';
import type { Secrets } from '../../platform/secrets.ts';
import { configValues } from '../account/settings.ts';
import { createLink, tokenOf, type LinkRow } from './tracking-links.ts';

export const PUBLIC_URL_CONFIG = 'tms.tracking.publicUrl';
/** a link with less life left than this is not printed again: a new one is made */
const MIN_LIFE_MS = 86_400_000;

/** Whether a template uses the tracking link (links are only made for those). */
export const usesTracking = (content: string) => /\{\{\{?\s*tracking(Url|Qr)\b/.test(content);

export interface PrintLinks {
  q: Queryable;
  clock: Clock;
  secrets: Secrets;
  /** the printing browser's origin (protocol://host), used when no public address is configured */
  origin: string;
  /** who prints */
  by: string;
  /** the dispatch center of the records printed (the caller's, whose scope found them) */
  center: number;
}

/** What printing needs to make links, besides the transaction and the printing user. */
export type LinkSource = Omit<PrintLinks, 'q' | 'by' | 'center'>;

/** The origin the browser printing used (behind a proxy: as the server's trustProxy setting reads it). */
export const originOf = (req: { protocol: string; headers: { host?: string } }) => `${req.protocol}://${req.headers.host ?? 'localhost'}`;

export interface Tracking {
  trackingUrl: string;
  trackingQr: string;
}

async function baseUrl(p: PrintLinks): Promise<string> {
  const configured = (await configValues(p.q, [PUBLIC_URL_CONFIG])).get(PUBLIC_URL_CONFIG)?.trim();
  return (configured && /^https?:\/\//.test(configured) ? configured : p.origin).replace(/\/+$/, '');
}

/** The tracking address and QR of each order or waybill (keyed by id), links reused or created. */
export async function printTracking(p: PrintLinks, kind: 'ORDER' | 'WAYBILL', ids: number[]): Promise<Map<number, Tracking>> {
  const out = new Map<number, Tracking>();
  if (!ids.length) return out;
  const col = kind === 'ORDER' ? 'order_id' : 'waybill_id';
  const now = p.clock.now();
  const reusable = new Map(
    (
      await p.q.query<LinkRow>(
        `select distinct on (${col}) * from tms_tracking_link where ${col} = any($1::bigint[]) and dispatch_center_id = $3 and revoked_at is null and expires_at > $2
          order by ${col}, expires_at desc, id desc`,
        [ids, new Date(now.getTime() + MIN_LIFE_MS), p.center],
      )
    ).rows.map((l) => [Number(l[col]), l]),
  );
  const targets = (
    await p.q.query<{ id: number; dispatch_center_id: number; client_id: number }>(`select id, dispatch_center_id, client_id from ${kind === 'ORDER' ? 'tms_order' : 'tms_waybill'} where id = any($1::bigint[]) and dispatch_center_id = $2`, [ids, p.center])
  ).rows;
  const base = await baseUrl(p);
  for (const t of targets) {
    const id = Number(t.id);
    const link =
      reusable.get(id) ??
      (await createLink(p.q, p.clock, { dispatchCenterId: Number(t.dispatch_center_id), clientId: Number(t.client_id), orderId: kind === 'ORDER' ? id : null, waybillId: kind === 'WAYBILL' ? id : null }, null, p.by));
    const trackingUrl = `${base}/track/${tokenOf(p.secrets, link)}`;
    out.set(id, { trackingUrl, trackingQr: await QRCode.toDataURL(trackingUrl, { errorCorrectionLevel: 'M', margin: 1, width: 160 }) });
  }
  return out;
}
