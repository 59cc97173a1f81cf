// Regenerates the Traditional Chinese locale files from the Simplified ones with OpenCC
// (Simplified → Taiwan standard with Taiwan phrases). Run after editing a zh-CN file:
//   node --import tsx scripts/gen-zh-tw.mjs
import * as OpenCC from 'opencc-js';
import { writeFileSync } from 'node:fs';

const convert = OpenCC.Converter({ from: 'cn', to: 'twp' });
const pairs = [
  ['../packages/domain/src/locales/zh-CN.ts', 'default', '../packages/domain/src/locales/zh-TW.ts'],
  // the web's composite Simplified Chinese texts (shell, resource engine, feature screens)
  ['../apps/web/src/locales/index.ts', 'zhCN', '../apps/web/src/locales/zh-TW.ts'],
  // the driver app's own texts
  ['../apps/driver/src/locales/zh-CN.ts', 'default', '../apps/driver/src/locales/zh-TW.ts'],
];
for (const [from, name, to] of pairs) {
  const mod = await import(new URL(from, import.meta.url).href);
  const data = JSON.parse(convert(JSON.stringify(mod[name])));
  const body = `// Generated from zh-CN by scripts/gen-zh-tw.mjs (OpenCC cn → twp). Do not edit by hand.\nconst zhTW = ${JSON.stringify(data, null, 2)};\nexport default zhTW;\n`;
  writeFileSync(new URL(to, import.meta.url), body);
  console.log('wrote', to);
}
