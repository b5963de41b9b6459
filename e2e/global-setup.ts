import { browserEnv, findBrowser } from '../scripts/lib/browser.mjs';

/**
 * Finds the browser once, before the test files start side by side, and hands it to them through
 * the environment: the Chromium from npm unpacks itself on first use, and two files unpacking it
 * at once would each find the other's half-written copy.
 */
export default async function setup(): Promise<void> {
  const browser = await findBrowser();
  Object.assign(process.env, browserEnv(browser));
  console.log(`browser tests in ${browser.source}`);
}
