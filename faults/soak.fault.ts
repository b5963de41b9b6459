import autocannon from 'autocannon';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { DEMO_ACCOUNTS } from '../apps/server/src/modules/demo/demo-data.ts';
import { prepareDatabase, signIn, type ProductDatabase } from '../bench/lib.ts';
import { startServer, type RunningServer } from '../e2e/harness.ts';
import { bookableProductIds, residentBytes } from './load.ts';

let database: ProductDatabase | undefined;
let server: RunningServer | undefined;
afterAll(async () => {
  await server?.stop();
  await database?.destroy();
});

const SOAK_SECONDS = Number(process.env.SOAK_SECONDS ?? 60);

describe('a long mixed load', () => {
  it(`serves ${SOAK_SECONDS} s of reads and writes at 200 connections with no 5xx and flat memory`, async () => {
    database = await prepareDatabase('sqlite', 20_000);
    const ids = bookableProductIds(database.env.DATA_DIR!, 20_000);
    server = await startServer(database.env);
    const cookie = await signIn(
      server.url,
      DEMO_ACCOUNTS.buyer.email,
      DEMO_ACCOUNTS.buyer.password,
    );
    let next = 0;
    const json = { cookie, 'content-type': 'application/json', origin: server.url };
    const requests: autocannon.Request[] = [
      { method: 'GET', path: '/api/categories' },
      { method: 'GET', path: '/api/advertisement' },
      { method: 'GET', path: '/api/products/iPhone', headers: { cookie } },
      { method: 'GET', path: '/api/products/samsung?page=40', headers: { cookie } },
      {
        method: 'POST',
        path: '/api/booking',
        headers: json,
        setupRequest: (req) => ({
          ...req,
          body: JSON.stringify({
            productId: ids[next++ % ids.length],
            phone: '+15550123',
            location: 'Dhaka',
          }),
        }),
      },
      {
        method: 'POST',
        path: '/api/wish-list',
        headers: json,
        setupRequest: (req) => ({
          ...req,
          body: JSON.stringify({ productId: ids[next++ % ids.length] }),
        }),
      },
    ];
    // A request counts as an error when it fails or hangs (30 s without an answer). Autocannon's
    // own limit, 10 s, was reached by a few answers while other test runs shared the 2 cores.
    const run = (duration: number) =>
      autocannon({ url: server!.url, connections: 200, duration, requests, timeout: 30 });

    const warm = await run(10);
    expect(warm['5xx']).toBe(0);
    // Resident memory rises and falls with the garbage collector's rhythm, so one reading at each
    // end says little: the peaks of the soak's two halves are compared instead. A leak lifts the
    // second half's peak; a collector that happens to run late does not.
    const samples: number[] = [];
    const sampler = setInterval(() => {
      void residentBytes(server!.pid).then((bytes) => samples.push(bytes));
    }, 2_000);
    let soak: autocannon.Result;
    try {
      soak = await run(SOAK_SECONDS);
    } finally {
      clearInterval(sampler);
    }
    const half = Math.floor(samples.length / 2);
    const firstPeak = Math.max(...samples.slice(0, half));
    const secondPeak = Math.max(...samples.slice(half));
    const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MB`;
    console.log(
      `soak: ${soak.requests.total} requests, ${Math.round(soak.requests.average)} req/s, ` +
        `p99 ${soak.latency.p99} ms, 5xx ${soak['5xx']}, errors ${soak.errors}, ` +
        `RSS peak ${mb(firstPeak)} in the first half, ${mb(secondPeak)} in the second ` +
        `(${samples.length} readings)`,
    );
    expect(soak['5xx']).toBe(0);
    expect(soak.errors).toBe(0);
    expect(soak['2xx']).toBeGreaterThan(0);
    expect(samples.length).toBeGreaterThanOrEqual(10);
    expect(secondPeak).toBeLessThanOrEqual(firstPeak * 1.2);
  });
});

describe('a load past capacity', () => {
  let overloaded: RunningServer | undefined;
  let small: ProductDatabase | undefined;
  afterAll(async () => {
    await overloaded?.stop();
    await small?.destroy();
  });

  it('is answered 503 with Retry-After, not left to time out, while health answers', async () => {
    small = await prepareDatabase('sqlite', 5_000);
    // The capacity is made small so that two shared cores can pass it: a lag of 50 ms, and half
    // of each second busy. On a quick machine this load is many short requests that keep the
    // loop busy with no long lag (seen: 9,000 a second, p99 300 ms, no refusal by the lag
    // alone): the utilization bound sees that one. The bounds work the same at their production
    // values on a machine that can be pushed further.
    overloaded = await startServer({
      ...small.env,
      MAX_EVENT_LOOP_DELAY_MS: '50',
      MAX_EVENT_LOOP_UTILIZATION: '0.5',
    });
    const url = overloaded.url;
    // On a busy machine a bound this low may be passed before the load starts: the sign-in is
    // asked again until the instance takes it, as a client told to retry would.
    const cookie = await vi.waitFor(
      () => signIn(url, DEMO_ACCOUNTS.buyer.email, DEMO_ACCOUNTS.buyer.password),
      { timeout: 60_000, interval: 1_000 },
    );
    // Every refusal must tell the caller when to come back.
    const retryAfters = new Set<string>();
    const onResponse = (
      status: number,
      _body: string,
      _context: object,
      headers: Record<string, string | string[] | undefined> | undefined,
    ) => {
      if (status === 503) retryAfters.add(String(headers?.['retry-after'] ?? 'none'));
    };
    const requests: autocannon.Request[] = [
      { method: 'GET', path: '/api/products/samsung?page=40', headers: { cookie }, onResponse },
      { method: 'GET', path: '/api/products/iPhone', headers: { cookie }, onResponse },
    ];
    // Health is asked while the load runs: it must answer 200 all along.
    const healthStatuses: number[] = [];
    let loading = true;
    const watch = (async () => {
      while (loading) {
        const health = await fetch(`${url}/api/health`);
        healthStatuses.push(health.status);
        await health.arrayBuffer();
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    })();
    let result: autocannon.Result;
    try {
      result = await autocannon({
        url,
        connections: 1_000,
        duration: 15,
        requests,
        timeout: 30,
      });
    } finally {
      loading = false;
      await watch;
    }
    const refused = result.statusCodeStats?.['503']?.count ?? 0;
    console.log(
      `past capacity: ${result.requests.total} requests at 1,000 connections, ` +
        `${result['2xx']} answered, ${refused} refused with 503, ` +
        `${result['5xx'] - refused} other 5xx, ${result.timeouts} timeouts, ${result.errors} errors, ` +
        `p99 ${result.latency.p99} ms; health ${healthStatuses.length} times, all 200: ` +
        `${healthStatuses.every((s) => s === 200)}`,
    );
    expect(refused).toBeGreaterThan(0);
    expect([...retryAfters]).toEqual(['5']);
    expect(result['2xx']).toBeGreaterThan(0);
    // Every 5xx is the shedding's 503; no caller waits for a timeout or loses its connection.
    expect(result['5xx']).toBe(refused);
    expect(result.timeouts).toBe(0);
    expect(result.errors).toBe(0);
    expect(healthStatuses.length).toBeGreaterThan(0);
    expect(healthStatuses.every((s) => s === 200)).toBe(true);
  });
});
