import { REVIEW_EDIT_HOURS, REVIEW_WINDOW_DAYS, type SellerReview } from '@market/shared';
import { readDate } from '../../db/dialect.ts';
import { centsToDollars } from '../../lib/money.ts';
import type { ReviewView } from './reviews.repository.ts';

const HOUR_MS = 60 * 60 * 1000;
export const EDIT_WINDOW_MS = REVIEW_EDIT_HOURS * HOUR_MS;
export const REVIEW_WINDOW_MS = REVIEW_WINDOW_DAYS * 24 * HOUR_MS;

const iso = (value: Date | string | null): string | null =>
  value === null ? null : readDate(value).toISOString();

/**
 * How a review names its author in public: the first name and the last name's initial, so that
 * a review is personal without publishing who bought what. Null is an account that is gone.
 */
export function reviewerName(name: string | null): string {
  if (name === null) return 'A former member';
  const [first, ...rest] = name.trim().split(/\s+/).filter(Boolean);
  if (!first) return 'A buyer';
  const initial = Array.from(rest.at(-1) ?? '')[0];
  return initial ? `${first} ${initial.toUpperCase()}.` : first;
}

export function toSellerReview(row: ReviewView): SellerReview {
  const createdAt = readDate(row.createdAt);
  return {
    _id: row.id,
    sellerId: row.sellerId,
    rating: row.rating,
    text: row.text,
    reviewerName: reviewerName(row.authorName),
    productName: row.productName,
    agreedPrice:
      row.dealOfferId == null || row.dealPriceCents == null
        ? null
        : centsToDollars(row.dealPriceCents),
    createdAt: createdAt.toISOString(),
    editedAt: iso(row.editedAt),
    editableUntil: new Date(createdAt.getTime() + EDIT_WINDOW_MS).toISOString(),
    reply: row.reply,
    repliedAt: iso(row.repliedAt),
    checkedAtHandover: row.handedOverAt !== null,
  };
}

/** A completed deal's last moment to be reviewed; null for a deal that is not completed. */
export function reviewDeadline(completedAt: Date | string | null): string | null {
  return completedAt === null
    ? null
    : new Date(readDate(completedAt).getTime() + REVIEW_WINDOW_MS).toISOString();
}
