import { describe, expect, it } from 'vitest';
import { serverTexts } from '../src/texts/texts.ts';

const english = serverTexts('en');
import {
  AUDIT_ACTION_LABELS,
  MODERATION_ACTION_RECORDS,
  MODERATION_ACTIONS,
  NOTIFICATION_KINDS,
  NOTIFICATION_KIND_LABELS,
  actionsFor,
  actionsForTargetType,
  moderationExplanation,
  notificationTexts,
  optionalKindsFor,
  type ReportTarget,
} from '../src/index.ts';

const person = { _id: 'p1', name: 'Sam Seller', email: 'sam@example.com' };

function listing(
  moderation: 'held' | 'hidden' | 'suspended' | null,
  seller: { isVerifiedUser: boolean; suspended: boolean },
): ReportTarget {
  return {
    kind: 'listing',
    listing: {
      _id: 'l1',
      name: 'Pixel 8',
      imgURL: '/api/images/a.webp',
      Category: 'samsung',
      resellPrice: 300,
      status: 'available',
      moderation,
      moderationReason: null,
      postedAt: '2026-11-01T00:00:00.000Z',
      seller: { ...person, ...seller },
    },
  };
}

function user(role: 'buyer' | 'seller' | 'admin', verified: boolean, suspended: boolean) {
  return {
    kind: 'user',
    user: {
      ...person,
      role,
      isVerifiedUser: verified,
      suspendedAt: suspended ? '2026-11-02T00:00:00.000Z' : null,
      suspendedReason: suspended ? 'Spam' : null,
      createdAt: '2026-10-01T00:00:00.000Z',
      listingCount: 1,
      completedDeals: 0,
      reportCount: 1,
      showUp: null,
      noShows: [],
    },
  } satisfies ReportTarget;
}

const conversation = {
  _id: 'c1',
  productId: 'l1',
  productName: 'Pixel 8',
  buyer: person,
  seller: person,
  messages: [],
};
const message: ReportTarget = {
  kind: 'message',
  message: {
    _id: 'm1',
    senderId: 'p1',
    senderName: 'Sam',
    text: 'hi',
    createdAt: '2026-11-03T00:00:00.000Z',
  },
  conversation,
};

describe('the moderation action records', () => {
  it('offer, per kind of target, the actions the queue showed, in its order', () => {
    expect(actionsForTargetType('listing')).toEqual([
      'hide_listing',
      'release_listing',
      'suspend_user',
      'unverify_seller',
      'dismiss',
    ]);
    expect(actionsForTargetType('user')).toEqual(['suspend_user', 'unverify_seller', 'dismiss']);
    expect(actionsForTargetType('message')).toEqual(['suspend_user', 'dismiss']);
    expect(actionsForTargetType('conversation')).toEqual(['dismiss']);
  });

  it('offer only what would change something about the target now', () => {
    const onShow = listing(null, { isVerifiedUser: true, suspended: false });
    expect(actionsFor('listing', onShow)).toEqual([
      'hide_listing',
      'suspend_user',
      'unverify_seller',
      'dismiss',
    ]);
    const hidden = listing('hidden', { isVerifiedUser: false, suspended: true });
    expect(actionsFor('listing', hidden)).toEqual(['release_listing', 'dismiss']);
    const held = listing('held', { isVerifiedUser: false, suspended: false });
    expect(actionsFor('listing', held)).toEqual([
      'hide_listing',
      'release_listing',
      'suspend_user',
      'dismiss',
    ]);
    expect(actionsFor('user', user('seller', true, false))).toEqual([
      'suspend_user',
      'unverify_seller',
      'dismiss',
    ]);
    expect(actionsFor('user', user('buyer', false, false))).toEqual(['suspend_user', 'dismiss']);
    expect(actionsFor('user', user('seller', true, true))).toEqual(['unverify_seller', 'dismiss']);
    expect(actionsFor('user', user('admin', false, false))).toEqual(['dismiss']);
    expect(actionsFor('message', message)).toEqual(['suspend_user', 'dismiss']);
    expect(actionsFor('conversation', { kind: 'conversation', conversation })).toEqual(['dismiss']);
    expect(actionsFor('listing', { kind: 'missing' })).toEqual(['dismiss']);
    expect(actionsFor('user', { kind: 'missing' })).toEqual(['dismiss']);
  });

  it('explain dismissing a held listing as releasing it', () => {
    const held = listing('held', { isVerifiedUser: false, suspended: false });
    const hidden = listing('hidden', { isVerifiedUser: false, suspended: false });
    expect(moderationExplanation('dismiss', held)).toMatch(/^This listing is held/);
    expect(moderationExplanation('dismiss', hidden)).toBe(
      'Nothing changes. The reports are closed and the reporters are told.',
    );
    expect(moderationExplanation('hide_listing', held)).toBe(
      MODERATION_ACTION_RECORDS.hide_listing.explanation,
    );
  });

  it('name every action in the audit log, beside the steps taken outside the queue', () => {
    for (const action of MODERATION_ACTIONS) {
      expect(AUDIT_ACTION_LABELS[action]).toBe(MODERATION_ACTION_RECORDS[action].auditLabel);
    }
    expect(AUDIT_ACTION_LABELS).toEqual({
      verify_seller: 'Verified seller',
      unverify_seller: 'Removed verification',
      delete_user: 'Deleted account',
      hide_listing: 'Hid listing',
      release_listing: 'Released listing',
      restore_listing: 'Restored listing',
      suspend_user: 'Suspended account',
      restore_user: 'Restored account',
      dismiss: 'Dismissed reports',
      clear_stolen_report: 'Cleared stolen-phone report',
      approve_possession_photo: 'Approved possession photo',
      reject_possession_photo: 'Rejected possession photo',
    });
  });
});

describe('the notification kinds', () => {
  it('list on each role’s settings page the kinds that reach that role', () => {
    expect(optionalKindsFor('buyer')).toEqual([
      'booking_accepted',
      'booking_declined',
      'booking_cancelled',
      'booking_expired',
      'handover_code',
      'meeting_reminder',
      'meeting_check_in',
      'new_message',
      'saved_price_drop',
      'saved_sold',
      'offer_countered',
      'offer_declined',
      'offer_expired',
      'saved_search_matches',
      'report_outcome',
    ]);
    // A seller's page used to offer switches for declined and expired requests, which only
    // ever reach the buyer who asked.
    expect(optionalKindsFor('seller')).toEqual([
      'booking_requested',
      'booking_cancelled',
      'meeting_reminder',
      'meeting_check_in',
      'new_message',
      'seller_verified',
      'offer_received',
      'offer_declined',
      'offer_expired',
      'new_review',
      'report_outcome',
      'listing_moderated',
    ]);
    expect(optionalKindsFor('admin')).toEqual(['report_outcome']);
  });

  it('name every kind', () => {
    for (const kind of NOTIFICATION_KINDS) expect(NOTIFICATION_KIND_LABELS[kind]).not.toBe('');
    expect(NOTIFICATION_KIND_LABELS.booking_requested).toBe(
      'A buyer asks to book one of my phones',
    );
  });

  it('keep other people’s words out of the email', () => {
    const cancelled = notificationTexts(
      'booking_cancelled',
      {
        productName: 'Pixel 8',
        buyerName: 'Bashir',
        by: 'buyer',
        reason: 'Found one nearer',
        preset: 'other',
      },
      english,
    );
    expect(cancelled).toEqual({
      title: 'Bashir cancelled the booking of Pixel 8',
      body: 'Reason: Found one nearer',
      mail: {
        title: 'The buyer cancelled the booking of Pixel 8',
        body: 'They gave a reason: see it in My Buyers.',
      },
    });
    const review = notificationTexts(
      'new_review',
      {
        reviewer: 'Ana B.',
        rating: 1,
        productName: 'Pixel 8',
        text: 'x'.repeat(200),
      },
      english,
    );
    expect(review.title).toBe('Ana B. gave you 1 star for Pixel 8');
    expect(review.body).toBe(`“${'x'.repeat(139)}…”`);
    expect(review.mail?.body).not.toContain('x');
  });

  it('say how many new phones each saved search has', () => {
    const texts = notificationTexts(
      'saved_search_matches',
      {
        searches: [
          { name: 'Cheap', total: 1, examples: ['Pixel 8'] },
          { name: 'Apple', total: 3, examples: [] },
        ],
      },
      english,
    );
    expect(texts).toEqual({
      title: '4 new phones for 2 of your saved searches',
      body: 'Cheap: 1 new phone, such as Pixel 8\nApple: 3 new phones',
    });
  });
});
