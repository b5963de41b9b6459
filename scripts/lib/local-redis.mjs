// The Redis that the two-instance tests share their rate-limit counters through: REDIS_URL when
// given, else one answering on the standard local port, else a private `redis-server` when the
// machine has one. npm has no Redis that installs without a download, so on a machine with none
// of these the tests run the instances without Redis, each counting on its own.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './free-port.mjs';

/**
 * @typedef {object} LocalRedis
 * @property {string | null} url  null when no Redis could be had
 * @property {string} source  where it came from, for the test log
 * @property {() => Promise<void>} stop  stops a private server; does nothing to a shared one
 */

/**
 * Whether a Redis server answers PING at `url` within a second.
 * @param {string} url
 * @returns {Promise<boolean>}
 */
export async function redisAnswers(url) {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect({ host: hostname || '127.0.0.1', port: Number(port || 6379) });
    /** @param {boolean} ok */
    const done = (ok) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(1_000, () => done(false));
    socket.on('error', () => done(false));
    socket.on('connect', () => socket.write('PING\r\n'));
    socket.on('data', (chunk) => done(chunk.toString().startsWith('+PONG')));
  });
}

/**
 * Whether `command` is an executable file on PATH.
 * @param {string} command
 */
function onPath(command) {
  return (process.env.PATH ?? '').split(path.delimiter).some((dir) => {
    try {
      fs.accessSync(path.join(dir, command), fs.constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });
}

/** @returns {Promise<LocalRedis>} */
export async function findOrStartRedis() {
  const none = async () => {};
  if (process.env.REDIS_URL) return { url: process.env.REDIS_URL, source: 'REDIS_URL', stop: none };
  const local = 'redis://127.0.0.1:6379';
  if (await redisAnswers(local)) return { url: local, source: 'the local Redis', stop: none };
  if (!onPath('redis-server')) {
    const source = 'none on this machine (no REDIS_URL, nothing on port 6379, no redis-server)';
    return { url: null, source, stop: none };
  }

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'market-redis-'));
  const port = await freePort();
  const child = spawn(
    'redis-server',
    [
      '--port',
      String(port),
      '--bind',
      '127.0.0.1',
      '--save',
      '',
      '--appendonly',
      'no',
      '--dir',
      dir,
    ],
    { stdio: 'ignore' },
  );
  // A failed start shows as no answer below.
  child.on('error', () => {});
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await exited;
    }
    fs.rmSync(dir, { recursive: true, force: true });
  };
  const url = `redis://127.0.0.1:${port}`;
  for (let tries = 0; tries < 50; tries++) {
    if (await redisAnswers(url)) return { url, source: 'a private redis-server', stop };
    await new Promise((r) => setTimeout(r, 100));
  }
  await stop();
  return { url: null, source: 'none: redis-server did not start', stop: none };
}
