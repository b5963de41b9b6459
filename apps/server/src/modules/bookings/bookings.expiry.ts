import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { Notifier } from '../notifications/public.ts';
import { expireStaleOffers } from '../offers/offers.service.ts';
import { expireStaleRequests } from './bookings.service.ts';

/** How often waiting requests are checked for their age. */
export const EXPIRY_CHECK_INTERVAL_MS = 10 * 60 * 1000;

/**
 * Requests and offers not answered in time expire. The check runs as the app starts (so requests that
 * aged while it was stopped expire at once) and then every few minutes while it runs (a job in
 * app.ts). Several instances may run it at once: it is one conditional update, which does the
 * same work once.
 */
export async function expireBookingRequests(
  db: Kysely<Database>,
  notifier: Notifier,
  log: FastifyBaseLogger,
  now: Date = new Date(),
): Promise<void> {
  const expired = await expireStaleRequests(db, notifier, now);
  if (expired > 0) log.info({ expired }, 'booking requests expired');
  // Offers expire on the same clock (decision 0035).
  const offers = await expireStaleOffers(db, notifier, now);
  if (offers > 0) log.info({ expired: offers }, 'offers expired');
}
