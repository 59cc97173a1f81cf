/**
 * Exports need the export permission (issue 13): every route that downloads rows as a file is guarded by an
 * `…:export` button, the report exports included; a role holding every query permission and no export button
 * reads the reports but downloads none of them. The seeded menus carry the export buttons (the administrator and
 * the dispatcher keep exporting, the read-only role does not).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPORTS, REPORT_NAMES } from '@tms/domain';
import { ADMIN, createUser, startServer, type TestServer } from './helpers.ts';

let s: TestServer;
let admin: string;
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

beforeAll(async () => {
  s = await startServer();
  admin = await s.login(ADMIN.user, ADMIN.password);
});
afterAll(async () => {
  await s?.close();
});

const period = { from: '2030-01-01', to: '2030-01-31', tz: 'UTC' };

describe('exports', () => {
  it('every export route asks for an export permission', () => {
    const exports = s.app.routeTable.filter((r) => r.method === 'GET' && /\/export$/.test(r.url));
    expect(exports.map((r) => r.url)).toEqual(expect.arrayContaining(REPORT_NAMES.map((n) => `/api/reports/${n}/export`)));
    // a client user of the portal (issue 17) reads and exports its own clients' orders: one portal permission, no roles
    for (const r of exports) if (!r.permission.startsWith('portal:')) expect(r.permission, r.url).toMatch(/:export$/);
  });

  it('the seeded menus carry a button for each report export, under the report page', async () => {
    for (const name of REPORT_NAMES) {
      const r = await s.db.query<{ parent_perms: string }>(
        `select p.perms as parent_perms from sys_menu m join sys_menu p on p.id = m.parent_id where m.perms = $1 and m.menu_type = 'F'`,
        [REPORTS[name].exportPermission],
      );
      expect(r.rows.map((x) => x.parent_perms), name).toEqual([REPORTS[name].permission]);
    }
  });

  it('a role holding every query permission reads the reports and downloads none; the export button opens the download', async () => {
    const queryOnly = await createUser(s.db, { perms: (await s.db.query<{ perms: string }>(`select distinct perms from sys_menu where perms like '%:query'`)).rows.map((x) => x.perms) });
    const exporter = await createUser(s.db, { perms: REPORT_NAMES.flatMap((n) => [REPORTS[n].permission, REPORTS[n].exportPermission]) });
    const q = await s.login(queryOnly.userName, queryOnly.password);
    const e = await s.login(exporter.userName, exporter.password);
    // the seeded roles: the read-only one is refused, the dispatcher and the administrator download
    const viewer = await createUser(s.db, { role: false });
    await s.db.query(`insert into sys_user_role(user_id, role_id) select $1, id from sys_role where role_key = 'viewer'`, [viewer.id]);
    const v = await s.login(viewer.userName, viewer.password);
    const dispatcher = await s.login('dispatcher', 'dispatcher123');
    for (const name of REPORT_NAMES) {
      const path = `/api/reports/${name}/export`;
      expect((await s.api('GET', `/api/reports/${name}/data`, { token: q, query: period })).status, `${name} data`).toBe(200);
      for (const [who, token] of [['query only', q], ['viewer', v]] as const) {
        const r = await s.api('GET', path, { token, query: period });
        expect(r.status, `${name} export by ${who}`).toBe(403);
        expect(r.headers.get('content-type'), `${name} export by ${who}`).not.toContain(XLSX);
      }
      // the margin report is money: a finance role's, not the dispatcher's (seed)
      if (name === 'margin') expect((await s.api('GET', path, { token: dispatcher, query: period })).status, 'margin export by dispatcher').toBe(403);
      for (const [who, token] of [['exporter', e], ...(name === 'margin' ? [] : [['dispatcher', dispatcher] as const]), ['admin', admin]] as const) {
        const r = await s.api('GET', path, { token, query: period });
        expect(r.status, `${name} export by ${who}`).toBe(200);
        expect(r.headers.get('content-type')).toContain(XLSX);
      }
    }
  });
});
