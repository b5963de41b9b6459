/**
 * Draws the demo data's pictures (phones, categories, people) as SVG and writes them as small
 * WebP files into apps/server/src/modules/demo/images. Run once when the demo set changes:
 *   node --import tsx scripts/make-demo-images.ts
 */
import path from 'node:path';
import sharp from 'sharp';

const out = path.join(import.meta.dirname, '../apps/server/src/modules/demo/images');

const palettes: Record<string, [string, string, string]> = {
  iPhone: ['#1f2937', '#6b7280', '#e5e7eb'],
  samsung: ['#1e3a8a', '#3b82f6', '#dbeafe'],
  xiaomi: ['#9a3412', '#f97316', '#ffedd5'],
  realme: ['#854d0e', '#eab308', '#fef9c3'],
};

function phone(brand: string, variant: number, size = 600): string {
  const [dark, mid, light] = palettes[brand] ?? ['#111', '#555', '#eee'];
  const hue = (variant * 47) % 360;
  const screenA = `hsl(${hue} 80% 60%)`;
  const screenB = `hsl(${(hue + 60) % 360} 80% 45%)`;
  const tilt = variant % 2 === 0 ? -8 : 8;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 600 600">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${light}"/><stop offset="1" stop-color="#ffffff"/></linearGradient>
    <linearGradient id="body" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${mid}"/><stop offset="1" stop-color="${dark}"/></linearGradient>
    <linearGradient id="screen" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${screenA}"/><stop offset="1" stop-color="${screenB}"/></linearGradient>
  </defs>
  <rect width="600" height="600" fill="url(#bg)"/>
  <ellipse cx="300" cy="540" rx="150" ry="18" fill="#000" opacity="0.12"/>
  <g transform="rotate(${tilt} 300 300)">
    <rect x="185" y="70" width="230" height="450" rx="38" fill="url(#body)"/>
    <rect x="197" y="84" width="206" height="422" rx="28" fill="url(#screen)"/>
    <rect x="265" y="96" width="70" height="14" rx="7" fill="#0b0b0b"/>
    <circle cx="${240 + (variant % 3) * 10}" cy="${200 + (variant % 4) * 30}" r="${40 + (variant % 5) * 8}" fill="#fff" opacity="0.25"/>
    <circle cx="${350 - (variant % 3) * 12}" cy="${360 + (variant % 2) * 40}" r="${60 - (variant % 4) * 6}" fill="#fff" opacity="0.18"/>
    <text x="300" y="470" font-family="DejaVu Sans, sans-serif" font-size="30" font-weight="700" fill="#fff" text-anchor="middle">${brand}</text>
  </g>
</svg>`;
}

function person(initials: string, hue: number): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="160" height="160" viewBox="0 0 160 160">
  <rect width="160" height="160" fill="hsl(${hue} 60% 85%)"/>
  <circle cx="80" cy="62" r="30" fill="hsl(${hue} 45% 45%)"/>
  <ellipse cx="80" cy="150" rx="52" ry="42" fill="hsl(${hue} 45% 45%)"/>
  <text x="80" y="72" font-family="DejaVu Sans, sans-serif" font-size="26" font-weight="700" fill="#fff" text-anchor="middle">${initials}</text>
</svg>`;
}

async function write(name: string, svg: string, width: number, quality = 72): Promise<void> {
  const file = path.join(out, `${name}.webp`);
  await sharp(Buffer.from(svg)).resize({ width }).webp({ quality }).toFile(file);
}

const brands = Object.keys(palettes);
for (const brand of brands) {
  await write(`category-${brand.toLowerCase()}`, phone(brand, brands.indexOf(brand) + 1), 480);
  for (let v = 1; v <= 5; v++) {
    await write(`${brand.toLowerCase()}-${v}`, phone(brand, v * 3 + brands.indexOf(brand)), 600);
  }
}
const people: Array<[string, string, number]> = [
  ['person-1', 'AR', 200],
  ['person-2', 'SN', 330],
  ['person-3', 'KH', 140],
  ['person-4', 'MJ', 30],
  // The demo accounts' own pictures carry their own initials (Rahim Phones, Sam Buyer).
  ['seller-rahim', 'RP', 170],
  ['buyer-sam', 'SB', 260],
  ['avatar-default', '?', 220],
];
for (const [name, initials, hue] of people) await write(name, person(initials, hue), 160, 80);
console.log(`demo images written to ${out}`);
