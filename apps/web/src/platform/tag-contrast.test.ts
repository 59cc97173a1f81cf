import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { theme } from 'antd';
import { contrast, darkenTo } from './contrast.ts';

/** tag-contrast.css: the text colour drawn on a tag of each preset colour or status the stylesheet darkens */
const overrides = Object.fromEntries(
  [...readFileSync(new URL('./tag-contrast.css', import.meta.url), 'utf8').matchAll(/\.ant-tag-([a-z]+) \{ color: (#[0-9a-f]{6}); \}/g)].map((m) => [m[1]!, m[2]!]),
);
const token = theme.getDesignToken() as unknown as Record<string, string>;
// antd's preset colours (Tag `color`), and the statuses whose colours the theme leaves as antd's (success, warning)
const PRESETS = ['blue', 'purple', 'cyan', 'green', 'magenta', 'pink', 'red', 'orange', 'yellow', 'volcano', 'geekblue', 'lime', 'gold'];
const STATUSES = ['success', 'warning'];

describe('tag colours (WCAG 1.4.3)', () => {
  it('every preset colour and status writes its text at 4.5:1 or more on its own background, darkened no more than needed', () => {
    const pairs = [
      ...PRESETS.map((c) => [c, token[`${c}7`]!, token[`${c}1`]!] as const),
      ...STATUSES.map((s) => [s, token[`color${s[0]!.toUpperCase()}${s.slice(1)}`]!, token[`color${s[0]!.toUpperCase()}${s.slice(1)}Bg`]!] as const),
    ];
    for (const [name, text, bg] of pairs) {
      expect(text, name).toMatch(/^#[0-9a-f]{6}$/i);
      const drawn = overrides[name] ?? text;
      expect(contrast(drawn, bg), `${name}: ${drawn} on ${bg}`).toBeGreaterThanOrEqual(4.5);
      if (overrides[name]) expect(overrides[name], name).toBe(darkenTo(text, 4.5, bg));
    }
    // nothing darkened that did not need it
    expect(Object.keys(overrides).sort()).toEqual(pairs.filter(([, t, b]) => contrast(t, b) < 4.5).map(([n]) => n).sort());
  });
});
