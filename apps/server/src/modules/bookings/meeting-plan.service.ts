import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  MEETING_PLAN_HOURS_AFTER,
  paths,
  type MeetingPlan,
  type MeetingPlanShare,
  type MeetingPlanShareState,
} from '@market/shared';
import type { Database } from '../../db/schema.ts';
import { isUniqueViolation, readDate } from '../../db/dialect.ts';
import { refusalOf, requireAccess } from '../../lib/access.ts';
import type { Actor } from '../../lib/actor.ts';
import { conflict, notFound, reason } from '../../lib/errors.ts';
import { SignedValues } from '../../lib/signed-values.ts';
import { joinedSpot } from '../meeting-spots/public.ts';
import { findBookingForChange } from './bookings.repository.ts';
import {
  findLiveShare,
  findSharedPlan,
  insertShare,
  revokeLiveShare,
} from './meeting-plan.repository.ts';

/*
 * "Share my meeting plan" (decision 0034): either party of an accepted deal makes a link for
 * someone they trust. The link is the share's random id signed with the server's secret, so
 * the database alone does not hold working links, and the party can read theirs again while it
 * is live. It opens until MEETING_PLAN_HOURS_AFTER the meeting, or until its party revokes it.
 */

type Db = Kysely<Database>;

const AFTER_MS = MEETING_PLAN_HOURS_AFTER * 60 * 60 * 1000;

/** The links of shared plans: the share's id, signed for this purpose only. */
export class MeetingPlanLinks {
  private readonly signed: SignedValues;

  constructor(
    secret: string,
    private readonly publicUrl: string,
  ) {
    this.signed = new SignedValues(secret, 'meeting-plan');
  }

  url(shareId: string): string {
    return new URL(paths.meetingPlan(this.signed.issue(shareId)), this.publicUrl).href;
  }

  /** The share a token names, or null for anything this server did not issue. */
  shareId(token: string): string | null {
    const value = this.signed.read(token);
    return typeof value === 'string' ? value : null;
  }
}

export const planExpiry = (meetingAt: Date) => new Date(meetingAt.getTime() + AFTER_MS);

const iso = (value: Date | string) => readDate(value).toISOString();

/** A deal the caller is party to, accepted, whose plan has not expired: its meeting time. */
async function shareableMeeting(db: Db, actor: Actor, bookingId: string, now: Date) {
  await requireAccess(db, actor, 'booking.read', bookingId);
  const booking = await findBookingForChange(db, bookingId);
  if (!booking) throw refusalOf('booking.read');
  if (booking.status !== 'accepted' || booking.meetingAt === null) {
    throw conflict('bookings.plan.notAccepted');
  }
  const meetingAt = readDate(booking.meetingAt);
  if (now.getTime() >= planExpiry(meetingAt).getTime()) {
    throw conflict(reason('bookings.plan.tooLate', { hours: MEETING_PLAN_HOURS_AFTER }));
  }
  return meetingAt;
}

function shareOf(
  links: MeetingPlanLinks,
  share: { id: string; createdAt: Date | string },
  meetingAt: Date,
): MeetingPlanShare {
  return {
    url: links.url(share.id),
    createdAt: iso(share.createdAt),
    expiresAt: planExpiry(meetingAt).toISOString(),
  };
}

/** The caller's link to the deal's meeting plan: the live one, or a new one. */
export async function shareMeetingPlan(
  db: Db,
  links: MeetingPlanLinks,
  actor: Actor,
  bookingId: string,
  now: Date = new Date(),
): Promise<MeetingPlanShare> {
  const meetingAt = await shareableMeeting(db, actor, bookingId, now);
  const live = await findLiveShare(db, bookingId, actor.id);
  if (live) return shareOf(links, live, meetingAt);
  const share = { id: crypto.randomBytes(18).toString('base64url'), createdAt: now };
  try {
    await insertShare(db, { ...share, bookingId, userId: actor.id });
  } catch (err) {
    // Two clicks at once: the other one made the link; answer it.
    if (!isUniqueViolation(err)) throw err;
    const made = await findLiveShare(db, bookingId, actor.id);
    if (!made) throw err;
    return shareOf(links, made, meetingAt);
  }
  return shareOf(links, share, meetingAt);
}

/** The caller's live link to the deal's meeting plan, or null. */
export async function getOwnShare(
  db: Db,
  links: MeetingPlanLinks,
  actor: Actor,
  bookingId: string,
  now: Date = new Date(),
): Promise<MeetingPlanShareState> {
  await requireAccess(db, actor, 'booking.read', bookingId);
  const booking = await findBookingForChange(db, bookingId);
  if (!booking) throw refusalOf('booking.read');
  const live = await findLiveShare(db, bookingId, actor.id);
  if (!live || booking.meetingAt === null || booking.status !== 'accepted') return { share: null };
  const meetingAt = readDate(booking.meetingAt);
  if (now.getTime() >= planExpiry(meetingAt).getTime()) return { share: null };
  return { share: shareOf(links, live, meetingAt) };
}

/** Ends the caller's link to the deal's meeting plan; answers whether there was one. */
export async function revokeOwnShare(
  db: Db,
  actor: Actor,
  bookingId: string,
  now: Date = new Date(),
): Promise<{ revoked: boolean }> {
  await requireAccess(db, actor, 'booking.read', bookingId);
  return { revoked: await revokeLiveShare(db, bookingId, actor.id, now) };
}

const firstName = (name: string | null) => (name ?? '').trim().split(/\s+/)[0] || 'Someone';

/** The plan a link opens, while it is live; otherwise 404 saying why it does not open. */
export async function openMeetingPlan(
  db: Db,
  links: MeetingPlanLinks,
  token: string,
  now: Date = new Date(),
): Promise<MeetingPlan> {
  const shareId = links.shareId(token);
  const row = shareId ? await findSharedPlan(db, shareId) : undefined;
  if (!row || row.meetingAt === null) throw notFound('bookings.plan.noSuch');
  if (row.revokedAt !== null) throw notFound('bookings.plan.revoked');
  const meetingAt = readDate(row.meetingAt);
  const expiresAt = planExpiry(meetingAt);
  if (now.getTime() >= expiresAt.getTime()) throw notFound('bookings.plan.expired');
  if (row.status !== 'accepted' && row.status !== 'completed') {
    throw notFound('bookings.plan.calledOff');
  }
  const sharedBy = row.sharedById === row.sellerId ? 'seller' : 'buyer';
  return {
    status: row.status,
    meetingAt: meetingAt.toISOString(),
    timeZone: row.meetingTimeZone ?? 'UTC',
    place: row.meetingPlace ?? '',
    spot: joinedSpot(row),
    productName: row.productName,
    imageUrl: row.imgUrl,
    sharedBy,
    otherFirstName: firstName(sharedBy === 'seller' ? row.buyerName : row.sellerName),
    expiresAt: expiresAt.toISOString(),
  };
}
