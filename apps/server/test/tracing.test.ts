import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { testDbKind } from './build-test-app.ts';
import { createPostgresDatabase, type PostgresDatabase } from './helpers/postgres-database.ts';
import { startServerProcess, type ServerProcess } from './helpers/server-process.ts';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'market-traces-'));
const REDIS_URL = process.env.TEST_REDIS_URL ?? '';

/** An attribute value as OTLP/HTTP JSON writes it. */
interface AnyValue {
  stringValue?: string;
  intValue?: number | string;
  boolValue?: boolean;
}
interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes: Array<{ key: string; value: AnyValue }>;
}
interface OtlpTraces {
  resourceSpans: Array<{
    resource: { attributes: Array<{ key: string; value: AnyValue }> };
    scopeSpans: Array<{ spans: OtlpSpan[] }>;
  }>;
}

function attribute(span: OtlpSpan, key: string): string | number | boolean | undefined {
  const value = span.attributes.find((a) => a.key === key)?.value;
  if (!value) return undefined;
  if (value.intValue !== undefined) return Number(value.intValue);
  return value.stringValue ?? value.boolValue;
}

/** A local OTLP/HTTP receiver: keeps every span posted to /v1/traces, answers as a collector. */
function startReceiver(): Promise<{
  url: string;
  spans: OtlpSpan[];
  serviceNames: Set<string>;
  requests: string[];
  close(): Promise<void>;
}> {
  const spans: OtlpSpan[] = [];
  const serviceNames = new Set<string>();
  const requests: string[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      requests.push(`${req.method} ${req.url} ${req.headers['content-type']}`);
      if (req.method === 'POST' && req.url === '/v1/traces') {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as OtlpTraces;
        for (const resourceSpans of body.resourceSpans) {
          const name = resourceSpans.resource.attributes.find((a) => a.key === 'service.name');
          if (name?.value.stringValue) serviceNames.add(name.value.stringValue);
          for (const scope of resourceSpans.scopeSpans) spans.push(...scope.spans);
        }
        res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      } else {
        res.writeHead(404).end();
      }
    });
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        url: `http://127.0.0.1:${port}`,
        spans,
        serviceNames,
        requests,
        close: () => new Promise((done) => server.close(() => done())),
      });
    });
  });
}

let server: ServerProcess | undefined;
let database: PostgresDatabase | undefined;
afterAll(async () => {
  server?.kill();
  await database?.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe(`traces over OTLP (${testDbKind})`, () => {
  it('sends a request as an HTTP span named by its route, with its database spans under it', async () => {
    const receiver = await startReceiver();
    if (testDbKind === 'postgres') {
      const adminUrl = process.env.TEST_DATABASE_URL;
      if (!adminUrl) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
      database = await createPostgresDatabase(adminUrl, 'market_traces');
    }
    server = await startServerProcess(
      {
        DATA_DIR: dataDir,
        SEED_DEMO: 'false',
        ...(database ? { DATABASE_URL: database.url } : {}),
        ...(REDIS_URL ? { REDIS_URL } : {}),
        OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
        OTEL_SERVICE_NAME: 'phone-market-under-test',
        // Spans leave in batches; a short wait between them keeps the test short.
        OTEL_BSP_SCHEDULE_DELAY: '100',
      },
      150_000,
    );
    const { url } = server;

    // A listing id nobody has: the listing is looked up in the database and answered 404.
    const id = 'aaaaaaaaaaaaaaaaaaaaaaaa';
    const page = await fetch(`${url}/api/product/${id}`);
    expect(page.status).toBe(404);
    await page.arrayBuffer();

    const route = '/api/product/:id';
    const serverSpan = await vi.waitFor(
      () => {
        const found = receiver.spans.find((s) => attribute(s, 'http.route') === route);
        expect(found, receiver.requests.join('\n')).toBeDefined();
        return found!;
      },
      { timeout: 20_000, interval: 100 },
    );
    expect(serverSpan.name).toBe(`GET ${route}`);
    // SpanKind.SERVER is 2 in OTLP.
    expect(serverSpan.kind).toBe(2);
    // The status under its current semantic-convention name, or the older one.
    expect(
      attribute(serverSpan, 'http.response.status_code') ??
        attribute(serverSpan, 'http.status_code'),
    ).toBe(404);
    expect(serverSpan.parentSpanId ?? '').toBe('');
    expect(receiver.serviceNames).toEqual(new Set(['phone-market-under-test']));
    // No span is named by a raw URL with the id in it.
    expect(receiver.spans.filter((s) => s.name.includes(id))).toEqual([]);

    // The database spans of that request share its trace and hang under its span.
    const dbSystem = testDbKind === 'postgres' ? 'postgresql' : 'sqlite';
    const inTrace = await vi.waitFor(
      () => {
        const spans = receiver.spans.filter(
          (s) =>
            s.traceId === serverSpan.traceId &&
            attribute(s, 'db.system.name') === dbSystem &&
            attribute(s, 'db.query.text') !== undefined,
        );
        expect(spans.length).toBeGreaterThan(0);
        return spans;
      },
      { timeout: 20_000, interval: 100 },
    );
    const byId = new Map(receiver.spans.map((s) => [s.spanId, s]));
    for (const span of inTrace) {
      let parent = span.parentSpanId ? byId.get(span.parentSpanId) : undefined;
      while (parent && parent.spanId !== serverSpan.spanId) {
        parent = parent.parentSpanId ? byId.get(parent.parentSpanId) : undefined;
      }
      expect(parent?.spanId, span.name).toBe(serverSpan.spanId);
      expect(String(attribute(span, 'db.query.text'))).toMatch(/select/i);
    }
    // A statement's text only: no listing id (a query parameter) in it.
    expect(inTrace.map((s) => String(attribute(s, 'db.query.text')))).not.toContain(id);

    if (REDIS_URL) {
      // An upload is counted in Redis (the rate limit) before its body is read.
      const upload = await fetch(`${url}/api/images`, { method: 'POST' });
      await upload.arrayBuffer();
      const redisSpan = await vi.waitFor(
        () => {
          const uploadSpan = receiver.spans.find(
            (s) => attribute(s, 'http.route') === '/api/images',
          );
          const found = receiver.spans.find(
            (s) => s.traceId === uploadSpan?.traceId && attribute(s, 'db.system.name') === 'redis',
          );
          expect(found).toBeDefined();
          return found!;
        },
        { timeout: 20_000, interval: 100 },
      );
      expect(redisSpan.kind).toBe(3); // SpanKind.CLIENT
      expect(String(attribute(redisSpan, 'db.query.text'))).toMatch(/^\w+/);
    }

    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    await receiver.close();
    // Starting the server from source compiles it first: slow on a busy machine.
  }, 240_000);
});
