// Draws the driver app's icons (a truck on the brand blue) into public/icons with sharp:
//   node apps/driver/icons.mjs   (run again after changing the drawing; the PNGs are committed)
import sharp from 'sharp';
import { mkdirSync } from 'node:fs';

const dir = new URL('./public/icons/', import.meta.url);
mkdirSync(dir, { recursive: true });
const svg = (size, pad) => `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 100 100">
  <rect width="100" height="100" rx="${pad ? 0 : 18}" fill="#1677ff"/>
  <g transform="translate(50 52) scale(${pad ? 0.62 : 0.8}) translate(-50 -52)" fill="#fff">
    <rect x="14" y="30" width="44" height="30" rx="3"/>
    <path d="M60 38h14l10 12v10H60z"/>
    <circle cx="30" cy="66" r="8" stroke="#1677ff" stroke-width="3"/>
    <circle cx="72" cy="66" r="8" stroke="#1677ff" stroke-width="3"/>
  </g>
</svg>`;
for (const [name, size, pad] of [['icon-192.png', 192, false], ['icon-512.png', 512, false], ['icon-maskable-512.png', 512, true], ['apple-touch-icon.png', 180, true]]) {
  await sharp(Buffer.from(svg(size, pad))).png({ compressionLevel: 9, palette: true }).toFile(new URL(name, dir).pathname);
}
