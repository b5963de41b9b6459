import { Trans, useTranslation } from 'react-i18next';
import type { StolenReport } from '@market/shared';
import { useFormat } from '../../../i18n/locale.tsx';
import { notifyError } from '../../../lib/errors.ts';
import { toast } from '../../../lib/toast.ts';
import { useHydrated } from '../../../lib/use-hydrated.ts';
import { useWithdrawStolenReport } from '../api/withdraw-stolen-report.ts';

const STATUS_BADGE: Record<StolenReport['status'], string> = {
  active: 'badge-warning',
  withdrawn: 'badge-ghost',
  cleared: 'badge-info',
};

/** The person's own reports: the last 4 digits, the day, the police number, and its state. */
export function OwnStolenReports({ reports }: { reports: StolenReport[] }) {
  const { t } = useTranslation();
  const format = useFormat();
  const withdraw = useWithdrawStolenReport();
  const hydrated = useHydrated();
  return (
    <ul className="flex flex-col gap-2">
      {reports.map((r) => (
        <li
          key={r._id}
          className="flex flex-wrap items-center justify-between gap-3 rounded-box border border-base-300 p-3"
        >
          <div className="flex min-w-0 flex-1 flex-col gap-1">
            <p className="flex flex-wrap items-center gap-2">
              <span className="font-semibold">
                {t('stolenPhones.imeiEnding', {
                  digits: r.imeiLast4.replace(/\d/g, (d) => format.number(Number(d))),
                })}
              </span>
              <span className={`badge ${STATUS_BADGE[r.status]}`}>
                {t(`stolenPhones.status.${r.status}`)}
              </span>
            </p>
            <p className="text-sm text-base-content/80">
              {t('stolenPhones.stolenOn', { day: format.dayMonthYear(r.stolenOn) })}
              {r.policeReport && (
                <>
                  {' · '}
                  <Trans
                    i18nKey="stolenPhones.policeReport"
                    values={{ number: r.policeReport }}
                    components={{ number: <span className="wrap-anywhere" /> }}
                  />
                </>
              )}
            </p>
            {r.clearedOutcome && (
              <p className="text-sm text-base-content/80">
                {t(`stolenPhones.outcome.${r.clearedOutcome}`)}
              </p>
            )}
          </div>
          {r.status === 'active' && (
            <button
              type="button"
              className="btn btn-outline btn-sm min-h-11"
              disabled={!hydrated || withdraw.isPending}
              onClick={() =>
                withdraw.mutate(r._id, {
                  onSuccess: () => toast.success(t('stolenPhones.withdrawn')),
                  onError: (err) => notifyError('Withdrawing the report', err),
                })
              }
            >
              {t('stolenPhones.withdraw')}
            </button>
          )}
        </li>
      ))}
    </ul>
  );
}
