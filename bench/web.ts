/**
 * npm run bench:web
 *
 * Builds the product as `npm start` does and starts it. Prints the gzip size of what the home page needs
 * (in English, and how much more in Bangla)
 * before it shows and works (its HTML with a small inline script for the phone menu, and its CSS;
 * the server draws the page), and of the app's scripts it fetches once it has loaded. Then runs Lighthouse (mobile preset, in the browser `findBrowser` finds) on the home page,
 * /categories, /log-in, a listing and its seller's page, and, signed in as the demo buyer (the
 * session cookie sent with every request), a category page and the search results for "iphone",
 * each in English and at its Bangla address (/bn/...), printing the four category
 * scores and LCP, CLS and TBT. Figures go to bench/results/ too.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Result as LighthouseResult } from 'lighthouse';
import { DEMO_ACCOUNTS } from '../apps/server/src/modules/demo/demo-data.ts';
import { CHROMIUM_FLAGS } from '../e2e/harness.ts';
import { findBrowser } from '../scripts/lib/browser.mjs';
import {
  buildProduct,
  prepareDatabase,
  repoRoot,
  signIn,
  startProduct,
  writeResults,
} from './lib.ts';

const browser = await findBrowser();
console.log(`Lighthouse runs in ${browser.source}`);
const dist = path.join(repoRoot, 'apps/web/dist');

buildProduct();

const database = await prepareDatabase('sqlite', 200);
const product = await startProduct(database.env);

function gzipBytes(bytes: Buffer | string): number {
  return zlib.gzipSync(bytes, { level: 9 }).length;
}

/**
 * The home page as the server sends it: the stylesheets it links in its head (needed before it
 * shows and its links work) and the app's scripts, which its loader fetches once it has loaded.
 */
async function homeWeight(address = '/') {
  const html = await (await fetch(`${product.url}${address}`)).text();
  const head = html.slice(0, html.indexOf('</head>'));
  const styles = [
    ...head.matchAll(/<link rel="stylesheet"[^>]* href="(\/assets\/[^"]+\.css)"/g),
  ].map((m) => m[1]!);
  // The app loader names the entry in its text and the page's chunks in its data-chunks.
  const [, attributes = '', loader = ''] =
    /<script type="module" id="app-loader"([^>]*)>(.*?)<\/script>/s.exec(html) ?? [];
  const chunks = /data-chunks="([^"]*)"/.exec(attributes)?.[1]?.split(' ') ?? [];
  // A visitor's home page fetches the app's scripts at the first touch, not with the page.
  const onTouch = /data-start="interaction"/.test(attributes);
  const named = [...loader.matchAll(/"(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]!);
  const scripts = [...new Set([...named, ...chunks.filter((c) => c.endsWith('.js'))])];
  if (styles.length === 0 || scripts.length === 0) throw new Error('the home page links no assets');
  const sizeOf = (asset: string) => gzipBytes(fs.readFileSync(path.join(dist, asset)));
  return {
    htmlGzip: gzipBytes(html),
    styles: styles.map((asset) => ({ asset, gzip: sizeOf(asset) })),
    scripts: scripts.map((asset) => ({ asset, gzip: sizeOf(asset) })),
    onTouch,
  };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const weight = await homeWeight();
const banglaWeight = await homeWeight('/bn/');
const sum = (items: Array<{ gzip: number }>) => items.reduce((total, item) => total + item.gzip, 0);
const firstPaintGzip = weight.htmlGzip + sum(weight.styles);
const scriptsGzip = sum(weight.scripts);
console.log('\nhome page, gzip:');
console.log(
  `  HTML, with the listings drawn in       ${kb(weight.htmlGzip).padStart(9)} (and the menu's script)`,
);
for (const { asset, gzip } of weight.styles) {
  console.log(`  ${asset.padEnd(38)} ${kb(gzip).padStart(9)}`);
}
console.log(
  `  interactive (links, menu) after        ${kb(firstPaintGzip).padStart(9)} of HTML, CSS and inline JS (target: at most 80 KB)`,
);
/** CSS and JS a browser loads with the page: the app's scripts too unless they wait for a touch. */
const loaded = (w: typeof weight) => sum(w.styles) + (w.onTouch ? 0 : sum(w.scripts));
console.log(
  `  then fetches ${weight.scripts.length} scripts of the app        ${kb(scriptsGzip).padStart(9)} ${weight.onTouch ? 'at the first touch' : 'once loaded'}; CSS + JS in all ${kb(sum(weight.styles) + scriptsGzip)}`,
);
console.log(
  `  CSS + JS loaded with the page            ${kb(loaded(weight)).padStart(9)} (target: at most 120 KB)`,
);
const banglaAll = sum(banglaWeight.styles) + sum(banglaWeight.scripts);
console.log(
  `  in Bangla (/bn/): CSS + JS in all       ${kb(banglaAll).padStart(9)}, ${kb(banglaAll - sum(weight.styles) - scriptsGzip)} more than in English (target: at most 15 KB); with the page ${kb(loaded(banglaWeight))}`,
);

const chrome = await chromeLauncher.launch({
  chromePath: browser.path,
  chromeFlags: ['--headless=new', ...CHROMIUM_FLAGS],
  ...(browser.env.LD_LIBRARY_PATH ? { envVars: { ...process.env, ...browser.env } } : {}),
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
  /**
   * Lighthouse's measure of the host's CPU speed in that run (higher is faster). Its phone is the
   * host slowed down 4 times, so a slower host means more blocking time and a lower score.
   */
  benchmarkIndex: number;
  /** The performance score of every run; the figures above are those of the median run. */
  performanceRuns: number[];
}
const results: PageScores[] = [];

/** Lighthouse scores vary from run to run; like Lighthouse CI, report the median of a few. */
const runsArg = process.argv.indexOf('--runs');
const RUNS = runsArg > 0 ? Number(process.argv[runsArg + 1]) : 3;
if (!Number.isInteger(RUNS) || RUNS < 1) throw new Error('--runs takes a whole number, 1 or more');
try {
  const cookie = await signIn(product.url, DEMO_ACCOUNTS.buyer.email, DEMO_ACCOUNTS.buyer.password);
  // A listing the home page shows, and its seller's page.
  const home = await (await fetch(`${product.url}/`)).text();
  const listingPath = /href="(\/product\/[^"]+)"/.exec(home)?.[1];
  if (!listingPath) throw new Error('the home page links no listing');
  const listingHtml = await (await fetch(`${product.url}${listingPath}`)).text();
  const sellerPath = /href="(\/seller\/[^"]+)"/.exec(listingHtml)?.[1];
  if (!sellerPath) throw new Error('the listing page links no seller');
  const english: Array<[string, Record<string, string>]> = [
    ['/', {}],
    ['/categories', {}],
    ['/log-in', {}],
    [listingPath, {}],
    [sellerPath, {}],
    ['/category/iPhone', { cookie }],
    ['/search?q=iphone', { cookie }],
  ];
  // Each page in Bangla too, at its /bn address.
  const pages = english.flatMap(([page, headers]): Array<[string, Record<string, string>]> => [
    [page, headers],
    [`/bn${page === '/' ? '/' : page}`, headers],
  ]);
  // The server answers each page a few times first, as it would in service, not cold.
  for (const [page, headers] of pages) {
    for (let i = 0; i < 20; i++) await (await fetch(`${product.url}${page}`, { headers })).text();
  }
  for (const [page, extraHeaders] of pages) {
    const runs: PageScores[] = [];
    const lhrs: LighthouseResult[] = [];
    for (let i = 0; i < RUNS; i++) {
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
      lhrs.push(run.lhr);
      runs.push({
        page,
        performance: score('performance'),
        accessibility: score('accessibility'),
        bestPractices: score('best-practices'),
        seo: score('seo'),
        lcpMs: Math.round(audits['largest-contentful-paint']?.numericValue ?? 0),
        cls: Number((audits['cumulative-layout-shift']?.numericValue ?? 0).toFixed(3)),
        tbtMs: Math.round(audits['total-blocking-time']?.numericValue ?? 0),
        benchmarkIndex: Math.round(run.lhr.environment.benchmarkIndex),
        performanceRuns: [],
      });
    }
    const order = runs.map((_, i) => i).sort((a, b) => runs[a]!.performance - runs[b]!.performance);
    const median = order[Math.floor((order.length - 1) / 2)]!;
    const medianLhr = lhrs[median]!;
    results.push({ ...runs[median]!, performanceRuns: runs.map((r) => r.performance) });
    const { categories, audits } = medianLhr;
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

console.log(`\nLighthouse, mobile preset, median of ${RUNS} runs:`);
console.log(
  'page                                          perf  a11y  best  seo   LCP ms  CLS    TBT ms  host  perf of each run',
);
for (const r of results) {
  console.log(
    `${r.page.padEnd(45)} ${String(r.performance).padEnd(5)} ${String(r.accessibility).padEnd(5)} ${String(r.bestPractices).padEnd(5)} ${String(r.seo).padEnd(5)} ${String(r.lcpMs).padEnd(7)} ${String(r.cls).padEnd(6)} ${String(r.tbtMs).padEnd(7)} ${String(r.benchmarkIndex).padEnd(5)} ${r.performanceRuns.join(', ')}`,
  );
}
console.log(
  'host: the Lighthouse benchmark index of the median run (its CPU speed; higher is faster).',
);
console.log(
  `written to ${writeResults('web', { home: { firstPaintGzip, scriptsGzip, ...weight }, banglaHome: banglaWeight, results })}`,
);
