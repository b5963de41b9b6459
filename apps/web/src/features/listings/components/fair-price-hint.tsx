import { useFormat } from '../../../i18n/locale.tsx';
import { useEffect, useState } from 'react';
import {
  FAIR_PRICE_MIN_COUNT,
  FAIR_PRICE_WINDOW_DAYS,
  formatStorage,
  priceVerdict,
  type CategoryName,
  type PriceMedianQuery,
} from '@market/shared';
import { describeError } from '../../../lib/errors.ts';
import { usePriceMedian } from '../api/get-price-median.ts';

/** How long typing must pause before the median is asked for. */
const ASK_DELAY_MS = 300;

const VERDICTS = {
  low: { label: 'Low price', style: 'badge-info', advice: 'below what the same phone lists for' },
  fair: { label: 'Fair price', style: 'badge-success', advice: 'in line with the same phone' },
  high: {
    label: 'High price',
    style: 'badge-warning',
    advice: 'above what the same phone lists for; it may take longer to sell',
  },
} as const;

/**
 * Under the resell price: how the price being typed compares with the median of the same
 * model and storage, as buyers will see it on the listing page.
 */
export function FairPriceHint({
  category,
  model,
  storageGb,
  locked = false,
  price,
}: {
  category: CategoryName | undefined;
  model: string;
  storageGb: number | undefined;
  /** Locked to a carrier: compared with locked phones only. */
  locked?: boolean;
  price: number | undefined;
}) {
  const format = useFormat();
  const wanted: PriceMedianQuery | null =
    category && model.trim() && storageGb
      ? { category, model: model.trim(), storageGb, locked }
      : null;
  const [asked, setAsked] = useState(wanted);
  const wantedKey = JSON.stringify(wanted);
  useEffect(() => {
    const timer = setTimeout(
      () => setAsked(JSON.parse(wantedKey) as PriceMedianQuery),
      ASK_DELAY_MS,
    );
    return () => clearTimeout(timer);
  }, [wantedKey]);
  const median = usePriceMedian(asked);

  let body;
  if (!wanted) {
    body = "Choose the model and storage below to compare your price with the same phone's.";
  } else if (median.isError) {
    body = `Could not compare the price just now: ${describeError(median.error)}`;
  } else if (median.isPending || JSON.stringify(asked) !== wantedKey) {
    body = 'Comparing with the same phone…';
  } else if (!median.data) {
    body = `Fewer than ${FAIR_PRICE_MIN_COUNT} listings of the ${wanted.model} ${formatStorage(wanted.storageGb)} to compare with yet.`;
  } else {
    const { median: value, count } = median.data;
    const sameKey = `${wanted.model} ${formatStorage(wanted.storageGb)}${wanted.locked ? ' locked to a carrier' : ''}`;
    const line = `Median ${format.price(value)} for the ${sameKey}, from ${count} listings of the last ${FAIR_PRICE_WINDOW_DAYS} days.`;
    if (price === undefined || !Number.isFinite(price) || price <= 0) {
      body = `${line} Type your resell price to compare.`;
    } else {
      const verdict = VERDICTS[priceVerdict(price, value)];
      body = (
        <>
          <span className={`badge ${verdict.style} me-2`}>{verdict.label}</span>
          {`${format.price(price)} is ${verdict.advice}. ${line}`}
        </>
      );
    }
  }
  return (
    <p
      role="status"
      aria-live="polite"
      className="rounded-field bg-base-200 p-3 text-sm wrap-anywhere md:col-span-2"
    >
      {body}
    </p>
  );
}
