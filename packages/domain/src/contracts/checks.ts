/**
 * Inputs checked the way the hand-written routes always checked them, so that converting a route to a schema
 * keeps its refusals word for word. Each refusal carries, in its issue params, the message on top (`msg`,
 * default messages.validationFailed; messages.badFilter names the field) and the field it is reported under
 * (`as`, default its path). The server reads them (platform/contract.ts `legacyErrors`).
 */
import { z } from 'zod';

export type Ctx = z.core.$RefinementCtx<unknown>;
export const refuse = (ctx: Ctx, message: string, msg: string, as?: string) => {
  ctx.addIssue({ code: 'custom', message, params: { msg, ...(as ? { as } : {}) } });
  return z.NEVER;
};
const missing = (v: unknown) => v === undefined || v === null || v === '';
/**
 * The schema as it is, typed with what a caller may send: these checks read any value at run time (to refuse a
 * wrong one in the route's own words), but a typed caller (the web app) should send the documented kind.
 */
const sends =
  <I>() =>
  <S extends z.ZodType>(s: S) =>
    s as S & { _zod: { input: I } };
/** a whole number, as a JSON number or text */
type Whole = number | string;
const MAX = Number.MAX_SAFE_INTEGER;

/** A whole number within [min, max] read with Number() (text or JSON number); refused → badFilter naming the field. */
function whole(v: unknown, min: number, max: number, ctx: Ctx): number {
  const n = Number(v);
  if (!Number.isFinite(n) || !Number.isInteger(n) || n < min || n > max) return refuse(ctx, 'validation.integer', 'messages.badFilter');
  return n;
}

/** A record id the route needs: missing → 400 naming the field as required; not a whole number ≥ 1 → badFilter. */
export const needId = (description?: string) =>
  sends<Whole>()(z
    .unknown()
    .meta({ type: 'integer', minimum: 1, ...(description ? { description } : {}) })
    .transform((v, ctx) => (missing(v) ? refuse(ctx, 'validation.required', 'messages.validationFailed') : whole(v, 1, MAX, ctx))));

/** An optional whole number within [min, max], `def` when absent or empty; refused → badFilter naming the field. */
export const optInt = <D extends number | null>(def: D, min: number, max: number, description?: string) =>
  sends<Whole | null | undefined>()(z
    .unknown()
    .optional()
    .meta({ type: 'integer', minimum: min, maximum: max, ...(def === null ? {} : { default: def }), ...(description ? { description } : {}) })
    .transform((v, ctx): number | D => (missing(v) ? def : whole(v, min, max, ctx))));

/** An optional whole number ≥ 1 (absent or empty = none). */
export const optId = (description?: string) =>
  sends<Whole | undefined>()(z
    .unknown()
    .optional()
    .meta({ type: 'integer', minimum: 1, ...(description ? { description } : {}) })
    .transform((v, ctx) => (v === undefined || v === '' ? undefined : whole(v, 1, MAX, ctx))));

function ids(v: unknown, ctx: Ctx, emptyOk: boolean, max: number, none: { msg: string; message: string; as?: string; blankIsNone?: boolean }): number[] {
  if (emptyOk && Array.isArray(v) && v.length === 0) return [];
  const raw = Array.isArray(v) ? v : typeof v === 'string' ? (v === '' && none.blankIsNone ? [] : v.split(',')) : typeof v === 'number' ? [v] : [];
  if (!raw.length) return refuse(ctx, none.message, none.msg, none.as);
  const out = raw.map((x) => Number(x));
  if (out.some((n) => !Number.isSafeInteger(n) || n <= 0) || out.length > max) return refuse(ctx, 'validation.integer', 'messages.validationFailed', none.as);
  return [...new Set(out)];
}
const idsMeta = (description?: string) => ({ type: 'array', items: { type: 'integer', minimum: 1 }, description: description ?? 'record ids: an array, or `1,2,3`' });

/** Record ids: none → 'select rows' naming the field; `emptyOk`: an empty array is an answer (unassign everything). */
export const needIds = (description?: string, emptyOk = false) =>
  sends<Whole[] | Whole>()(z
    .unknown()
    .meta(idsMeta(description))
    .transform((v, ctx) => ids(v, ctx, emptyOk, 10_000, { msg: 'messages.selectRows', message: 'validation.required' })));

/** The selection of a dispatch-order action (one id or several): none → 'Please select dispatch order first!', reported under `ids`. */
export const shipmentSelection = (description?: string) =>
  sends<Whole[] | Whole>()(z
    .unknown()
    .meta({ ...idsMeta(description), type: ['array', 'integer', 'string'] })
    .transform((v, ctx) => ids(v, ctx, false, 1000, { msg: 'messages.shipment.selectFirst', message: 'messages.shipment.selectFirst', as: 'ids', blankIsNone: true })));

/** One of `values` (compared as text): refused → the field named as invalid. */
export const oneOf = <const T extends readonly string[]>(values: T, description?: string) =>
  sends<T[number]>()(z
    .unknown()
    .meta({ type: 'string', enum: [...values], ...(description ? { description } : {}) })
    .transform((v, ctx) => {
      const s = String(v ?? '');
      return (values as readonly string[]).includes(s) ? (s as T[number]) : refuse(ctx, 'validation.invalid', 'messages.validationFailed');
    }));

/** A field the action itself checks (its refusals are the domain's): passed through as sent, documented by `meta`; `T`, what a caller sends. */
export const checkedLater = <T = unknown>(meta: Record<string, unknown>) => sends<T | null | undefined>()(z.unknown().optional().meta(meta));

/** A text field passed through as sent (a non-text value is read as empty by the route); `T`, what a caller sends where `more` documents another kind. */
export const anyText = <T = string>(description?: string, more: Record<string, unknown> = {}) =>
  sends<T | null | undefined>()(z.unknown().optional().meta({ type: 'string', ...(description ? { description } : {}), ...more }));

/** An id that may be left out (absent or null = none); given, it is checked as a needed one. */
export const idOrNone = (description?: string) =>
  sends<Whole | null | undefined>()(z
    .unknown()
    .optional()
    .meta({ type: ['integer', 'null'], minimum: 1, ...(description ? { description } : {}) })
    .transform((v, ctx) => (v === undefined || v === null ? undefined : v === '' ? refuse(ctx, 'validation.required', 'messages.validationFailed') : whole(v, 1, MAX, ctx))));

/** Text that must match `pattern` (a non-text value is refused as well): refused → the field named with `key`. */
export const matching = (pattern: RegExp, key: string, description?: string) =>
  sends<string>()(z
    .unknown()
    .meta({ type: 'string', pattern: pattern.source, ...(description ? { description } : {}) })
    .transform((v, ctx) => (typeof v === 'string' && pattern.test(v) ? v : refuse(ctx, key, 'messages.validationFailed'))));

/**
 * A JSON body read as the hand-written routes read it: anything that is not an object (none, null, an array) is an
 * empty one, so the first field it lacks is named; other keys pass through. `pre` may rename keys first.
 */
export const plainBody = <S extends z.ZodRawShape>(shape: S, pre?: (b: Record<string, unknown>) => Record<string, unknown>) =>
  sends<z.input<z.ZodObject<S, z.core.$loose>>>()(
    z.preprocess((v) => {
      const b = v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
      return pre ? pre(b) : b;
    }, z.object(shape).loose()),
  );

/** Record ids read inside a body's own transform (a field needed only with another's value), reported under `as`. */
export const idsIn = (v: unknown, ctx: Ctx, as: string) => ids(v, ctx, false, 10_000, { msg: 'messages.selectRows', message: 'validation.required', as });

/** Text the route needs: not text or empty (after trimming when `trim`) → required; cut to `max` characters. */
export const neededText = (max: number, trim: boolean, description?: string) =>
  sends<string>()(
    z
      .unknown()
      .meta({ type: 'string', minLength: 1, ...(description ? { description } : {}) })
      .transform((v, ctx) => {
        const s = typeof v === 'string' ? (trim ? v.trim() : v).slice(0, max) : '';
        return s ? s : refuse(ctx, 'validation.required', 'messages.validationFailed');
      }),
  );
