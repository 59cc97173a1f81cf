/**
 * The first-run seed's menu tree, inserted set-based (one statement claims the entries' keys, one inserts the new
 * ones): the tree as menus.ts declares it; an entry a release adds appears under its parent in its place on the next
 * start; an entry whose parent an administrator removed stays out, and so do the removed ones.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, startServer, type Json, type TestServer } from './helpers.ts';
import { seed } from '../src/modules/system/seed.ts';
import { MENU_TREE, type SeedMenu } from '../src/modules/system/menus.ts';

let s: TestServer;
let admin: string;

beforeAll(async () => {
  s = await startServer();
  admin = await s.login(ADMIN.user, ADMIN.password);
});
afterAll(async () => {
  await s?.close();
});

const ok = (r: { status: number; json: Json }) => {
  expect(r.status, JSON.stringify(r.json)).toBe(200);
  return r.json;
};
const menusUnder = async (permsPrefix: string) => ok(await s.api('GET', '/api/system/menu/list', { token: admin, query: { perms: permsPrefix, pageSize: 500 } })).rows as Json[];
/** What a release that adds the entry `id` finds: a database seeded before it (neither the entry nor its seed key). */
const beforeRelease = async (id: number) => {
  const key = (await s.db.query<{ menu_key: string }>(`select menu_key from sys_menu where id = $1`, [id])).rows[0]!.menu_key;
  await s.db.query(`delete from sys_role_menu where menu_id = $1`, [id]);
  await s.db.query(`delete from sys_menu where id = $1`, [id]);
  await s.db.query(`delete from sys_seed where key = $1`, [`menu:${key}`]);
  return key;
};

describe('the seeded menu tree', () => {
  it('is the tree menus.ts declares: each entry under its parent, in its place, ids in the tree order', async () => {
    const want: string[] = [];
    const walk = (m: SeedMenu, parent: string, order: number) => {
      want.push(`${parent} > ${m.key} #${order} ${m.type} ${m.name} ${m.path} ${m.perms ?? ''} ${m.hidden ? '1' : '0'} ${m.target ?? '_self'}`);
      (m.children ?? []).forEach((c, i) => walk(c, m.key, i + 1));
    };
    MENU_TREE.forEach((m, i) => walk(m, '', i + 1));
    const rows = await s.db.query<Record<string, string>>(
      `select coalesce(p.menu_key, '') as parent, m.menu_key, m.order_num, m.menu_type, m.menu_name, m.path, coalesce(m.perms, '') as perms, m.visible, m.target
         from sys_menu m left join sys_menu p on p.id = m.parent_id order by m.id`,
    );
    expect(rows.rows.map((r) => `${r.parent} > ${r.menu_key} #${r.order_num} ${r.menu_type} ${r.menu_name} ${r.path} ${r.perms} ${r.visible} ${r.target}`)).toEqual(want);
  });

  it('gains an entry a release adds under its parent in its place, and keeps the others as they are', async () => {
    const before = await menusUnder('system:menu:');
    const button = before.find((m) => m.menuType === 'F' && m.perms === 'system:menu:edit');
    expect(button, 'the menu page has an edit button').toBeDefined();
    await beforeRelease(button.id);
    expect((await menusUnder('system:menu:')).some((m) => m.perms === 'system:menu:edit')).toBe(false);

    await seed(s.db);
    const after = await menusUnder('system:menu:');
    const again = after.find((m) => m.perms === 'system:menu:edit');
    expect(again).toMatchObject({ parentId: button.parentId, orderNum: button.orderNum, menuName: button.menuName, menuType: 'F' });
    expect(again.id).toBeGreaterThan(Math.max(...before.map((m) => Number(m.id))));
    const others = (rows: Json[]) => rows.filter((m) => m.perms !== 'system:menu:edit').map((m) => `${m.id} ${m.parentId} ${m.orderNum} ${m.menuName}`).sort();
    expect(others(after)).toEqual(others(before));
  });

  it('leaves out an entry whose parent an administrator removed, and the removed ones', async () => {
    const page = await menusUnder('system:config:');
    expect(page.length, 'the config page and its buttons').toBeGreaterThan(1);
    ok(await s.api('POST', '/api/system/menu/remove', { token: admin, body: { ids: page.map((m) => m.id) } }));
    expect(await menusUnder('system:config:')).toEqual([]);
    // a release adds a button to that page: its key is new, its parent is gone
    await s.db.query(`delete from sys_seed where key = $1`, [`menu:${keyOf('system:config:edit')}`]);

    await seed(s.db);
    expect(await menusUnder('system:config:')).toEqual([]);
  });
});

/** The key menus.ts gives the button with these permissions. */
function keyOf(perms: string): string {
  const keys: string[] = [];
  const walk = (m: SeedMenu) => {
    if (m.perms === perms && m.type === 'F') keys.push(m.key);
    (m.children ?? []).forEach(walk);
  };
  MENU_TREE.forEach(walk);
  expect(keys, `menus.ts has one ${perms} button`).toHaveLength(1);
  return keys[0]!;
}
