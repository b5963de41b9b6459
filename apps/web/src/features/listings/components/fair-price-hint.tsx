import { useFormat } from '../../../i18n/locale.tsx';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  FAIR_PRICE_MIN_COUNT,
  FAIR_PRICE_WINDOW_DAYS,
  formatStorage,
  priceVerdict,
  type CategoryName,
  type PriceMedianQuery,
} from '@market/shared';
import { useDescribeError } from '../../../lib/errors.ts';
import { usePriceMedian } from '../api/get-price-median.ts';

/** How long typing must pause before the median is asked for. */
const ASK_DELAY_MS = 300;

const VERDICT_STYLES = {
  low: 'badge-info',
  fair: 'badge-success',
  high: 'badge-warning',
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
  const { t } = useTranslation();
  const format = useFormat();
  const describeError = useDescribeError();
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
    body = t('productForm.fairPrice.choose');
  } else if (median.isError) {
    body = t('productForm.fairPrice.failed', { reason: describeError(median.error) });
  } else if (median.isPending || JSON.stringify(asked) !== wantedKey) {
    body = t('productForm.fairPrice.comparing');
  } else if (!median.data) {
    body = t('productForm.fairPrice.tooFew', {
      min: format.number(FAIR_PRICE_MIN_COUNT),
      phone: `${wanted.model} ${formatStorage(wanted.storageGb)}`,
    });
  } else {
    const { median: value, count } = median.data;
    const phone = `${wanted.model} ${formatStorage(wanted.storageGb)}`;
    const line = t(
      wanted.locked ? 'productForm.fairPrice.medianLocked' : 'productForm.fairPrice.median',
      {
        price: format.price(value),
        phone,
        listings: format.number(count),
        days: format.number(FAIR_PRICE_WINDOW_DAYS),
      },
    );
    if (price === undefined || !Number.isFinite(price) || price <= 0) {
      body = `${line} ${t('productForm.fairPrice.typePrice')}`;
    } else {
      const verdict = priceVerdict(price, value);
      body = (
        <>
          <span className={`badge ${VERDICT_STYLES[verdict]} me-2`}>
            {t(`productForm.fairPrice.${verdict}.label`)}
          </span>
          {`${t(`productForm.fairPrice.${verdict}.advice`, { price: format.price(price) })} ${line}`}
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
