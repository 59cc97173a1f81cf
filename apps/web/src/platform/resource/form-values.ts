/**
 * Pure conversion between a record and the add / edit form: initial values from a record or the
 * definition's defaults, and the request body from the form's values (the same shape the server's
 * bodySchema expects: server-owned fields dropped, immutable fields left out of an update, an empty
 * password on update meaning "unchanged").
 */
import dayjs from 'dayjs';
import { inForm, SERVER_OWNED, type FieldDef, type ResourceDef } from '@tms/domain';

/** The fields of the add / edit form, in definition order. */
export function formFields(def: ResourceDef): FieldDef[] {
  return def.fields.filter((f) => inForm(f) && !SERVER_OWNED.has(f.name));
}

/** Value of one form widget → the JSON value the server and validateField expect. */
export function normalizeValue(f: FieldDef, v: unknown): unknown {
  if (v === undefined) return undefined;
  if (v === null) return null;
  switch (f.kind) {
    case 'datetime': {
      if (v === '') return null;
      const d = dayjs(v as string);
      return d.isValid() ? d.toISOString() : v;
    }
    case 'date': {
      if (v === '') return null;
      const d = dayjs(v as string);
      return d.isValid() ? d.format('YYYY-MM-DD') : v;
    }
    case 'int':
    case 'decimal':
    case 'ref':
      if (v === '') return null;
      return typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v)) ? Number(v) : v;
    case 'json':
      if (typeof v === 'string') {
        if (v.trim() === '') return null;
        try {
          return JSON.parse(v) as unknown;
        } catch {
          return v;
        }
      }
      return v;
    case 'string':
    case 'text':
    case 'password':
    case 'dict':
      // an empty optional text is "no value"; an empty required one stays '' so the rule says "required"
      return v === '' && !f.required ? null : v;
    default:
      return v;
  }
}

/** Initial form values: the record's (edit) or the defaults plus the fixed values (add). */
export function initialFormValues(def: ResourceDef, record: Record<string, unknown> | null, fixed: Record<string, unknown> = {}): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of formFields(def)) {
    let v: unknown = record ? record[f.name] : f.default;
    if (f.kind === 'password') v = undefined;
    else if ((f.kind === 'datetime' || f.kind === 'date') && typeof v === 'string' && v) v = dayjs(v);
    else if (f.kind === 'json' && v !== undefined && v !== null && typeof v !== 'string') v = JSON.stringify(v, null, 2);
    if (v !== undefined) out[f.name] = v;
  }
  return { ...out, ...fixed };
}

/** The body of POST /save (record null) or /update (record given: id and version added). */
export function formBody(def: ResourceDef, values: Record<string, unknown>, record: { id: number; version?: unknown } | null): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const f of formFields(def)) {
    if (record && f.immutable) continue;
    const v = normalizeValue(f, values[f.name]);
    if (record && f.kind === 'password' && (v === undefined || v === null || v === '')) continue;
    if (v === undefined) continue;
    body[f.name] = v;
  }
  if (record) {
    body.id = record.id;
    body.version = record.version;
  }
  return body;
}
