/** What the signed-in shell needs: user info, menus, dispatch centers, envelopes, alerts, app info, own password. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MenuRecord } from '@tms/domain';
import { ADMIN, centerId, createUser, startServer, type TestServer } from './helpers.ts';

let s: TestServer;
let admin: string;
beforeAll(async () => {
  s = await startServer();
  admin = await s.login(ADMIN.user, ADMIN.password);
});
afterAll(async () => {
  await s?.close();
});

function walk(list: MenuRecord[], fn: (m: MenuRecord) => void) {
  for (const m of list) {
    fn(m);
    walk(m.children ?? [], fn);
  }
}

describe('user info', () => {
  it('has the shape of the contract', async () => {
    const r = await s.api('GET', '/api/system/user/info', { token: admin });
    expect(r.status).toBe(200);
    const d = r.json.data;
    expect(d).toMatchObject({ id: expect.any(Number), userName: 'admin', avatar: '/avatar2.jpg', roles: ['admin'] });
    expect(typeof d.roleIds).toBe('string');
    expect(d.roleIds.split(',').every((x: string) => /^\d+$/.test(x))).toBe(true);
    expect(Array.isArray(d.buttons)).toBe(true);
    expect(d.buttons).toContain('system:config:add');
    expect(d.permissions).toEqual(expect.arrayContaining([{ permissionId: 'system:config', actionList: expect.arrayContaining(['query', 'add', 'edit', 'delete']) }]));
    for (const p of d.permissions) {
      expect(typeof p.permissionId).toBe('string');
      expect(Array.isArray(p.actionList)).toBe(true);
    }
    expect(typeof d.sysUserProfile.dateStyle).toBe('string');
    expect(d.dispatchCenterId).toBe(await centerId(s.db, 'SH01'));
    expect(JSON.stringify(d)).not.toMatch(/password|argon2/i);
  });

  it('a limited user carries only their buttons', async () => {
    const u = await createUser(s.db, { perms: ['system:config:query', 'system:config:export'] });
    const token = await s.login(u.userName, u.password);
    const d = (await s.api('GET', '/api/system/user/info', { token })).json.data;
    expect(d.buttons).toEqual(['system:config:export', 'system:config:query']);
    expect(d.permissions).toEqual([{ permissionId: 'system:config', actionList: ['export', 'query'] }]);
    expect(d.roleIds).toBe(String(u.roleId));
    expect(d.roles).toEqual([`r_${u.userName}`]);
  });
});

describe('menu tree', () => {
  it('admin: records of spec §3, buttons not in the tree', async () => {
    const r = await s.api('GET', '/api/system/menu/user', { token: admin });
    expect(r.status).toBe(200);
    const tree = r.json.data as MenuRecord[];
    expect(tree.length).toBeGreaterThan(3);
    const keys: string[] = [];
    walk(tree, (m) => {
      keys.push(m.menuKey);
      expect(m).toMatchObject({
        id: expect.any(Number),
        parentId: expect.any(Number),
        menuName: expect.any(String),
        menuKey: expect.any(String),
        path: expect.any(String),
        visible: expect.stringMatching(/^[01]$/),
        orderNum: expect.any(Number),
      });
      expect(['M', 'C']).toContain(m.menuType);
      expect(m.menuKey.length).toBeGreaterThan(0);
      expect(Array.isArray(m.children)).toBe(true);
      for (const c of m.children!) expect(c.parentId).toBe(m.id);
    });
    expect(keys).toContain('system');
    expect(keys).toContain('systemConfig');
    for (const root of tree) expect(root.parentId).toBe(0);
    // siblings come in their order
    walk(tree, (m) => {
      const o = m.children!.map((c) => c.orderNum);
      expect(o).toEqual([...o].sort((a, b) => a - b));
    });
  });

  it('a limited user: only granted menus; a catalogue with nothing granted under it is absent', async () => {
    const u = await createUser(s.db, { menuKeys: ['system', 'systemDict', 'monitor'] });
    const token = await s.login(u.userName, u.password);
    const tree = (await s.api('GET', '/api/system/menu/user', { token })).json.data as MenuRecord[];
    expect(tree.map((m) => m.menuKey)).toEqual(['system']);
    expect(tree[0]!.children!.map((m) => m.menuKey)).toEqual(['systemDict']);
  });
});

describe('dispatch centers', () => {
  it('lists the user’s centers and switches the session’s center', async () => {
    const u = await createUser(s.db, { centers: ['SH01', 'BJ01'] });
    const token = await s.login(u.userName, u.password);
    const list = await s.api('GET', '/api/system/dispatchCenter/listByUser', { token });
    expect(list.status).toBe(200);
    expect(list.json.data.map((d: { code: string }) => d.code)).toEqual(['SH01', 'BJ01']);
    expect(list.json.data[0]).toMatchObject({ uuid: expect.any(Number), id: expect.any(Number), code: 'SH01', name: expect.any(String), isDefault: '1' });
    const bj = await centerId(s.db, 'BJ01');
    const sw = await s.api('GET', '/api/system/user/updateUserRights', { token, query: { dispatchCenterId: bj } });
    expect(sw.status).toBe(200);
    expect((await s.api('GET', '/api/system/user/info', { token })).json.data.dispatchCenterId).toBe(bj);
    // a center the user is not assigned to
    const gz = await centerId(s.db, 'GZ01');
    const no = await s.api('GET', '/api/system/user/updateUserRights', { token, query: { dispatchCenterId: gz } });
    expect(no.status).toBe(403);
    expect(no.json.code).toBe(403);
    expect((await s.api('GET', '/api/system/user/info', { token })).json.data.dispatchCenterId).toBe(bj);
    expect((await s.api('GET', '/api/system/user/updateUserRights', { token, query: { dispatchCenterId: 'abc' } })).status).toBe(400);
  });
});

describe('envelopes', () => {
  it('401 without a token, 403 without the permission, 404 outside the data', async () => {
    const a = await s.api('GET', '/api/system/config/list');
    expect(a.status).toBe(401);
    expect(a.json).toMatchObject({ code: 401, msg: expect.any(String) });
    const u = await createUser(s.db);
    const token = await s.login(u.userName, u.password);
    const f = await s.api('GET', '/api/system/config/list', { token });
    expect(f.status).toBe(403);
    expect(f.json).toMatchObject({ code: 403, msg: expect.any(String) });
    const n = await s.api('GET', '/api/system/config/get/987654321', { token: admin });
    expect(n.status).toBe(404);
    expect(n.json).toMatchObject({ code: 404, msg: expect.any(String) });
    const bad = await s.api('GET', '/api/bogus/route', { token: admin });
    expect(bad.status).toBe(404);
    expect(bad.json).toMatchObject({ code: 404, msg: '接口不存在' });
    const bad2 = await s.api('POST', '/api/bogus', { query: { lang: 'en-US' }, headers: { lang: 'en-US' } });
    expect(bad2.status).toBe(404);
    expect(bad2.json).toMatchObject({ code: 404, msg: 'No such API' });
  });

  it('success envelopes: data and paged rows', async () => {
    const one = await s.api('GET', '/api/system/user/info', { token: admin });
    expect(one.json).toMatchObject({ code: 0, msg: '操作成功', data: expect.any(Object) });
    const pageR = await s.api('GET', '/api/system/config/list', { token: admin, query: { pageNum: 1, pageSize: 2 } });
    expect(pageR.json).toMatchObject({ code: 0, rows: expect.any(Array), total: expect.any(Number) });
    expect(pageR.json.rows.length).toBe(2);
    expect(pageR.json.total).toBeGreaterThanOrEqual(4);
  });

  it('health answers without a token', async () => {
    const r = await s.api('GET', '/api/health');
    expect(r.status).toBe(200);
    expect(r.json.code).toBe(0);
  });
});

describe('alerts', () => {
  it('getAlert returns the NEW alerts of the current center only', async () => {
    const sh = await centerId(s.db, 'SH01');
    const bj = await centerId(s.db, 'BJ01');
    await s.db.query(`insert into shipment_alert(dispatch_center_id, alert_content, create_by) values ($1, 'BJ only alert', 'test')`, [bj]);
    const r = await s.api('GET', '/api/shipment/shipmentAlert/getAlert', { token: admin });
    expect(r.status).toBe(200);
    const seeded = (await s.db.query<{ id: number }>(`select id from shipment_alert where dispatch_center_id = $1 and status = 'NEW' order by id desc`, [sh])).rows.map((x) => x.id);
    expect(seeded.length).toBeGreaterThanOrEqual(2);
    expect(r.json.data.map((a: { id: number }) => a.id)).toEqual(seeded);
    expect(r.json.data[0]).toMatchObject({ id: expect.any(Number), alertContent: expect.any(String), status: 'NEW' });
    expect(r.json.data.some((a: { alertContent: string }) => a.alertContent === 'BJ only alert')).toBe(false);

    // another session of the same user in BJ01 sees BJ01's alerts
    const other = await s.login(ADMIN.user, ADMIN.password);
    await s.api('GET', '/api/system/user/updateUserRights', { token: other, query: { dispatchCenterId: bj } });
    const b = await s.api('GET', '/api/shipment/shipmentAlert/getAlert', { token: other });
    expect(b.json.data.map((a: { alertContent: string }) => a.alertContent)).toEqual(['BJ only alert']);
  });

  it('deal: validation, success, second deal → 409', async () => {
    const list = (await s.api('GET', '/api/shipment/shipmentAlert/getAlert', { token: admin })).json.data as { id: number }[];
    const id = list[0]!.id;
    const deal = (body: Record<string, unknown>, lang?: string) =>
      s.api('POST', '/api/shipment/shipmentAlert/deal', { token: admin, body: { id, ...body }, headers: lang ? { lang } : {} });

    const noReason = await deal({ alertRemark: 'called the driver' });
    expect(noReason.status).toBe(400);
    expect(noReason.json.msg).toBe('必填！');
    expect(noReason.json.errors.alertReason).toBe('必填！');
    expect((await deal({ alertRemark: 'x' }, 'en-US')).json.msg).toBe('必填！');

    const long = await deal({ alertReason: 'TRAFFIC', alertRemark: 'x'.repeat(801) });
    expect(long.status).toBe(400);
    expect(long.json.msg).toBe('超出长度');
    expect(long.json.errors.alertRemark).toBe('超出长度');

    const badReason = await deal({ alertReason: 'NOT_A_REASON', alertRemark: 'ok' });
    expect(badReason.status).toBe(400);
    expect(badReason.json.errors.alertReason).toBeTruthy();

    const okR = await deal({ alertReason: 'TRAFFIC', alertRemark: 'x'.repeat(800) });
    expect(okR.status).toBe(200);
    const after = (await s.api('GET', '/api/shipment/shipmentAlert/getAlert', { token: admin })).json.data as { id: number }[];
    expect(after.some((a) => a.id === id)).toBe(false);
    const row = (await s.db.query<{ status: string; alert_reason: string; handle_by: string }>(`select status, alert_reason, handle_by from shipment_alert where id = $1`, [id])).rows[0]!;
    expect(row).toEqual({ status: 'HANDLED', alert_reason: 'TRAFFIC', handle_by: 'admin' });

    const again = await deal({ alertReason: 'TRAFFIC', alertRemark: 'again' });
    expect(again.status).toBe(409);
    expect(again.json.code).toBe(409);
  });

  it('an alert of another center is 404', async () => {
    const bj = await centerId(s.db, 'BJ01');
    const r = await s.db.query<{ id: number }>(`insert into shipment_alert(dispatch_center_id, alert_content, create_by) values ($1, 'elsewhere', 'test') returning id`, [bj]);
    const d = await s.api('POST', '/api/shipment/shipmentAlert/deal', { token: admin, body: { id: r.rows[0]!.id, alertReason: 'TRAFFIC', alertRemark: 'x' } });
    expect(d.status).toBe(404);
  });

  it('needs the alert permissions', async () => {
    const u = await createUser(s.db, { perms: ['shipment:alert:query'] });
    const token = await s.login(u.userName, u.password);
    expect((await s.api('GET', '/api/shipment/shipmentAlert/getAlert', { token })).status).toBe(200);
    expect((await s.api('POST', '/api/shipment/shipmentAlert/deal', { token, body: { id: 1, alertReason: 'TRAFFIC', alertRemark: 'x' } })).status).toBe(403);
  });
});

describe('app info and own profile', () => {
  it('getLatestAppInfo lists the latest version per type', async () => {
    const r = await s.api('GET', '/api/shipment/appInfo/getLatestAppInfo', { token: admin });
    expect(r.status).toBe(200);
    expect(r.json.data.map((a: { type: string }) => a.type).sort()).toEqual(['android', 'ios']);
    expect(r.json.data[0]).toMatchObject({ versionName: expect.any(String), downloadUrl: expect.any(String) });
  });

  it('updatePwd: 6–16 characters, the old password checked, other sessions end', async () => {
    const u = await createUser(s.db, { password: 'start123' });
    const token = await s.login(u.userName, u.password);
    const second = await s.login(u.userName, u.password);
    const pwd = (body: Record<string, unknown>) => s.api('POST', '/api/system/user/profile/updatePwd', { token, body });
    const short = await pwd({ oldPassword: 'start123', newPassword: '12345' });
    expect(short.status).toBe(400);
    expect(short.json.errors.newPassword).toBeTruthy();
    expect((await pwd({ oldPassword: 'start123', newPassword: 'x'.repeat(17) })).status).toBe(400);
    expect((await pwd({ oldPassword: 'wrong123', newPassword: 'newpass1' })).status).toBe(400);
    expect((await pwd({ oldPassword: 'start123', newPassword: '123456' })).status).toBe(200);
    expect((await s.api('GET', '/api/system/user/info', { token })).status).toBe(200);
    expect((await s.api('GET', '/api/system/user/info', { token: second })).status).toBe(401);
    await s.login(u.userName, '123456');
    const old = await s.api('POST', '/api/auth/login', { body: { username: u.userName, password: 'start123' } });
    expect(old.status).toBe(401);
  });

  it('profile update validates and saves', async () => {
    const u = await createUser(s.db);
    const token = await s.login(u.userName, u.password);
    const bad = await s.api('POST', '/api/system/user/profile/update', { token, body: { nickName: '', email: 'nope', mobile: '0123' } });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.json.errors).sort()).toEqual(['email', 'mobile', 'nickName']);
    const good = await s.api('POST', '/api/system/user/profile/update', { token, body: { nickName: 'Tester', email: 'a@b.cn', mobile: '13800138000', dateStyle: 'YYYY/MM/DD HH:mm' } });
    expect(good.status).toBe(200);
    const d = (await s.api('GET', '/api/system/user/info', { token })).json.data;
    expect(d).toMatchObject({ nickName: 'Tester', email: 'a@b.cn', mobile: '13800138000', sysUserProfile: { dateStyle: 'YYYY/MM/DD HH:mm' } });
  });
});
