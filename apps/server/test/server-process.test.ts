import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startServerProcess } from './helpers/server-process.ts';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'market-process-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

interface LogLine {
  level: number;
  msg: string;
  reqId?: string;
  [key: string]: unknown;
}

describe('the server process', () => {
  it('logs JSON with a request id, and stops cleanly on SIGTERM', async () => {
    const server = await startServerProcess({ DATA_DIR: dataDir, SEED_DEMO: 'true' });
    const { url, exited } = server;

    const responses = await Promise.all(
      Array.from({ length: 10 }, () => fetch(`${url}/api/health`)),
    );
    expect(responses.map((r) => r.status)).toEqual(Array(10).fill(200));
    const ids = responses.map((r) => r.headers.get('x-request-id'));
    expect(new Set(ids).size).toBe(10);

    server.child.kill('SIGTERM');
    expect(await exited).toBe(0);

    const lines = server
      .stdout()
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as LogLine);
    for (const id of ids) {
      const ofRequest = lines.filter((l) => l.reqId === id);
      expect(ofRequest.map((l) => l.msg)).toEqual(['incoming request', 'request completed']);
    }
    expect(lines.some((l) => l.msg === 'stopped')).toBe(true);
    // A clean close checkpoints the write-ahead log and removes it.
    expect(fs.existsSync(path.join(dataDir, 'marketplace.db'))).toBe(true);
    expect(fs.existsSync(path.join(dataDir, 'marketplace.db-wal'))).toBe(false);
    // Starting the server from source compiles it first: slow on a busy machine.
  }, 90_000);
});
