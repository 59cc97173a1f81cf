import { describe, expect, it } from 'vitest';
import { splitAtData } from './DataText.tsx';

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
