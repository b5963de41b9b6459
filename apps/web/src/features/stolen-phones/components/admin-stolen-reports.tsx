import { useState } from 'react';
import { Link } from 'react-router';
import type { AdminStolenReport } from '@market/shared';
import { paths } from '../../../config/paths.ts';
import { useHydrated } from '../../../lib/use-hydrated.ts';
import { ClearStolenReportDialog } from './clear-dialog.tsx';

const dateText = (iso: string) => iso.slice(0, 10).split('-').reverse().join('-');

/** Active stolen-phone reports as moderators see them: who, what it holds, what it flags. */
export function AdminStolenReports({ reports }: { reports: AdminStolenReport[] }) {
  const [clearing, setClearing] = useState<AdminStolenReport | null>(null);
  const hydrated = useHydrated();
  return (
    <>
      <ul className="flex flex-col gap-3">
        {reports.map((r) => (
          <li key={r._id} className="rounded-box border border-base-300 p-4">
            <div className="flex flex-wrap items-start justify-between gap-3">
              <div className="min-w-0 flex-1">
                <p className="font-semibold">IMEI ending {r.imeiLast4}</p>
                <p className="text-sm wrap-anywhere">
                  Reported by {r.reporter.name} ({r.reporter.email}) on {dateText(r.createdAt)}
                </p>
                <p className="text-sm text-base-content/80">
                  Stolen on {dateText(r.stolenOn)}
                  {' · '}
                  {r.policeReport ? (
                    <span className="wrap-anywhere">Police report {r.policeReport}</span>
                  ) : (
                    'No police report number'
                  )}
                </p>
              </div>
              <button
                type="button"
                className="btn btn-sm min-h-11"
                disabled={!hydrated}
                onClick={() => setClearing(r)}
              >
                Clear report
              </button>
            </div>
            <div className="mt-3 grid gap-3 md:grid-cols-2">
              <div>
                <h3 className="text-sm font-semibold">Listings of this phone</h3>
                {r.listings.length === 0 ? (
                  <p className="text-sm text-base-content/80">None on offer here.</p>
                ) : (
                  <ul className="text-sm">
                    {r.listings.map((l) => (
                      <li key={l._id} className="wrap-anywhere">
                        <Link to={paths.product(l._id)} className="link link-primary">
                          {l.name}
                        </Link>{' '}
                        <span className="badge badge-sm badge-ghost">
                          {l.moderation ?? 'on show'}
                        </span>
                      </li>
                    ))}
                  </ul>
                )}
              </div>
              <div>
                <h3 className="text-sm font-semibold">Sold here within 30 days before</h3>
                {r.recentSales.length === 0 ? (
                  <p className="text-sm text-base-content/80">No deal.</p>
                ) : (
                  <ul className="text-sm">
                    {r.recentSales.map((s) => (
                      <li key={s.bookingId} className="wrap-anywhere">
                        {s.productName}, completed {dateText(s.completedAt)} (deal {s.bookingId}):
                        in the{' '}
                        <Link to={paths.dashboard.reports} className="link link-primary">
                          report queue
                        </Link>
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
