import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Debian's Chromium, the better choice where the machine has it (`apt-get install chromium`). */
export const DEBIAN_CHROMIUM = '/usr/bin/chromium';

/**
 * @typedef {object} FoundBrowser
 * @property {string} path the executable
 * @property {string} source where it came from, as said in the test summary
 * @property {Record<string, string>} env extra environment for the browser's process
 */

/**
 * The shared libraries an executable needs that the machine lacks, by `ldd`; none when `ldd`
 * itself cannot tell.
 * @param {string} executable
 * @returns {string[]}
 */
function missingLibraries(executable) {
  try {
    const out = execFileSync('ldd', [executable], { encoding: 'utf8' });
    return [...out.matchAll(/^\s*(\S+) => not found/gm)].map((m) => m[1] ?? '');
  } catch {
    return [];
  }
}

/**
 * The Chromium that ships inside the `@sparticuz/chromium` npm package (a dev dependency,
 * imported only here and only when the machine has no browser). Its first use unpacks it to the
 * temporary folder; later uses find it there. Its NSS libraries come along for a machine that
 * lacks them.
 * @returns {Promise<FoundBrowser>}
 */
async function npmChromium() {
  let packaged;
  try {
    packaged = (await import('@sparticuz/chromium')).default;
  } catch {
    throw new Error(
      `no browser: set CHROME_PATH, apt-get install chromium (${DEBIAN_CHROMIUM}), or npm ci for the Chromium from npm`,
    );
  }
  const executable = await packaged.executablePath();
  /** @type {Record<string, string>} */
  const env = {};
  if (missingLibraries(executable).length > 0) {
    const { inflate } = await import('@sparticuz/chromium');
    const main = fileURLToPath(import.meta.resolve('@sparticuz/chromium'));
    const bin = path.join(path.dirname(main), '..', 'bin');
    const libs = path.join(await inflate(path.join(bin, 'al2023.tar.br')), 'lib');
    env.LD_LIBRARY_PATH = [libs, process.env.LD_LIBRARY_PATH].filter(Boolean).join(':');
  }
  return { path: executable, source: 'Chromium from npm (@sparticuz/chromium)', env };
}

/** @type {Promise<FoundBrowser> | undefined} */
let found;

/**
 * The browser for the browser tests, the screenshots and the benchmarks' Lighthouse runs:
 * CHROME_PATH when set (it must exist; `CHROME_PATH=npm` asks for the one from npm), then
 * Debian's Chromium, then the one from npm.
 * `CHROME_SOURCE` names the source when a parent process (npm test) already chose.
 * @returns {Promise<FoundBrowser>}
 */
export function findBrowser() {
  found ??= (async () => {
    const given = process.env.CHROME_PATH;
    if (given === 'npm') return npmChromium();
    if (given) {
      if (!fs.existsSync(given))
        throw new Error(`CHROME_PATH names ${given}, which does not exist`);
      return {
        path: given,
        source: process.env.CHROME_SOURCE ?? `CHROME_PATH (${given})`,
        env: process.env.CHROME_LD_LIBRARY_PATH
          ? { LD_LIBRARY_PATH: process.env.CHROME_LD_LIBRARY_PATH }
          : {},
      };
    }
    if (fs.existsSync(DEBIAN_CHROMIUM)) {
      return { path: DEBIAN_CHROMIUM, source: `Debian's chromium (${DEBIAN_CHROMIUM})`, env: {} };
    }
    return npmChromium();
  })();
  return found;
}

/**
 * The environment that hands a chosen browser to child processes (test runners), so that they
 * use the same one without looking again.
 * @param {FoundBrowser} browser
 * @returns {Record<string, string>}
 */
export function browserEnv(browser) {
  return {
    CHROME_PATH: browser.path,
    CHROME_SOURCE: browser.source,
    ...(browser.env.LD_LIBRARY_PATH ? { CHROME_LD_LIBRARY_PATH: browser.env.LD_LIBRARY_PATH } : {}),
  };
}
