import { describe, expect, it } from 'vitest';
import { dictLocale, sharedLocales } from '@tms/domain';
import { translateDicts } from './queries.ts';

const stored = { shipment_alert_reason: [{ dictValue: 'TRAFFIC', dictLabel: '交通拥堵', dictSort: 1 }, { dictValue: 'CUSTOM', dictLabel: '自定义原因', dictSort: 9 }] };

function fakeI18n(language: keyof typeof sharedLocales) {
  const table = sharedLocales[language] as unknown as { dicts: Record<string, Record<string, string>> };
  const lookup = (key: string) => {
    const [, type, value] = key.split('.');
    return table.dicts?.[type!]?.[value!];
  };
  return { language, exists: (k: string) => lookup(k) !== undefined, t: (k: string) => lookup(k) ?? k } as never;
}

describe('dictionary labels', () => {
  it('keeps the stored (administrator-edited) labels in Simplified Chinese', () => {
    expect(translateDicts(stored, fakeI18n('zh-CN'))).toBe(stored);
  });
  it('shows the shipped translation in English, and the stored label for entries without one', () => {
    const en = translateDicts(stored, fakeI18n('en-US'))!;
    expect(en.shipment_alert_reason!.map((d) => d.dictLabel)).toEqual(['Traffic jam', '自定义原因']);
  });
  it('has an English label for every shipped entry', () => {
    for (const [type, items] of Object.entries(dictLocale('en'))) for (const [v, label] of Object.entries(items)) expect(label, `${type}.${v}`).toBeTruthy();
  });
});
