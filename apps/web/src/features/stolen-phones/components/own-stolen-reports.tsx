import {
  CLEAR_OUTCOME_LABELS,
  STOLEN_REPORT_STATUS_LABELS,
  type StolenReport,
} from '@market/shared';
import { notifyError } from '../../../lib/errors.ts';
import { toast } from '../../../lib/toast.ts';
import { useHydrated } from '../../../lib/use-hydrated.ts';
import { useWithdrawStolenReport } from '../api/withdraw-stolen-report.ts';

function dayText(day: string): string {
  const [y, m, d] = day.split('-');
  return `${d}-${m}-${y}`;
}

const STATUS_BADGE: Record<StolenReport['status'], string> = {
  active: 'badge-warning',
  withdrawn: 'badge-ghost',
  cleared: 'badge-info',
};

/** The person's own reports: the last 4 digits, the day, the police number, and its state. */
export function OwnStolenReports({ reports }: { reports: StolenReport[] }) {
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
              <span className="font-semibold">IMEI ending {r.imeiLast4}</span>
              <span className={`badge ${STATUS_BADGE[r.status]}`}>
                {STOLEN_REPORT_STATUS_LABELS[r.status]}
              </span>
            </p>
            <p className="text-sm text-base-content/80">
              Stolen on {dayText(r.stolenOn)}
              {r.policeReport && (
                <>
                  {' · '}Police report <span className="wrap-anywhere">{r.policeReport}</span>
                </>
              )}
            </p>
            {r.clearedOutcome && (
              <p className="text-sm text-base-content/80">
                {CLEAR_OUTCOME_LABELS[r.clearedOutcome]}
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
                  onSuccess: () => toast.success('Report withdrawn'),
                  onError: (err) => notifyError('Withdrawing the report', err),
                })
              }
            >
              Withdraw
            </button>
          )}
        </li>
      ))}
    </ul>
  );
}
