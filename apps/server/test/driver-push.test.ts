/**
 * Web Push of new tasks (issue 16) over HTTP: the VAPID key, a phone's subscription stored (and
 * refused when its endpoint or keys are not acceptable), and a dispatch order taking effect posted to
 * the subscription's endpoint — a real HTTP server on loopback standing in for the push service —
 * as RFC 8291 / 8292 require: the VAPID header signed with the server's key, the body encrypted so
 * that only the phone (this test, holding the subscription's private key) reads the notification.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import http from 'node:http';
import { createDecipheriv, createECDH, createPublicKey, hkdfSync, randomBytes, verify } from 'node:crypto';
import { ADMIN, startServer, type Json, type TestServer } from './helpers.ts';
import { DRIVER, OTHER_DRIVER, driverLogin, makeShipment } from './driver-kit.ts';

let s: TestServer;
let token: string;
let adminToken: string;
let pushService: http.Server;
let base: string;
const received: { path: string; headers: http.IncomingHttpHeaders; body: Buffer }[] = [];
const phones: Record<string, ReturnType<typeof phone>> = {};
/** dispatch orders of the demo driver made here without a time window: they hold the vehicle until finished */
const held: number[] = [];

beforeAll(async () => {
  s = await startServer();
  token = await driverLogin(s);
  adminToken = await s.login(ADMIN.user, ADMIN.password);
  // the push service: 201 as a real one answers; /gone answers 410 (the browser dropped the subscription)
  pushService = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) });
      res.writeHead(req.url?.startsWith('/gone') ? 410 : 201).end();
    });
  });
  await new Promise<void>((r) => pushService.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(pushService.address() as { port: number }).port}`;
});
afterAll(async () => {
  await s?.close();
  await new Promise((r) => pushService?.close(r));
});

/** A browser's subscription: its P-256 key pair and authentication secret. */
function phone(path: string) {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return { ecdh, auth, json: { endpoint: `${base}${path}`, keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') } } };
}

/** RFC 8188 / 8291: the aes128gcm body decrypted with the phone's private key and secret (one record). */
function decrypt(body: Buffer, p: ReturnType<typeof phone>): string {
  const salt = body.subarray(0, 16);
  const idlen = body[20]!;
  const serverKey = body.subarray(21, 21 + idlen);
  const data = body.subarray(21 + idlen);
  const secret = p.ecdh.computeSecret(serverKey);
  const info = Buffer.concat([Buffer.from('WebPush: info\0'), p.ecdh.getPublicKey(), serverKey]);
  const ikm = Buffer.from(hkdfSync('sha256', secret, p.auth, info, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const d = createDecipheriv('aes-128-gcm', cek, nonce);
  d.setAuthTag(data.subarray(data.length - 16));
  const plain = Buffer.concat([d.update(data.subarray(0, data.length - 16)), d.final()]);
  // the last record ends with the delimiter 0x02 then zero padding
  let end = plain.length;
  while (end > 0 && plain[end - 1] === 0) end--;
  expect(plain[end - 1]).toBe(2);
  return plain.subarray(0, end - 1).toString('utf8');
}

const config = (k: string, v: string) => s.db.query(`update sys_config set config_value = $2 where config_key = $1`, [k, v]);
const effect = async (id: number) => {
  const r = await s.api('POST', '/api/shipment/shipment/effect', { token: adminToken, body: { ids: [id] } });
  expect(r.status, JSON.stringify(r.json)).toBe(200);
};
/** waits (a poll on the condition, 10 s at most) for `f` to give a value, and gives it */
const waitFor = async <T>(f: () => Promise<T | undefined> | T | undefined): Promise<T> => {
  let v: T | undefined;
  await expect.poll(async () => (v = await f()) !== undefined, { timeout: 10_000, interval: 50 }).toBe(true);
  return v!;
};

describe('driver push', () => {
  let publicKey: string;

  it('gives the server\'s VAPID public key, made once and kept', async () => {
    const r = await s.api('GET', '/api/driver/push/key', { token });
    expect(r.status).toBe(200);
    publicKey = r.json.data.publicKey;
    const raw = Buffer.from(publicKey, 'base64url');
    expect(raw.length).toBe(65);
    expect(raw[0]).toBe(4);
    expect((await s.api('GET', '/api/driver/push/key', { token })).json.data.publicKey).toBe(publicKey);
    const stored = (await s.db.query<{ private_key_enc: string }>(`select private_key_enc from tms_driver_push_key`)).rows;
    expect(stored).toHaveLength(1);
    expect(stored[0]!.private_key_enc).not.toContain(publicKey.slice(0, 10));
    expect((await s.api('GET', '/api/driver/push/key')).status).toBe(401);
  });

  it('refuses a subscription whose endpoint the server may not reach, or whose keys are not keys', async () => {
    const p = phone('/sub/refused');
    const http = await s.api('POST', '/api/driver/push/subscription', { token, body: p.json, headers: { lang: 'en-US' } });
    expect(http.status).toBe(400);
    expect(http.json.errors.endpoint).toBeTruthy();
    await config('notify.webhook.allowHttp', 'true');
    const loopback = await s.api('POST', '/api/driver/push/subscription', { token, body: p.json });
    expect(loopback.status).toBe(400);
    expect(loopback.json.errors.endpoint).toBeTruthy();
    await config('notify.webhook.allowPrivate', 'true');
    const badKey = await s.api('POST', '/api/driver/push/subscription', { token, body: { ...p.json, keys: { ...p.json.keys, p256dh: 'AAAA' } }, headers: { lang: 'en-US' } });
    expect(badKey.status).toBe(400);
    expect(badKey.json.errors['keys.p256dh']).toBe('The push subscription keys are invalid');
    expect((await s.api('POST', '/api/driver/push/subscription', { token, body: { endpoint: p.json.endpoint } })).status).toBe(400);
    expect((await s.db.query(`select 1 from tms_driver_push_sub`)).rowCount).toBe(0);
  });

  it('posts a dispatch order taking effect to the phone, encrypted and signed; a subscription the push service forgot is dropped', async () => {
    const p = phone('/sub/phone-1');
    const gone = phone('/gone/phone-2');
    phones['/sub/phone-1'] = p;
    for (const x of [p, gone]) expect((await s.api('POST', '/api/driver/push/subscription', { token, body: x.json })).status).toBe(200);
    const sh = await makeShipment(s.db, { status: 'CONFIRMED' });
    held.push(sh.id);
    await effect(sh.id);
    const got = await waitFor(() => received.find((r) => r.path === '/sub/phone-1'));
    expect(got.headers['content-encoding']).toBe('aes128gcm');
    expect(got.headers['content-type']).toBe('application/octet-stream');
    expect(Number(got.headers.ttl)).toBeGreaterThan(0);
    // VAPID (RFC 8292): a JWT for the push service's origin, signed with the key the app subscribed with
    const m = /^vapid t=([\w-]+)\.([\w-]+)\.([\w-]+), k=([\w-]+)$/.exec(String(got.headers.authorization));
    expect(m, String(got.headers.authorization)).toBeTruthy();
    expect(m![4]).toBe(publicKey);
    const claims = JSON.parse(Buffer.from(m![2]!, 'base64url').toString()) as Json;
    expect(claims.aud).toBe(base);
    expect(claims.sub).toMatch(/^mailto:/);
    const raw = Buffer.from(publicKey, 'base64url');
    const key = createPublicKey({ key: { kty: 'EC', crv: 'P-256', x: raw.subarray(1, 33).toString('base64url'), y: raw.subarray(33).toString('base64url') }, format: 'jwk' });
    expect(verify('sha256', Buffer.from(`${m![1]}.${m![2]}`), { key, dsaEncoding: 'ieee-p1363' }, Buffer.from(m![3]!, 'base64url'))).toBe(true);
    // only the phone reads it: the notification of the new task
    const note = JSON.parse(decrypt(got.body, p)) as Json;
    expect(note).toEqual({ title: '新任务', body: `调度单 ${sh.code} 已派给您，请查看并接单`, url: `/driver/#/task/${sh.id}`, tag: `task-${sh.id}` });
    // the push service answered 410 for the other phone: its subscription is forgotten, the push counts as sent
    await waitFor(async () => ((await s.db.query(`select 1 from tms_driver_push_sub where endpoint = $1`, [gone.json.endpoint])).rowCount === 0 ? true : undefined));
    const push = await waitFor(async () => (await s.db.query<Json>(`select state from tms_driver_push where shipment_id = $1 and state <> 'SENDING'`, [sh.id])).rows[0]);
    expect(push.state).toBe('SENT');
    expect(received.filter((r) => r.path === '/sub/phone-1')).toHaveLength(1);
  });

  it('tells the new driver of an effective dispatch order reassigned to them', async () => {
    await s.db.query(`update tms_shipment set status = 'COMPLETED' where id = any($1::bigint[])`, [held]);
    const etd = new Date(s.clock.now().getTime() + 26 * 3600_000);
    const sh = await makeShipment(s.db, { status: 'EFFECTIVE', driver: OTHER_DRIVER.loginName, etd, eta: new Date(etd.getTime() + 6 * 3600_000) });
    const version = (await s.db.query<{ version: number }>(`select version from tms_shipment where id = $1`, [sh.id])).rows[0]!.version;
    const mine = await s.db.query<{ driver_id: number; vehicle: number; carrier_id: number }>(
      `select d.id as driver_id, v.id as vehicle, v.carrier_id from base_driver d join base_transport_means v on v.driver_id = d.id where d.login_name = $1 order by v.id limit 1`,
      [DRIVER.loginName],
    );
    const me = mine.rows[0]!;
    const before = received.length;
    const r = await s.api('POST', '/api/shipment/shipment/reassignDriver', { token: adminToken, body: { id: sh.id, version, carrierId: me.carrier_id, vehicleIdMain: me.vehicle, driverIdMaster: me.driver_id, reason: '换人' } });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    const got = await waitFor(() => received.slice(before).find((x) => x.path === '/sub/phone-1'));
    expect(JSON.parse(decrypt(got.body, phones['/sub/phone-1']!)).url).toBe(`/driver/#/task/${sh.id}`);
  });

  it('stops after the phone unsubscribes; a driver without a subscription gets nothing', async () => {
    const p = phone('/sub/phone-3');
    expect((await s.api('POST', '/api/driver/push/subscription', { token, body: p.json })).status).toBe(200);
    const mine = await s.db.query<Json>(`select endpoint from tms_driver_push_sub`);
    for (const r of mine.rows) expect((await s.api('POST', '/api/driver/push/unsubscribe', { token, body: { endpoint: r.endpoint } })).status).toBe(200);
    const sh = await makeShipment(s.db, { status: 'CONFIRMED' });
    await effect(sh.id);
    expect((await s.db.query(`select 1 from tms_driver_push where shipment_id = $1`, [sh.id])).rowCount).toBe(0);
  });
});
