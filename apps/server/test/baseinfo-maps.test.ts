/**
 * Issue 4 beyond the generic suites: map settings, zone shapes and station e-fences (validation, optimistic
 * lock, round trip), imports that obey the time-window rules and name references by code, item codes unique
 * across clients, one default print template per type.
 */
import { describe, expect, it } from 'vitest';
import { getResource } from '@tms/domain';
import { createUser, type Json } from './helpers.ts';
import { call, ctx, saveSample, labelOf, sample, upload, useServer, workbook, zh } from './resource-kit.ts';

useServer();

const zone = getResource('zone');
const station = getResource('station');
const item = getResource('item');
const timeWindow = getResource('timeWindow');
const extraWindow = getResource('extraWindow');
const printTemplate = getResource('printTemplate');

const save = saveSample;
const post = (path: string, body: unknown) => ctx.s.api('POST', `/api${path}`, { token: ctx.admin, body });
const square = (lng: number, lat: number, d = 0.05) => ({
  type: 'Polygon',
  coordinates: [
    [
      [lng, lat],
      [lng + d, lat],
      [lng + d, lat + d],
      [lng, lat + d],
      [lng, lat],
    ],
  ],
});
const headersOf = (name: string, fields: string[]) => {
  const def = getResource(name);
  return fields.map((f) => labelOf(def, def.fields.find((x) => x.name === f)!, 'zh-CN')!);
};

describe('map settings', () => {
  it('gives the configured tile source to every signed-in user; "none" switches tiles off', async () => {
    const u = await createUser(ctx.s.db, { perms: [] });
    const token = await ctx.s.login(u.userName, u.password);
    const r = await ctx.s.api('GET', '/api/baseinfo/map/config', { token });
    expect(r.status).toBe(200);
    expect(r.json.data.tileUrl).toBe('https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png');
    expect(r.json.data.attribution).toContain('OpenStreetMap');
    expect((await ctx.s.api('GET', '/api/baseinfo/map/config')).status).toBe(401);

    await ctx.s.db.query(`update sys_config set config_value = 'none' where config_key = 'sys.map.tileUrl'`);
    expect((await ctx.s.api('GET', '/api/baseinfo/map/config', { token })).json.data.tileUrl).toBe('');
    await ctx.s.db.query(`update sys_config set config_value = 'https://tiles.example.com/{z}/{x}/{y}.png' where config_key = 'sys.map.tileUrl'`);
    expect((await ctx.s.api('GET', '/api/baseinfo/map/config', { token })).json.data.tileUrl).toBe('https://tiles.example.com/{z}/{x}/{y}.png');
  });
});

describe('zone shapes', () => {
  it('saves a polygon, reads it back, replaces it with a circle and clears it (optimistic lock)', async () => {
    const z = await save('zone', {});
    const poly = await post('/baseinfo/zone/shape', { id: z.id, version: 0, shapeType: 'POLYGON', geometry: square(121.4, 31.2) });
    expect(poly.status, JSON.stringify(poly.json)).toBe(200);
    const got = (await call('GET', zone, `get/${z.id}`)).json.data;
    expect(got).toMatchObject({ shapeType: 'POLYGON', version: 1, geometry: square(121.4, 31.2), radius: null });

    const stale = await post('/baseinfo/zone/shape', { id: z.id, version: 0, shapeType: null });
    expect(stale.status).toBe(409);
    expect(stale.json.msg).toBe(zh('messages.conflictVersion'));

    const circle = await post('/baseinfo/zone/shape', { id: z.id, version: 1, shapeType: 'CIRCLE', centerLongitude: 121.47, centerLatitude: 31.23, radius: 12.5 });
    expect(circle.status).toBe(200);
    expect(circle.json.data).toMatchObject({ shapeType: 'CIRCLE', geometry: null, centerLongitude: 121.47, centerLatitude: 31.23, radius: 12.5 });

    const cleared = await post('/baseinfo/zone/shape', { id: z.id, version: 2, shapeType: null });
    expect(cleared.json.data).toMatchObject({ shapeType: null, geometry: null, radius: null });
    // the generic update leaves the shape alone (it is not a form field)
    expect((await call('GET', zone, 'list', { query: { code: z.code } })).json.rows[0].shapeType).toBeNull();
  });

  it('refuses broken shapes with the reason under the field', async () => {
    const z = await save('zone', {});
    const open = square(121.4, 31.2);
    open.coordinates[0]!.pop();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ shapeType: 'POLYGON', geometry: open }, 'geometry', 'validation.polygon'],
      [{ shapeType: 'POLYGON', geometry: { type: 'Polygon', coordinates: [[[1, 1], [1, 1], [2, 2], [1, 1]]] } }, 'geometry', 'validation.polygon'],
      [{ shapeType: 'POLYGON', geometry: square(200, 31) }, 'geometry', 'validation.invalid'],
      [{ shapeType: 'CIRCLE', centerLongitude: 121, centerLatitude: 31, radius: 0 }, 'radius', 'validation.circle'],
      [{ shapeType: 'CIRCLE', centerLongitude: 121, centerLatitude: 31, radius: 5000 }, 'radius', 'validation.max'],
      [{ shapeType: 'TRIANGLE' }, 'shapeType', 'validation.invalid'],
    ];
    for (const [body, field, key] of cases) {
      const r = await post('/baseinfo/zone/shape', { id: z.id, version: 0, ...body });
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.json.errors[field], JSON.stringify(r.json)).toBe(zh(key, { max: 500, maxValue: 1000 }));
    }
    expect((await post('/baseinfo/zone/shape', { id: 987654321, version: 0, shapeType: null })).status).toBe(404);
  });

  it('needs the zone edit permission and the zone in the caller data groups', async () => {
    const a = await save('zone', {});
    const b = await save('zone', {});
    const g = await call('POST', getResource('dataGroup'), 'save', { body: { code: `G_${a.id}`, name: 'zone A only' } });
    await ctx.s.api('POST', '/api/system/dataGroup/bind', { token: ctx.admin, body: { id: g.json.data.id, targetType: 'ZONE', targetIds: [a.id] } });
    const u = await createUser(ctx.s.db, { perms: ['baseinfo:zone:query', 'baseinfo:zone:edit'] });
    await ctx.s.db.query(`insert into sys_user_data_group(user_id, data_group_id) values ($1,$2)`, [u.id, g.json.data.id]);
    const token = await ctx.s.login(u.userName, u.password);
    const body = (id: number) => ({ id, version: 0, shapeType: 'CIRCLE', centerLongitude: 121, centerLatitude: 31, radius: 1 });
    expect((await ctx.s.api('POST', '/api/baseinfo/zone/shape', { token, body: body(a.id) })).status).toBe(200);
    expect((await ctx.s.api('POST', '/api/baseinfo/zone/shape', { token, body: body(b.id) })).status).toBe(404);
    const viewer = await createUser(ctx.s.db, { perms: ['baseinfo:zone:query'] });
    expect((await ctx.s.api('POST', '/api/baseinfo/zone/shape', { token: await ctx.s.login(viewer.userName, viewer.password), body: body(b.id) })).status).toBe(403);
  });
});

describe('station e-fence', () => {
  it('a circle of the fence distance around the station, or a polygon', async () => {
    const st = await save('station', { longitude: null, latitude: null });
    expect(st.fenceType).toBe('CIRCLE');
    const circle = await post('/baseinfo/station/fence', { id: st.id, version: 0, longitude: 121.5447, latitude: 31.2304, fenceType: 'CIRCLE', fenceDistance: 0.8 });
    expect(circle.status, JSON.stringify(circle.json)).toBe(200);
    expect(circle.json.data).toMatchObject({ fenceType: 'CIRCLE', fenceDistance: 0.8, longitude: 121.5447, latitude: 31.2304, fenceGeometry: null });

    const poly = await post('/baseinfo/station/fence', { id: st.id, version: 1, longitude: 121.5447, latitude: 31.2304, fenceType: 'POLYGON', fenceGeometry: square(121.54, 31.22, 0.02) });
    expect(poly.status).toBe(200);
    const detail = (await ctx.s.api('GET', `/api/baseinfo/station/detail/${st.id}`, { token: ctx.admin })).json.data.station;
    expect(detail).toMatchObject({ fenceType: 'POLYGON', fenceGeometry: square(121.54, 31.22, 0.02), fenceDistance: 0.8 });

    const noRadius = await post('/baseinfo/station/fence', { id: st.id, version: 2, longitude: 121.5, latitude: 31.2, fenceType: 'CIRCLE' });
    expect(noRadius.status).toBe(400);
    expect(noRadius.json.errors.fenceDistance).toBe(zh('validation.circle'));
    const noPoint = await post('/baseinfo/station/fence', { id: st.id, version: 2, fenceType: 'POLYGON', fenceGeometry: square(121.54, 31.22) });
    expect(noPoint.status).toBe(400);
    expect(Object.keys(noPoint.json.errors).sort()).toEqual(['latitude', 'longitude']);
  });
});

describe('import', () => {
  it('imported time windows obey the overlap rules, against the station and inside the file', async () => {
    const st = await save('station', {});
    await save('timeWindow', { stationId: st.id, weekday: 1, startTime: '08:00', endTime: '10:00' });
    const headers = headersOf('timeWindow', ['stationId', 'weekday', 'startTime', 'endTime']);
    const rows = [
      [st.code, 1, '09:00', '11:00'], // overlaps the stored window
      [st.code, 2, '08:00', '12:00'],
      [st.code, 2, '11:00', '13:00'], // overlaps the row above
      [st.code, 3, '14:00', '13:00'], // ends before it starts
      [st.code, 4, '10:00', '12:00'],
    ];
    const preview = await call('POST', timeWindow, 'import', { body: upload(await workbook(headers, rows)) });
    expect(preview.status, JSON.stringify(preview.json)).toBe(200);
    const p = preview.json.data;
    expect(p).toMatchObject({ total: 5, errors: 3, committed: false });
    expect(p.rows[0].errors.startTime).toBe(zh('messages.windowOverlap', { start: '08:00', end: '10:00' }));
    expect(p.rows[1].errors).toEqual({});
    expect(p.rows[2].errors.startTime).toBe(zh('messages.windowOverlap', { start: '08:00', end: '12:00' }));
    expect(p.rows[3].errors.endTime).toBe(zh('messages.windowOrder'));
    // the preview wrote nothing
    expect((await ctx.s.db.query(`select 1 from base_time_window where station_id = $1`, [st.id])).rows).toHaveLength(1);

    const refused = await call('POST', timeWindow, 'import', { query: { commit: 'true' }, body: upload(await workbook(headers, rows)) });
    expect(refused.status).toBe(400);
    expect(refused.json.data.errors).toBe(3);

    const good = [rows[1]!, rows[4]!, [st.code, 1, '10:00', '11:00']];
    const committed = await call('POST', timeWindow, 'import', { query: { commit: 'true' }, body: upload(await workbook(headers, good)) });
    expect(committed.status, JSON.stringify(committed.json)).toBe(200);
    expect(committed.json.data).toMatchObject({ total: 3, errors: 0, committed: true });
    const stored = await ctx.s.db.query<{ weekday: number; start_time: string }>(`select weekday, start_time from base_time_window where station_id = $1 order by weekday, start_time`, [st.id]);
    expect(stored.rows.map((r) => `${r.weekday} ${r.start_time}`)).toEqual(['1 08:00', '1 10:00', '2 08:00', '4 10:00']);
  });

  it('imported extra windows obey their day-range overlap rule', async () => {
    const st = await save('station', {});
    const headers = headersOf('extraWindow', ['code', 'name', 'stationId', 'weekday', 'startTime', 'endTime', 'startDay', 'endDay']);
    const rows = [
      [`EW-${st.id}-1`, 'a', st.code, 6, '09:00', '15:00', '2026-02-01', '2026-02-15'],
      [`EW-${st.id}-2`, 'b', st.code, 6, '10:00', '11:00', '2026-02-10', '2026-02-20'],
      [`EW-${st.id}-3`, 'c', st.code, 6, '10:00', '11:00', '2026-03-01', '2026-03-05'],
    ];
    const p = (await call('POST', extraWindow, 'import', { body: upload(await workbook(headers, rows)) })).json.data;
    expect(p.errors).toBe(1);
    expect(p.rows[1].errors.startTime).toBeTruthy();
    expect(p.rows[2].errors).toEqual({});
  });

  it('references are written by code or name and must be in the caller scope', async () => {
    const c = await save('client', {});
    const headers = headersOf('item', ['clientId', 'code', 'name']);
    const p = (
      await call('POST', item, 'import', {
        body: upload(await workbook(headers, [[c.code, `IC-${c.id}-1`, 'by code'], [c.name, `IC-${c.id}-2`, 'by name'], [c.id, `IC-${c.id}-3`, 'by id'], ['NO-SUCH-CLIENT', `IC-${c.id}-4`, 'unknown']])),
      })
    ).json.data;
    expect(p.rows.slice(0, 3).map((r: Json) => r.errors)).toEqual([{}, {}, {}]);
    expect(p.rows[3].errors.clientId).toBe(zh('validation.refNotFound', { value: 'NO-SUCH-CLIENT' }));
  });

  it('reads Chinese text whole from large sheets (characters across stream chunks)', async () => {
    const c = await save('client', {});
    const long = '冷链配送专用包装食品'.repeat(6); // 60 characters, 180 bytes
    const rows = Array.from({ length: 1000 }, (_, i) => [c.code, `ZH-${c.id}-${i}`, `${i}${long}`.slice(0, 60), ['常温', '冷藏', '冷冻'][i % 3]]);
    const p = (await call('POST', item, 'import', { body: upload(await workbook(headersOf('item', ['clientId', 'code', 'name', 'temperatureLayer']), rows)) })).json.data;
    expect(p.errors).toBe(0);
    expect(p.rows.filter((r: Json, i: number) => r.raw.name !== rows[i]![2])).toEqual([]);
  });
});

describe('item code', () => {
  it('is unique across clients: a duplicate answers 409 under the code field, in the form and in an import', async () => {
    const a = await save('client', {});
    const b = await save('client', {});
    const first = await save('item', { clientId: a.id });
    const dup = await call('POST', item, 'save', { body: { ...(await sample(item)), clientId: b.id, code: first.code } });
    expect(dup.status).toBe(409);
    expect(dup.json.errors.code).toBe(zh('messages.duplicate', { field: zh('resources.item.fields.code'), value: first.code }));
    const p = (await call('POST', item, 'import', { body: upload(await workbook(headersOf('item', ['clientId', 'code', 'name']), [[b.code, first.code, 'again']])) })).json.data;
    expect(p.rows[0].errors.code).toBe(zh('messages.duplicate', { field: zh('resources.item.fields.code'), value: first.code }));
  });
});

describe('print templates', () => {
  it('one default per type: a new default replaces the old one', async () => {
    const before = (await call('GET', printTemplate, 'list', { query: { type: 'ORDER', isDefault: 'true' } })).json.rows as Json[];
    expect(before).toHaveLength(1);
    expect(before[0].content).toContain('{{#lines}}');
    const t = await save('printTemplate', { type: 'ORDER', isDefault: true, content: '<p>{{code}}</p>' });
    const after = (await call('GET', printTemplate, 'list', { query: { type: 'ORDER', isDefault: 'true' } })).json.rows as Json[];
    expect(after.map((r) => r.id)).toEqual([t.id]);
    expect((await call('GET', printTemplate, 'list', { query: { type: 'WAYBILL', isDefault: 'true' } })).json.total).toBe(1);
  });
});
