// Plain functions without schemas: the listing page uses them.

/**
 * Sellers with comparable listings a median needs before a listing page shows it (each seller
 * counts once, so no one seller sets a median).
 */
export const FAIR_PRICE_MIN_COUNT = 3;
/** Sales completed here count towards the median for this long after their sale. */
export const FAIR_PRICE_WINDOW_DAYS = 90;
/** Within this share of the median either way, a price is fair. */
export const FAIR_PRICE_BAND = 0.2;
/** Below this share of the median, the page asks the buyer to take care. */
export const FAR_BELOW_MEDIAN = 0.6;

export const PRICE_VERDICTS = ['low', 'fair', 'high'] as const;
export type PriceVerdict = (typeof PRICE_VERDICTS)[number];

/** How a price compares with the median of comparable listings. */
export function priceVerdict(price: number, median: number): PriceVerdict {
  if (price < median * (1 - FAIR_PRICE_BAND)) return 'low';
  if (price > median * (1 + FAIR_PRICE_BAND)) return 'high';
  return 'fair';
}

/** A price so far below the median that the phone may not be what it seems. */
export function isFarBelowMedian(price: number, median: number): boolean {
  return price < median * FAR_BELOW_MEDIAN;
}
