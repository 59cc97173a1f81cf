/**
 * Code generator (issue 7): pick a table of the database (introspected from PostgreSQL's catalogue),
 * adjust each column's configuration, preview the generated resource definition, migration and
 * translations, and download them as a zip.
 */
import type { FastifyInstance } from 'fastify';
import JSZip from 'jszip';
import { MiscApi as C, RESOURCES, generateFiles, inferConfig, sharedLocales, type DbColumn, type GenConfig } from '@tms/domain';
import type { Queryable } from '../../platform/db.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { ok } from '../../platform/http.ts';
import { onValidationError, route } from '../../platform/contract.ts';

const tableOfResource = new Map(RESOURCES.map((r) => [r.name, r.table]));
const resourceOfTable = new Map(RESOURCES.map((r) => [r.table, r.name]));

/** Tables of the current schema with their comment and the resource that already uses each. */
export async function listTables(q: Queryable, like?: string) {
  const r = await q.query<{ table_name: string; comment: string | null; columns: number }>(
    `select t.table_name, obj_description(format('%I.%I', t.table_schema, t.table_name)::regclass, 'pg_class') as comment,
            (select count(*) from information_schema.columns c where c.table_schema = t.table_schema and c.table_name = t.table_name)::int as columns
       from information_schema.tables t
      where t.table_schema = current_schema() and t.table_type = 'BASE TABLE' and t.table_name <> 'schema_migrations'
        and ($1::text is null or t.table_name ilike '%' || $1 || '%')
      order by t.table_name`,
    [like || null],
  );
  return r.rows.map((x) => ({ table: x.table_name, comment: x.comment, columns: x.columns, resource: resourceOfTable.get(x.table_name) ?? null }));
}

/** The columns of one table, as the generator reads them; null when there is no such table. */
export async function introspect(q: Queryable, table: string): Promise<DbColumn[] | null> {
  const r = await q.query<{
    column_name: string;
    data_type: string;
    character_maximum_length: number | null;
    numeric_precision: number | null;
    numeric_scale: number | null;
    is_nullable: string;
    column_default: string | null;
    is_identity: string;
    fk_table: string | null;
    is_unique: boolean;
    comment: string | null;
  }>(
    `select c.column_name, c.data_type, c.character_maximum_length, c.numeric_precision, c.numeric_scale, c.is_nullable,
            c.column_default, c.is_identity,
            (select ft.relname from pg_constraint k join pg_class ft on ft.oid = k.confrelid
              where k.conrelid = cls.oid and k.contype = 'f' and array_length(k.conkey, 1) = 1 and k.conkey[1] = a.attnum limit 1) as fk_table,
            exists (select 1 from pg_index i where i.indrelid = cls.oid and i.indisunique and not i.indisprimary
                      and i.indnatts = 1 and i.indkey[0] = a.attnum and i.indpred is null) as is_unique,
            col_description(cls.oid, a.attnum) as comment
       from information_schema.columns c
       join pg_class cls on cls.relname = c.table_name and cls.relnamespace = (select oid from pg_namespace where nspname = current_schema())
       join pg_attribute a on a.attrelid = cls.oid and a.attname = c.column_name
      where c.table_schema = current_schema() and c.table_name = $1
      order by c.ordinal_position`,
    [table],
  );
  if (!r.rows.length) return null;
  return r.rows.map((x) => ({
    column: x.column_name,
    dataType: x.data_type,
    maxLength: x.character_maximum_length,
    numericPrecision: x.numeric_precision,
    numericScale: x.numeric_scale,
    nullable: x.is_nullable === 'YES',
    hasDefault: x.column_default !== null || x.is_identity === 'YES',
    fkTable: x.fk_table,
    unique: x.is_unique,
    comment: x.comment,
  }));
}

/** `{ config }`: the generator's configuration; a refused one names each path under it, as 'invalid'. */
const ConfigBody = onValidationError(C.GenConfigBody, (issues) =>
  badRequest('messages.validationFailed', Object.fromEntries(issues.map((i) => [i.path.slice(1).join('.') || 'config', { key: 'validation.invalid' }]))),
);

type ResourceTexts = Record<string, { name?: string; fields?: Record<string, string> } | undefined>;

/** A table that already has a resource starts from that resource's labels in both languages. */
function withKnownLabels(cfg: GenConfig): GenConfig {
  const resource = resourceOfTable.get(cfg.table);
  if (!resource) return cfg;
  const zh = (sharedLocales['zh-CN'].resources as ResourceTexts)[resource];
  const en = (sharedLocales['en-US'].resources as ResourceTexts)[resource];
  return {
    ...cfg,
    name: resource,
    label: zh?.name ?? cfg.label,
    labelEn: en?.name ?? cfg.labelEn,
    columns: cfg.columns.map((c) => ({ ...c, label: zh?.fields?.[c.name] ?? c.label, labelEn: en?.fields?.[c.name] ?? c.labelEn })),
  };
}

const files = (cfg: GenConfig) => generateFiles(cfg, (resource) => tableOfResource.get(resource));

export function registerGeneratorRoutes(app: FastifyInstance, db: Queryable): void {
  route(app, C.endpoints.genTables, async (req) =>
    ok(req, await listTables(db, req.query.tableName)),
  );

  route(app, C.endpoints.genConfig, async (req) => {
    const table = req.params.table;
    if (!/^[a-z][a-z0-9_]{0,62}$/.test(table)) throw notFound();
    const columns = await introspect(db, table);
    if (!columns) throw notFound();
    return ok(req, { columns, config: withKnownLabels(inferConfig(table, columns, (t) => resourceOfTable.get(t))) });
  });

  route(app, { ...C.endpoints.genPreview, body: ConfigBody }, async (req) =>
    ok(req, files(req.body.config as GenConfig)),
  );

  route(app, { ...C.endpoints.genDownload, body: ConfigBody }, async (req, reply) => {
    const cfg = req.body.config as GenConfig;
    const zip = new JSZip();
    for (const [path, content] of Object.entries(files(cfg))) zip.file(path, content);
    const buf = await zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
    return reply.header('content-type', 'application/zip').header('content-disposition', `attachment; filename="${cfg.name}.zip"`).send(buf);
  });
}
