/**
 * npm run backup -- <dir> [--keep daily=7,weekly=4] [--data-dir DIR] [--database-url URL]
 * Writes a consistent backup of the server's data (DATABASE_URL or DATA_DIR, the images, the
 * auth secret) into a new folder under <dir>, with a manifest; then, with --keep, removes the
 * older backups in <dir> that the rule does not keep.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../../config.ts';
import { createBackup } from './backup.ts';
import { parseRetentionRule, pruneBackups } from './retention.ts';

const USAGE =
  'usage: npm run backup -- <dir> [--keep daily=7,weekly=4] [--data-dir DIR] [--database-url URL]';

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      keep: { type: 'string' },
      'data-dir': { type: 'string' },
      'database-url': { type: 'string' },
    },
  });
  const [dir, ...extra] = positionals;
  if (!dir || extra.length > 0) throw new Error(USAGE);
  const rule = values.keep === undefined ? null : parseRetentionRule(values.keep);
  const config = loadConfig({
    ...process.env,
    // A backup signs nothing; a stand-in keeps loadConfig from making a secret in DATA_DIR.
    AUTH_SECRET: process.env.AUTH_SECRET || 'a-backup-signs-nothing-with-this-secret',
    ...(values['data-dir'] ? { DATA_DIR: values['data-dir'] } : {}),
    ...(values['database-url'] ? { DATABASE_URL: values['database-url'] } : {}),
  });
  const started = performance.now();
  const result = await createBackup(config, path.resolve(dir));
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const { database, images } = result.manifest;
  const rows = Object.values(database.tables).reduce((sum, t) => sum + t.rows, 0);
  console.log(`backup written to ${result.dir} in ${seconds} s`);
  console.log(
    `  ${database.kind}: ${Object.keys(database.tables).length} tables, ` +
      `${rows.toLocaleString('en-US')} rows, migration ${database.latestMigration ?? 'none'}`,
  );
  console.log(
    images.storage === 'local'
      ? `  images: ${Object.keys(images.files).length} files copied`
      : `  images: kept in bucket ${images.bucket} (versioning: ${images.versioning}), not copied`,
  );
  console.log(`  size: ${(result.bytes / 1024 / 1024).toFixed(1)} MiB`);
  if (rule) {
    const removed = await pruneBackups(path.resolve(dir), rule);
    console.log(
      removed.length > 0
        ? `removed ${removed.length} older backups: ${removed.join(', ')}`
        : 'no older backup to remove',
    );
  }
}

main().catch((err: unknown) => {
  console.error(`backup failed: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
