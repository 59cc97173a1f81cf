/**
 * WCAG 2.1 AA colour contrast (success criterion 1.4.3): text needs 4.5:1 against its background.
 * The theme keeps the colour a user picks (settings drawer) as its hue and darkens it just enough for
 * white text on a primary button and primary-coloured links / tabs on white to be read.
 */
export const AA_TEXT = 4.5;

function rgb(hex: string): [number, number, number] {
  const h = hex.replace('#', '');
  const full = h.length === 3 ? [...h].map((c) => c + c).join('') : h.slice(0, 6);
  const n = Number.parseInt(full, 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

const hex = ([r, g, b]: [number, number, number]) => `#${[r, g, b].map((v) => Math.round(v).toString(16).padStart(2, '0')).join('')}`;

/** Relative luminance (WCAG 2.1 definition). */
export function luminance(color: string): number {
  const [r, g, b] = rgb(color).map((v) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** The contrast ratio of two colours (1 to 21). */
export function contrast(a: string, b: string): number {
  const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p) as [number, number];
  return (x + 0.05) / (y + 0.05);
}

/** `color` mixed with black by the smallest step (of 2 %) that reaches `ratio` against `bg` (white by default). */
export function darkenTo(color: string, ratio = AA_TEXT, bg = '#ffffff'): string {
  const base = rgb(color);
  for (let k = 0; k <= 50; k++) {
    const c = hex(base.map((v) => v * (1 - k * 0.02)) as [number, number, number]);
    if (contrast(c, bg) >= ratio) return c;
  }
  return '#000000';
}
