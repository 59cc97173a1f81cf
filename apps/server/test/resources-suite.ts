/**
 * Generic suites over every resource in RESOURCES: CRUD, validation, uniqueness, sorting, paging,
 * export, import, status / effect and built-in rows. Sample bodies are generated from each
 * definition (resource-kit.ts), so new resources are covered as they appear. The suite runs as several
 * files (resources-N.test.ts), each over its share of the resources, side by side.
 */
import { describe, expect, it } from 'vitest';
import { allFields, isSortable } from '@tms/domain';
import { rand, type Json } from './helpers.ts';
import {
  call, changeField, fit, formFields, importFieldsOf, isXlsx, labelOf, overMax, readSheet, resourcesOf, RULE_INVALID, sample, searchField, updatable, upload, useServer, workbook, XLSX, zh, type Body,
} from './resource-kit.ts';

/** Part `part` (0-based) of `parts`: the resources whose index in RESOURCES is `part` modulo `parts`. */
export function resourceSuite(part: number, parts: number): void {
  useServer();

  for (const def of resourcesOf(part, parts)) {
    const features = def.features ?? {};
    const canCreate = features.create !== false;

    describe(`${def.name} (${def.path})`, () => {
      if (canCreate) {
        it('CRUD: save → get → list → update → stale update 409 → remove → 404', async () => {
          const body = await sample(def);
          const saved = await call('POST', def, 'save', { body });
          expect(saved.status, JSON.stringify(saved.json)).toBe(200);
          expect(saved.json.code).toBe(0);
          const id = saved.json.data.id as number;
          expect(id).toBeGreaterThan(0);
          expect(saved.json.data.version).toBe(0);

          const got = await call('GET', def, `get/${id}`);
          expect(got.status).toBe(200);
          for (const f of formFields(def)) {
            if (f.kind === 'password' || f.secret || !(f.name in body)) continue;
            expect(got.json.data[f.name], f.name).toEqual(body[f.name]);
          }
          expect(got.json.data.createBy).toBe('admin');

          const sf = searchField(def);
          if (sf) {
            const l = await call('GET', def, 'list', { query: { [sf.name]: String(body[sf.name]), pageSize: 100 } });
            expect(l.status).toBe(200);
            expect(l.json.rows.map((r: Json) => r.id)).toContain(id);
            const none = await call('GET', def, 'list', { query: { [sf.name]: 'no-such-value-' + rand(8) } });
            expect(none.json.total).toBe(0);
          }

          const cf = changeField(def);
          const changed = { ...updatable(def, body), ...(cf ? { [cf.name]: fit(`changed ${rand(6)}`, cf) } : {}) };
          if (features.update !== false) {
            const up = await call('POST', def, 'update', { body: { ...changed, id, version: 0 } });
            expect(up.status, JSON.stringify(up.json)).toBe(200);
            expect(up.json.data.version).toBe(1);
            expect(up.json.data.updateBy).toBe('admin');
            if (cf) expect(up.json.data[cf.name]).toBe(changed[cf.name]);

            const stale = await call('POST', def, 'update', { body: { ...changed, id, version: 0 } });
            expect(stale.status).toBe(409);
            expect(stale.json).toMatchObject({ code: 409, msg: zh('messages.conflictVersion') });

            const noVersion = await call('POST', def, 'update', { body: { ...changed, id } });
            expect(noVersion.status).toBe(400);
            expect(noVersion.json.errors.version).toBeTruthy();
          } else {
            expect((await call('POST', def, 'update', { body: { ...changed, id, version: 0 } })).status).toBe(404);
          }

          if (features.remove !== false) {
            const rm = await call('POST', def, 'remove', { query: { ids: String(id) } });
            expect(rm.status).toBe(200);
            expect((await call('GET', def, `get/${id}`)).status).toBe(404);
            if (features.update !== false) expect((await call('POST', def, 'update', { body: { ...changed, id, version: 1 } })).status).toBe(404);
            expect((await call('POST', def, 'remove', { query: { ids: String(id) } })).status).toBe(404);
          }
        });

        it('validation: required, max length and rules → 400 naming the field', async () => {
          const base = await sample(def);
          for (const f of formFields(def)) {
            if (f.required) {
              const b = { ...base };
              delete b[f.name];
              const r = await call('POST', def, 'save', { body: b });
              expect(r.status, `missing ${f.name}`).toBe(400);
              expect(r.json.errors[f.name], `missing ${f.name}`).toBe(zh('validation.required'));
              if (f.kind === 'string' || f.kind === 'text') {
                const blank = await call('POST', def, 'save', { body: { ...base, [f.name]: '   ' } });
                expect(blank.status, `blank ${f.name}`).toBe(400);
                expect(blank.json.errors[f.name]).toBeTruthy();
              }
            }
            if (f.max && (f.kind === 'string' || f.kind === 'text' || f.kind === 'password')) {
              const r = await call('POST', def, 'save', { body: { ...base, [f.name]: overMax(f) } });
              expect(r.status, `${f.name} over ${f.max}`).toBe(400);
              expect(r.json.errors[f.name], `${f.name} over ${f.max}`).toBe(zh('validation.maxLength', { max: f.max }));
              const atMax = f.rule ? null : 'x'.repeat(f.max);
              if (atMax && !f.unique) {
                // exactly at the limit is fine (checked without saving: a wrong type elsewhere keeps it from being stored)
                const probe = await call('POST', def, 'save', { body: { ...base, [f.name]: atMax} });
                expect([200, 409]).toContain(probe.status);
                if (probe.status === 200) await call('POST', def, 'remove', { query: { ids: String(probe.json.data.id) } });
              }
            }
            if (f.rule) {
              const r = await call('POST', def, 'save', { body: { ...base, [f.name]: RULE_INVALID[f.rule] } });
              expect(r.status, `${f.name} rule ${f.rule}`).toBe(400);
              expect(r.json.errors[f.name]).toBeTruthy();
            }
            if (f.kind === 'int' || f.kind === 'decimal') {
              const r = await call('POST', def, 'save', { body: { ...base, [f.name]: 'abc' } });
              expect(r.status, `${f.name} not a number`).toBe(400);
              expect(r.json.errors[f.name]).toBeTruthy();
              if (f.maxValue !== undefined) {
                const big = await call('POST', def, 'save', { body: { ...base, [f.name]: f.maxValue + 1 } });
                expect(big.status).toBe(400);
                expect(big.json.errors[f.name]).toBeTruthy();
              }
            }
            if (f.values) {
              // a dictionary field of fixed values (a party's document language): another value, even one an administrator added to the dictionary, is refused
              const r = await call('POST', def, 'save', { body: { ...base, [f.name]: 'xx-YY' } });
              expect(r.status, `${f.name} not one of ${f.values.join(', ')}`).toBe(400);
              expect(r.json.errors[f.name]).toBe(zh('validation.invalid'));
            }
            if (f.kind === 'boolean') {
              const r = await call('POST', def, 'save', { body: { ...base, [f.name]: 'yes' } });
              expect(r.status, `${f.name} not a boolean`).toBe(400);
            }
            if (f.kind === 'string' && !f.required) {
              const r = await call('POST', def, 'save', { body: { ...base, [f.name]: { $ne: 1 } } });
              expect(r.status, `${f.name} as an object`).toBe(400);
            }
          }
          // an array or a scalar instead of an object
          expect((await call('POST', def, 'save', { body: [base] })).status).toBe(400);
          // nothing was stored by the failures above
          const sf = searchField(def);
          if (sf) {
            const l = await call('GET', def, 'list', { query: { [sf.name]: String(base[sf.name]) } });
            expect(l.json.total).toBe(0);
          }
        });

        const uniques = formFields(def).filter((f) => f.unique);
        if (uniques.length) {
          it('a duplicate of a unique field → 409 naming the field', async () => {
            const a = await sample(def);
            const saved = await call('POST', def, 'save', { body: a });
            expect(saved.status).toBe(200);
            for (const f of uniques) {
              const b = { ...(await sample(def)), [f.name]: a[f.name] };
              const r = await call('POST', def, 'save', { body: b });
              expect(r.status, f.name).toBe(409);
              expect(r.json.errors[f.name], f.name).toBeTruthy();
              expect(r.json.msg).toContain(String(a[f.name]));
              // and through update of another record
              if (!f.immutable && features.update !== false) {
                const other = await call('POST', def, 'save', { body: await sample(def) });
                const u = await call('POST', def, 'update', { body: { ...updatable(def, other.json.data), [f.name]: a[f.name], id: other.json.data.id, version: 0 } });
                expect(u.status, `update ${f.name}`).toBe(409);
                expect(u.json.errors[f.name]).toBeTruthy();
                await call('POST', def, 'remove', { query: { ids: String(other.json.data.id) } });
              }
            }
            await call('POST', def, 'remove', { query: { ids: String(saved.json.data.id) } });
          });
        }
      }

      it('sorting: every sortable field works, anything else → 400', async () => {
        for (const f of allFields(def)) {
          const r = await call('GET', def, 'list', { query: { orderByColumn: f.name, isAsc: 'desc' } });
          const allowed = isSortable(f) || ['id', 'createTime', 'updateTime'].includes(f.name);
          expect(r.status, `${f.name} (${allowed ? 'sortable' : 'not sortable'})`).toBe(allowed ? 200 : 400);
        }
        expect((await call('GET', def, 'list', { query: { orderByColumn: 'noSuchField' } })).status).toBe(400);
        expect((await call('GET', def, 'list', { query: { orderByColumn: 'id); drop table sys_user; --' } })).status).toBe(400);
      });

      it('paging: pageSize and pageNum slice the list, total stays', async () => {
        if (canCreate) for (let i = 0; i < 3; i++) expect((await call('POST', def, 'save', { body: await sample(def) })).status).toBe(200);
        const all = await call('GET', def, 'list', { query: { pageSize: 500, orderByColumn: 'id', isAsc: 'asc' } });
        const total = all.json.total as number;
        expect(all.json.rows.length).toBe(Math.min(total, 500));
        if (total >= 3) {
          const p2 = await call('GET', def, 'list', { query: { pageSize: 2, pageNum: 2, orderByColumn: 'id', isAsc: 'asc' } });
          expect(p2.json.total).toBe(total);
          expect(p2.json.rows.map((r: Json) => r.id)).toEqual(all.json.rows.slice(2, 4).map((r: Json) => r.id));
        }
        const beyond = await call('GET', def, 'list', { query: { pageSize: 10, pageNum: 100000 } });
        expect(beyond.status).toBe(200);
        expect(beyond.json.rows).toEqual([]);
        expect(beyond.json.total).toBe(total);
      });

      if (features.export !== false) {
        it('export returns an xlsx with translated headers', async () => {
          const r = await call('GET', def, 'export');
          isXlsx(r);
          const rows = await readSheet(r.body);
          const total = (await call('GET', def, 'list')).json.total as number;
          expect(rows.length).toBe(total + 1);
          for (const h of rows[0]!) expect(String(h)).not.toMatch(/^(resources|fields)\./);
          const en = await call('GET', def, 'export', { query: { lang: 'en-US' } });
          const enRows = await readSheet(en.body);
          expect(enRows[0]).toContain(labelOf(def, def.fields.find((f) => f.required) ?? def.fields[0]!, 'en-US'));
        });
      }

      if (features.import) {
        it('importTemplate is an xlsx whose first row holds the translated labels', async () => {
          const r = await call('GET', def, 'importTemplate');
          isXlsx(r);
          const rows = await readSheet(r.body);
          const head = rows[0]!.map((h) => String(h).replace(/^\*/, ''));
          expect(head).toEqual(importFieldsOf(def).map((f) => labelOf(def, f, 'zh-CN')));
          const en = await readSheet((await call('GET', def, 'importTemplate', { headers: { lang: 'en-US' } })).body);
          expect(en[0]!.map((h) => String(h).replace(/^\*/, ''))).toEqual(importFieldsOf(def).map((f) => labelOf(def, f, 'en-US')));
        });

        it('import: preview shows errors on the bad row only, commit refused until fixed', async () => {
          const fields = importFieldsOf(def);
          const headers = fields.map((f) => labelOf(def, f, 'zh-CN')!);
          const good = await sample(def);
          const bad = await sample(def);
          const broken = fields.find((f) => f.required)!;
          const toRow = (b: Body, blank?: string) => fields.map((f) => (f.name === blank ? null : (b[f.name] ?? null)));

          const preview = await call('POST', def, 'import', { body: upload(await workbook(headers, [toRow(good), toRow(bad, broken.name)])) });
          expect(preview.status, JSON.stringify(preview.json)).toBe(200);
          const p = preview.json.data;
          expect(p.total).toBe(2);
          expect(p.errors).toBe(1);
          expect(p.headers.map((h: Json) => h.name)).toEqual(fields.map((f) => f.name));
          expect(p.rows[0]).toMatchObject({ rowNum: 2, errors: {} });
          expect(p.rows[1].rowNum).toBe(3);
          expect(Object.keys(p.rows[1].errors)).toEqual([broken.name]);
          expect(p.rows[1].errors[broken.name]).toBe(zh('validation.required'));

          const refused = await call('POST', def, 'import', { query: { commit: 'true' }, body: upload(await workbook(headers, [toRow(good), toRow(bad, broken.name)])) });
          expect(refused.status).toBe(400);
          expect(refused.json.data.errors).toBe(1);
          expect(refused.json.data.committed).toBe(false);

          const sf = searchField(def);
          const countOf = async (b: Body) => (sf ? ((await call('GET', def, 'list', { query: { [sf.name]: String(b[sf.name]) } })).json.total as number) : -1);
          if (sf) expect(await countOf(good)).toBe(0);

          const committed = await call('POST', def, 'import', { query: { commit: 'true' }, body: upload(await workbook(headers, [toRow(good), toRow(bad)])) });
          expect(committed.status, JSON.stringify(committed.json)).toBe(200);
          expect(committed.json.data).toMatchObject({ total: 2, errors: 0, committed: true });
          if (sf) {
            expect(await countOf(good)).toBe(1);
            expect(await countOf(bad)).toBe(1);
          }

          // importing the same rows again: duplicates of unique fields are reported per row
          if (formFields(def).some((f) => f.unique)) {
            const again = await call('POST', def, 'import', { body: upload(await workbook(headers, [toRow(good)])) });
            expect(again.json.data.errors).toBe(1);
          }
          // headers in English are understood too
          const enHeaders = fields.map((f) => labelOf(def, f, 'en-US')!);
          const third = await sample(def);
          const en = await call('POST', def, 'import', { body: upload(await workbook(enHeaders, [toRow(third)])) });
          expect(en.json.data, `${en.status} ${JSON.stringify(en.json)}`).toMatchObject({ total: 1, errors: 0 });
        });

        it('import: not a workbook / no file → 400', async () => {
          const form = new FormData();
          form.append('file', new Blob([new Uint8Array(Buffer.from('not a zip'))], { type: XLSX }), 'x.xlsx');
          const r = await call('POST', def, 'import', { body: form });
          expect(r.status).toBeGreaterThanOrEqual(400);
          expect(r.status).toBeLessThan(500);
          expect((await call('POST', def, 'import', { body: {} })).status).toBe(400);
        });
      }

      if (features.status && canCreate) {
        it('status toggle', async () => {
          const saved = await call('POST', def, 'save', { body: await sample(def) });
          const id = saved.json.data.id;
          expect(saved.json.data.status).toBe('0');
          const off = await call('POST', def, 'status', { body: { id, status: '1' } });
          expect(off.status).toBe(200);
          expect(off.json.data.status).toBe('1');
          expect((await call('GET', def, `get/${id}`)).json.data.status).toBe('1');
          const listed = await call('GET', def, 'list', { query: { status: '1', pageSize: 500 } });
          expect(listed.json.rows.map((r: Json) => r.id)).toContain(id);
          expect((await call('POST', def, 'status', { body: { id, status: '0' } })).json.data.status).toBe('0');
          expect((await call('POST', def, 'status', { body: { id, status: '2' } })).status).toBe(400);
          expect((await call('POST', def, 'status', { body: { id: 987654321, status: '1' } })).status).toBe(404);
          await call('POST', def, 'remove', { query: { ids: String(id) } });
        });
      }

      if (features.effect && canCreate) {
        it('take effect / lose effect', async () => {
          const saved = await call('POST', def, 'save', { body: await sample(def) });
          const id = saved.json.data.id;
          expect(saved.json.data.effective).toBe(false);
          expect((await call('POST', def, 'effect', { body: { ids: [id] } })).status).toBe(200);
          expect((await call('GET', def, `get/${id}`)).json.data.effective).toBe(true);
          expect((await call('POST', def, 'effect', { body: { ids: [id] } })).status).toBe(409);
          expect((await call('POST', def, 'uneffect', { body: { ids: [id] } })).status).toBe(200);
          expect((await call('POST', def, 'uneffect', { body: { ids: [id] } })).status).toBe(409);
        });
      }

      if (def.builtinField && canCreate) {
        it('a built-in row cannot be removed (409)', async () => {
          const body = { ...(await sample(def)), [def.builtinField!]: true };
          const saved = await call('POST', def, 'save', { body });
          expect(saved.status).toBe(200);
          const id = saved.json.data.id;
          const r = await call('POST', def, 'remove', { query: { ids: String(id) } });
          expect(r.status).toBe(409);
          expect(r.json.msg).toBe(zh('messages.builtinCannotRemove'));
          expect((await call('GET', def, `get/${id}`)).status).toBe(200);
          // removing it together with a normal row removes neither
          const plain = await call('POST', def, 'save', { body: await sample(def) });
          expect((await call('POST', def, 'remove', { query: { ids: `${plain.json.data.id},${id}` } })).status).toBe(409);
          expect((await call('GET', def, `get/${plain.json.data.id}`)).status).toBe(200);
        });
      }
    });
  }
}
