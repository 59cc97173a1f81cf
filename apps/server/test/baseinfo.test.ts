/**
 * Master-data rules beyond the generic suites: time-window overlap, station limits, the station
 * detail route, referenced records, take / lose effect, and data-group scope of clients.
 */
import { describe, expect, it } from 'vitest';
import { getResource } from '@tms/domain';
import { checkDistributionKey, createUser, rand, type Json } from './helpers.ts';
import { call, ctx, saveSample, sample, useServer, zh } from './resource-kit.ts';

// every statement its servers run names its dispatch center, or is listed (docs/scale-out.md "Past one machine")
checkDistributionKey();

useServer();

const client = getResource('client');
const item = getResource('item');
const station = getResource('station');
const timeWindow = getResource('timeWindow');
const extraWindow = getResource('extraWindow');
const stationLimit = getResource('stationLimit');

const save = saveSample;

describe('seeded demo master data', () => {
  it('has clients, carriers, stations in several cities and one print template per type', async () => {
    expect((await call('GET', client, 'list')).json.total).toBeGreaterThanOrEqual(3);
    const stations = (await call('GET', station, 'list', { query: { pageSize: 50 } })).json.rows as Json[];
    expect(stations.length).toBeGreaterThanOrEqual(6);
    expect(stations.every((s) => s.fenceDistance > 0)).toBe(true);
    const tpl = (await call('GET', getResource('printTemplate'), 'list', { query: { pageSize: 50 } })).json.rows as Json[];
    expect(new Set(tpl.map((t) => t.type))).toEqual(new Set(['DISPATCH', 'WAYBILL', 'ORDER', 'STATEMENT']));
    expect(tpl[0].content).toContain('{{code}}');
    const drv = await ctx.s.db.query<{ password_hash: string }>(`select password_hash from base_driver limit 1`);
    expect(drv.rows[0]!.password_hash).not.toBe('driver123');
  });
});

describe('time windows', () => {
  it('start before end, no overlap on the same station and weekday; other weekdays and touching ends are fine', async () => {
    const st = await save('station', {});
    const base = { stationId: st.id, weekday: 2 };
    const reversed = await call('POST', timeWindow, 'save', { body: { ...base, startTime: '10:00', endTime: '09:00' } });
    expect(reversed.status).toBe(400);
    expect(reversed.json.errors.endTime).toBe(zh('messages.windowOrder'));

    const first = await call('POST', timeWindow, 'save', { body: { ...base, startTime: '08:00', endTime: '12:00' } });
    expect(first.status).toBe(200);
    const overlap = await call('POST', timeWindow, 'save', { body: { ...base, startTime: '11:00', endTime: '13:00' } });
    expect(overlap.status).toBe(400);
    expect(overlap.json.errors.startTime).toBe(zh('messages.windowOverlap', { start: '08:00', end: '12:00' }));
    const inside = await call('POST', timeWindow, 'save', { body: { ...base, startTime: '09:00', endTime: '10:00' } });
    expect(inside.status).toBe(400);

    expect((await call('POST', timeWindow, 'save', { body: { ...base, startTime: '12:00', endTime: '14:00' } })).status).toBe(200);
    expect((await call('POST', timeWindow, 'save', { body: { ...base, weekday: 3, startTime: '11:00', endTime: '13:00' } })).status).toBe(200);

    // an update may keep its own times, but not move into another window
    const id = first.json.data.id;
    expect((await call('POST', timeWindow, 'update', { body: { ...base, id, version: 0, startTime: '07:00', endTime: '12:00' } })).status).toBe(200);
    const moved = await call('POST', timeWindow, 'update', { body: { ...base, id, version: 1, startTime: '07:00', endTime: '12:30' } });
    expect(moved.status).toBe(400);
    expect(moved.json.errors.startTime).toBeTruthy();
  });

  it('extra windows overlap only when their day ranges overlap', async () => {
    const st = await save('station', {});
    const w = { stationId: st.id, weekday: 6, startTime: '09:00', endTime: '15:00' };
    expect((await call('POST', extraWindow, 'save', { body: { ...(await sample(extraWindow)), ...w, startDay: '2026-02-01', endDay: '2026-02-15' } })).status).toBe(200);
    const clash = await call('POST', extraWindow, 'save', { body: { ...(await sample(extraWindow)), ...w, startDay: '2026-02-10', endDay: '2026-02-20' } });
    expect(clash.status).toBe(400);
    expect(clash.json.errors.startTime).toBeTruthy();
    expect((await call('POST', extraWindow, 'save', { body: { ...(await sample(extraWindow)), ...w, startDay: '2026-03-01', endDay: '2026-03-15' } })).status).toBe(200);
    const days = await call('POST', extraWindow, 'save', { body: { ...(await sample(extraWindow)), ...w, weekday: 7, startDay: '2026-03-15', endDay: '2026-03-01' } });
    expect(days.status).toBe(400);
    expect(days.json.errors.endDay).toBeTruthy();
  });

  it('one station limit per station and transport means type (409 naming the field)', async () => {
    const st = await save('station', {});
    const type = await save('transportMeansType', {});
    const body = { stationId: st.id, transportMeansTypeId: type.id, type: 'FORBID' };
    expect((await call('POST', stationLimit, 'save', { body })).status).toBe(200);
    const dup = await call('POST', stationLimit, 'save', { body: { ...body, type: 'ALLOW' } });
    expect(dup.status).toBe(409);
    expect(dup.json.errors.transportMeansTypeId).toBe(zh('messages.stationLimitExists'));
  });
});

describe('station detail', () => {
  it('returns the station with its limits, windows and bound location', async () => {
    const loc = await save('location', {});
    const st = await save('station', { locationId: loc.id });
    const type = await save('transportMeansType', {});
    await save('stationLimit', { stationId: st.id, transportMeansTypeId: type.id });
    await save('timeWindow', { stationId: st.id, weekday: 1, startTime: '08:00', endTime: '10:00' });
    await save('timeWindow', { stationId: st.id, weekday: 1, startTime: '13:00', endTime: '15:00' });
    await save('extraWindow', { stationId: st.id, weekday: 6 });

    const r = await ctx.s.api('GET', `/api/baseinfo/station/detail/${st.id}`, { token: ctx.admin });
    expect(r.status).toBe(200);
    const d = r.json.data;
    expect(d.station).toMatchObject({ id: st.id, code: st.code, locationId: loc.id, locationIdLabel: loc.name });
    expect(d.limits).toHaveLength(1);
    expect(d.limits[0]).toMatchObject({ transportMeansTypeId: type.id, transportMeansTypeIdLabel: type.name });
    expect(d.timeWindows.map((w: Json) => w.startTime)).toEqual(['08:00', '13:00']);
    expect(d.extraWindows).toHaveLength(1);
    expect(d.location).toMatchObject({ id: loc.id, code: loc.code });

    const bare = await save('station', { locationId: null });
    const b = (await ctx.s.api('GET', `/api/baseinfo/station/detail/${bare.id}`, { token: ctx.admin })).json.data;
    expect(b).toMatchObject({ limits: [], timeWindows: [], extraWindows: [], location: null });

    expect((await ctx.s.api('GET', `/api/baseinfo/station/detail/987654321`, { token: ctx.admin })).status).toBe(404);
    expect((await ctx.s.api('GET', `/api/baseinfo/station/detail/${st.id}`)).status).toBe(401);
    const u = await createUser(ctx.s.db, { perms: ['baseinfo:client:query'] });
    expect((await ctx.s.api('GET', `/api/baseinfo/station/detail/${st.id}`, { token: await ctx.s.login(u.userName, u.password) })).status).toBe(403);

    // removing the station takes its limits and windows with it
    expect((await call('POST', station, 'remove', { query: { ids: String(st.id) } })).status).toBe(200);
    expect((await ctx.s.db.query(`select 1 from base_time_window where station_id = $1`, [st.id])).rows).toHaveLength(0);
  });
});

describe('references and effect', () => {
  it('a client referenced by an item cannot be removed (409 referenced); it can lose effect instead', async () => {
    const c = await save('client', {});
    const it = await save('item', { clientId: c.id });
    const rm = await call('POST', client, 'remove', { query: { ids: String(c.id) } });
    expect(rm.status).toBe(409);
    expect(rm.json.msg).toBe(zh('messages.referenced'));
    expect((await call('GET', client, `get/${c.id}`)).status).toBe(200);

    expect((await call('POST', client, 'effect', { body: { ids: [c.id] } })).status).toBe(200);
    const again = await call('POST', client, 'effect', { body: { ids: [c.id] } });
    expect(again.status).toBe(409);
    expect(again.json.msg).toBe(zh('messages.alreadyEffective'));
    expect((await call('POST', client, 'uneffect', { body: { ids: [c.id] } })).status).toBe(200);
    const lost = await call('POST', client, 'uneffect', { body: { ids: [c.id] } });
    expect(lost.status).toBe(409);
    expect(lost.json.msg).toBe(zh('messages.alreadyIneffective'));
    expect((await call('POST', client, 'effect', { body: { ids: [c.id] } })).status).toBe(200);
    expect((await call('GET', client, `get/${c.id}`)).json.data.effective).toBe(true);

    // once the item is gone the client can be removed
    expect((await call('POST', item, 'remove', { query: { ids: String(it.id) } })).status).toBe(200);
    expect((await call('POST', client, 'remove', { query: { ids: String(c.id) } })).status).toBe(200);
  });
});

describe('data-group scope', () => {
  it('a user whose data group binds client A sees A (and its items) but not client B', async () => {
    const a = await save('client', { name: `A ${rand(4)}` });
    const b = await save('client', { name: `B ${rand(4)}` });
    const itemA = await save('item', { clientId: a.id });
    const itemB = await save('item', { clientId: b.id });
    const g = await call('POST', getResource('dataGroup'), 'save', { body: { code: `G_${rand(6)}`, name: 'only A' } });
    expect(g.status).toBe(200);
    const bind = await ctx.s.api('POST', '/api/system/dataGroup/bind', { token: ctx.admin, body: { id: g.json.data.id, targetType: 'CLIENT', targetIds: [a.id] } });
    expect(bind.status).toBe(200);
    const u = await createUser(ctx.s.db, { perms: ['baseinfo:client:query', 'baseinfo:item:query'] });
    await ctx.s.db.query(`insert into sys_user_data_group(user_id, data_group_id) values ($1,$2)`, [u.id, g.json.data.id]);
    const token = await ctx.s.login(u.userName, u.password);

    const list = await ctx.s.api('GET', '/api/baseinfo/client/list', { token, query: { pageSize: 100 } });
    expect(list.status).toBe(200);
    const ids = list.json.rows.map((r: Json) => r.id);
    expect(ids).toContain(a.id);
    expect(ids).not.toContain(b.id);
    expect(list.json.total).toBe(1);
    expect((await ctx.s.api('GET', `/api/baseinfo/client/get/${a.id}`, { token })).status).toBe(200);
    expect((await ctx.s.api('GET', `/api/baseinfo/client/get/${b.id}`, { token })).status).toBe(404);

    const items = (await ctx.s.api('GET', '/api/baseinfo/item/list', { token, query: { pageSize: 100 } })).json.rows.map((r: Json) => r.id);
    expect(items).toContain(itemA.id);
    expect(items).not.toContain(itemB.id);
    // the admin still sees both
    const all = (await call('GET', client, 'list', { query: { pageSize: 500 } })).json.rows.map((r: Json) => r.id);
    expect(all).toEqual(expect.arrayContaining([a.id, b.id]));
  });
});
