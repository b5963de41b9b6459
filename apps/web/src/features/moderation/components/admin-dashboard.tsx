import { lazy, Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { AdminStats, DailyStats, Formatters } from '@market/shared';
import { useFormat } from '../../../i18n/locale.tsx';
import { useHydrated } from '../../../lib/use-hydrated.ts';
import { InlineSpinner } from '../../../components/ui/spinner.tsx';

// The chart code (uPlot) loads only once an admin's dashboard is on screen.
const DailyBarChart = lazy(() => import('./daily-bar-chart.tsx'));

type Metric = Exclude<keyof DailyStats, 'day'>;

const METRICS: readonly Metric[] = ['listings', 'requests', 'completedDeals', 'signUps', 'reports'];

const TOTALS: ReadonlyArray<keyof AdminStats['totals']> = [
  'users',
  'listings',
  'requests',
  'completedDeals',
  'openReports',
  'hiddenListings',
  'suspendedUsers',
];

/** One sentence that says what the chart shows: the total, and the busiest day. */
function summaryOf(
  days: readonly DailyStats[],
  metric: Metric,
  t: TFunction,
  format: Formatters,
): string {
  const total = days.reduce((sum, d) => sum + d[metric], 0);
  if (total === 0) return t(`admin.stats.${metric}.none`);
  const busiest = days.reduce((best, d) => (d[metric] > best[metric] ? d : best));
  return t(`admin.stats.${metric}.summary`, {
    count: total,
    n: format.count(total),
    day: format.calendarDay(busiest.day),
    most: format.count(busiest[metric]),
  });
}

function DailyChart({ days, metric }: { days: readonly DailyStats[]; metric: Metric }) {
  const { t } = useTranslation();
  const format = useFormat();
  const title = t(`admin.stats.${metric}.title`);
  const hydrated = useHydrated();
  const dayList = useMemo(() => days.map((d) => d.day), [days]);
  const values = useMemo(() => days.map((d) => d[metric]), [days, metric]);
  const headingId = `chart-${metric}`;
  return (
    <figure
      aria-labelledby={headingId}
      // min-w-0: the grid cell may be narrower than the chart drawn for a wider screen.
      className="min-w-0 rounded-box border border-base-300 bg-base-100 p-4"
    >
      <figcaption>
        <h3 id={headingId} className="font-semibold">
          {title}
        </h3>
        <p className="text-sm text-base-content/80">{summaryOf(days, metric, t, format)}</p>
      </figcaption>
      <div className="mt-2 min-h-[180px]">
        {hydrated && (
          <Suspense
            fallback={
              <InlineSpinner label={t('admin.stats.drawing', { title: title.toLowerCase() })} />
            }
          >
            <DailyBarChart days={dayList} values={values} label={title} />
          </Suspense>
        )}
      </div>
      <details className="mt-2">
        <summary className="cursor-pointer text-sm">
          {t('admin.stats.showTable', { title: title.toLowerCase() })}
        </summary>
        <div className="max-h-64 overflow-y-auto">
          <table className="table table-xs">
            <caption className="sr-only">{t('admin.stats.perDay', { title })}</caption>
            <thead>
              <tr>
                <th scope="col">{t('admin.stats.day')}</th>
                <th scope="col">{title}</th>
              </tr>
            </thead>
            <tbody>
              {days.map((d) => (
                <tr key={d.day}>
                  <th scope="row" className="font-normal">
                    <time dateTime={d.day}>{format.calendarDay(d.day)}</time>
                  </th>
                  <td>{format.count(d[metric])}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}

/** An admin's dashboard: the marketplace's totals now, and its last 30 days day by day. */
export function AdminDashboard({ stats }: { stats: AdminStats }) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <div className="space-y-8">
      <section aria-labelledby="totals-heading">
        <h2 id="totals-heading" className="mb-3 text-xl font-semibold">
          {t('admin.stats.totals')}
        </h2>
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 xl:grid-cols-4">
          {TOTALS.map((key) => (
            <div key={key} className="rounded-box bg-base-200 p-4">
              <dt className="text-sm text-base-content/80">{t(`admin.totals.${key}`)}</dt>
              <dd className="text-2xl font-bold">{format.count(stats.totals[key])}</dd>
            </div>
          ))}
        </dl>
      </section>
      <section aria-labelledby="days-heading">
        <h2 id="days-heading" className="mb-3 text-xl font-semibold">
          {t('admin.stats.last30')}
        </h2>
        <div className="grid gap-4 lg:grid-cols-2">
          {METRICS.map((metric) => (
            <DailyChart key={metric} days={stats.days} metric={metric} />
          ))}
        </div>
      </section>
    </div>
  );
}
