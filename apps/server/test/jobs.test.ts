import { afterEach, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { Jobs } from '../src/lib/jobs.ts';
import { buildTestApp, testDbKind, type TestApp } from './build-test-app.ts';

// A logger that writes nothing.
const silent = Fastify({ logger: false }).log;

describe('background jobs', () => {
  it('start in the order registered and stop in the reverse order', async () => {
    const jobs = new Jobs(silent);
    const seen: string[] = [];
    for (const name of ['first', 'second', 'third']) {
      jobs.add(name, {
        start: () => void seen.push(`start ${name}`),
        stop: () => void seen.push(`stop ${name}`),
      });
    }
    await jobs.start();
    await jobs.stop();
    expect(seen).toEqual([
      'start first',
      'start second',
      'start third',
      'stop third',
      'stop second',
      'stop first',
    ]);
    expect(() => jobs.add('first', { start() {}, stop() {} })).toThrow(/registered twice/);
  });

  it('runs a repeated job at start, waits for its first run when asked, and stops it', async () => {
    const jobs = new Jobs(silent);
    let runs = 0;
    let release: () => void = () => {};
    jobs.every(
      'slow',
      60_000,
      () =>
        new Promise<void>((resolve) => {
          runs++;
          release = resolve;
        }),
      { firstRunBeforeReady: true },
    );
    let started = false;
    const starting = jobs.start().then(() => (started = true));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(runs).toBe(1);
    expect(started).toBe(false);
    release();
    await starting;
    expect(started).toBe(true);
    await jobs.stop();
  });

  it('keeps going after a failed run, and a job with runAtStart: false waits its interval', async () => {
    const jobs = new Jobs(silent);
    let failing = 0;
    let later = 0;
    jobs.every('failing', 10, async () => {
      failing++;
      throw new Error('no');
    });
    jobs.every(
      'later',
      60_000,
      async () => {
        later++;
      },
      { runAtStart: false },
    );
    await jobs.start();
    await new Promise((resolve) => setTimeout(resolve, 60));
    await jobs.stop();
    expect(failing).toBeGreaterThanOrEqual(2);
    expect(later).toBe(0);
  });
});

describe(`the app's background jobs on ${testDbKind}`, () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('are registered by name, with their intervals, in the order they start', async () => {
    t = await buildTestApp();
    expect(t.app.jobs.list()).toEqual([
      { name: 'live events', everyMs: null },
      { name: 'search index', everyMs: 1000 },
      { name: 'expiring booking requests', everyMs: 600_000 },
      { name: 'removing old live events', everyMs: 3_600_000 },
      { name: 'live stream heartbeats', everyMs: 25_000 },
      { name: 'sending notification emails', everyMs: 5000 },
      { name: 'sending push notifications', everyMs: 2000 },
      { name: 'meeting reminders', everyMs: 300_000 },
      { name: 'recording meeting no-shows', everyMs: 300_000 },
      { name: 'saved search digests', everyMs: 3_600_000 },
      { name: 'saved search alerts', everyMs: 600_000 },
      { name: 'removing orphan images', everyMs: 3_600_000 },
      { name: 'counting aged price medians again', everyMs: 3_600_000 },
      { name: 'building data exports', everyMs: 10_000 },
      { name: 'removing expired data exports', everyMs: 3_600_000 },
    ]);
  });

  it('leave the outbox worker out when OUTBOX_WORKER is off', async () => {
    t = await buildTestApp({ env: { OUTBOX_WORKER: 'false' } });
    const names = t.app.jobs.list().map((job) => job.name);
    expect(names).not.toContain('sending notification emails');
    expect(names).toContain('meeting reminders');
  });
});
