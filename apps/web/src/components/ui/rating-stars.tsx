import { useTranslation } from 'react-i18next';
import { useFormat } from '../../i18n/locale.tsx';
const STAR =
  'M12 2.6l2.85 5.9 6.5.85-4.75 4.5 1.2 6.45L12 17.2l-5.8 3.1 1.2-6.45L2.65 9.35l6.5-.85z';
const FIVE = [1, 2, 3, 4, 5] as const;

/**
 * A rating and a count of reviews in words of the page's language: "4.5" (one decimal, as stars
 * are said) and "12 reviews".
 */
export function useRatingWords() {
  const { t } = useTranslation();
  const format = useFormat();
  return {
    rating: (average: number) => format.rating(average),
    reviews: (count: number) => t('sellerPage.reviewCount', { count }),
  };
}

function StarRow({ size, className }: { size: number; className: string }) {
  return (
    <span className={`flex w-max ${className}`}>
      {FIVE.map((n) => (
        <svg key={n} width={size} height={size} viewBox="0 0 24 24" aria-hidden="true">
          <path d={STAR} fill="currentColor" />
        </svg>
      ))}
    </span>
  );
}

/**
 * Five stars filled to the average (a 4.5 shows four and a half), read out as "4.5 out of 5
 * stars". Its size is fixed, so it never moves what is around it.
 */
export function RatingStars({ average, size = 16 }: { average: number; size?: number }) {
  const { t } = useTranslation();
  const words = useRatingWords();
  const filled = Math.max(0, Math.min(100, (average / 5) * 100));
  return (
    <span
      role="img"
      aria-label={t('sellerPage.stars', { average: words.rating(average) })}
      className="relative inline-flex shrink-0 align-middle"
      style={{ width: size * 5, height: size }}
    >
      <StarRow size={size} className="text-base-content/25" />
      <span className="absolute inset-y-0 left-0 overflow-hidden" style={{ width: `${filled}%` }}>
        <StarRow size={size} className="text-warning" />
      </span>
    </span>
  );
}
