import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { ServerTexts } from '@market/shared/texts';
import {
  INSPECTION_IMEI_TRIES,
  checkInWindow,
  type HandoverCode,
  type Inspection,
  type InspectionAnswers,
  type InspectionImeiResult,
} from '@market/shared';
import type { Database } from '../../db/schema.ts';
import { readBool, readDate, valueWriters } from '../../db/dialect.ts';
import { refusalOf, requireAccess } from '../../lib/access.ts';
import type { Actor } from '../../lib/actor.ts';
import { conflict, reason, wordRefusal } from '../../lib/errors.ts';
import {
  IMEI_MISMATCH_REASON,
  fileMarketplaceReport,
  type ImeiHasher,
} from '../phone-facts/public.ts';
import { lockProduct } from './bookings.repository.ts';
import { recordCheckIn } from './check-ins.repository.ts';
import { failingOf, readAnswers, toInspection, unansweredOf } from './inspection-view.ts';
import {
  findBookingForInspection,
  findInspection,
  saveInspection,
} from './inspection.repository.ts';

type Db = Kysely<Database>;

async function bookingOf(db: Db, id: string, permission: 'booking.read' | 'booking.inspect') {
  const booking = await findBookingForInspection(db, id);
  if (!booking) throw refusalOf(permission);
  return booking;
}

type BookingRow = NonNullable<Awaited<ReturnType<typeof findBookingForInspection>>>;
type InspectionRow = Awaited<ReturnType<typeof findInspection>>;

function viewOf(booking: BookingRow, record: InspectionRow): Inspection {
  return toInspection({
    bookingId: booking.id,
    required: readBool(booking.inspectionRequired),
    listingHasImei: booking.listingImeiHash !== null,
    record: record ?? null,
  });
}

/**
 * A buyer checking the phone within the meeting window is at the meeting: it records their
 * "I'm here" when they have not pressed it (decision 0032), so neither the no-show job nor a
 * cancel after a failed check counts them absent. Outside the window it records nothing.
 */
async function buyerIsThere(db: Db, booking: BookingRow, now: Date): Promise<void> {
  if (booking.meetingAt === null) return;
  const { opensAt, closesAt } = checkInWindow(readDate(booking.meetingAt));
  if (now < opensAt || now > closesAt) return;
  await recordCheckIn(db, booking.id, 'buyer', valueWriters(db).date(now));
}

/** Whether the deal's code may be shown: no check needed, or the check is complete. */
export function checkDone(required: boolean, record: InspectionRow): boolean {
  return !required || (record?.completedAt ?? null) !== null;
}

/** GET: the buyer's answers so far, for the buyer and the seller of the deal. */
export async function getInspection(db: Db, actor: Actor, id: string): Promise<Inspection> {
  await requireAccess(db, actor, 'booking.read', id);
  const booking = await bookingOf(db, id, 'booking.read');
  return viewOf(booking, await findInspection(db, id));
}

/** The checklist the answers leave, when the buyer takes the phone: every step, nothing failing. */
function refuseTaking(inspection: Inspection, answers: InspectionAnswers): void {
  const failures = failingOf(inspection.imei, answers);
  if (failures.length > 0) {
    const words = (texts: ServerTexts) =>
      failures
        .map((failure) => wordRefusal(`bookings.inspection.failure.${failure}`, texts))
        .join('; ');
    throw conflict(reason('bookings.inspection.failed', { failures: words }));
  }
  const missing = unansweredOf(inspection.imei, answers);
  if (missing.length > 0) {
    const names = (texts: ServerTexts) =>
      missing.map((step) => wordRefusal(`bookings.inspection.step.${step}`, texts)).join(', ');
    throw conflict(reason('bookings.inspection.missing', { steps: names }));
  }
}

const sameAnswers = (a: InspectionAnswers, b: InspectionAnswers) =>
  JSON.stringify(a) === JSON.stringify(b);

/**
 * PUT: the buyer's answers, whole. Saved as they come (a reload loses nothing); the verdict
 * "accept" completes the check (the code is shown) once every step is answered and none fails
 * the deal. After that the record stays as it is; the same answers again change nothing.
 */
export async function saveInspectionAnswers(
  db: Db,
  actor: Actor,
  id: string,
  answers: InspectionAnswers,
  now: Date = new Date(),
): Promise<Inspection> {
  await requireAccess(db, actor, 'booking.inspect', id);
  const w = valueWriters(db);
  return db.transaction().execute(async (trx) => {
    const first = await bookingOf(trx, id, 'booking.inspect');
    if (first.productId) await lockProduct(trx, first.productId);
    const booking = await bookingOf(trx, id, 'booking.inspect');
    if (booking.status !== 'accepted') {
      const record = await findInspection(trx, id);
      if (record?.completedAt && sameAnswers(readAnswers(record.answers), answers)) {
        return viewOf(booking, record);
      }
      throw conflict('bookings.inspection.notAccepted');
    }
    const record = await findInspection(trx, id);
    if (record?.completedAt) {
      if (sameAnswers(readAnswers(record.answers), answers)) return viewOf(booking, record);
      throw conflict('bookings.inspection.complete');
    }
    const current = viewOf(booking, record);
    if (answers.verdict === 'accept') refuseTaking(current, answers);
    await saveInspection(trx, id, booking.productId, {
      answers: JSON.stringify(answers),
      completedAt: answers.verdict === 'accept' ? w.date(now) : null,
      updatedAt: w.date(now),
    });
    await buyerIsThere(trx, booking, now);
    return viewOf(booking, await findInspection(trx, id));
  });
}

function sameHash(a: string, b: string): boolean {
  return a.length === b.length && crypto.timingSafeEqual(Buffer.from(a), Buffer.from(b));
}

/**
 * POST imei: the IMEI the phone shows, checked against the listing's keyed hash. Answers only
 * whether it matches. A try that does not match counts (INSPECTION_IMEI_TRIES per request) and
 * reports the listing to the moderators; the typed number is never stored.
 */
export async function checkInspectionImei(
  db: Db,
  hasher: ImeiHasher,
  actor: Actor,
  id: string,
  imei: string,
  now: Date = new Date(),
): Promise<InspectionImeiResult> {
  await requireAccess(db, actor, 'booking.inspect', id);
  const w = valueWriters(db);
  const typed = hasher.store(imei).imeiHash;
  return db.transaction().execute(async (trx) => {
    const first = await bookingOf(trx, id, 'booking.inspect');
    if (first.productId) await lockProduct(trx, first.productId);
    const booking = await bookingOf(trx, id, 'booking.inspect');
    if (booking.status !== 'accepted') throw conflict('bookings.inspection.notAccepted');
    if (booking.listingImeiHash === null || booking.productId === null) {
      throw conflict('bookings.inspection.noImei');
    }
    const record = await findInspection(trx, id);
    if (record?.completedAt) throw conflict('bookings.inspection.complete');
    const tries = record?.imeiTries ?? 0;
    if (tries >= INSPECTION_IMEI_TRIES) {
      throw conflict(reason('bookings.inspection.noTriesLeft', { tries: INSPECTION_IMEI_TRIES }));
    }
    const matches = sameHash(typed, booking.listingImeiHash);
    await saveInspection(trx, id, booking.productId, {
      imeiState: matches ? 'matches' : 'does_not_match',
      imeiTries: matches ? tries : tries + 1,
      ...(record ? {} : { answers: '{}' }),
      updatedAt: w.date(now),
    });
    await buyerIsThere(trx, booking, now);
    if (!matches) {
      await fileMarketplaceReport(
        trx,
        booking.productId,
        IMEI_MISMATCH_REASON,
        `At the hand-over of request ${id}, the phone's IMEI did not match the listing's (try ${tries + 1} of ${INSPECTION_IMEI_TRIES})`,
        now,
      );
    }
    const inspection = viewOf(booking, await findInspection(trx, id));
    return { matches, triesLeft: inspection.imeiTriesLeft, inspection };
  });
}

/** GET code: the buyer's hand-over code, once the check is complete (or none is needed). */
export async function getHandoverCode(db: Db, actor: Actor, id: string): Promise<HandoverCode> {
  await requireAccess(db, actor, 'booking.inspect', id);
  const booking = await bookingOf(db, id, 'booking.inspect');
  if (booking.status !== 'accepted' || booking.handoverCode === null) {
    throw conflict('bookings.inspection.noCode');
  }
  if (!checkDone(readBool(booking.inspectionRequired), await findInspection(db, id))) {
    throw conflict('bookings.inspection.checkFirst');
  }
  return { code: booking.handoverCode };
}
