import { sql, type Kysely } from 'kysely';
import { valueWriters } from '../../db/dialect.ts';
import type { Database } from '../../db/schema.ts';
import { fileMarketplaceReport, holdListing } from './phone-facts.repository.ts';

type Db = Kysely<Database>;

/** The marketplace's report on a listing whose IMEI an owner reported stolen. */
export const STOLEN_IMEI_REASON = 'stolen_imei';
/** The marketplace's report on a deal whose phone was reported stolen soon after it. */
export const STOLEN_AFTER_SALE_REASON = 'stolen_after_sale';

/** The note of a stolen-IMEI report: it names the stolen-phone report, for the moderators. */
export function stolenImeiNote(stolenReportId: string): string {
  return `Its IMEI is in stolen-phone report ${stolenReportId}`;
}

/** An active stolen-phone report of the IMEI, the earliest, or undefined. */
export function findActiveStolenReport(db: Db, imeiHash: string, exceptId?: string) {
  let query = db
    .selectFrom('stolen_reports')
    .select('id')
    .where('imeiHash', '=', imeiHash)
    .where('status', '=', 'active');
  if (exceptId) query = query.where('id', '<>', exceptId);
  return query.orderBy('createdAt').orderBy('id').limit(1).executeTakeFirst();
}

/**
 * Holds each listing of the phone that is not sold, with the marketplace's report naming the
 * stolen-phone report (one open report per listing); answers the listings' ids. A listing
 * already off show keeps its state and gets the report all the same.
 */
export async function holdListingsOfStolenImei(
  db: Db,
  imeiHash: string,
  stolenReportId: string,
  heldText: string,
  now: Date,
): Promise<string[]> {
  const listings = await db
    .selectFrom('products')
    .select('id')
    .where('imeiHash', '=', imeiHash)
    .where('status', '<>', 'sold')
    .execute();
  for (const { id } of listings) {
    await holdListing(db, id, heldText);
    await fileMarketplaceReport(db, id, STOLEN_IMEI_REASON, stolenImeiNote(stolenReportId), now);
  }
  return listings.map((l) => l.id);
}

/** Deals of the phone completed here between `since` and `until`, newest first. */
export function listCompletedSalesOfImei(db: Db, imeiHash: string, since: Date, until: Date) {
  const w = valueWriters(db);
  return db
    .selectFrom('bookings as b')
    .innerJoin('products as p', 'p.id', 'b.productId')
    .select(['b.id as bookingId', 'b.buyerId', 'b.completedAt', 'p.id as productId', 'p.name'])
    .where('p.imeiHash', '=', imeiHash)
    .where('b.status', '=', 'completed')
    .where('b.completedAt', '>=', w.date(since))
    .where('b.completedAt', '<=', w.date(until))
    .orderBy('b.completedAt', 'desc')
    .execute();
}

/**
 * The open stolen-IMEI reports about listings of the phone, with whether each listing has any
 * other open report (something else that holds it).
 */
export function listOpenStolenImeiReports(db: Db, imeiHash: string) {
  return db
    .selectFrom('reports as r')
    .innerJoin('products as p', 'p.id', 'r.targetId')
    .select(['r.id', 'r.targetId as productId', 'p.moderation'])
    .select(({ exists, selectFrom }) =>
      exists(
        selectFrom('reports as o')
          .select(sql.lit(1).as('one'))
          .where('o.targetType', '=', 'listing')
          .whereRef('o.targetId', '=', 'r.targetId')
          .where('o.status', '=', 'open')
          .whereRef('o.id', '<>', 'r.id'),
      ).as('otherOpen'),
    )
    .where('r.targetType', '=', 'listing')
    .where('r.reason', '=', STOLEN_IMEI_REASON)
    .where('r.status', '=', 'open')
    .where('p.imeiHash', '=', imeiHash)
    .execute();
}
