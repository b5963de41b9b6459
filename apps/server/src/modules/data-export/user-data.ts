import { IMAGE_URL_PATH, NOTIFICATION_KINDS } from '@market/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { readBool, readDate } from '../../db/dialect.ts';
import { maskEmail } from '../../lib/mask-email.ts';
import { maskPhone } from '../bookings/bookings.service.ts';
import { listAllConversationViews, toMessage } from '../conversations/public.ts';
import * as data from './user-data.repository.ts';

/*
 * What a person's export says: one JSON document per part of the marketplace, each a list of
 * rows that are theirs (or that they are a party to), and the uploaded photos of their profile
 * and listings. What another person typed reaches it only as the person read it on their pages:
 * messages with contact details masked as the conversation masks them, and a buyer's email and
 * phone number in a request always masked (a file travels further than a page, decision 0040).
 */

/** The whole export: file name in the zip to its JSON value, and the photos to add. */
export interface UserData {
  documents: Record<string, unknown>;
  /** Uploaded image file names (`<hash>.webp`), stored in the zip under `photos/`. */
  photos: string[];
}

const PHOTO_NAME = /^[0-9a-f]{64}\.webp$/;

/** The stored file name of an uploaded image's URL, or null (a demo image, or none). */
export function uploadedFileOf(url: string | null): string | null {
  if (!url) return null;
  const at = url.indexOf(IMAGE_URL_PATH);
  if (at < 0) return null;
  const name = url.slice(at + IMAGE_URL_PATH.length);
  return PHOTO_NAME.test(name) ? name : null;
}

const iso = (v: Date | string | null | undefined): string | null =>
  v === null || v === undefined ? null : readDate(v).toISOString();
const bool = (v: boolean | number | null): boolean | null => (v === null ? null : readBool(v));
const dollars = (cents: number | null): number | null => (cents === null ? null : cents / 100);

export async function collectUserData(db: Kysely<Database>, userId: string): Promise<UserData> {
  const profile = await data.findProfile(db, userId);
  if (!profile) throw new Error('The account is gone');
  const photos = new Set<string>();
  const photoEntry = (url: string | null) => {
    const file = uploadedFileOf(url);
    if (file) photos.add(file);
    return { url, file: file ? `photos/${file}` : null };
  };

  const [signIns, sessions, settings] = await Promise.all([
    data.listSignInMethods(db, userId),
    data.listSessions(db, userId),
    data.listNotificationSettings(db, userId),
  ]);
  const emailChoice = new Map(settings.map((s) => [s.kind, readBool(s.email)]));

  const [listings, listingPhotos, prices, possession, offerRules] = await Promise.all([
    data.listListings(db, userId),
    data.listListingPhotos(db, userId),
    data.listListingPrices(db, userId),
    data.listPossessionStates(db, userId),
    data.listOfferRules(db, userId),
  ]);
  const [asBuyer, asSeller, inspections, planShares] = await Promise.all([
    data.listDealsAsBuyer(db, userId),
    data.listDealsAsSeller(db, userId),
    data.listInspectionsAsBuyer(db, userId),
    data.listMeetingPlanShares(db, userId),
  ]);
  const conversations = await listAllConversationViews(db, userId);
  const messages = await data.listMessagesOf(
    db,
    conversations.map((c) => c.id),
  );
  const [offers, reviewsGiven, reviewsReceived, notifications, emails] = await Promise.all([
    data.listOffers(db, userId),
    data.listReviewsGiven(db, userId),
    data.listReviewsReceived(db, userId),
    data.listNotifications(db, userId),
    data.listEmails(db, userId),
  ]);
  const [reports, stolenReports, wishlist, savedSearches] = await Promise.all([
    data.listReportsMade(db, userId),
    data.listStolenReports(db, userId),
    data.listWishlist(db, userId),
    data.listSavedSearches(db, userId),
  ]);

  const deal = (b: (typeof asBuyer)[number] | (typeof asSeller)[number]) => ({
    id: b.id,
    buyerId: b.buyerId,
    sellerId: b.sellerId,
    productId: b.productId,
    productName: b.productName,
    price: dollars(b.priceCents),
    fromOfferId: b.offerId,
    status: b.status,
    location: b.location,
    createdAt: iso(b.createdAt),
    updatedAt: iso(b.updatedAt),
    proposedMeetingAt: iso(b.proposedAt),
    respondedAt: iso(b.respondedAt),
    completedAt: iso(b.completedAt),
    meeting: {
      at: iso(b.meetingAt),
      place: b.meetingPlace,
      timeZone: b.meetingTimeZone,
      buyerCheckedInAt: iso(b.buyerCheckedInAt),
      sellerCheckedInAt: iso(b.sellerCheckedInAt),
      noShowSide: b.noShowSide,
      noShowAt: iso(b.noShowAt),
      noShowReason: b.noShowReason,
    },
    closeReason: b.closeReason,
    closedBy: b.closedBy,
  });

  const documents: Record<string, unknown> = {
    'profile.json': {
      id: profile.id,
      name: profile.name,
      email: profile.email,
      emailVerified: bool(profile.emailVerified),
      phone: profile.phone,
      picture: photoEntry(profile.image),
      role: profile.role,
      verifiedSeller: bool(profile.isVerifiedUser),
      createdAt: iso(profile.createdAt),
      updatedAt: iso(profile.updatedAt),
      suspendedAt: iso(profile.suspendedAt),
      suspendedReason: profile.suspendedReason,
      signInMethods: signIns.map((a) => ({
        provider: a.providerId,
        createdAt: iso(a.createdAt),
        updatedAt: iso(a.updatedAt),
      })),
      sessions: sessions.map((s) => ({
        createdAt: iso(s.createdAt),
        lastUsedAt: iso(s.updatedAt),
        expiresAt: iso(s.expiresAt),
        ipAddress: s.ipAddress,
        userAgent: s.userAgent,
      })),
    },
    'settings.json': {
      userId,
      area:
        profile.areaPlaceId === null && profile.areaLat === null
          ? null
          : { placeId: profile.areaPlaceId, lat: profile.areaLat, lon: profile.areaLon },
      emailNotifications: Object.fromEntries(
        NOTIFICATION_KINDS.map((kind) => [kind, emailChoice.get(kind) ?? true]),
      ),
    },
    'listings.json': listings.map((p) => ({
      id: p.id,
      sellerId: p.sellerId,
      name: p.name,
      category: p.category,
      model: p.model,
      condition: p.condition,
      description: p.description,
      originalPrice: dollars(p.originalPriceCents),
      resellPrice: dollars(p.resellPriceCents),
      previousResellPrice: dollars(p.previousResellPriceCents),
      yearOfPurchase: p.yearOfPurchase,
      storageGb: p.storageGb,
      colour: p.colour,
      batteryHealth: p.batteryHealth,
      networkLock: p.networkLock,
      activationLockOff: bool(p.activationLockOff),
      paidOff: bool(p.paidOff),
      included: p.included ? p.included.split(',') : [],
      warrantyUntil: p.warrantyUntil,
      imeiLast4: p.imeiLast4,
      location: p.location,
      locationNote: p.locationNote,
      placeId: p.placeId,
      advertised: bool(p.advertised),
      status: p.status,
      postedAt: iso(p.postedAt),
      soldAt: iso(p.soldAt),
      moderation: p.moderation,
      moderationReason: p.moderationReason,
      cover: photoEntry(p.imgUrl),
      photos: listingPhotos
        .filter((ph) => ph.productId === p.id)
        .map((ph) => ({ position: ph.position, ...photoEntry(ph.url) })),
      priceHistory: prices
        .filter((h) => h.productId === p.id)
        .map((h) => ({
          originalPrice: dollars(h.originalPriceCents),
          resellPrice: dollars(h.resellPriceCents),
          changedAt: iso(h.changedAt),
        })),
      possessionProof:
        possession
          .filter((pp) => pp.productId === p.id)
          .map((pp) => ({
            status: pp.status,
            submittedAt: iso(pp.submittedAt),
            reviewedAt: iso(pp.reviewedAt),
            rejectReason: pp.rejectReason,
          }))[0] ?? null,
      offerRules:
        offerRules
          .filter((r) => r.productId === p.id)
          .map((r) => ({
            declineBelow: dollars(r.declineBelowCents),
            acceptFrom: dollars(r.acceptFromCents),
            offeredToSaversAt: iso(r.savedOfferAt),
          }))[0] ?? null,
    })),
    'orders.json': asBuyer.map((b) => ({
      ...deal(b),
      sellerName: b.sellerName,
      yourName: b.name,
      yourEmail: b.email,
      yourPhone: b.phone,
      inspection:
        inspections
          .filter((i) => i.bookingId === b.id)
          .map((i) => ({
            answers: JSON.parse(i.answers) as unknown,
            imeiCheck: i.imeiState,
            completedAt: iso(i.completedAt),
            handedOverAt: iso(i.handedOverAt),
          }))[0] ?? null,
      meetingPlanLinks: planShares
        .filter((s) => s.bookingId === b.id)
        .map((s) => ({ createdAt: iso(s.createdAt), revokedAt: iso(s.revokedAt) })),
    })),
    'my-buyers.json': asSeller.map((b) => ({
      ...deal(b),
      buyerName: b.name,
      buyerEmail: maskEmail(b.email),
      buyerPhone: maskPhone(b.phone),
      meetingPlanLinks: planShares
        .filter((s) => s.bookingId === b.id)
        .map((s) => ({ createdAt: iso(s.createdAt), revokedAt: iso(s.revokedAt) })),
    })),
    'conversations.json': conversations.map((c) => {
      const side = c.buyerId === userId ? 'buyer' : 'seller';
      const contactsShown = bool(c.contactsShown as boolean | number) === true;
      return {
        id: c.id,
        buyerId: c.buyerId,
        sellerId: c.sellerId,
        you: side,
        with: c.otherName,
        productId: c.productId,
        productName: c.productName,
        createdAt: iso(c.createdAt),
        lastMessageAt: iso(c.updatedAt),
        blocked: c.blockedBy !== null,
        blockedByYou: c.blockedBy === userId,
        messages: messages
          .filter((m) => m.conversationId === c.id)
          .map((m) => {
            const read = toMessage(m, { id: userId, side }, contactsShown);
            return {
              id: read._id,
              fromYou: read.mine,
              text: read.text,
              contactDetailsHidden: read.masked,
              offer: read.offer,
              createdAt: read.createdAt,
              readAt: read.readAt,
            };
          }),
      };
    }),
    'offers.json': offers.map((o) => ({
      id: o.id,
      you: o.buyerId === userId ? 'buyer' : 'seller',
      buyerId: o.buyerId,
      sellerId: o.sellerId,
      productId: o.productId,
      productName: o.productName,
      offeredPrice: dollars(o.offeredPriceCents),
      price: dollars(o.priceCents),
      note: o.note,
      round: o.round,
      status: o.status,
      source: o.source,
      closedBy: o.closedBy,
      bookingId: o.bookingId,
      createdAt: iso(o.createdAt),
      updatedAt: iso(o.updatedAt),
    })),
    'reviews-given.json': reviewsGiven.map((r) => ({
      id: r.id,
      buyerId: r.buyerId,
      sellerId: r.sellerId,
      sellerName: r.sellerName,
      bookingId: r.bookingId,
      rating: r.rating,
      text: r.text,
      createdAt: iso(r.createdAt),
      editedAt: iso(r.editedAt),
      sellerReply: r.reply,
      repliedAt: iso(r.repliedAt),
    })),
    'reviews-received.json': reviewsReceived.map((r) => ({
      id: r.id,
      sellerId: r.sellerId,
      bookingId: r.bookingId,
      rating: r.rating,
      text: r.text,
      createdAt: iso(r.createdAt),
      editedAt: iso(r.editedAt),
      yourReply: r.reply,
      repliedAt: iso(r.repliedAt),
    })),
    'notifications.json': notifications.map((n) => ({
      id: n.id,
      userId: n.userId,
      kind: n.kind,
      title: n.title,
      body: n.body,
      link: n.link,
      createdAt: iso(n.createdAt),
      readAt: iso(n.readAt),
    })),
    'emails.json': emails.map((e) => ({
      id: e.id,
      userId: e.userId,
      kind: e.kind,
      to: e.toEmail,
      subject: e.subject,
      text: e.text,
      createdAt: iso(e.createdAt),
      sentAt: iso(e.sentAt),
    })),
    'reports.json': reports.map((r) => ({
      id: r.id,
      reporterId: r.reporterId,
      about: r.targetType,
      targetId: r.targetId,
      reason: r.reason,
      note: r.note,
      status: r.status,
      outcome: r.outcome,
      createdAt: iso(r.createdAt),
      resolvedAt: iso(r.resolvedAt),
    })),
    'stolen-phone-reports.json': stolenReports.map((s) => ({
      id: s.id,
      reporterId: s.reporterId,
      imeiLast4: s.imeiLast4,
      stolenOn: s.stolenOn,
      policeReport: s.policeReport,
      status: s.status,
      createdAt: iso(s.createdAt),
      closedAt: iso(s.closedAt),
      clearedOutcome: s.clearedOutcome,
      clearedReason: s.clearedReason,
    })),
    'wishlist.json': wishlist.map((w) => ({
      id: w.id,
      userId: w.userId,
      productId: w.productId,
      productName: w.productName,
      addedAt: iso(w.createdAt),
    })),
    'saved-searches.json': savedSearches.map((s) => ({
      id: s.id,
      userId: s.userId,
      name: s.name,
      filters: JSON.parse(s.filters) as unknown,
      createdAt: iso(s.createdAt),
      lastViewedUntil: iso(s.viewedUntil),
    })),
  };
  return { documents, photos: [...photos] };
}
