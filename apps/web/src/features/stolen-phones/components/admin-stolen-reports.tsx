import { useState } from 'react';
import { Link } from 'react-router';
import { Trans, useTranslation } from 'react-i18next';
import { useFormat } from '../../../i18n/locale.tsx';
import type { AdminStolenReport } from '@market/shared';
import { paths } from '../../../config/paths.ts';
import { useHydrated } from '../../../lib/use-hydrated.ts';
import { ClearStolenReportDialog } from './clear-dialog.tsx';

/** Active stolen-phone reports as moderators see them: who, what it holds, what it flags. */
export function AdminStolenReports({ reports }: { reports: AdminStolenReport[] }) {
  const { t } = useTranslation();
  const format = useFormat();
  /** A day as the site writes it, day-month-year, from the ISO date's own day. */
  const dateText = (iso: string) =>
    format.dayMonthYear(iso.slice(0, 10).split('-').reverse().join('-'));
  const [clearing, setClearing] = useState<AdminStolenReport | null>(null);
  const hydrated = useHydrated();
  return (
    <>
      <ul className="flex flex-col gap-3">
        {reports.map((r) => (
          <li key={r._id} className="rounded-box border border-base-300 p-4">
            <div className="flex flex-wrap items-start justify-between gap-3">
              <div className="min-w-0 flex-1">
                <p className="font-semibold">
                  {t('stolenReports.imeiEnding', { last4: r.imeiLast4 })}
                </p>
                <p className="text-sm wrap-anywhere">
                  {t('stolenReports.reportedBy', {
                    name: r.reporter.name,
                    email: r.reporter.email,
                    day: dateText(r.createdAt),
                  })}
                </p>
                <p className="text-sm text-base-content/80">
                  {t('stolenReports.stolenOn', { day: dateText(r.stolenOn) })}
                  {' · '}
                  {r.policeReport ? (
                    <span className="wrap-anywhere">
                      {t('stolenReports.policeReport', { number: r.policeReport })}
                    </span>
                  ) : (
                    t('stolenReports.noPoliceReport')
                  )}
                </p>
              </div>
              <button
                type="button"
                className="btn btn-sm min-h-11"
                disabled={!hydrated}
                onClick={() => setClearing(r)}
              >
                {t('stolenReports.clear')}
              </button>
            </div>
            <div className="mt-3 grid gap-3 md:grid-cols-2">
              <div>
                <h3 className="text-sm font-semibold">{t('stolenReports.listings')}</h3>
                {r.listings.length === 0 ? (
                  <p className="text-sm text-base-content/80">{t('stolenReports.noListings')}</p>
                ) : (
                  <ul className="text-sm">
                    {r.listings.map((l) => (
                      <li key={l._id} className="wrap-anywhere">
                        <Link to={paths.product(l._id)} className="link link-primary">
                          {l.name}
                        </Link>{' '}
                        <span className="badge badge-sm badge-ghost">
                          {t(`stolenReports.state.${l.moderation ?? 'onShow'}`)}
                        </span>
                      </li>
                    ))}
                  </ul>
                )}
              </div>
              <div>
                <h3 className="text-sm font-semibold">{t('stolenReports.sales')}</h3>
                {r.recentSales.length === 0 ? (
                  <p className="text-sm text-base-content/80">{t('stolenReports.noSales')}</p>
                ) : (
                  <ul className="text-sm">
                    {r.recentSales.map((s) => (
                      <li key={s.bookingId} className="wrap-anywhere">
                        <Trans
                          i18nKey="stolenReports.sale"
                          values={{
                            product: s.productName,
                            day: dateText(s.completedAt),
                            deal: s.bookingId,
                          }}
                          components={{
                            queue: (
                              <Link to={paths.dashboard.reports} className="link link-primary" />
                            ),
                          }}
                        />
                      </li>
                    ))}
                  </ul>
                )}
              </div>
            </div>
          </li>
        ))}
      </ul>
      {clearing && (
        <ClearStolenReportDialog
          reportId={clearing._id}
          last4={clearing.imeiLast4}
          onClose={() => setClearing(null)}
        />
      )}
    </>
  );
}
