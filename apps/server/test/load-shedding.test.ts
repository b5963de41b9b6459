import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.ts';
import { SHED_MESSAGE, SHED_RETRY_AFTER_SECONDS } from '../src/plugins/load-shedding.ts';
import { buildTestApp, testDbKind, type TestApp } from './build-test-app.ts';

const opened: TestApp[] = [];
afterAll(async () => {
  for (const t of opened) await t.close();
});

async function openApp(env: Record<string, string>): Promise<TestApp> {
  const t = await buildTestApp({ env: { LOAD_SHEDDING: 'true', ...env } });
  opened.push(t);
  return t;
}

/** Under-pressure reads the process's state once a second; waits for two readings past a bound. */
async function untilShedding(t: TestApp): Promise<void> {
  await vi.waitFor(() => expect(t.app.sheddingLoad()).toBe(true), {
    timeout: 10_000,
    interval: 50,
  });
}

/** Waits for a reading (the first one sets the heap) within the bounds. */
async function untilCalm(t: TestApp): Promise<void> {
  await vi.waitFor(
    () =>
      expect([
        t.app.memoryUsage().heapUsed > 0,
        t.app.isUnderPressure(),
        t.app.sheddingLoad(),
      ]).toEqual([true, false, false]),
    {
      timeout: 10_000,
      interval: 50,
    },
  );
}

/**
 * Keeps the event loop busy in tasks of `taskMs`, letting it turn between them, until the app
 * refuses requests (or 10 s have passed).
 */
async function overload(t: TestApp, taskMs: number): Promise<void> {
  const until = performance.now() + 10_000;
  while (performance.now() < until && !t.app.sheddingLoad()) {
    const end = performance.now() + taskMs;
    while (performance.now() < end) {
      // Busy on purpose: this is the overload.
    }
    await new Promise((resolve) => setImmediate(resolve));
  }
}

async function countUsers(t: TestApp): Promise<number> {
  const row = await t.app.db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

function expectShedApiAnswer(res: {
  statusCode: number;
  headers: Record<string, unknown>;
  json(): unknown;
}): void {
  expect(res.statusCode).toBe(503);
  expect(res.headers['retry-after']).toBe(String(SHED_RETRY_AFTER_SECONDS));
  // A server error carries the request's id, for the user to quote (decision 0037).
  expect(res.json()).toEqual({
    error: {
      code: 'SERVICE_UNAVAILABLE',
      message: SHED_MESSAGE,
      reason: 'common.busy',
      requestId: res.headers['x-request-id'],
    },
  });
}

describe(`shedding load (${testDbKind})`, () => {
  it('refuses API calls and pages with 503 and Retry-After past the heap bound, while health answers', async () => {
    // A bound of one byte: every reading of the heap is past it.
    const t = await openApp({ MAX_HEAP_USED_BYTES: '1' });
    const usersBefore = await countUsers(t);
    await untilShedding(t);

    expectShedApiAnswer(await t.app.inject({ method: 'GET', url: '/api/categories' }));
    expectShedApiAnswer(await t.app.inject({ method: 'GET', url: '/api/products/iPhone?page=2' }));
    // A write is refused before anything reads it: no account is made.
    const signUp = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { origin: 'http://localhost:3000' },
      payload: { name: 'Busy Buyer', email: 'busy@example.test', password: 'a-long-password-1' },
    });
    expectShedApiAnswer(signUp);
    expect(await countUsers(t)).toBe(usersBefore);

    // Health still answers with a real database round trip.
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toMatchObject({ status: 'ok', db: testDbKind });
    // Below /api/health and /metrics nothing is refused by the shedding (no route here: 404).
    const below = await t.app.inject({ method: 'GET', url: '/api/health/anything' });
    expect(below.statusCode).toBe(404);
    expect(below.json()).toMatchObject({ error: { code: 'NOT_FOUND' } });
    expect((await t.app.inject({ method: 'GET', url: '/metrics' })).statusCode).not.toBe(503);

    // A page gets a short page of its own, not the web app.
    const page = await t.app.inject({
      method: 'GET',
      url: '/product/abc',
      headers: { accept: 'text/html' },
    });
    expect(page.statusCode).toBe(503);
    expect(page.headers['retry-after']).toBe(String(SHED_RETRY_AFTER_SECONDS));
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.body).toContain(
      '<h1 style="font-size: 1.5rem; margin: 0 0 1rem">Phone Market is busy</h1>',
    );
    expect(page.body).toContain(SHED_MESSAGE);
    expect(page.body).not.toContain('<script');
  });

  it('refuses API calls while the event loop lags past its bound, and serves them again after', async () => {
    const t = await openApp({ MAX_EVENT_LOOP_DELAY_MS: '100' });
    // Building the app may itself hold the loop on a busy machine: a calm reading first.
    await untilCalm(t);
    expect((await t.app.inject({ method: 'GET', url: '/api/categories' })).statusCode).toBe(200);

    // Work that holds the event loop 200 ms at a time, until two readings in a row see the lag.
    await overload(t, 200);
    expect(t.app.sheddingLoad()).toBe(true);
    expect(t.app.memoryUsage().eventLoopDelay).toBeGreaterThan(100);
    expectShedApiAnswer(await t.app.inject({ method: 'GET', url: '/api/categories' }));
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);

    // Once the loop is free again, the next readings lift the refusal.
    await untilCalm(t);
    expect((await t.app.inject({ method: 'GET', url: '/api/categories' })).statusCode).toBe(200);
  });

  it('refuses API calls while the event loop is busy most of each second in short tasks', async () => {
    // No delay bound: short tasks back to back keep the loop busy with no long wait between its
    // turns, an overload only the utilization sees.
    const t = await openApp({ MAX_EVENT_LOOP_DELAY_MS: '0', MAX_EVENT_LOOP_UTILIZATION: '0.5' });
    await untilCalm(t);
    expect((await t.app.inject({ method: 'GET', url: '/api/categories' })).statusCode).toBe(200);

    await overload(t, 5);
    expect(t.app.sheddingLoad()).toBe(true);
    expect(t.app.memoryUsage().eventLoopUtilized).toBeGreaterThan(0.5);
    expectShedApiAnswer(await t.app.inject({ method: 'GET', url: '/api/categories' }));
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);

    await untilCalm(t);
    expect((await t.app.inject({ method: 'GET', url: '/api/categories' })).statusCode).toBe(200);
  });

  it('can be switched off', async () => {
    const t = await openApp({ LOAD_SHEDDING: 'false', MAX_HEAP_USED_BYTES: '1' });
    expect(t.config.loadShedding).toBeNull();
    expect(t.app.hasDecorator('isUnderPressure')).toBe(false);
    expect(t.app.sheddingLoad()).toBe(false);
    expect((await t.app.inject({ method: 'GET', url: '/api/categories' })).statusCode).toBe(200);
  });
});

describe('the load-shedding settings', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'market-shedding-'));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  const dir = { DATA_DIR: dataDir };

  it('has bounds by default: a lag of one second, and most of the heap V8 may use', () => {
    const config = loadConfig(dir);
    expect(config.loadShedding?.maxEventLoopDelayMs).toBe(1000);
    // Off unless set: a start that builds the search index keeps the loop busy on purpose.
    expect(config.loadShedding?.maxEventLoopUtilization).toBe(0);
    expect(config.loadShedding?.maxHeapUsedBytes).toBeGreaterThan(100 * 2 ** 20);
  });

  it('stops the start on a bad bound, naming the variable', () => {
    expect(() => loadConfig({ ...dir, MAX_EVENT_LOOP_DELAY_MS: '-1' })).toThrow(
      new ConfigError('MAX_EVENT_LOOP_DELAY_MS: must be 0 (no bound) or more (got "-1")'),
    );
    expect(() => loadConfig({ ...dir, MAX_EVENT_LOOP_UTILIZATION: '1.5' })).toThrow(
      new ConfigError('MAX_EVENT_LOOP_UTILIZATION: must be between 0 (no bound) and 1 (got "1.5")'),
    );
    expect(() => loadConfig({ ...dir, MAX_HEAP_USED_BYTES: 'lots' })).toThrow(
      /^MAX_HEAP_USED_BYTES: must be a number/,
    );
    expect(() => loadConfig({ ...dir, LOAD_SHEDDING: 'maybe' })).toThrow(/^LOAD_SHEDDING: /);
    expect(() => loadConfig({ ...dir, OTEL_EXPORTER_OTLP_ENDPOINT: 'collector' })).toThrow(
      /^OTEL_EXPORTER_OTLP_ENDPOINT: /,
    );
  });
});
