import type { SellerRating } from '@market/shared';
import { RatingStars, formatRating, reviewCount } from '../../../components/ui/rating-stars.tsx';

/**
 * The seller's stars on a card, or that they have none yet: one line of the same height either
 * way, so cards in a row line up and nothing moves.
 */
export function SellerRatingLine({ rating }: { rating: SellerRating | null }) {
  if (!rating) {
    return <span className="flex min-h-5 items-center text-base-content/80">No reviews yet</span>;
  }
  return (
    <span className="flex min-h-5 flex-wrap items-center gap-x-1.5">
      <RatingStars average={rating.average} />
      <span className="font-medium">{formatRating(rating.average)}</span>
      <span className="text-base-content/80">({reviewCount(rating.count)})</span>
    </span>
  );
}
