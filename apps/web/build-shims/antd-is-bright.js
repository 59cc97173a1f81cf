// `isBright` of antd 5 (es/color-picker/components/ColorPresets.js), alone: antd's button style imports it
// from that module, which also holds the presets panel and so brings Collapse into every page (see vite.config.ts).
import { Color as RcColor } from '@rc-component/color-picker/es/color';

export const isBright = (value, bgColorToken) => {
  const { r, g, b, a } = value.toRgb();
  const hsv = new RcColor(value.toRgbString()).onBackground(bgColorToken).toHsv();
  if (a <= 0.5) {
    // adapted to dark mode
    return hsv.v > 0.5;
  }
  return r * 0.299 + g * 0.587 + b * 0.114 > 192;
};
