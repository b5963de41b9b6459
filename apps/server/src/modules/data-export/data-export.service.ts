import crypto from 'node:crypto';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import {
  DATA_EXPORT_KEEP_DAYS,
  DATA_EXPORTS_PER_DAY,
  dataExportDownloadPath,
  paths,
  type DataExport,
  type DataExportCreated,
  type LatestDataExport,
} from '@market/shared';
import type { Database } from '../../db/schema.ts';
import { isUniqueViolation, readDate, valueWriters } from '../../db/dialect.ts';
import type { Actor } from '../../lib/actor.ts';
import { conflict, notFound, reason, tooMany, waitFor } from '../../lib/errors.ts';
import type { ImageStorage } from '../images/public.ts';
import type { Notifier } from '../notifications/public.ts';
import type { ExportStorage } from './data-export.storage.ts';
import {
  claimExport,
  deleteExportRow,
  findClaimableExports,
  findExportsToRemove,
  findLatestDataExport,
  findOwnDataExport,
  insertDataExport,
  listCountedExportsSince,
  markExportExpired,
  markExportFailed,
  markExportReady,
  releaseExport,
  type DataExportRow,
} from './data-export.repository.ts';
import { writeExportZip } from './export-zip.ts';
import { collectUserData } from './user-data.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** How long a worker holds an export it builds: longer than any build takes. */
export const EXPORT_CLAIM_MS = 15 * 60 * 1000;
/** Tries before an export is given up as failed (a build that keeps crashing its worker). */
export const EXPORT_MAX_ATTEMPTS = 3;
/** How often pending exports are looked for (a request also starts a build at once). */
export const EXPORT_POLL_MS = 10_000;
/** How often expired exports' files are deleted. */
export const EXPORT_SWEEP_MS = 60 * 60 * 1000;
const BATCH = 5;

declare module 'fastify' {
  interface FastifyInstance {
    /** "Your data" exports (made in app.ts): asked for, built in the background, downloaded. */
    dataExports: DataExports;
  }
}

export interface DataExportDeps {
  db: Kysely<Database>;
  storage: ExportStorage;
  images: ImageStorage;
  notifier: Notifier;
  log: FastifyBaseLogger;
  clock?: () => Date;
}

/** What the download route streams. */
export interface ExportDownload {
  body: Readable;
  size: number | undefined;
  fileName: string;
}

/**
 * A person's data exports: asked for (one at a time, DATA_EXPORTS_PER_DAY a day), built by a
 * background job that any instance may run (each export is claimed before it is built, and a
 * claim left by a worker that died runs out, so a restart picks a pending export up again),
 * announced by a notification and its email, and deleted DATA_EXPORT_KEEP_DAYS after.
 */
export class DataExports {
  private readonly clock: () => Date;
  /** This instance's builds, one run after the other. */
  private building: Promise<unknown> = Promise.resolve();

  constructor(private readonly deps: DataExportDeps) {
    this.clock = deps.clock ?? (() => new Date());
  }

  /** POST /me/export: a new export, pending; its build starts at once. */
  async request(actor: Actor): Promise<DataExportCreated> {
    const { db } = this.deps;
    const now = this.clock();
    const id = crypto.randomUUID();
    try {
      await db.transaction().execute(async (trx) => {
        const latest = await findLatestDataExport(trx, actor.id);
        if (latest?.status === 'pending') throw alreadyPreparing();
        const counted = await listCountedExportsSince(
          trx,
          actor.id,
          new Date(now.getTime() - DAY_MS),
        );
        if (counted.length >= DATA_EXPORTS_PER_DAY) {
          const oldest = readDate(counted[0]!.createdAt).getTime();
          const wait = Math.max(1, Math.ceil((oldest + DAY_MS - now.getTime()) / 1000));
          throw tooMany(
            reason('common.limits.dataCopies', { max: DATA_EXPORTS_PER_DAY, wait: waitFor(wait) }),
            wait,
          );
        }
        await insertDataExport(trx, {
          id,
          userId: actor.id,
          status: 'pending',
          createdAt: valueWriters(trx).date(now),
        });
      });
    } catch (err) {
      // Two requests at once: the partial unique index lets one pending export in.
      if (isUniqueViolation(err)) throw alreadyPreparing();
      throw err;
    }
    this.buildSoon();
    return { id, status: 'pending' };
  }

  /** GET /me/export/{id}: the caller's own export; anyone else's is not found. */
  async get(actor: Actor, id: string): Promise<DataExport> {
    const row = await findOwnDataExport(this.deps.db, actor.id, id);
    if (!row) throw noSuchExport();
    return this.view(row);
  }

  /** GET /me/export: the caller's newest export, or null before their first. */
  async latest(actor: Actor): Promise<LatestDataExport> {
    const row = await findLatestDataExport(this.deps.db, actor.id);
    return { export: row ? this.view(row) : null };
  }

  /** GET /me/export/{id}/download: the zip, while it is ready. */
  async download(actor: Actor, id: string): Promise<ExportDownload> {
    const row = await findOwnDataExport(this.deps.db, actor.id, id);
    if (!row) throw noSuchExport();
    const view = this.view(row);
    if (view.status === 'pending') throw conflict('accounts.dataExport.preparing');
    if (view.status !== 'ready' || !row.fileKey) throw conflict('accounts.dataExport.gone');
    const stored = await this.deps.storage.get(row.fileKey);
    if (!stored) throw conflict('accounts.dataExport.gone');
    const day = readDate(row.createdAt).toISOString().slice(0, 10);
    return { ...stored, fileName: `phone-market-data-${day}.zip` };
  }

  /** Builds the pending exports no worker holds; after the runs this instance already started. */
  runOnce(): Promise<number> {
    const run = this.building.then(() => this.buildDue());
    this.building = run.catch(() => undefined);
    return run;
  }

  /** Once the builds this instance started are over (the app closes after them). */
  async idle(): Promise<void> {
    await this.building;
  }

  /** Starts a run now rather than at the next poll (a new request). */
  buildSoon(): void {
    this.runOnce().catch((err: unknown) =>
      this.deps.log.error({ err }, 'building data exports failed'),
    );
  }

  /** Deletes the files of exports past their time, and of accounts that are gone. */
  async removeExpired(): Promise<number> {
    const { db, storage } = this.deps;
    let removed = 0;
    for (;;) {
      const due = await findExportsToRemove(db, this.clock(), 100);
      for (const row of due) {
        if (row.fileKey) await storage.remove([row.fileKey]);
        if (row.userId === null) await deleteExportRow(db, row.id);
        else await markExportExpired(db, row.id);
        removed += 1;
      }
      if (due.length < 100) return removed;
    }
  }

  private view(row: DataExportRow): DataExport {
    const expiresAt = row.expiresAt === null ? null : readDate(row.expiresAt);
    const expired =
      row.status === 'expired' ||
      (row.status === 'ready' && expiresAt !== null && expiresAt <= this.clock());
    const status = expired ? 'expired' : row.status;
    return {
      id: row.id,
      status,
      createdAt: readDate(row.createdAt).toISOString(),
      expiresAt: expiresAt?.toISOString() ?? null,
      sizeBytes: status === 'ready' && row.sizeBytes !== null ? Number(row.sizeBytes) : null,
      downloadUrl: status === 'ready' ? dataExportDownloadPath(row.id) : null,
    };
  }

  private async buildDue(): Promise<number> {
    const { db } = this.deps;
    let built = 0;
    for (;;) {
      const due = await findClaimableExports(db, this.clock(), BATCH);
      let claimed = 0;
      for (const row of due) {
        const now = this.clock();
        if (!(await claimExport(db, row.id, now, new Date(now.getTime() + EXPORT_CLAIM_MS)))) {
          continue;
        }
        claimed += 1;
        if (row.userId === null) continue;
        if (await this.build(row.id, row.userId, row.attempts + 1)) built += 1;
      }
      if (due.length < BATCH || claimed === 0) return built;
    }
  }

  /** Builds one claimed export: its zip stored, the row ready, its owner told. */
  private async build(id: string, userId: string, attempt: number): Promise<boolean> {
    const { db, storage, images, notifier, log } = this.deps;
    if (attempt > EXPORT_MAX_ATTEMPTS) {
      await markExportFailed(db, id, 'Gave up after repeated tries');
      log.error({ exportId: id }, 'data export given up');
      return false;
    }
    const workFile = path.join(storage.workDir, `${id}.zip`);
    const fileKey = `${id}.zip`;
    try {
      await fsp.rm(workFile, { force: true });
      const data = await collectUserData(db, userId);
      const size = await writeExportZip(workFile, data.documents, data.photos, (name) =>
        images.get(name),
      );
      await storage.putFile(fileKey, workFile, size);
      const readyAt = this.clock();
      const expiresAt = new Date(readyAt.getTime() + DATA_EXPORT_KEEP_DAYS * DAY_MS);
      const ready = await notifier.transaction(async (notices) => {
        if (
          !(await markExportReady(notices.trx, id, {
            fileKey,
            sizeBytes: size,
            readyAt,
            expiresAt,
          }))
        )
          return false;
        await notices.notify({
          userId,
          kind: 'data_export_ready',
          params: { until: expiresAt },
          link: `${paths.dashboard.profile}#your-data`,
          dedupeKey: `data_export_ready:${id}`,
          now: readyAt,
        });
        return true;
      });
      // The owner went meanwhile: the file goes too.
      if (!ready) await storage.remove([fileKey]);
      return ready;
    } catch (err) {
      await fsp.rm(workFile, { force: true });
      const message = err instanceof Error ? err.message : String(err);
      log.error({ err, exportId: id, attempt }, 'building a data export failed');
      if (attempt >= EXPORT_MAX_ATTEMPTS) await markExportFailed(db, id, message);
      else
        await releaseExport(db, id, message, new Date(this.clock().getTime() + attempt * 60_000));
      return false;
    }
  }
}

const alreadyPreparing = () => conflict('accounts.dataExport.alreadyPreparing');
const noSuchExport = () => notFound('accounts.dataExport.noSuch');
