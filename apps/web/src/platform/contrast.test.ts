import { describe, expect, it } from 'vitest';
import { contrast, darkenTo } from './contrast.ts';
import { COLOR_LIST } from '../app/settings.ts';

describe('contrast', () => {
  it('measures as WCAG does', () => {
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrast('#1890ff', '#ffffff')).toBeCloseTo(3.24, 2);
    expect(contrast('#767676', '#ffffff')).toBeGreaterThan(4.5);
  });
  it('darkens every offered primary colour just enough for white text (4.5:1), a colour that passes stays', () => {
    for (const { color } of COLOR_LIST) {
      const c = darkenTo(color);
      expect(contrast(c, '#ffffff')).toBeGreaterThanOrEqual(4.5);
      expect(contrast(darkenTo(color, 4.5 - 0.3), '#ffffff')).toBeLessThan(contrast(c, '#ffffff') + 0.0001);
    }
    expect(darkenTo('#0958d9')).toBe('#0958d9');
  });
});
