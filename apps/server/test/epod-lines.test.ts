/**
 * Issue 13, "epod sign-for takes the same line twice": a report (staff sign-for registration, or the
 * driver's report — they share the code) names each line of the receipt exactly once, and accounts for what
 * was shipped: signed, signed + short, and damaged each at most the shipped quantity. Anything else is
 * refused with 400 naming the line field, in every language, and nothing is stored.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkDistributionKey, ADMIN, centerId, startServer, type Json, type TestServer } from './helpers.ts';
import { translate } from '../src/platform/i18n.ts';
import { buildShippedShipment, type Fixture } from '../src/modules/epod/demo.ts';

// every statement its servers run names its dispatch center, or is listed (docs/scale-out.md "Past one machine")
checkDistributionKey();

let s: TestServer;
let admin: string;
let sh: number;
beforeAll(async () => {
  s = await startServer();
  admin = await s.login(ADMIN.user, ADMIN.password);
  sh = await centerId(s.db, 'SH01');
});
afterAll(async () => {
  await s?.close();
});

const LANGS = ['zh-CN', 'en-US', 'en-GB', 'zh-TW'] as const;
const fixture = (): Promise<Fixture> =>
  s.db.tx((q) => buildShippedShipment(q, { dispatchCenterId: sh, waybills: [[10, 4]], now: s.clock.now(), by: { userId: 1, userName: 'admin' } }));
const detail = async (id: number) => (await s.api('GET', `/api/epod/epod/get/${id}`, { token: admin })).json.data as Json;
const times = () => ({ arrivalTime: new Date(s.clock.now().getTime() - 3600_000).toISOString(), signTime: s.clock.now().toISOString() });

interface Sender {
  name: string;
  /** sends a report of the receipt with the given lines */
  send: (id: number, lines: unknown[], lang: string) => Promise<{ status: number; json: Json }>;
}

const staff: Sender = {
  name: 'staff sign-for',
  send: async (id, lines, lang) =>
    s.api('POST', '/api/epod/epod/signFor', { token: admin, body: { id, version: (await detail(id)).version, ...times(), lines }, headers: { lang } }),
};
const driverTokens = new Map<number, string>();
const driver: Sender = {
  name: "driver's report",
  send: async (id, lines, lang) => {
    const e = await s.db.query<{ driver_id_master: number; login_name: string }>(
      `select s.driver_id_master, d.login_name from tms_epod e join tms_shipment s on s.id = e.shipment_id join base_driver d on d.id = s.driver_id_master where e.id = $1`,
      [id],
    );
    const { driver_id_master: driverId, login_name: login } = e.rows[0]!;
    if (!driverTokens.has(driverId)) {
      const r = await s.api('POST', '/api/driver/login', { body: { loginName: login, password: 'driver123' } });
      expect(r.status, JSON.stringify(r.json)).toBe(200);
      driverTokens.set(driverId, r.json.data.token);
    }
    return s.api('POST', `/api/driver/epods/${id}/report`, { token: driverTokens.get(driverId)!, body: { ...times(), lines }, headers: { lang } });
  },
};

const stored = async (id: number) =>
  (await s.db.query<{ signed_quantity: number | null; shortage: number }>('select signed_quantity, shortage from tms_epod_line where epod_id = $1 order by pos_no', [id])).rows;

for (const sender of [staff, driver]) {
  describe(sender.name, () => {
    it('refuses a line given twice (400 naming the repeated entry) and stores nothing', async () => {
      const f = await fixture();
      const id = f.epods[0]!.id;
      const [a, b] = (await detail(id)).lines as Json[];
      const lines = [
        { lineId: a.id, signedQuantity: 10 },
        { lineId: b.id, signedQuantity: 4 },
        { lineId: a.id, signedQuantity: 999, shortage: 5 },
      ];
      for (const lang of LANGS) {
        const r = await sender.send(id, lines, lang);
        expect(r.status, JSON.stringify(r.json)).toBe(400);
        expect(Object.keys(r.json.errors)).toEqual(['lines.2.lineId']);
        expect(r.json.msg).toBe(translate(lang, 'messages.epod.lineTwice', { lineId: a.id }));
      }
      expect(await stored(id)).toEqual([
        { signed_quantity: null, shortage: 0 },
        { signed_quantity: null, shortage: 0 },
      ]);
      expect((await detail(id)).status).toBe('PENDING');
    });

    it('refuses signing more than was shipped, and signed + short or damaged beyond it; accepts up to it', async () => {
      const f = await fixture();
      const id = f.epods[0]!.id;
      const [a, b] = (await detail(id)).lines as Json[];
      expect([a.shippedQuantity, b.shippedQuantity]).toEqual([10, 4]);
      const cases: [Record<string, number>, string][] = [
        [{ signedQuantity: 999 }, 'signedQuantity'],
        [{ signedQuantity: 11 }, 'signedQuantity'],
        [{ signedQuantity: 8, shortage: 3 }, 'shortage'],
        [{ signedQuantity: 10, damage: 11 }, 'damage'],
      ];
      for (const [line, field] of cases) {
        for (const lang of LANGS) {
          const r = await sender.send(id, [{ lineId: b.id, signedQuantity: 4 }, { lineId: a.id, ...line }], lang);
          expect(r.status, `${JSON.stringify(line)} ${JSON.stringify(r.json)}`).toBe(400);
          expect(Object.keys(r.json.errors)).toEqual([`lines.1.${field}`]);
          expect(r.json.msg).toBe(translate(lang, 'messages.epod.overShipped', { shipped: 10 }));
        }
      }
      expect((await detail(id)).status).toBe('PENDING');
      // exactly what was shipped, with the rest short: accepted and abnormal
      const r = await sender.send(id, [{ lineId: a.id, signedQuantity: 8, shortage: 2, damage: 1 }, { lineId: b.id, signedQuantity: 4 }], 'en-US');
      expect(r.status, JSON.stringify(r.json)).toBe(200);
      const e = await detail(id);
      expect([e.status, e.isAbnormal]).toEqual(['REPORTED', true]);
      expect(await stored(id)).toEqual([
        { signed_quantity: 8, shortage: 2 },
        { signed_quantity: 4, shortage: 0 },
      ]);
    });
  });
}
