/**
 * Notifications and webhooks (issue 17) against local receivers: a node:http server as the client's
 * system and an SMTP server (smtp-server). Retries are made fast through the system configuration
 * (retry base 0 s, 3 attempts, disabled after 3 failures in a row); every wait is a poll on a condition.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { SMTPServer } from 'smtp-server';
import { getResource } from '@tms/domain';
import { ADMIN, centerId, rand, startServer, type Json } from './helpers.ts';
import { call, ctx, readSheet } from './resource-kit.ts';

/** deliveries go through the job queue (pg-boss polls every second on a server) */
const WAIT = { timeout: 15_000, interval: 50 };

const webhook = getResource('webhookEndpoint');
const subscription = getResource('notifySubscription');

interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  status: number;
}
const received: Received[] = [];
/** per path: how many more requests answer 500 (-1 = always) */
const failures = new Map<string, number>();
let receiver: Server;
let base = '';
const mails: { to: string; raw: string }[] = [];
let smtp: SMTPServer;
let smtpPort = 0;

const config = (key: string, value: string) => ctx.s.db.query(`update sys_config set config_value = $2 where config_key = $1`, [key, value]);
const configDef = getResource('config');
const SMTP_USER = 'tms-mailer';
const SMTP_PASSWORD = 'S3cret-smtp-pass';
/** A configuration row as the administrator reads it, and saved with a value through the product's form. */
const configRow = async (key: string): Promise<Json> => (await call('GET', configDef, 'list', { query: { configKey: key } })).json.rows.find((r: Json) => r.configKey === key);
async function setConfig(key: string, configValue: string): Promise<Json> {
  const row = await configRow(key);
  const r = await call('POST', configDef, 'update', { body: { ...row, configValue } });
  expect(r.status, JSON.stringify(r.json)).toBe(200);
  return r.json.data;
}
const one = async (sql: string, params: unknown[] = []) => (await ctx.s.db.query<{ id: number }>(sql, params)).rows[0]!.id;

beforeAll(async () => {
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = req.url ?? '';
      const left = failures.get(path) ?? 0;
      const status = left !== 0 ? 500 : 200;
      if (left > 0) failures.set(path, left - 1);
      received.push({ path, headers: req.headers, body: Buffer.concat(chunks).toString('utf8'), status });
      res.writeHead(status, { 'content-type': 'text/plain' }).end(status === 200 ? 'ok' : 'x'.repeat(5000));
    });
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(receiver.address() as { port: number }).port}`;
  // the product's SMS gateway (platform/sms.ts) is the same local receiver, on /sms
  ctx.s = await startServer({ env: { TMS_SMS_URL: `${base}/sms`, TMS_SMS_KEY: 'sms-gateway-key' } });
  ctx.admin = await ctx.s.login(ADMIN.user, ADMIN.password);
  // the mail server asks for the account set in the system configuration (its password stored encrypted)
  smtp = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, cb) {
      if (auth.username === SMTP_USER && auth.password === SMTP_PASSWORD) cb(null, { user: auth.username });
      else cb(new Error('Invalid username or password'));
    },
    onData(stream, session, cb) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        for (const to of session.envelope.rcptTo) mails.push({ to: to.address, raw: Buffer.concat(chunks).toString('utf8') });
        cb();
      });
    },
  });
  await new Promise<void>((r) => smtp.listen(0, '127.0.0.1', r));
  smtpPort = (smtp.server.address() as { port: number }).port;
  for (const [k, v] of [
    ['notify.webhook.allowHttp', 'true'],
    ['notify.webhook.allowPrivate', 'true'],
    ['notify.webhook.retryBaseSeconds', '0'],
    ['notify.webhook.maxAttempts', '3'],
    ['notify.webhook.disableAfterFailures', '3'],
    ['notify.smtp.host', '127.0.0.1'],
    ['notify.smtp.port', String(smtpPort)],
    ['notify.smtp.secure', 'false'],
    ['notify.smtp.from', 'TMS <tms@example.com>'],
    ['notify.smtp.user', SMTP_USER],
  ]) await config(k!, v!);
  await setConfig('notify.smtp.password', SMTP_PASSWORD);
});

afterAll(async () => {
  await ctx.s?.close();
  await new Promise((r) => receiver?.close(r));
  await new Promise((r) => smtp?.close(() => r(undefined)));
});

/** A client of its own (so endpoints and subscriptions of other tests do not see its events). */
async function newClient(): Promise<number> {
  const code = `NC${rand(6)}`;
  return one(`insert into base_client(code, name, create_by) values ($1, $2, 'admin') returning id`, [code, `client ${code}`]);
}

async function newEndpoint(clientId: number, path: string, events = '*'): Promise<{ id: number; secret: string }> {
  const r = await call('POST', webhook, 'save', { body: { clientId, name: `hook ${rand(4)}`, url: `${base}${path}`, events } });
  expect(r.status, JSON.stringify(r.json)).toBe(200);
  return { id: r.json.data.id, secret: r.json.data.secret };
}

async function openOrder(clientId: number): Promise<{ id: number; code: string }> {
  const center = await centerId(ctx.s.db, 'SH01');
  const src = await one(`select id from base_station where code = 'S-SH-01'`);
  const dst = await one(`select id from base_station where code = 'S-SH-02'`);
  const code = `T-NTF-${rand(8)}`;
  const id = await one(
    `insert into tms_order(dispatch_center_id, code, client_id, source_station_id, dest_station_id, status, total_weight, total_volume, total_quantity, create_by)
     values ($1, $2, $3, $4, $5, 'OPEN', 10, 0.5, 3, 'admin') returning id`,
    [center, code, clientId, src, dst],
  );
  return { id, code };
}

const hits = (path: string) => received.filter((r) => r.path === path);
const delivery = async (id: number) => (await ctx.s.db.query<Json>(`select * from ntf_delivery where id = $1`, [id])).rows[0];
const testSend = async (id: number) => {
  const r = await ctx.s.api('POST', '/api/notify/webhook/test', { token: ctx.admin, body: { id } });
  expect(r.status, JSON.stringify(r.json)).toBe(200);
  return r.json.data as { deliveryId: number; eventId: string };
};

describe('webhooks', () => {
  it('a reviewed order reaches the endpoint as signed JSON with its event id; a refused review sends nothing', async () => {
    const client = await newClient();
    const path = `/ok/${rand(6)}`;
    const hook = await newEndpoint(client, path, 'order.reviewed');
    expect(hook.secret).toMatch(/^whsec_/);
    // the secret is stored encrypted and never listed again
    const stored = (await ctx.s.db.query<{ secret_enc: string }>(`select secret_enc from ntf_webhook where id = $1`, [hook.id])).rows[0]!.secret_enc;
    expect(stored).not.toContain(hook.secret);
    const got = await call('GET', webhook, `get/${hook.id}`);
    expect(JSON.stringify(got.json)).not.toContain(hook.secret);

    const order = await openOrder(client);
    const review = await ctx.s.api('POST', '/api/order/order/review', { token: ctx.admin, body: { ids: [order.id] } });
    expect(review.status, JSON.stringify(review.json)).toBe(200);
    await expect.poll(() => hits(path).length, WAIT).toBe(1);
    const req = hits(path)[0]!;
    const sig = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(String(req.headers['x-tms-signature']))!;
    expect(sig).not.toBeNull();
    expect(Math.abs(Date.now() / 1000 - Number(sig[1]))).toBeLessThan(300);
    expect(createHmac('sha256', hook.secret).update(`${sig[1]}.${req.body}`).digest('hex')).toBe(sig[2]);
    const body = JSON.parse(req.body);
    expect(body).toMatchObject({ type: 'order.reviewed', clientId: client, data: { orderCode: order.code } });
    expect(body.id).toBe(req.headers['x-tms-event-id']);
    // the event's data, built by the database from the order and its review's waybill
    const waybill = (await ctx.s.db.query<{ code: string }>(`select code from tms_waybill where order_id = $1`, [order.id])).rows[0]!.code;
    expect(body.data).toEqual({ orderId: order.id, orderCode: order.code, waybillCode: waybill });
    expect(body.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);

    // a second review of the same order is refused (409): its transaction rolls back and nothing is sent
    const again = await openOrder(client);
    const refused = await ctx.s.api('POST', '/api/order/order/review', { token: ctx.admin, body: { ids: [again.id, order.id] } });
    expect(refused.status).toBe(409);
    const events = await ctx.s.db.query(`select 1 from ntf_event where payload->>'orderCode' = $1`, [again.code]);
    expect(events.rowCount).toBe(0);
  });

  it('a receivable statement sent to the client reaches its endpoint as statement.sent, with the amount as exact text', async () => {
    const client = await newClient();
    const path = `/statement/${rand(6)}`;
    const { secret } = await newEndpoint(client, path, 'statement.sent');
    const center = await centerId(ctx.s.db, 'SH01');
    const code = `AR-T-${rand(8)}`;
    const st = await one(
      `insert into fin_statement(dispatch_center_id, code, kind, client_id, party_id, period, period_from, period_to, line_count, charge_amount, total_amount, create_by)
       values ($1, $2, 'RECEIVABLE', $3, $3, '2026-10', '2026-10-01', '2026-10-31', 1, 1234.50, 1234.50, 'test') returning id`,
      [center, code, client],
    );
    const sent = await ctx.s.api('POST', '/api/finance/statement/send', { token: ctx.admin, body: { id: st, version: 0 } });
    expect(sent.status, JSON.stringify(sent.json)).toBe(200);
    await expect.poll(() => hits(path).length, WAIT).toBe(1);
    const req = hits(path)[0]!;
    const sig = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(String(req.headers['x-tms-signature']))!;
    expect(createHmac('sha256', secret).update(`${sig[1]}.${req.body}`).digest('hex')).toBe(sig[2]);
    expect(JSON.parse(req.body)).toMatchObject({ type: 'statement.sent', clientId: client, data: { statementCode: code, period: '2026-10', totalAmount: '1234.50', currency: 'CNY' } });
  });

  it('a 500 is retried and the event is delivered once after the receiver recovers; the log replays it with the same event id', async () => {
    const client = await newClient();
    const path = `/flaky/${rand(6)}`;
    failures.set(path, 2);
    const hook = await newEndpoint(client, path);
    const sent = await testSend(hook.id);
    await expect.poll(async () => (await delivery(sent.deliveryId)).status, WAIT).toBe('DELIVERED');
    const d = await delivery(sent.deliveryId);
    expect(d.attempts).toBe(3);
    expect(hits(path).map((h) => h.status)).toEqual([500, 500, 200]);
    expect(new Set(hits(path).map((h) => h.headers['x-tms-event-id']))).toEqual(new Set([sent.eventId]));
    // the log: every attempt, the response body truncated
    const attempts = await call('GET', getResource('notifyAttempt'), 'list', { query: { deliveryId: sent.deliveryId, pageSize: 10 } });
    expect(attempts.json.total).toBe(3);
    expect(attempts.json.rows.map((a: Json) => a.responseStatus).sort()).toEqual([200, 500, 500]);
    expect(Math.max(...attempts.json.rows.map((a: Json) => (a.responseBody ?? '').length))).toBe(2000);
    // the endpoint's run of failures ended with the success
    expect((await ctx.s.db.query<Json>(`select failure_count from ntf_webhook where id = $1`, [hook.id])).rows[0].failure_count).toBe(0);

    const replay = await ctx.s.api('POST', '/api/notify/delivery/replay', { token: ctx.admin, body: { ids: [sent.deliveryId] } });
    expect(replay.status, JSON.stringify(replay.json)).toBe(200);
    const copy = replay.json.data.deliveryIds[0];
    await expect.poll(async () => (await delivery(copy)).status, WAIT).toBe('DELIVERED');
    expect(hits(path).length).toBe(4);
    expect(hits(path)[3]!.headers['x-tms-event-id']).toBe(sent.eventId);
    expect((await delivery(copy)).replay_of).toBe(sent.deliveryId);
  });

  it('an endpoint failing 3 times in a row is disabled and the administrators are told', async () => {
    const client = await newClient();
    const path = `/down/${rand(6)}`;
    failures.set(path, -1);
    const hook = await newEndpoint(client, path);
    const sent = await testSend(hook.id);
    await expect.poll(async () => (await delivery(sent.deliveryId)).status, WAIT).toBe('FAILED');
    expect(hits(path).length).toBe(3);
    const w = (await ctx.s.db.query<Json>(`select status, failure_count, disabled_reason from ntf_webhook where id = $1`, [hook.id])).rows[0];
    expect(w).toMatchObject({ status: '1', failure_count: 3 });
    const inbox = await ctx.s.api('GET', '/api/notify/inbox', { token: ctx.admin, headers: { lang: 'en-US' } });
    expect(inbox.json.rows.some((n: Json) => n.eventType === 'webhook.disabled' && n.title.includes('disabled'))).toBe(true);
    // a disabled endpoint gets no events, and its log cannot be replayed until it is enabled again
    expect((await ctx.s.api('POST', '/api/notify/delivery/replay', { token: ctx.admin, body: { ids: [sent.deliveryId] } })).status).toBe(409);
    const enable = await ctx.s.api('POST', `/api${webhook.path}/status`, { token: ctx.admin, body: { id: hook.id, status: '0' } });
    expect(enable.status, JSON.stringify(enable.json)).toBe(200);
    expect((await ctx.s.db.query<Json>(`select failure_count from ntf_webhook where id = $1`, [hook.id])).rows[0].failure_count).toBe(0);
  });

  it('refuses private targets with the switch off, also a host name resolving to 127.0.0.1, and http unless allowed', async () => {
    const client = await newClient();
    const path = `/private/${rand(6)}`;
    const byName = await newEndpoint(client, path.replace('private', 'named'));
    await config('notify.webhook.allowPrivate', 'false');
    try {
      const literal = await call('POST', webhook, 'save', { body: { clientId: client, name: 'lit', url: `${base}${path}`, events: '*' } });
      expect(literal.status).toBe(400);
      expect(Object.keys(literal.json.errors)).toEqual(['url']);
      const mapped = await call('POST', webhook, 'save', { body: { clientId: client, name: 'v6', url: `http://[::ffff:127.0.0.1]:80/x`, events: '*' } });
      expect(mapped.status).toBe(400);
      // a name is judged by the addresses it resolves to, when sending: localhost → 127.0.0.1 is refused, not retried
      const url = `http://localhost:${new URL(base).port}${path}`;
      await ctx.s.db.query(`update ntf_webhook set url = $2 where id = $1`, [byName.id, url]);
      const sent = await testSend(byName.id);
      await expect.poll(async () => (await delivery(sent.deliveryId)).status, WAIT).toBe('FAILED');
      const d = await delivery(sent.deliveryId);
      expect(d.attempts).toBe(1);
      expect(d.error).toMatch(/refused: localhost resolves to (127\.0\.0\.1|::1)/);
      expect(hits(path).length).toBe(0);
      await config('notify.webhook.allowHttp', 'false');
      const http = await call('POST', webhook, 'save', { body: { clientId: client, name: 'http', url: 'http://example.com/hook', events: '*' } });
      expect(http.status).toBe(400);
      expect(http.json.errors.url).toBeTruthy();
    } finally {
      await config('notify.webhook.allowPrivate', 'true');
      await config('notify.webhook.allowHttp', 'true');
    }
  });
});

/** The decoded subject of a raw message (RFC 2047 B or Q words). */
function subjectOf(raw: string): string {
  const m = /^Subject: (.*(?:\r?\n[ \t].*)*)/m.exec(raw);
  const text = (m?.[1] ?? '').replace(/\r?\n[ \t]/g, ' ');
  return text
    .replace(/=\?utf-8\?([bq])\?([^?]*)\?=\s*/gi, (_, enc: string, data: string) =>
      enc.toLowerCase() === 'b' ? Buffer.from(data, 'base64').toString('utf8') : Buffer.from(data.replace(/_/g, ' ').replace(/=([0-9a-f]{2})/gi, (_x, h: string) => String.fromCharCode(parseInt(h, 16))), 'latin1').toString('utf8'),
    )
    .trim();
}

describe('e-mail and in-app', () => {
  it('sends each recipient the e-mail in its language and the subscribed user an in-app notification', async () => {
    const client = await newClient();
    const en = `en${rand(6)}@example.com`;
    const zhAddr = `zh${rand(6)}@example.com`;
    for (const body of [
      { clientId: client, channel: 'EMAIL', events: 'order.reviewed', address: en, lang: 'en-US' },
      { clientId: client, channel: 'EMAIL', events: 'order.reviewed,order.received', address: zhAddr, lang: 'zh-CN' },
      { clientId: client, channel: 'INAPP', events: '*', userId: 1, lang: 'zh-CN' },
    ]) {
      const r = await call('POST', subscription, 'save', { body });
      expect(r.status, JSON.stringify(r.json)).toBe(200);
    }
    // refused: an unknown event, an in-app subscription without a user
    const bad = await call('POST', subscription, 'save', { body: { clientId: client, channel: 'EMAIL', events: 'order.lost', address: en } });
    expect(Object.keys(bad.json.errors ?? {})).toEqual(['events']);
    expect((await call('POST', subscription, 'save', { body: { clientId: client, channel: 'INAPP', events: '*' } })).status).toBe(400);

    const order = await openOrder(client);
    expect((await ctx.s.api('POST', '/api/order/order/review', { token: ctx.admin, body: { ids: [order.id] } })).status).toBe(200);
    await expect.poll(() => mails.filter((m) => m.to === en || m.to === zhAddr).length, WAIT).toBe(2);
    expect(subjectOf(mails.find((m) => m.to === en)!.raw)).toBe(`Order ${order.code} reviewed`);
    expect(subjectOf(mails.find((m) => m.to === zhAddr)!.raw)).toBe(`订单 ${order.code} 已审核`);
    const inbox = await ctx.s.api('GET', '/api/notify/inbox', { token: ctx.admin, query: { unread: 'true' }, headers: { lang: 'en-US' } });
    const note = inbox.json.rows.find((n: Json) => n.eventType === 'order.reviewed' && n.clientId === client);
    expect(note.title).toBe(`Order ${order.code} reviewed`);
    const read = await ctx.s.api('POST', '/api/notify/inbox/read', { token: ctx.admin, body: { ids: [note.id] } });
    expect(read.json.data.changed).toBe(1);
  });

  it('keeps the SMTP password encrypted: the list, the export and the operation log show a mask; saving the mask keeps it', async () => {
    // (the e-mail test above authenticates with it: the server decrypts what it stored)
    const key = 'notify.smtp.password';
    expect((await configRow(key)).configValue).toBe('******');
    const stored = async () => (await ctx.s.db.query<{ config_value: string; value_enc: string | null }>(`select config_value, value_enc from sys_config where config_key = $1`, [key])).rows[0]!;
    const before = await stored();
    expect(before.config_value).toBe('******');
    expect(before.value_enc).toMatch(/^v1\./);
    expect(before.value_enc).not.toContain(SMTP_PASSWORD);
    const exported = await readSheet((await call('GET', configDef, 'export')).body);
    expect(JSON.stringify(exported)).not.toContain(SMTP_PASSWORD);
    const logged = await ctx.s.db.query<{ oper_param: string }>(`select oper_param from sys_oper_log where oper_param like '%notify.smtp.password%'`);
    expect(logged.rows.length).toBeGreaterThan(0);
    for (const row of logged.rows) expect(row.oper_param).not.toContain(SMTP_PASSWORD);

    // an edit of the remark sends the mask back: the password stays as it was
    const row = await configRow(key);
    expect((await call('POST', configDef, 'update', { body: { ...row, remark: `edited ${rand(4)}` } })).status).toBe(200);
    expect((await stored()).value_enc).toBe(before.value_enc);
    // the account can still send: a direct e-mail subscription receives the next event
    const client = await newClient();
    const to = `pw${rand(6)}@example.com`;
    expect((await call('POST', subscription, 'save', { body: { clientId: client, channel: 'EMAIL', events: 'order.reviewed', address: to, lang: 'en-US' } })).status).toBe(200);
    const order = await openOrder(client);
    expect((await ctx.s.api('POST', '/api/order/order/review', { token: ctx.admin, body: { ids: [order.id] } })).status).toBe(200);
    await expect.poll(() => mails.filter((m) => m.to === to).length, WAIT).toBe(1);
  });

  it('texts a subscribed mobile number through the SMS gateway in the language of the subscription, else the number of its user', async () => {
    const client = await newClient();
    const mobile = `139${String(Date.now()).slice(-8)}`;
    const userMobile = `138${String(Date.now() + 1).slice(-8)}`;
    const user = (mobileNo: string | null) =>
      one(`insert into sys_user(user_name, nick_name, password_hash, mobile, create_by) values ($1, 'sms user', 'x', $2, 'admin') returning id`, [`sms_${rand(8)}`, mobileNo]);
    const userId = await user(userMobile);
    for (const body of [
      { clientId: client, channel: 'SMS', events: 'order.reviewed', address: mobile, lang: 'en-US' },
      { clientId: client, channel: 'SMS', events: 'order.reviewed', userId, lang: 'zh-CN' },
    ]) {
      const r = await call('POST', subscription, 'save', { body });
      expect(r.status, JSON.stringify(r.json)).toBe(200);
    }
    // refused naming the field: a number that is not a mobile number; no number and a user without one
    const bad = await call('POST', subscription, 'save', { body: { clientId: client, channel: 'SMS', events: '*', address: 'not-a-number' } });
    expect(Object.keys(bad.json.errors ?? {})).toEqual(['address']);
    const none = await call('POST', subscription, 'save', { body: { clientId: client, channel: 'SMS', events: '*', userId: await user(null) } });
    expect(none.json.errors?.address).toBeTruthy();

    const order = await openOrder(client);
    expect((await ctx.s.api('POST', '/api/order/order/review', { token: ctx.admin, body: { ids: [order.id] } })).status).toBe(200);
    const texts = () => hits('/sms').map((h) => JSON.parse(h.body) as { mobile: string; purpose: string; code: string | null; content: string; requestId: string });
    await expect.poll(() => texts().filter((t) => t.mobile === mobile || t.mobile === userMobile).length, WAIT).toBe(2);
    const en = texts().find((t) => t.mobile === mobile)!;
    expect(en).toMatchObject({ purpose: 'notify', code: null });
    expect(en.content).toContain(`Order ${order.code} reviewed`);
    expect(texts().find((t) => t.mobile === userMobile)!.content).toContain(`订单 ${order.code} 已审核`);
    expect(hits('/sms').find((h) => JSON.parse(h.body).mobile === mobile)!.headers.authorization).toBe('Bearer sms-gateway-key');
    // the delivery is marked once the gateway's answer is back, a moment after the gateway got the text
    const logged = async () => (await ctx.s.db.query<{ status: string }>(`select status from ntf_delivery where channel = 'SMS' and client_id = $1`, [client])).rows.map((r) => r.status);
    await expect.poll(logged, WAIT).toEqual(['DELIVERED', 'DELIVERED']);
  });
});
