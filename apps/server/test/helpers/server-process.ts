// The server started from its sources as a process of its own, as `npm run dev` starts it: for
// what only a whole process shows (its logs, its signals, tracing loaded before the app).
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

const serverEntry = path.resolve(import.meta.dirname, '../../src/server.ts');

export interface ServerProcess {
  readonly url: string;
  readonly child: ChildProcess;
  /** What it printed so far, standard output then standard error as they came. */
  output(): string;
  /** What it printed on standard output only (its JSON log lines). */
  stdout(): string;
  /** Its exit code once it ends. */
  readonly exited: Promise<number | null>;
  /** Kills it unless it has already ended (for afterAll). */
  kill(): void;
}

/**
 * Starts the server with only `env` (and PATH) and waits for its listening line. Starting from
 * the sources compiles them first, which on a busy machine takes a while: `timeoutMs`.
 */
export async function startServerProcess(
  env: Record<string, string>,
  timeoutMs = 60_000,
): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', serverEntry], {
    env: { PATH: process.env.PATH, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  let stdout = '';
  child.stdout.on('data', (d: Buffer) => {
    output += d.toString();
    stdout += d.toString();
  });
  child.stderr.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`no listening line in ${timeoutMs} ms:\n${output}`));
    }, timeoutMs);
    const look = () => {
      const match = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(stdout);
      if (!match?.[1]) return;
      clearTimeout(timer);
      child.stdout.off('data', look);
      resolve(match[1]);
    };
    child.stdout.on('data', look);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`the server ended (${code}) before listening:\n${output}`));
    });
  });
  return {
    url,
    child,
    output: () => output,
    stdout: () => stdout,
    exited,
    kill: () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    },
  };
}
