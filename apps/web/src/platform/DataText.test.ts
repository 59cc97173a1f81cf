import { isValidElement, type ReactElement } from 'react';
import { describe, expect, it } from 'vitest';
import { dataLang, dataNode, splitAtData } from './DataText.tsx';

/** i18next's interpolation, enough for the test: {{name}} → the value. */
const interpolate = (text: string) => (v: Record<string, string>) => text.replace(/\{\{(\w+)\}\}/g, (_, k: string) => v[k] ?? '');

describe('splitAtData', () => {
  it('splits a translated text at its data values, wherever the translation puts them', () => {
    expect(splitAtData(interpolate('Diagram - {{name}} v{{version}}'), ['name', 'version'])).toEqual(['Diagram - ', 0, ' v', 1, '']);
    expect(splitAtData(interpolate('{{name}}详情'), ['name'])).toEqual(['', 0, '详情']);
  });
  it('leaves the other values to the translation', () => {
    expect(splitAtData((v) => interpolate('{{child}} — {{parent}}')({ ...v, child: 'Dictionary data' }), ['parent'])).toEqual(['Dictionary data — ', 0, '']);
  });
});

describe('language of parts (WCAG 3.1.2)', () => {
  it('marks data holding Chinese as zh-CN outside a Chinese interface', () => {
    expect(dataLang('上海仓', 'en-US')).toBe('zh-CN');
    expect(dataLang('Station 上海 2', 'en-GB')).toBe('zh-CN');
    expect(dataLang('Shanghai depot', 'en-US')).toBeUndefined();
    expect(dataLang(42, 'en-US')).toBeUndefined();
    expect(dataLang(null, 'en-US')).toBeUndefined();
  });
  it('leaves data as it is in a Chinese interface (its own language)', () => {
    expect(dataLang('上海仓', 'zh-CN')).toBeUndefined();
    expect(dataLang('上海倉', 'zh-TW')).toBeUndefined();
  });
  it('wraps Chinese data in a span that says so, anything else as it is', () => {
    const node = dataNode('上海仓', 'en-US') as ReactElement<{ lang: string; translate: string; children: unknown }>;
    expect(isValidElement(node)).toBe(true);
    expect(node.type).toBe('span');
    expect(node.props).toMatchObject({ lang: 'zh-CN', translate: 'no', children: '上海仓' });
    expect(dataNode('Shanghai', 'en-US')).toBe('Shanghai');
    expect(dataNode('上海仓', 'zh-CN')).toBe('上海仓');
  });
});
