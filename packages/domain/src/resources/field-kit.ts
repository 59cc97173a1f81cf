/** Field shorthands for the operational resources (units of spec §9: weight kg, volume m3). */
import type { FieldDef } from '../resource.ts';

export const kg = (name: string, extra: Partial<FieldDef> = {}): FieldDef => ({ name, kind: 'decimal', unit: 'kg', scale: 3, ...extra });
export const m3 = (name: string, extra: Partial<FieldDef> = {}): FieldDef => ({ name, kind: 'decimal', unit: 'm3', scale: 3, ...extra });
export const int = (name: string, extra: Partial<FieldDef> = {}): FieldDef => ({ name, kind: 'int', ...extra });
export const str = (name: string, max: number, extra: Partial<FieldDef> = {}): FieldDef => ({ name, kind: 'string', max, ...extra });
export const ref = (name: string, target: string, extra: Partial<FieldDef> = {}): FieldDef => ({ name, kind: 'ref', ref: target, ...extra });
/** in the detail and the API, not a list column */
export const hidden = { list: false } as const;
