import { useId } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import type { PhoneHistoryEntry } from '@market/shared';
import { useFormat } from '../../../i18n/locale.tsx';
import { describeError } from '../../../lib/errors.ts';
import { usePhoneHistory } from '../api/get-phone-history.ts';

function EntryLine({ entry }: { entry: PhoneHistoryEntry }) {
  const { t } = useTranslation();
  const format = useFormat();
  const sold = entry.sold
    ? entry.soldHere
      ? t('inspection.history.soldHere', { month: format.month(entry.sold) })
      : t('inspection.history.markedSold', { month: format.month(entry.sold) })
    : t('inspection.history.notSold');
  const battery = [
    entry.batteryHealth !== null
      ? t('inspection.history.batteryStated', { percent: format.number(entry.batteryHealth) })
      : null,
    entry.batteryAtHandover !== null
      ? t('inspection.history.batteryRead', { percent: format.number(entry.batteryAtHandover) })
      : null,
  ].filter(Boolean);
  return (
    <li className="flex flex-col gap-1 border-b border-base-300 py-3 last:border-b-0">
      <p className="font-medium">
        {t('inspection.history.listed', { month: format.month(entry.listed), sold })}
      </p>
      <p className="text-sm">
        <Trans
          i18nKey="inspection.history.condition"
          values={{ condition: t(`listing.condition.${entry.condition}`) }}
          components={{ value: <span className="capitalize" /> }}
        />
        {battery.length > 0 && ` · ${battery.join(', ')}`}
      </p>
      <p className="flex flex-wrap gap-2">
        {entry.checkedAtHandover && (
          <span className="badge badge-success badge-outline badge-sm">
            {t('inspection.history.checked')}
          </span>
        )}
        {entry.held && (
          <span className="badge badge-warning badge-outline badge-sm">
            {t('inspection.history.held')}
          </span>
        )}
      </p>
    </li>
  );
}

/**
 * "This phone's history here": what the marketplace knows of the phone from its earlier
 * listings, by its IMEI (never shown). A listing without an IMEI has no section.
 */
export function PhoneHistorySection({
  productId,
  imeiGiven,
}: {
  productId: string;
  imeiGiven: boolean;
}) {
  const { t } = useTranslation();
  const history = usePhoneHistory(productId, imeiGiven);
  const headingId = useId();
  if (!imeiGiven) return null;
  return (
    <section aria-labelledby={headingId} className="mb-8 rounded-box bg-base-200 p-4">
      <h2 id={headingId} className="mb-1 text-lg font-semibold">
        {t('inspection.history.title')}
      </h2>
      <p className="mb-2 text-sm text-base-content/80">{t('inspection.history.intro')}</p>
      {history.isPending ? (
        <span
          className="loading loading-spinner loading-sm"
          aria-label={t('inspection.history.loading')}
        />
      ) : history.isError ? (
        <div role="alert" className="flex flex-wrap items-center gap-2 text-sm">
          <span>{describeError(history.error)}</span>
          <button type="button" className="btn btn-sm" onClick={() => void history.refetch()}>
            {t('inspection.history.tryAgain')}
          </button>
        </div>
      ) : history.data.entries.length === 0 ? (
        <p>{t('inspection.history.empty')}</p>
      ) : (
        <ol>
          {history.data.entries.map((entry, i) => (
            <EntryLine key={i} entry={entry} />
          ))}
        </ol>
      )}
    </section>
  );
}
