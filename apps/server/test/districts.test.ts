/**
 * The province → city → area cascader's route (GET /api/system/districts/children): each level's
 * districts with their depth and whether they have children, for any signed-in user (address forms).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, createUser, startServer, type Json, type TestServer } from './helpers.ts';

let s: TestServer;
let admin: string;
beforeAll(async () => {
  s = await startServer();
  admin = await s.login(ADMIN.user, ADMIN.password);
});
afterAll(async () => {
  await s?.close();
});

async function children(parentId: number | string | undefined, token = admin): Promise<Json[]> {
  const r = await s.api('GET', '/api/system/districts/children', { token, query: { parentId } });
  expect(r.status).toBe(200);
  return r.json.data;
}
const byName = (list: Json[], name: string): Json => {
  const hit = list.find((d) => d.name === name);
  if (!hit) throw new Error(`no district ${name} in ${list.map((d) => d.name).join(', ')}`);
  return hit;
};

describe('district children', () => {
  it('lists the provinces at the top (parent 0, also when no parent is given), each with children', async () => {
    const provinces = await children(0);
    expect(provinces.map((d) => d.name)).toEqual(['上海市', '北京市', '广东省', '江苏省', '浙江省']);
    for (const p of provinces) {
      expect(Object.keys(p).sort()).toEqual(['depth', 'hasChildren', 'id', 'name']);
      expect(p).toMatchObject({ id: expect.any(Number), depth: 1, hasChildren: true });
    }
    expect(provinces.map((d) => d.id)).toEqual([...provinces.map((d) => d.id)].sort((a, b) => a - b));
    expect(await children(undefined)).toEqual(provinces);
  });

  it('goes province → city → area: depths 2 and 3, cities with children, areas without', async () => {
    const guangdong = byName(await children(0), '广东省');
    const cities = await children(guangdong.id);
    expect(cities.map((d) => d.name)).toEqual(['广州市', '深圳市']);
    expect(cities.every((c) => c.depth === 2 && c.hasChildren === true)).toBe(true);

    const areas = await children(byName(cities, '广州市').id);
    expect(areas.map((d) => d.name)).toEqual(['天河区', '白云区']);
    expect(areas.every((a) => a.depth === 3 && a.hasChildren === false)).toBe(true);
    expect(await children(areas[0].id)).toEqual([]);
    // a parent that does not exist has no children
    expect(await children(2_000_000_000)).toEqual([]);
  });

  it('follows the district records: a street added under an area makes the area a parent, removing it makes it a leaf again', async () => {
    const shanghai = byName(await children(0), '上海市');
    const city = byName(await children(shanghai.id), '上海市');
    const pudong = byName(await children(city.id), '浦东新区');
    expect(pudong.hasChildren).toBe(false);

    const saved = await s.api('POST', '/api/system/districts/save', { token: admin, body: { parentId: pudong.id, depth: 4, name: '陆家嘴街道', pinyin: 'lujiazuijiedao', pinyinShort: 'LJZ' } });
    expect(saved.status).toBe(200);
    const streetId = saved.json.data.id as number;
    expect(byName(await children(city.id), '浦东新区').hasChildren).toBe(true);
    expect(await children(pudong.id)).toEqual([{ id: streetId, name: '陆家嘴街道', depth: 4, hasChildren: false }]);

    const removed = await s.api('POST', '/api/system/districts/remove', { token: admin, query: { ids: streetId } });
    expect(removed.status).toBe(200);
    expect(await children(pudong.id)).toEqual([]);
    expect(byName(await children(city.id), '浦东新区').hasChildren).toBe(false);
  });

  it('answers any signed-in user (address forms use it) and nobody else', async () => {
    const u = await createUser(s.db, { perms: [] });
    const token = await s.login(u.userName, u.password);
    expect((await children(0, token)).map((d) => d.name)).toEqual((await children(0)).map((d) => d.name));
    const anonymous = await s.api('GET', '/api/system/districts/children', { query: { parentId: 0 } });
    expect(anonymous.status).toBe(401);
  });

  it('refuses a parent that is not a whole number ≥ 0 with 400', async () => {
    for (const parentId of ['abc', '-1', '1.5']) {
      const r = await s.api('GET', '/api/system/districts/children', { token: admin, query: { parentId } });
      expect(r.status, parentId).toBe(400);
      expect(Object.keys(r.json.errors)).toEqual(['parentId']);
    }
  });
});
