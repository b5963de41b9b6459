/**
 * npm run bench:web
 *
 * Builds the web app, prints the gzip size of the JavaScript and CSS the home page loads before
 * it is interactive, then runs Lighthouse (mobile preset, Debian's Chromium) on the home page,
 * /categories, /log-in and a signed-in category page, printing the four category scores and
 * LCP, CLS and TBT. Figures go to bench/results/ too.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { DEMO_ACCOUNTS } from '../apps/server/src/db/seed/demo-data.ts';
import { prepareDatabase, repoRoot, signIn, startProduct, writeResults } from './lib.ts';

const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const dist = path.join(repoRoot, 'apps/web/dist');

execFileSync('npm', ['run', 'build', '-w', 'apps/web', '--silent'], {
  cwd: repoRoot,
  stdio: 'inherit',
});

/** The entry script, its static imports (modulepreload) and the stylesheets of index.html. */
function homeCriticalAssets(): string[] {
  const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
  const refs = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)].map(
    (m) => m[1]!,
  );
  return [...new Set(refs)];
}

const assets = homeCriticalAssets();
let totalGzip = 0;
console.log('\nhome page, loaded before interactive:');
for (const asset of assets) {
  const bytes = fs.readFileSync(path.join(dist, asset));
  const gz = zlib.gzipSync(bytes, { level: 9 }).length;
  totalGzip += gz;
  console.log(
    `  ${asset.padEnd(48)} ${(bytes.length / 1024).toFixed(1).padStart(7)} KB  ${(gz / 1024).toFixed(1).padStart(6)} KB gzip`,
  );
}
console.log(`  total ${(totalGzip / 1024).toFixed(1)} KB gzip (target: at most 80 KB)`);

const database = await prepareDatabase('sqlite', 200);
const product = await startProduct(database.env, 3310);
const chrome = await chromeLauncher.launch({
  chromePath,
  chromeFlags: [
    '--headless=new',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
    '--disable-dev-shm-usage',
  ],
});

interface PageScores {
  page: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  cls: number;
  tbtMs: number;
}
const results: PageScores[] = [];
try {
  const cookie = await signIn(product.url, DEMO_ACCOUNTS.buyer.email, DEMO_ACCOUNTS.buyer.password);
  const pages: Array<[string, Record<string, string>]> = [
    ['/', {}],
    ['/categories', {}],
    ['/log-in', {}],
    ['/category/iPhone', { cookie }],
  ];
  for (const [page, extraHeaders] of pages) {
    const run = await lighthouse(`${product.url}${page}`, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      formFactor: 'mobile',
      extraHeaders,
      onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
    });
    if (!run) throw new Error(`Lighthouse returned nothing for ${page}`);
    const { categories, audits } = run.lhr;
    const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
    results.push({
      page,
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      seo: score('seo'),
      lcpMs: Math.round(audits['largest-contentful-paint']?.numericValue ?? 0),
      cls: Number((audits['cumulative-layout-shift']?.numericValue ?? 0).toFixed(3)),
      tbtMs: Math.round(audits['total-blocking-time']?.numericValue ?? 0),
    });
    for (const id of ['performance', 'accessibility', 'best-practices', 'seo']) {
      const failing = categories[id]?.auditRefs
        .filter((ref) => ref.weight > 0 && (audits[ref.id]?.score ?? 1) < 1)
        .map((ref) => ref.id);
      if (failing?.length)
        console.log(`  ${page} ${id}: below full marks on ${failing.join(', ')}`);
    }
  }
} finally {
  chrome.kill();
  await product.stop();
  await database.destroy();
}

console.log('\nLighthouse, mobile preset:');
console.log('page                 perf  a11y  best  seo   LCP ms  CLS    TBT ms');
for (const r of results) {
  console.log(
    `${r.page.padEnd(20)} ${String(r.performance).padEnd(5)} ${String(r.accessibility).padEnd(5)} ${String(r.bestPractices).padEnd(5)} ${String(r.seo).padEnd(5)} ${String(r.lcpMs).padEnd(7)} ${String(r.cls).padEnd(6)} ${r.tbtMs}`,
  );
}
console.log(`written to ${writeResults('web', { homeGzipBytes: totalGzip, assets, results })}`);
