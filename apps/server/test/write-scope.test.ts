/**
 * Data scope on writes (issue 13): a write may only create or leave records inside the caller's scope (dispatch
 * center, data groups, departments), checked on the record as it is after the write, by the generic engine for
 * every resource. A user whose data groups bind client C001, carrier CR001 and zone SH (every permission, no
 * administrator) saves, for every resource restricted by data groups (directly or through its parent record):
 *  - a record under another client / carrier / zone (or parent record of one) → 403 naming the field, nothing written;
 *  - the same record inside its scope → 200 (the control);
 *  - an update moving its record out of scope → 403, the record unchanged;
 *  - an import of a row outside → the row names the field, the commit is refused, nothing written.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { RESOURCES, columnOf, resourceByName, type FieldDef, type ResourceDef } from '@tms/domain';
import { createUser, rand } from './helpers.ts';
import { ctx, importFieldsOf, labelOf, sample, saveSample, updatable, upload, useServer, workbook } from './resource-kit.ts';
import { translate } from '../src/platform/i18n.ts';

useServer();

const KIND_ROOT: Record<string, { col: 'client' | 'carrier' | 'zone'; table: string; inside: string; outside: string }> = {
  client: { col: 'client', table: 'base_client', inside: 'C001', outside: 'C002' },
  carrier: { col: 'carrier', table: 'base_carrier', inside: 'CR001', outside: 'CR002' },
  zone: { col: 'zone', table: 'base_zone', inside: 'SH', outside: 'SZ' },
};

/** The fields of a resource that decide its data-group scope: its client / carrier / zone columns and its parent. */
function scopeFields(def: ResourceDef): FieldDef[] {
  const cols = [def.scope?.client, def.scope?.carrier, def.scope?.zone, def.scope?.parent?.column].filter((c): c is string => !!c && c !== 'id');
  return def.fields.filter((f) => cols.includes(columnOf(f)) && f.kind === 'ref');
}
/** Restricted by data groups, directly or through its parents. */
function groupScoped(def: ResourceDef): boolean {
  if (def.scope?.client || def.scope?.carrier || def.scope?.zone) return true;
  const parent = def.scope?.parent && resourceByName.get(def.scope.parent.resource);
  return !!parent && groupScoped(parent);
}
const WRITABLE = RESOURCES.filter((d) => groupScoped(d) && d.features?.create !== false && !d.scope?.dispatchCenter);

const one = async (sql: string, params: unknown[] = []) => (await ctx.s.db.query<Record<string, unknown>>(sql, params)).rows[0]!;

/** A record of a resource inside (or outside) the restricted user's data groups, made by the administrator. */
async function recordOf(name: string, inside: boolean): Promise<number> {
  const root = KIND_ROOT[name];
  if (root) return Number((await one(`select id from ${root.table} where code = $1`, [inside ? root.inside : root.outside])).id);
  const def = resourceByName.get(name)!;
  return Number((await saveSample(name, await scopeValues(def, inside))).id);
}
/** Values of every scope field of a resource, all inside (or all outside) the restricted user's scope. */
async function scopeValues(def: ResourceDef, inside: boolean): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const f of scopeFields(def)) out[f.name] = await recordOf(f.ref!, inside);
  return out;
}

let restricted = '';
let unrestricted = '';
beforeAll(async () => {
  const role = await one(`insert into sys_role(role_key, role_name, data_scope, create_by) values ($1, $1, '1', 'test') returning id`, [`all_${rand(6)}`]);
  await ctx.s.db.query(`insert into sys_role_menu(role_id, menu_id) select $1, id from sys_menu`, [role.id]);
  const group = await one(`insert into sys_data_group(code, name, create_by) values ($1, $1, 'test') returning id`, [`DG_${rand(6)}`]);
  await ctx.s.db.query(
    `insert into sys_data_group_bind(data_group_id, target_type, target_id)
     select $1::bigint, 'CLIENT', id from base_client where code = 'C001' union all
     select $1::bigint, 'CARRIER', id from base_carrier where code = 'CR001' union all
     select $1::bigint, 'ZONE', id from base_zone where code = 'SH'`,
    [group.id],
  );
  for (const limited of [true, false]) {
    const u = await createUser(ctx.s.db, { role: false, centers: ['SH01'] });
    await ctx.s.db.query(`insert into sys_user_role(user_id, role_id) values ($1, $2)`, [u.id, role.id]);
    if (limited) await ctx.s.db.query(`insert into sys_user_data_group(user_id, data_group_id) values ($1, $2)`, [u.id, group.id]);
    const token = await ctx.s.login(u.userName, u.password);
    if (limited) restricted = token;
    else unrestricted = token;
  }
});

const count = async (def: ResourceDef) => Number((await one(`select count(*)::int as n from ${def.table}`)).n);
const outside = (r: { status: number; json: Record<string, unknown> }, what: string, field?: string) => {
  expect(r.status, `${what}: ${JSON.stringify(r.json)}`).toBe(403);
  expect(r.json.msg, what).toBe(translate('zh-CN', 'messages.outsideScope'));
  if (field) expect(Object.keys((r.json.errors as object) ?? {}), what).toContain(field);
};

describe('writes stay inside the data scope', () => {
  it('covers the resources of the issue', () => {
    expect(WRITABLE.map((d) => d.name)).toEqual(expect.arrayContaining(['client', 'carrier', 'zone', 'item', 'station', 'driver', 'transportMeans', 'timeWindow', 'extraWindow', 'stationLimit']));
  });

  it.each(WRITABLE.map((d) => [d.name, d] as const))('%s: created and moved only inside the scope', async (_name, def) => {
    const path = `/api${def.path}`;
    const fields = scopeFields(def);
    if (!fields.length) {
      // the record is the client / carrier / zone itself: a new one is outside a restricted user's groups
      const n = await count(def);
      outside(await ctx.s.api('POST', `${path}/save`, { token: restricted, body: await sample(def) }), `${def.name} save by a restricted user`);
      expect(await count(def)).toBe(n);
      const ok = await ctx.s.api('POST', `${path}/save`, { token: unrestricted, body: await sample(def) });
      expect(ok.status, JSON.stringify(ok.json)).toBe(200);
      return;
    }
    const inside = await scopeValues(def, true);
    for (const f of fields) {
      const n = await count(def);
      const bad = await ctx.s.api('POST', `${path}/save`, { token: restricted, body: { ...(await sample(def)), ...inside, [f.name]: await recordOf(f.ref!, false) } });
      outside(bad, `${def.name} save with ${f.name} outside`, f.name);
      expect(await count(def), `${def.name}: nothing written`).toBe(n);
    }
    // inside: saved
    const made = await ctx.s.api('POST', `${path}/save`, { token: restricted, body: { ...(await sample(def)), ...inside } });
    expect(made.status, `${def.name} save inside: ${JSON.stringify(made.json)}`).toBe(200);
    const row = made.json.data;
    if (def.features?.update === false) return;
    for (const f of fields.filter((x) => !x.immutable)) {
      const before = await one(`select * from ${def.table} where id = $1`, [row.id]);
      const moved = await ctx.s.api('POST', `${path}/update`, {
        token: restricted,
        body: { ...updatable(def, row), id: row.id, version: row.version, [f.name]: await recordOf(f.ref!, false) },
      });
      outside(moved, `${def.name} update moving ${f.name} outside`, f.name);
      expect(await one(`select * from ${def.table} where id = $1`, [row.id]), `${def.name} unchanged`).toEqual(before);
    }
  });

  it('an item moved from its client to another, and a time window on another client\'s station, as in the issue', async () => {
    const item = resourceByName.get('item')!;
    const mine = await ctx.s.api('POST', '/api/baseinfo/item/save', { token: restricted, body: { ...(await sample(item)), clientId: await recordOf('client', true) } });
    expect(mine.status).toBe(200);
    const moved = await ctx.s.api('POST', '/api/baseinfo/item/update', {
      token: restricted,
      body: { ...updatable(item, mine.json.data), id: mine.json.data.id, version: mine.json.data.version, clientId: await recordOf('client', false) },
    });
    outside(moved, 'item/update clientId → another client', 'clientId');
    const tw = resourceByName.get('timeWindow')!;
    const station = await recordOf('station', false);
    outside(await ctx.s.api('POST', `/api${tw.path}/save`, { token: restricted, body: { ...(await sample(tw)), stationId: station } }), 'a time window on another client\'s station', 'stationId');
  });

  it('an import of records outside the scope writes nothing', async () => {
    const def = resourceByName.get('item')!;
    const fields = importFieldsOf(def);
    const body: Record<string, unknown> = { ...(await sample(def)), clientId: await recordOf('client', false) };
    const cell = async (f: FieldDef) => {
      if (f.kind !== 'ref') return body[f.name] ?? null;
      const ref = resourceByName.get(f.ref!)!;
      const r = await one(`select * from ${ref.table} where id = $1`, [body[f.name]]);
      const label = ref.fields.find((x) => x.name === ref.labelField)!;
      return r[columnOf(label)] ?? null;
    };
    const buf = await workbook(fields.map((f) => labelOf(def, f, 'zh-CN') ?? f.name), [await Promise.all(fields.map(cell))]);
    const n = await count(def);
    const preview = await ctx.s.api('POST', '/api/baseinfo/item/import', { token: restricted, body: upload(buf) });
    // the row names the client it may not use; the commit is refused
    expect(preview.status, JSON.stringify(preview.json)).toBe(200);
    expect(Object.keys(preview.json.data.rows[0].errors)).toEqual(['clientId']);
    const r = await ctx.s.api('POST', '/api/baseinfo/item/import', { token: restricted, query: { commit: 'true' }, body: upload(buf) });
    expect(r.status).toBe(400);
    expect(await count(def)).toBe(n);
    // the same file by a user who sees every client is imported
    const ok = await ctx.s.api('POST', '/api/baseinfo/item/import', { token: unrestricted, query: { commit: 'true' }, body: upload(buf) });
    expect(ok.status, JSON.stringify(ok.json)).toBe(200);
    expect(await count(def)).toBe(n + 1);
  });
});
