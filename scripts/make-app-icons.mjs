// Draws the installable app's icons from apps/web/public/favicon.svg, once; the PNGs are kept in
// the repository. Run again after the favicon changes: node scripts/make-app-icons.mjs
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

const publicDir = path.join(import.meta.dirname, '../apps/web/public');
const svg = fs.readFileSync(path.join(publicDir, 'favicon.svg'));
/** The theme's primary colour (apps/web/src/index.css), behind the maskable icon. */
const PRIMARY = '#0f766e';
const WHITE = '#ffffff';

/**
 * @param {number} size
 * @param {{ background: string, scale: number }} look
 */
async function icon(size, { background, scale }) {
  const inner = Math.round(size * scale);
  const drawn = await sharp(svg, { density: Math.ceil((72 * inner) / 32) })
    .resize(inner, inner, { fit: 'contain', background: { r: 0, g: 0, b: 0, alpha: 0 } })
    .png()
    .toBuffer();
  return sharp({ create: { width: size, height: size, channels: 4, background } })
    .composite([{ input: drawn, gravity: 'center' }])
    .png({ compressionLevel: 9 })
    .toBuffer();
}

const icons = {
  'icon-192.png': await icon(192, { background: WHITE, scale: 0.9 }),
  'icon-512.png': await icon(512, { background: WHITE, scale: 0.9 }),
  // Maskable: the launcher crops to a circle or a rounded square; the safe zone is the middle 80%.
  'maskable-512.png': await icon(512, { background: PRIMARY, scale: 0.6 }),
  'apple-touch-icon.png': await icon(180, { background: WHITE, scale: 0.85 }),
};
fs.mkdirSync(path.join(publicDir, 'icons'), { recursive: true });
for (const [name, png] of Object.entries(icons)) {
  fs.writeFileSync(path.join(publicDir, 'icons', name), png);
  console.log(`apps/web/public/icons/${name}: ${png.length} bytes`);
}
