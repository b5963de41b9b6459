import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const repoRoot = path.resolve(import.meta.dirname, '../../../..');
const webDir = path.join(repoRoot, 'apps/web');
export const webDistDir = path.join(webDir, 'dist');

/** What the web build is made from; a change to any of them makes the build out of date. */
const SOURCES = [
  path.join(webDir, 'src'),
  path.join(webDir, 'public'),
  path.join(webDir, 'index.html'),
  path.join(webDir, 'vite.config.ts'),
  path.join(repoRoot, 'packages/shared/src'),
];
const OUTPUTS = [
  path.join(webDistDir, 'index.html'),
  path.join(webDistDir, '.vite/manifest.json'),
  path.join(webDir, 'dist-server/entry-server.js'),
];

function newestChange(file: string): number {
  if (!fs.existsSync(file)) return 0;
  const stat = fs.statSync(file);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(
    stat.mtimeMs,
    ...fs.readdirSync(file).map((name) => newestChange(path.join(file, name))),
  );
}

/**
 * The web app's real build (`npm run build -w apps/web`), made first when it is missing or older
 * than its sources. Returns the browser build's folder; the server entry is beside it.
 */
export function freshWebBuild(): string {
  const builtAt = Math.min(
    ...OUTPUTS.map((file) => (fs.existsSync(file) ? fs.statSync(file).mtimeMs : 0)),
  );
  if (builtAt <= Math.max(...SOURCES.map(newestChange))) {
    execFileSync('npm', ['run', 'build', '-w', 'apps/web', '--silent'], {
      cwd: repoRoot,
      // As `npm run build` from a shell: the test runner's NODE_ENV=test would make a dev build.
      env: { ...process.env, NODE_ENV: 'production' },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
  }
  return webDistDir;
}
