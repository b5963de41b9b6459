import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_FLAGS } from '../e2e/harness.ts';
const home = await (await fetch('http://127.0.0.1:3300/')).text();
const listing = /href="(\/product\/[^"]+)"/.exec(home)![1];
const lhtml = await (await fetch(`http://127.0.0.1:3300${listing}`)).text();
const seller = /href="(\/seller\/[^"]+)"/.exec(lhtml)![1];
const chrome = await chromeLauncher.launch({ chromePath: '/usr/bin/chromium', chromeFlags: ['--headless=new', ...CHROMIUM_FLAGS] });
for (const page of [seller, `/bn${seller}`]) {
  const run = await lighthouse(`http://127.0.0.1:3300${page}`, { port: chrome.port, output: 'json', logLevel: 'error', formFactor: 'mobile', onlyCategories: ['accessibility', 'seo'] });
  const audits = run!.lhr.audits;
  for (const id of ['color-contrast', 'canonical']) {
    const a = audits[id]!;
    console.log(page, id, a.score, a.explanation ?? '', JSON.stringify((a.details as any)?.items?.map((i: any) => [i.node?.snippet, i.node?.explanation]) ?? null).slice(0, 1500));
  }
}
chrome.kill();
