import { describe, expect, it } from 'vitest';
import { PRINT_SAMPLES } from '@tms/domain';
import { placeholdersOf, renderTemplate, sampleOf } from './template.ts';

describe('print template preview', () => {
  it('fills fields and repeats line sections, escaping the values', () => {
    const tpl = '<h1>{{code}}</h1>{{#lines}}<p>{{index}}. {{itemName}} × {{quantity}}</p>{{/lines}}';
    const { html, error } = renderTemplate(tpl, sampleOf('ORDER'));
    expect(error).toBeNull();
    expect(html).toBe('<h1>OR20260318000001</h1><p>1. 冷冻水饺 1kg × 20</p><p>2. 鲜牛奶 950ml × 12</p>');
    expect(renderTemplate('{{v}}', { v: '<b>x</b>' }).html).toBe('&lt;b&gt;x&lt;&#x2F;b&gt;');
  });

  it('reports a template that does not parse', () => {
    const r = renderTemplate('{{#lines}}<p>{{itemName}}</p>', sampleOf('ORDER'));
    expect(r.html).toBe('');
    expect(r.error).toMatch(/Unclosed section "lines"/);
  });

  it('offers the placeholders of each template type, sections for lists', () => {
    expect(sampleOf('DISPATCH')).toBe(PRINT_SAMPLES.DISPATCH);
    expect(sampleOf(undefined)).toBe(PRINT_SAMPLES.ORDER);
    const names = placeholdersOf(sampleOf('DISPATCH'));
    expect(names.find((p) => p.name === 'plateNumber')?.snippet).toBe('{{plateNumber}}');
    expect(names.find((p) => p.name === '#stops')?.snippet).toBe('{{#stops}}\n  {{seq}} {{station}} {{stopType}} {{eta}}\n{{/stops}}');
  });
});
