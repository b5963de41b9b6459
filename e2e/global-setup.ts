import { chromium } from 'playwright-core';
import { browserEnv, findBrowser } from '../scripts/lib/browser.mjs';
import { BROWSER_ENDPOINT_VARIABLE, browserLaunchOptions } from './harness.ts';

/**
 * Before the test files start side by side: finds the browser once (the Chromium from npm
 * unpacks itself on first use, and two files unpacking it at once would each find the other's
 * half-written copy), starts it once for the whole run, and hands both to the test workers
 * through the environment. Each file opens its own contexts in it; it is closed at the end.
 */
export default async function setup(): Promise<() => Promise<void>> {
  const browser = await findBrowser();
  Object.assign(process.env, browserEnv(browser));
  console.log(`browser tests in ${browser.source}`);
  const server = await chromium.launchServer(await browserLaunchOptions());
  process.env[BROWSER_ENDPOINT_VARIABLE] = server.wsEndpoint();
  return () => server.close();
}
