#!/usr/bin/env node
// Runs every check of the repository and ends with one line: "N passed, M failed, K skipped".
//   lint, format, typecheck      one check each
//   unit (shared)                Vitest
//   server on SQLite             Vitest, always
//   server on PostgreSQL         Vitest, when TEST_DATABASE_URL is set
//   end to end                   Vitest + Playwright on Chromium (CHROME_PATH or /usr/bin/chromium)
//   faults and cluster           with --faults, and always under CI=true: crash, database restart
//                                and soak tests, and two instances (PostgreSQL, S3, Redis)
// Options: --only=<step,step> to run some steps (lint, format, typecheck, unit, sqlite, postgres,
// e2e, faults, cluster).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const ci = process.env.CI === 'true' || process.env.CI === '1';
const only = process.argv
  .find((a) => a.startsWith('--only='))
  ?.slice(7)
  .split(',');
const withFaults = ci || process.argv.includes('--faults');
const want = (step) =>
  only ? only.includes(step) : !['faults', 'cluster'].includes(step) || withFaults;
const reportDir = fs.mkdtempSync(path.join(os.tmpdir(), 'market-test-report-'));
const totals = { passed: 0, failed: 0, skipped: 0 };
const lines = [];

function run(cmd, args, env = {}) {
  const started = Date.now();
  const result = spawnSync(cmd, args, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  return { ok: result.status === 0, seconds: ((Date.now() - started) / 1000).toFixed(1) };
}

function check(name, cmd, args) {
  console.log(`\n=== ${name}`);
  const { ok, seconds } = run(cmd, args);
  totals[ok ? 'passed' : 'failed'] += 1;
  lines.push(`${ok ? 'ok  ' : 'FAIL'} ${name} (${seconds}s)`);
}

function vitest(name, args, env = {}) {
  console.log(`\n=== ${name}`);
  const out = path.join(reportDir, `${name.replace(/\W+/g, '-')}.json`);
  const { ok, seconds } = run(
    'npx',
    ['vitest', 'run', ...args, '--reporter=default', '--reporter=json', `--outputFile.json=${out}`],
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
  for (const k of Object.keys(totals)) totals[k] += counts[k];
  lines.push(
    `${counts.failed === 0 ? 'ok  ' : 'FAIL'} ${name}: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped (${seconds}s)`,
  );
}

if (want('lint')) check('lint', 'npx', ['eslint', '.', '--max-warnings', '0']);
if (want('format')) check('format', 'npx', ['prettier', '--check', '.', '--log-level', 'warn']);
if (want('typecheck')) {
  for (const project of ['packages/shared', 'apps/server', 'apps/web', 'e2e', 'bench']) {
    check(`typecheck ${project}`, 'npx', ['tsc', '-p', project]);
  }
}
if (want('unit')) vitest('unit (shared)', ['--root', 'packages/shared']);
if (want('sqlite')) vitest('server on SQLite', ['--root', 'apps/server'], { TEST_DB: 'sqlite' });
if (want('postgres')) {
  if (process.env.TEST_DATABASE_URL) {
    vitest('server on PostgreSQL', ['--root', 'apps/server'], { TEST_DB: 'postgres' });
  } else {
    lines.push('skip server on PostgreSQL: set TEST_DATABASE_URL=postgres://... to run it');
  }
}
if (want('e2e')) {
  const chrome = process.env.CHROME_PATH ?? '/usr/bin/chromium';
  if (fs.existsSync(chrome)) {
    check('build web app', 'npm', ['run', 'build', '-w', 'apps/web', '--silent']);
    vitest('end to end (Chromium)', ['--config', 'e2e/vitest.config.ts'], { CHROME_PATH: chrome });
  } else if (ci) {
    totals.failed += 1;
    lines.push(`FAIL end to end: no browser at ${chrome} (CI needs one: apt-get install chromium)`);
  } else {
    totals.skipped += 1;
    console.log(
      `\n!!!!! END-TO-END TESTS SKIPPED: no Chromium at ${chrome}. Install one with ` +
        '`apt-get install chromium` or set CHROME_PATH. !!!!!',
    );
    lines.push(`skip end to end: no browser at ${chrome}`);
  }
}

if (want('faults')) vitest('faults', ['--config', 'faults/vitest.config.ts']);
if (want('cluster')) {
  if (process.env.TEST_DATABASE_URL) {
    vitest('two instances', ['--config', 'faults/vitest.cluster.config.ts']);
  } else if (ci) {
    totals.failed += 1;
    lines.push('FAIL two instances: needs TEST_DATABASE_URL');
  } else {
    lines.push('skip two instances: set TEST_DATABASE_URL=postgres://... to run it');
  }
}
if (!withFaults && !only) {
  lines.push('skip faults and two instances: run `npm test -- --faults` (CI always does)');
}

fs.rmSync(reportDir, { recursive: true, force: true });
console.log(`\n=== summary\n${lines.join('\n')}`);
console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(totals.failed > 0 ? 1 : 0);
