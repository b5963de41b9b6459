import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  chromium,
  type Browser,
  type BrowserContext,
  type LaunchOptions,
  type Page,
  type Request,
} from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { findBrowser } from '../scripts/lib/browser.mjs';
import { freePort } from '../scripts/lib/free-port.mjs';

const repoRoot = path.resolve(import.meta.dirname, '..');
export const screenshotDir = path.join(repoRoot, 'test-results', 'screenshots');

/** Node's arguments that run the server from its TypeScript sources, as tests and `npm run dev` do. */
export const SOURCE_SERVER = ['--import', 'tsx', 'apps/server/src/server.ts'] as const;
/**
 * Node's arguments that run the compiled server, as `npm start` does after `npm run build`. The
 * condition makes `@market/shared` resolve to its compiled JavaScript as well; `--expose-gc` lets
 * it collect the garbage of building the search index at once (lib/heap.ts).
 */
export const COMPILED_SERVER = [
  '--expose-gc',
  '--conditions=market-compiled',
  'apps/server/dist/server.js',
] as const;

export const DESKTOP = { width: 1280, height: 800 } as const;
export const PHONE = { width: 390, height: 844 } as const;

export interface RunningServer {
  url: string;
  dataDir: string;
  pid: number;
  logs: string[];
  /** Stops the server with SIGTERM; removes its DATA_DIR unless keepData is set. */
  stop(options?: { keepData?: boolean }): Promise<void>;
  /** Kills the process at once (SIGKILL), as a crash or power loss would. */
  crash(): Promise<void>;
}

/** The folders whose code the build turns into what the browser tests run. */
const BUILT_SOURCES = [
  'packages/shared/src',
  'apps/server/src',
  'apps/web/src',
  'apps/web/index.html',
];
/** What `npm run build` writes from them, one file of each part. */
const BUILD_OUTPUTS = [
  'packages/shared/dist/index.js',
  'apps/server/dist/server.js',
  'apps/web/dist/index.html',
  'apps/web/dist-server/entry-server.js',
];

/** The newest modification time among a file or folder's files, in ms, tests left out. */
function newestChange(entry: string): number {
  const stat = fs.statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const child of fs.readdirSync(entry)) {
    // A component test and its helpers (src/test/) are not part of the build.
    if (/\.test\.tsx?$/.test(child) || child === 'test') continue;
    newest = Math.max(newest, newestChange(path.join(entry, child)));
  }
  return newest;
}

let buildChecked = false;
/**
 * Refuses to test a build that is missing or older than its sources: a test would pass or fail
 * on code that is no longer there. `npm test` builds before its browser tests; a browser test
 * run alone needs `npm run build` after a change.
 */
function assertBuildCurrent(): void {
  if (buildChecked) return;
  const missing = BUILD_OUTPUTS.filter((file) => !fs.existsSync(path.join(repoRoot, file)));
  if (missing.length > 0) throw new Error(`no ${missing.join(', ')}: run npm run build first`);
  const built = Math.min(
    ...BUILD_OUTPUTS.map((file) => fs.statSync(path.join(repoRoot, file)).mtimeMs),
  );
  const changed = Math.max(...BUILT_SOURCES.map((dir) => newestChange(path.join(repoRoot, dir))));
  if (changed > built) {
    throw new Error('the build is older than the sources: run npm run build first');
  }
  buildChecked = true;
}

/**
 * Starts the real product (built web app, API, demo data) as its own process on a fresh
 * database in a temporary DATA_DIR, and waits until /api/health answers. It runs the build that
 * `npm start` runs, or with `sources` the TypeScript sources as `npm run dev` does.
 */
export async function startServer(
  env: Record<string, string> = {},
  options: { sources?: boolean } = {},
): Promise<RunningServer> {
  const entry = options.sources ? SOURCE_SERVER : COMPILED_SERVER;
  assertBuildCurrent();
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const dataDir = env.DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'market-e2e-'));
  const url = `http://127.0.0.1:${port}`;
  const logs: string[] = [];
  const child: ChildProcess = spawn(process.execPath, [...entry], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: url,
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d: Buffer) => logs.push(d.toString()));
  child.stderr?.on('data', (d: Buffer) => logs.push(d.toString()));

  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) {
      throw new Error(`server exited with ${child.exitCode}:\n${logs.join('')}`);
    }
    try {
      const res = await fetch(`${url}/api/health`);
      // Alive, and its search index built (searches answer 503 "starting" until then).
      if (
        res.ok &&
        ((await res.json()) as { search?: { state: string } }).search?.state !== 'starting'
      ) {
        break;
      }
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) throw new Error(`server did not start:\n${logs.join('')}`);
    await new Promise((r) => setTimeout(r, 200));
  }

  const exited = new Promise((r) => child.once('exit', r));
  return {
    url,
    dataDir,
    pid: child.pid ?? 0,
    logs,
    async stop(options = {}) {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        await exited;
      }
      if (!options.keepData) fs.rmSync(dataDir, { recursive: true, force: true });
    },
    async crash() {
      child.kill('SIGKILL');
      await exited;
    },
  };
}

export interface ServerAndBrowser {
  server: RunningServer;
  browser: Browser;
}

export type Viewport = { width: number; height: number };

/** Pages that a test file opens in its browser; they are closed after its tests. */
export interface FilePages {
  /** A fresh browser context (no cookies) at the viewport, recording console errors. */
  freshPage(viewport?: Viewport): Promise<TrackedPage>;
  /** A fresh page signed in through the log-in form as the account, on the home page. */
  signedIn(account: { email: string; password: string }, viewport?: Viewport): Promise<TrackedPage>;
}

export interface ServerOptions {
  env?: Record<string, string> | (() => Promise<Record<string, string>>);
  /** Run the server from its TypeScript sources rather than from the build. */
  sources?: boolean;
  /**
   * Let the app's service worker run in the file's pages. Off elsewhere: a worker that controls
   * a page answers its navigations itself, out of reach of `page.route`.
   */
  serviceWorkers?: boolean;
}

/**
 * The set-up of a browser test file: starts the product and a browser before the tests of the
 * calling `describe` block, hands both to `started` (when given), and after the tests stops the
 * server and closes the browser contexts they opened. The browser itself is the worker's
 * (`workerBrowser`), shared by the files the worker runs one after another.
 * `env` may be a function when the server's settings are only known once the tests start (a free
 * port, say).
 */
export function useServerAndBrowser(options?: ServerOptions): FilePages;
export function useServerAndBrowser(
  started: (both: ServerAndBrowser) => void,
  options?: ServerOptions,
): FilePages;
export function useServerAndBrowser(
  first?: ((both: ServerAndBrowser) => void) | ServerOptions,
  second: ServerOptions = {},
): FilePages {
  const started = typeof first === 'function' ? first : undefined;
  const options = typeof first === 'function' ? second : (first ?? {});
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  let contextsBefore = new Set<BrowserContext>();
  const opened: TrackedPage[] = [];
  beforeAll(async () => {
    const env = typeof options.env === 'function' ? await options.env() : options.env;
    server = await startServer(env, options);
    browser = await workerBrowser();
    contextsBefore = new Set(browser.contexts());
    started?.({ server, browser });
  });
  afterAll(async () => {
    for (const tracked of opened) await tracked.close().catch(() => undefined);
    // Contexts the tests opened by themselves, so that the next file finds the browser empty.
    for (const context of browser?.contexts() ?? []) {
      if (!contextsBefore.has(context)) await context.close().catch(() => undefined);
    }
    await server?.stop();
  });

  async function freshPage(viewport: Viewport = DESKTOP): Promise<TrackedPage> {
    if (!server || !browser) throw new Error('the server and the browser have not started');
    const tracked = await openPage(browser, server.url, viewport, {
      serviceWorkers: options.serviceWorkers ?? false,
    });
    opened.push(tracked);
    return tracked;
  }

  return {
    freshPage,
    async signedIn(account, viewport) {
      const tracked = await freshPage(viewport);
      await logIn(tracked.page, account.email, account.password);
      await tracked.page.waitForURL((url) => url.pathname === '/');
      return tracked;
    },
  };
}

/**
 * Headless Chromium's flags for a closed machine, run as root: no sandbox, no GPU, and none of
 * the background connections to Google's services that this network refuses.
 */
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
  '--disable-dev-shm-usage',
] as const;

/**
 * Chromium as `findBrowser` finds it: CHROME_PATH, Debian's chromium, or the one from npm. Its
 * own flags are those above for every source: they run several contexts in one browser.
 */
export async function launchBrowser(): Promise<Browser> {
  return chromium.launch(await browserLaunchOptions());
}

/** How `launchBrowser` starts Chromium, also for a browser server that test workers connect to. */
export async function browserLaunchOptions(): Promise<LaunchOptions> {
  const browser = await findBrowser();
  return {
    executablePath: browser.path,
    headless: true,
    args: [...CHROMIUM_FLAGS],
    ...(browser.env.LD_LIBRARY_PATH ? { env: { ...process.env, ...browser.env } } : {}),
  };
}

/**
 * Where the browser of a browser test run listens: `e2e/global-setup.ts` starts one Chromium
 * for the whole run and names it here; its workers connect to it.
 */
export const BROWSER_ENDPOINT_VARIABLE = 'E2E_BROWSER_ENDPOINT';

/** This process's connection to the run's browser (or its own browser), made on first use. */
let connected: Promise<Browser> | undefined;

/**
 * The browser the test files use: the run's one browser, which each file reaches through its
 * own contexts (a launch per file would cost a second or two of processor time), or a browser of
 * this process's own when nothing started one. Connected again if the connection has gone.
 */
export async function workerBrowser(): Promise<Browser> {
  const current = connected && (await connected.catch(() => undefined));
  if (current?.isConnected()) return current;
  const endpoint = process.env[BROWSER_ENDPOINT_VARIABLE];
  connected = endpoint ? chromium.connect(endpoint) : launchBrowser();
  return connected;
}

export interface TrackedPage {
  context: BrowserContext;
  page: Page;
  /** Console errors and uncaught page errors seen so far; a test fails on unexpected ones. */
  errors: string[];
  close(): Promise<void>;
}

/** A fresh browser context (no cookies) at the given viewport, recording console errors. */
export async function openPage(
  browser: Browser,
  baseURL: string,
  viewport: Viewport = DESKTOP,
  {
    serviceWorkers = false,
    locale = 'en-US',
  }: {
    serviceWorkers?: boolean;
    /** The browser's language, which it asks pages in (Accept-Language). */
    locale?: string;
  } = {},
): Promise<TrackedPage> {
  // The language the people of these tests use, whatever the browser's source: the Chromium from
  // npm takes it from a POSIX environment as 'en-US@posix', which Intl refuses.
  const context = await browser.newContext({
    baseURL,
    viewport,
    locale,
    serviceWorkers: serviceWorkers ? 'allow' : 'block',
  });
  const page = await context.newPage();
  untilInteractive(page);
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(msg.text());
  });
  page.on('pageerror', (err) => errors.push(err.message));
  return { context, page, errors, close: () => context.close() };
}

/**
 * Makes the page's `goto`, `reload` and `waitForURL` wait, after the load, until the app has
 * taken over the page the server drew (`data-interactive` on <html>) and shows the address's
 * page (`data-drawn`, apps/web/src/lib/drawn-location.ts): a click before that may be lost, as
 * it would be for a person, and a test that clicks at once would fail on a loaded machine only.
 * Pages that are not the app's (no #root: the offline page, the busy page) are not waited for.
 */
function untilInteractive(page: Page): void {
  const interactive = async () => {
    // A visitor's home page fetches the app at the first touch: a key pressed, as a person's
    // first touch would (e2e/server-rendering.e2e.ts checks the page before it).
    if (
      (await page
        .locator('html:not([data-interactive]) #app-loader[data-start="interaction"]')
        .count()) > 0
    ) {
      await page.keyboard.press('Shift');
    }
    await page
      .waitForFunction(
        () => {
          // The page's document, typed here: the benchmarks compile this file without the
          // browser's types. (A string to evaluate instead would break the page's policy.)
          const page = globalThis as unknown as {
            document: {
              getElementById(id: string): unknown;
              documentElement: { dataset: Record<string, string | undefined> };
            };
            history: { state: { key?: string } | null };
          };
          const { dataset } = page.document.documentElement;
          return (
            !page.document.getElementById('root') ||
            (dataset.interactive === 'true' &&
              dataset.drawn === (page.history.state?.key ?? 'default'))
          );
        },
        undefined,
        { timeout: 60_000 },
      )
      // A page that never takes over fails on the test's own next step, with its own words.
      .catch(() => undefined);
  };
  const goto = page.goto.bind(page);
  page.goto = async (...args) => {
    const response = await goto(...args);
    await interactive();
    return response;
  };
  const reload = page.reload.bind(page);
  page.reload = async (...args) => {
    const response = await reload(...args);
    await interactive();
    return response;
  };
  // A link followed in the app changes the address before the new page is drawn: until the page
  // says it shows that address's entry (`data-drawn`), what is on screen is the last page's.
  const waitForURL = page.waitForURL.bind(page);
  const requests = requestsInFlight(page);
  page.waitForURL = async (...args) => {
    try {
      await waitForURL(...args);
    } catch (err) {
      // What the page was doing instead: a run that fails on a loaded machine only says so here.
      if (err instanceof Error) {
        err.message += `\n  the page is at ${page.url()}\n${requests()}`;
      }
      throw err;
    }
    await interactive();
  };
}

/**
 * The page's requests still unanswered, and how long each has waited, as lines of text (for a
 * failed wait's message).
 */
function requestsInFlight(page: Page): () => string {
  const started = new Map<Request, number>();
  page.on('request', (request) => started.set(request, Date.now()));
  const done = (request: Request) => started.delete(request);
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return () => {
    const now = Date.now();
    const lines = [...started].map(
      ([request, at]) => `    ${request.method()} ${request.url()} (${now - at} ms)`,
    );
    return lines.length > 0
      ? `  requests unanswered:\n${lines.join('\n')}`
      : '  no request unanswered';
  };
}

/** Saves a full-page screenshot as a test artifact: test-results/screenshots/<name>.png. */
export async function screenshot(page: Page, name: string): Promise<string> {
  fs.mkdirSync(screenshotDir, { recursive: true });
  const file = path.join(screenshotDir, `${name}.png`);
  // A whole-page picture taken while scrolled draws the sticky top bar and sidebar where the
  // scroll left them, half-way down: take it from the top, then go back to where the test was.
  // (Written as text: this module is also compiled without the browser's types, for bench/.)
  const scrolled = await page.evaluate<number>(
    `(() => { const y = window.scrollY; window.scrollTo({ top: 0, behavior: 'instant' }); return y; })()`,
  );
  await page.screenshot({ path: file, fullPage: true });
  if (scrolled > 0) {
    await page.evaluate(`window.scrollTo({ top: ${scrolled}, behavior: 'instant' })`);
  }
  return file;
}

/** Signs in through the log-in form, as a person would. */
export async function logIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/log-in');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
}

/** Logs out with the top bar's button, as a person would, and waits for the signed-out home page. */
export async function logOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Log out' }).click();
  await page.getByText('logOut successfully').waitFor();
  await page.waitForURL((url) => url.pathname === '/');
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'LogIn' })
    .waitFor();
}
