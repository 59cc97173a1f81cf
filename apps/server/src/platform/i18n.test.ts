/** The fast path of translate() gives i18next's answer for every key of every language, with and without values. */
import { describe, expect, it } from 'vitest';
import { LANGS, sharedLocales } from '@tms/domain';
import { translate, translateSlow } from './i18n.ts';

function keys(o: unknown, prefix = ''): string[] {
  if (typeof o !== 'object' || o === null) return [prefix];
  return Object.entries(o).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
}

describe('translate', () => {
  // one test per language (each of the four is a few thousand i18next calls: one test for all took 11.5 s on a loaded CI run)
  it.each(LANGS)("answers as i18next for every key of %s: no values, every placeholder given (text, number, null, an object), one missing", (lang) => {
    let checked = 0;
    const differ: string[] = [];
    for (const key of keys(sharedLocales[lang])) {
      const raw = key.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown>)?.[k], sharedLocales[lang]);
      // (lng and ns are i18next's own: the language and the namespace)
      const names = typeof raw === 'string' ? [...raw.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]!) : [];
      const cases: (Record<string, unknown> | undefined)[] = [undefined, {}];
      if (names.length) {
        cases.push(Object.fromEntries(names.map((n, i) => [n, i % 2 ? 12.5 : `值 ${n} <b>&</b>`])));
        cases.push(Object.fromEntries(names.map((n) => [n, null])));
        cases.push(Object.fromEntries(names.slice(1).map((n) => [n, 'x'])));
        cases.push(Object.fromEntries(names.filter((n) => n !== 'lng' && n !== 'ns').map((n) => [n, { n }])));
      }
      for (const params of cases) {
        // compared here and reported together (an expect() per case cost as much as the translations themselves)
        const fast = translate(lang, key, params);
        const slow = translateSlow(lang, key, params);
        if (fast !== slow) differ.push(`${lang} ${key} ${JSON.stringify(params)}: ${JSON.stringify(fast)} ≠ i18next ${JSON.stringify(slow)}`);
        checked++;
      }
    }
    expect(translate(lang, 'no.such.key')).toBe(translateSlow(lang, 'no.such.key'));
    expect(differ).toEqual([]);
    expect(checked).toBeGreaterThan(250);
  });
});
