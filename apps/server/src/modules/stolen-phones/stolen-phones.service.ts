import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  CLEAR_OUTCOME_LABELS,
  STOLEN_AFTER_SALE_DAYS,
  paths,
  type AdminStolenReport,
  type clearStolenReportSchema,
  type createStolenReportSchema,
  type PaginationQuery,
  type StolenReport,
} from '@market/shared';
import type { z } from 'zod';
import { readDate } from '../../db/dialect.ts';
import type { Database } from '../../db/schema.ts';
import { requireAccess } from '../../lib/access.ts';
import type { Actor } from '../../lib/actor.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { mapPage, type Page } from '../../lib/paging.ts';
import type { Notices, Notifier } from '../notifications/public.ts';
import { appendAudit, showListing, tellReporters, tellSellerShown } from '../moderation/public.ts';
import {
  STOLEN_AFTER_SALE_REASON,
  fileMarketplaceReport,
  findActiveStolenReport,
  listCompletedSalesOfImei,
  listOpenStolenImeiReports,
  lockImei,
  type ImeiHasher,
} from '../phone-facts/public.ts';
import { holdListingsReportedStolen } from '../phone-facts/phone-facts.service.ts';
import {
  closeStolenReport,
  findStolenReport,
  insertStolenReport,
  listActiveStolenReports,
  listOwnStolenReports,
  listUnsoldListingsOfImei,
  resolveReports,
  type StolenReportRow,
} from './stolen-phones.repository.ts';

type Db = Kysely<Database>;
const DAY_MS = 24 * 60 * 60 * 1000;

/** What the moderators read of a deal reported stolen soon after it. */
export function stolenAfterSaleNote(bookingId: string, days: number, stolenReportId: string) {
  return `Reported stolen ${days} ${days === 1 ? 'day' : 'days'} after deal ${bookingId} (stolen-phone report ${stolenReportId})`;
}

function ownView(row: StolenReportRow): StolenReport {
  return {
    _id: row.id,
    imeiLast4: row.imeiLast4,
    stolenOn: row.stolenOn,
    policeReport: row.policeReport,
    status: row.status,
    clearedOutcome: row.clearedOutcome,
    createdAt: readDate(row.createdAt).toISOString(),
  };
}

/**
 * Records an owner's report that the phone with this IMEI was stolen, in one transaction: the
 * report (the IMEI as its keyed hash and last four digits); every listing of the phone not
 * sold held for a moderator; and each deal of the phone completed here within 30 days before
 * now reported to the moderators with the deal, its buyer told calmly. The answer is the report
 * itself: it says nothing of listings, holds or deals.
 */
export async function reportStolenPhone(
  db: Db,
  notifier: Notifier,
  hasher: ImeiHasher,
  reporter: Actor,
  input: z.output<typeof createStolenReportSchema>,
  now: Date = new Date(),
): Promise<StolenReport> {
  const { imeiHash } = hasher.store(input.imei);
  const id = crypto.randomUUID();
  await notifier.transaction(async (notices) => {
    const { trx } = notices;
    await lockImei(trx, imeiHash);
    await insertStolenReport(trx, {
      id,
      reporterId: reporter.id,
      imeiHash,
      imeiLast4: input.imei.slice(-4),
      stolenOn: input.stolenOn,
      policeReport: input.policeReport,
      createdAt: now,
    });
    await holdListingsReportedStolen(trx, imeiHash, id, now);
    await flagRecentSales(notices, imeiHash, id, now);
  });
  const row = await findStolenReport(db, id);
  if (!row) throw notFound('common.noSuch.reportOfYours');
  return ownView(row);
}

/**
 * A phone reported stolen soon after a sale here may be an insurance claim by its seller: the
 * deal goes to the moderators (an automatic report on the sold listing, naming the deal), and
 * its buyer hears of it in words that accuse no one.
 */
async function flagRecentSales(
  notices: Notices,
  imeiHash: string,
  stolenReportId: string,
  now: Date,
): Promise<void> {
  const { trx } = notices;
  const since = new Date(now.getTime() - STOLEN_AFTER_SALE_DAYS * DAY_MS);
  const sales = await listCompletedSalesOfImei(trx, imeiHash, since, now);
  for (const sale of sales) {
    const completedAt = readDate(sale.completedAt ?? now);
    const days = Math.floor((now.getTime() - completedAt.getTime()) / DAY_MS);
    await fileMarketplaceReport(
      trx,
      sale.productId,
      STOLEN_AFTER_SALE_REASON,
      stolenAfterSaleNote(sale.bookingId, days, stolenReportId),
      now,
    );
  }
  // Notices after the other writes (they hold the event log's lock until the commit).
  for (const sale of sales) {
    await notices.notify({
      userId: sale.buyerId,
      kind: 'stolen_after_purchase',
      params: { productName: sale.name },
      link: paths.dashboard.myOrders,
      dedupeKey: `stolen_after_purchase:${sale.bookingId}:${stolenReportId}`,
      now,
    });
  }
}

/** The person's own reports, newest first. */
export async function getOwnStolenReports(
  db: Db,
  actor: Actor,
  page: PaginationQuery,
): Promise<Page<StolenReport>> {
  return mapPage(await listOwnStolenReports(db, actor.id, page), ownView);
}

/**
 * The owner takes their report back: listings it alone held go back on show. A deal it flagged
 * stays in the queue: withdrawing is no explanation of a report soon after a sale.
 */
export async function withdrawStolenReport(
  db: Db,
  notifier: Notifier,
  actor: Actor,
  id: string,
  now: Date = new Date(),
): Promise<void> {
  await requireAccess(db, actor, 'stolenReport.withdraw', id);
  await notifier.transaction(async (notices) => {
    const report = await findStolenReport(notices.trx, id);
    if (!report) throw notFound('common.noSuch.reportOfYours');
    await lockImei(notices.trx, report.imeiHash);
    if (!(await closeStolenReport(notices.trx, id, { status: 'withdrawn' }, now))) {
      throw conflict('moderation.stolen.closed');
    }
    await releaseStolenHolds(
      notices,
      report,
      'The owner withdrew the stolen-phone report',
      null,
      now,
    );
  });
}

/**
 * A moderator clears a report (the phone was recovered, or the report was a mistake): it is
 * closed, the listings it alone held go back on show, the audit log records it, and its owner
 * is told.
 */
export async function clearStolenReport(
  notifier: Notifier,
  moderator: Actor,
  id: string,
  input: z.output<typeof clearStolenReportSchema>,
  now: Date = new Date(),
): Promise<{ cleared: true; releasedCount: number }> {
  return notifier.transaction(async (notices) => {
    const { trx } = notices;
    const report = await findStolenReport(trx, id);
    if (!report) throw notFound('moderation.stolen.noSuch');
    await lockImei(trx, report.imeiHash);
    const closed = await closeStolenReport(
      trx,
      id,
      {
        status: 'cleared',
        clearedBy: moderator.id,
        clearedOutcome: input.outcome,
        clearedReason: input.reason,
      },
      now,
    );
    if (!closed) throw conflict('moderation.stolen.closed');
    const outcome = `A moderator cleared the stolen-phone report: ${CLEAR_OUTCOME_LABELS[input.outcome].toLowerCase()}.`;
    const releasedCount = await releaseStolenHolds(notices, report, outcome, moderator.id, now);
    await appendAudit(trx, {
      actorId: moderator.id,
      action: 'clear_stolen_report',
      targetType: 'stolen_report',
      targetId: id,
      targetLabel: `IMEI ending ${report.imeiLast4}`,
      reason: input.reason,
      details: { outcome: input.outcome, releasedCount },
      at: now,
    });
    await tellReporters(
      notices,
      [{ id, reporterId: report.reporterId, targetType: 'stolen_report' }],
      CLEAR_OUTCOME_LABELS[input.outcome],
      now,
    );
    return { cleared: true as const, releasedCount };
  });
}

/**
 * Closes the stolen-IMEI reports on the phone's listings and puts back on show those nothing
 * else holds (no other open report); answers how many went back. While another active report
 * names the same IMEI, everything stays as it is.
 */
async function releaseStolenHolds(
  notices: Notices,
  report: StolenReportRow,
  outcome: string,
  actorId: string | null,
  now: Date,
): Promise<number> {
  const { trx } = notices;
  if (await findActiveStolenReport(trx, report.imeiHash, report.id)) return 0;
  const open = await listOpenStolenImeiReports(trx, report.imeiHash);
  await resolveReports(
    trx,
    open.map((r) => r.id),
    outcome,
    actorId,
    now,
  );
  let released = 0;
  for (const held of open) {
    if (held.moderation !== 'held' || Boolean(held.otherOpen)) continue;
    const listing = await showListing(trx, held.productId);
    await tellSellerShown(notices, listing, `stolen:${report.id}`, now);
    released++;
  }
  return released;
}

/** Active reports for the moderators, each with the listings it holds and the deals it flags. */
export async function getActiveStolenReports(
  db: Db,
  page: PaginationQuery,
): Promise<Page<AdminStolenReport>> {
  const found = await listActiveStolenReports(db, page);
  const items = await Promise.all(
    found.items.map(async (row): Promise<AdminStolenReport> => {
      const createdAt = readDate(row.createdAt);
      const since = new Date(createdAt.getTime() - STOLEN_AFTER_SALE_DAYS * DAY_MS);
      const [listings, sales] = await Promise.all([
        listUnsoldListingsOfImei(db, row.imeiHash),
        listCompletedSalesOfImei(db, row.imeiHash, since, createdAt),
      ]);
      return {
        ...ownView(row),
        reporter: { _id: row.reporterId, name: row.reporterName, email: row.reporterEmail },
        listings: listings.map((l) => ({ _id: l.id, name: l.name, moderation: l.moderation })),
        recentSales: sales.map((s) => ({
          bookingId: s.bookingId,
          productId: s.productId,
          productName: s.name,
          completedAt: readDate(s.completedAt ?? createdAt).toISOString(),
        })),
      };
    }),
  );
  return { items, total: found.total };
}
