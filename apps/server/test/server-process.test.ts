import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const serverEntry = path.resolve(import.meta.dirname, '../src/server.ts');
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
    const child = spawn(process.execPath, ['--import', 'tsx', serverEntry], {
      env: {
        PATH: process.env.PATH,
        DATA_DIR: dataDir,
        PORT: '0',
        HOST: '127.0.0.1',
        LOG_LEVEL: 'info',
        SEED_DEMO: 'true',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));

    const url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no listening line:\n${stdout}`)), 30_000);
      child.stdout.on('data', () => {
        const match = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(stdout);
        if (match?.[1]) {
          clearTimeout(timer);
          resolve(match[1]);
        }
      });
    });

    const responses = await Promise.all(
      Array.from({ length: 10 }, () => fetch(`${url}/api/health`)),
    );
    expect(responses.map((r) => r.status)).toEqual(Array(10).fill(200));
    const ids = responses.map((r) => r.headers.get('x-request-id'));
    expect(new Set(ids).size).toBe(10);

    child.kill('SIGTERM');
    expect(await exited).toBe(0);

    const lines = stdout
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
