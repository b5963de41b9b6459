/**
 * npm run restore -- <backup> <empty DATA_DIR | postgres://... URL> [--data-dir DIR]
 * Restores a backup folder into an empty place and checks it against the backup's manifest:
 * exits 0 when every table's rows and every image's bytes match, 1 otherwise, naming the table
 * or image that differs. A PostgreSQL backup with images needs --data-dir for the images.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { redactUrl, restoreBackup } from './restore.ts';

const USAGE =
  'usage: npm run restore -- <backup folder> <empty DATA_DIR | postgres:// URL> [--data-dir DIR]';

async function main(): Promise<number> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { 'data-dir': { type: 'string' } },
  });
  const [backup, target, ...extra] = positionals;
  if (!backup || !target || extra.length > 0) throw new Error(USAGE);
  const isUrl = /^postgres(ql)?:\/\//.test(target);
  const dataDir = isUrl ? values['data-dir'] : target;
  const started = performance.now();
  const result = await restoreBackup(path.resolve(backup), {
    ...(isUrl ? { databaseUrl: target } : {}),
    ...(dataDir ? { dataDir: path.resolve(dataDir) } : {}),
  });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const where = isUrl ? redactUrl(target) : path.resolve(target);
  if (result.problems.length > 0) {
    console.error(`restored into ${where}, but it does not match the backup's manifest:`);
    for (const problem of result.problems) console.error(`  ${problem}`);
    return 1;
  }
  const tables = Object.keys(result.manifest.database.tables).length;
  const images = result.manifest.images;
  console.log(
    `restored ${result.manifest.takenAt}'s backup into ${where} in ${seconds} s; ` +
      `all ${tables} tables match the manifest` +
      (images.storage === 'local'
        ? `, and all ${Object.keys(images.files).length} images`
        : `; images stay in bucket ${images.bucket}`),
  );
  return 0;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(`restore failed: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  },
);
