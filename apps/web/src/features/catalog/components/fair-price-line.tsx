import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { Formatters } from '@market/shared';
import { useFormat } from '../../../i18n/locale.tsx';
import type { FairPrice, PriceFactor, PriceVerdict } from '@market/shared';

const VERDICT_STYLES: Record<PriceVerdict, string> = {
  low: 'badge-info',
  fair: 'badge-success',
  high: 'badge-warning',
};

/** The fixed labels the shared code gives a factor, by their key in the catalog. */
const FACTOR_LABELS = {
  'battery below 80%': 'batteryBelow80',
  'battery 80–89%': 'battery80to89',
  'battery 90% or more': 'battery90',
  'locked to a carrier': 'locked',
  unlocked: 'unlocked',
} as const;

/** A factor's label in the page's language: the shared code writes it in English. */
function factorLabel(label: string, t: TFunction, format: Formatters): string {
  if (label in FACTOR_LABELS) {
    return t(`fairPrice.labels.${FACTOR_LABELS[label as keyof typeof FACTOR_LABELS]}`);
  }
  const condition = /^(excellent|good|fair) condition$/.exec(label);
  if (condition) {
    const name = condition[1] as 'excellent' | 'good' | 'fair';
    return t('fairPrice.labels.condition', { condition: t(`listing.condition.${name}`) });
  }
  const storage = /^(\d+) (GB|TB) storage$/.exec(label);
  if (storage) {
    return t('fairPrice.labels.storage', {
      storage: `${format.number(Number(storage[1]))} ${storage[2]}`,
    });
  }
  return label;
}

/** A factor as the page says it: "−$25: battery below 80%". */
function factorText(factor: PriceFactor, t: TFunction, format: Formatters): string {
  return t('fairPrice.factor', {
    sign: factor.effect < 0 ? '\u2212' : '+',
    amount: format.price(Math.abs(factor.effect)),
    label: factorLabel(factor.label, t, format),
  });
}

/**
 * How the price compares with the same model and storage (and lock group) elsewhere on the
 * marketplace, when there are enough of them to say; what moves this phone's price against
 * them; and, far below the median, a calm word of care for the buyer.
 */
export function FairPriceLine({
  fairPrice,
  locked = false,
}: {
  fairPrice: FairPrice | null;
  /** The phone is locked to a carrier: its median is of locked phones. */
  locked?: boolean;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  if (!fairPrice) return null;
  const { median, count, verdict, factors, farBelow } = fairPrice;
  const values = { median: format.price(median), count, sellers: format.count(count) };
  return (
    <div className="flex flex-col gap-2">
      <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
        <span className={`badge ${VERDICT_STYLES[verdict]}`}>
          {t(`fairPrice.verdict.${verdict}`)}
        </span>
        <span>{locked ? t('fairPrice.medianLocked', values) : t('fairPrice.median', values)}</span>
      </p>
      {factors.length > 0 && (
        <div className="text-sm">
          <p className="font-semibold">{t('fairPrice.factorsTitle')}</p>
          <ul className="mt-1 flex flex-col gap-1" aria-label={t('fairPrice.factorsTitle')}>
            {factors.map((factor) => (
              <li key={factor.factor}>
                <span className={factor.effect < 0 ? 'text-error' : 'text-success'}>
                  {factorText(factor, t, format)}
                </span>
                <span className="text-base-content/70">
                  {t('fairPrice.factorCounts', {
                    inBand: format.count(factor.inBand),
                    others: format.count(factor.others),
                  })}
                </span>
              </li>
            ))}
          </ul>
          <p className="mt-1 text-xs text-base-content/70">{t('fairPrice.factorsNote')}</p>
        </div>
      )}
      {farBelow && (
        <p role="note" className="alert alert-warning text-sm">
          {t('fairPrice.farBelow')}
        </p>
      )}
    </div>
  );
}
