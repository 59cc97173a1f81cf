/**
 * Webhook targets must not reach into our own network (request forgery): https only (http where the
 * administrator allows it), and no loopback, link-local, private, shared, multicast or reserved address
 * unless allowed (config notify.webhook.allowPrivate). The address is checked twice: the URL as written
 * (an address literal) when it is saved and sent, and every address its host name resolves to at the
 * moment of sending; the connection goes to the address that was checked (no second lookup an attacker's
 * DNS could answer differently).
 */
import { BlockList, isIP } from 'node:net';
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';

const blocked = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12], ['192.0.0.0', 24], ['192.0.2.0', 24],
  ['192.88.99.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15], ['198.51.100.0', 24], ['203.0.113.0', 24], ['224.0.0.0', 4], ['240.0.0.0', 4],
] as const) blocked.addSubnet(net, bits, 'ipv4');
for (const [net, bits] of [['::', 128], ['::1', 128], ['64:ff9b::', 96], ['100::', 64], ['2001:db8::', 32], ['fc00::', 7], ['fe80::', 10], ['fec0::', 10], ['ff00::', 8]] as const)
  blocked.addSubnet(net, bits, 'ipv6');

/** True for an address a webhook may not reach unless private targets are allowed. */
export function isPrivateAddress(address: string): boolean {
  const v = isIP(address);
  if (v === 4) return blocked.check(address, 'ipv4');
  if (v !== 6) return true; // not an address: refuse
  const lower = address.toLowerCase();
  // IPv4-mapped / -compatible IPv6 (::ffff:127.0.0.1): judge the IPv4 address inside
  const mapped = /^::(?:ffff:)?(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (mapped) return blocked.check(mapped[1]!, 'ipv4');
  const hex = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower);
  if (hex) {
    const a = parseInt(hex[1]!, 16);
    const b = parseInt(hex[2]!, 16);
    return blocked.check(`${a >> 8}.${a & 255}.${b >> 8}.${b & 255}`, 'ipv4');
  }
  return blocked.check(address, 'ipv6');
}

export interface TargetPolicy {
  allowHttp: boolean;
  allowPrivate: boolean;
}

/** Why a URL is refused (a message key under validation.*), or null. Address literals are judged here; names after resolution. */
export function urlRefusal(raw: string, policy: TargetPolicy): string | null {
  let u: URL;
  try {
    u = new URL(raw);
  } catch {
    return 'validation.url';
  }
  if (u.protocol !== 'https:' && !(u.protocol === 'http:' && policy.allowHttp)) return 'validation.webhookHttps';
  if (u.username || u.password) return 'validation.url';
  const host = u.hostname.replace(/^\[|\]$/g, '');
  if (!host) return 'validation.url';
  if (!policy.allowPrivate && isIP(host) && isPrivateAddress(host)) return 'validation.webhookPrivate';
  return null;
}

export class RefusedTarget extends Error {
  readonly code = 'EREFUSEDTARGET';
}

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * A `lookup` for http.request: resolves the name, refuses it when any of its addresses is private (unless
 * allowed), and hands the connection exactly the addresses it checked.
 */
export function checkedLookup(allowPrivate: boolean) {
  return (hostname: string, options: { all?: boolean; family?: number } | number, cb: LookupCallback): void => {
    const opts = typeof options === 'number' ? { family: options } : (options ?? {});
    dnsLookup(hostname, { all: true, family: opts.family ?? 0 }, (err, addresses) => {
      if (err) return cb(err, '');
      const list = addresses as LookupAddress[];
      if (!list.length) return cb(Object.assign(new Error(`no address for ${hostname}`), { code: 'ENOTFOUND' }), '');
      const bad = allowPrivate ? undefined : list.find((a) => isPrivateAddress(a.address));
      if (bad) return cb(new RefusedTarget(`${hostname} resolves to ${bad.address}, a private address`), '');
      if (opts.all) return cb(null, list);
      cb(null, list[0]!.address, list[0]!.family);
    });
  };
}
