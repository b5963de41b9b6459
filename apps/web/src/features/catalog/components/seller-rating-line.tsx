import { useTranslation } from 'react-i18next';
import type { SellerRating } from '@market/shared';
import { RatingStars } from '../../../components/ui/rating-stars.tsx';
import { useFormat } from '../../../i18n/locale.tsx';

/**
 * The seller's stars on a card, or that they have none yet: one line of the same height either
 * way, so cards in a row line up and nothing moves.
 */
export function SellerRatingLine({ rating }: { rating: SellerRating | null }) {
  const { t } = useTranslation();
  const format = useFormat();
  if (!rating) {
    return (
      <span className="flex min-h-5 items-center text-base-content/80">
        {t('listing.rating.none')}
      </span>
    );
  }
  return (
    <span className="flex min-h-5 flex-wrap items-center gap-x-1.5">
      <RatingStars average={rating.average} />
      <span className="font-medium">{format.rating(rating.average)}</span>
      <span className="text-base-content/80">
        {t('listing.rating.reviews', { count: rating.count, n: format.number(rating.count) })}
      </span>
    </span>
  );
}
