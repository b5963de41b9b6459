import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.ts';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'market-config-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

const serverEntry = path.resolve(import.meta.dirname, '../src/server.ts');

function startWith(env: Record<string, string>) {
  return spawnSync(process.execPath, ['--import', 'tsx', serverEntry], {
    env: { PATH: process.env.PATH, DATA_DIR: tmp, LOG_LEVEL: 'silent', ...env },
    encoding: 'utf8',
    timeout: 30_000,
  });
}

describe('configuration', () => {
  it('has working defaults and keeps a generated auth secret in DATA_DIR', () => {
    const dir = path.join(tmp, 'defaults');
    const config = loadConfig({ DATA_DIR: dir });
    expect(config.port).toBe(3000);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.seedDemo).toBe(true);
    expect(config.sqliteFile).toBe(path.join(dir, 'marketplace.db'));
    expect(config.authSecret.length).toBeGreaterThanOrEqual(32);
    expect(loadConfig({ DATA_DIR: dir }).authSecret).toBe(config.authSecret);
    expect(fs.readFileSync(path.join(dir, 'auth-secret'), 'utf8').trim()).toBe(config.authSecret);
    expect(Object.isFrozen(config)).toBe(true);
  });

  it('switches to PostgreSQL and turns demo data off for a postgres:// URL', () => {
    const config = loadConfig({ DATA_DIR: tmp, DATABASE_URL: 'postgres://u:p@db:5432/market' });
    expect(config.databaseUrl).toBe('postgres://u:p@db:5432/market');
    expect(config.seedDemo).toBe(false);
  });

  it.each([
    [{ PORT: 'abc' }, /^PORT: /],
    [{ PORT: '70000' }, /^PORT: must be between 0 and 65535/],
    [{ DATABASE_URL: 'mysql://localhost/db' }, /^DATABASE_URL: must be a postgres:\/\/ URL/],
    [{ SEED_DEMO: 'maybe' }, /^SEED_DEMO: must be true or false/],
    [{ LOG_LEVEL: 'loud' }, /^LOG_LEVEL: /],
    [{ ADMIN_EMAIL: 'root@example.com' }, /^ADMIN_PASSWORD: must be set together with ADMIN_EMAIL/],
    [{ SUPPORT_EMAIL: 'not an address' }, /^SUPPORT_EMAIL: must be an email address/],
    [{ PLACES_COUNTRIES: 'Bangladesh' }, /^PLACES_COUNTRIES: must be \* or country codes/],
    [{ PLACES_COUNTRIES: 'BD;IN' }, /^PLACES_COUNTRIES: must be \* or country codes/],
    [
      { METRICS_TOKEN: 'short-secret' },
      /^METRICS_TOKEN: must be at least 16 characters \(got a value\)$/,
    ],
    [{ METRICS_TOKEN: 'sixteen chars with spaces' }, /^METRICS_TOKEN: must be printable ASCII/],
  ])('refuses %o with one line naming the variable', (env, message) => {
    expect(() => loadConfig({ DATA_DIR: tmp, ...env })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: tmp, ...env })).toThrow(message);
  });

  it('turns /metrics on with METRICS_TOKEN only', () => {
    expect(loadConfig({ DATA_DIR: tmp }).metricsToken).toBeNull();
    const token = 'a-metrics-token-of-32-characters';
    expect(loadConfig({ DATA_DIR: tmp, METRICS_TOKEN: token }).metricsToken).toBe(token);
  });

  it('takes the support address from SUPPORT_EMAIL; a demo on http has the demo one, else none', () => {
    const dir = path.join(tmp, 'support');
    expect(loadConfig({ DATA_DIR: dir, SUPPORT_EMAIL: 'help@shop.example' }).supportEmail).toBe(
      'help@shop.example',
    );
    expect(loadConfig({ DATA_DIR: dir }).supportEmail).toBe('support@example.com');
    expect(loadConfig({ DATA_DIR: dir, SEED_DEMO: 'false' }).supportEmail).toBeNull();
    const https = { DATA_DIR: dir, PUBLIC_URL: 'https://market.example' };
    expect(loadConfig(https).supportEmail).toBeNull();
    expect(loadConfig({ ...https, SUPPORT_EMAIL: 'help@market.example' }).supportEmail).toBe(
      'help@market.example',
    );
  });

  it('keeps the places of Bangladesh unless told which countries, or * for the world', () => {
    expect(loadConfig({ DATA_DIR: tmp }).placesCountries).toEqual(['BD']);
    expect(loadConfig({ DATA_DIR: tmp, PLACES_COUNTRIES: ' bd, in ' }).placesCountries).toEqual([
      'BD',
      'IN',
    ]);
    expect(loadConfig({ DATA_DIR: tmp, PLACES_COUNTRIES: '*' }).placesCountries).toBe('*');
  });

  it('refuses a DATA_DIR it cannot write', () => {
    const file = path.join(tmp, 'a-file');
    fs.writeFileSync(file, 'not a directory');
    expect(() => loadConfig({ DATA_DIR: path.join(file, 'data') })).toThrow(
      /^DATA_DIR: .* is not a writable directory/,
    );
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT'],
    [{ DATABASE_URL: 'not-a-url' }, 'DATABASE_URL'],
    [{ DATA_DIR: '<file>/data' }, 'DATA_DIR'],
  ])('the server refuses to start with %o, printing one line', (env, variable) => {
    const blocker = path.join(tmp, 'blocker');
    fs.writeFileSync(blocker, '');
    const result = startWith({
      PORT: '0',
      ...Object.fromEntries(Object.entries(env).map(([k, v]) => [k, v.replace('<file>', blocker)])),
    });
    expect(result.status).toBe(1);
    const lines = result.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(new RegExp(`^Invalid configuration: ${variable}: `));
  });
});
