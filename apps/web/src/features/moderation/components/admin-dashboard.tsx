import { lazy, Suspense, useMemo } from 'react';
import type { AdminStats, DailyStats } from '@market/shared';
import { useHydrated } from '../../../lib/use-hydrated.ts';
import { InlineSpinner } from '../../../components/ui/spinner.tsx';

// The chart code (uPlot) loads only once an admin's dashboard is on screen.
const DailyBarChart = lazy(() => import('./daily-bar-chart.tsx'));

type Metric = Exclude<keyof DailyStats, 'day'>;

const CHARTS: ReadonlyArray<{ metric: Metric; title: string; noun: [string, string] }> = [
  { metric: 'listings', title: 'New listings', noun: ['listing', 'listings'] },
  { metric: 'requests', title: 'Booking requests', noun: ['request', 'requests'] },
  { metric: 'completedDeals', title: 'Completed deals', noun: ['deal', 'deals'] },
  { metric: 'signUps', title: 'Sign-ups', noun: ['sign-up', 'sign-ups'] },
  { metric: 'reports', title: 'Reports filed', noun: ['report', 'reports'] },
];

const TOTALS: ReadonlyArray<{ key: keyof AdminStats['totals']; label: string }> = [
  { key: 'users', label: 'Accounts' },
  { key: 'listings', label: 'Listings' },
  { key: 'requests', label: 'Booking requests' },
  { key: 'completedDeals', label: 'Completed deals' },
  { key: 'openReports', label: 'Open reports' },
  { key: 'hiddenListings', label: 'Held or hidden listings' },
  { key: 'suspendedUsers', label: 'Suspended accounts' },
];

const shortDay = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  timeZone: 'UTC',
});
const dayName = (day: string) => shortDay.format(new Date(`${day}T00:00:00Z`));
const count = (n: number, [one, many]: [string, string]) => `${n} ${n === 1 ? one : many}`;

/** One sentence that says what the chart shows: the total, and the busiest day. */
function summaryOf(days: readonly DailyStats[], metric: Metric, noun: [string, string]): string {
  const total = days.reduce((sum, d) => sum + d[metric], 0);
  if (total === 0) return `No ${noun[1]} in the last 30 days.`;
  const busiest = days.reduce((best, d) => (d[metric] > best[metric] ? d : best));
  return `${count(total, noun)} in the last 30 days; the most on ${dayName(busiest.day)} (${busiest[metric]}).`;
}

function DailyChart({
  days,
  metric,
  title,
  noun,
}: {
  days: readonly DailyStats[];
  metric: Metric;
  title: string;
  noun: [string, string];
}) {
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
        <p className="text-sm text-base-content/80">{summaryOf(days, metric, noun)}</p>
      </figcaption>
      <div className="mt-2 min-h-[180px]">
        {hydrated && (
          <Suspense fallback={<InlineSpinner label={`Drawing ${title.toLowerCase()}`} />}>
            <DailyBarChart days={dayList} values={values} label={title} />
          </Suspense>
        )}
      </div>
      <details className="mt-2">
        <summary className="cursor-pointer text-sm">Show {title.toLowerCase()} as a table</summary>
        <div className="max-h-64 overflow-y-auto">
          <table className="table table-xs">
            <caption className="sr-only">{title} per day</caption>
            <thead>
              <tr>
                <th scope="col">Day</th>
                <th scope="col">{title}</th>
              </tr>
            </thead>
            <tbody>
              {days.map((d) => (
                <tr key={d.day}>
                  <th scope="row" className="font-normal">
                    <time dateTime={d.day}>{dayName(d.day)}</time>
                  </th>
                  <td>{d[metric]}</td>
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
  return (
    <div className="space-y-8">
      <section aria-labelledby="totals-heading">
        <h2 id="totals-heading" className="mb-3 text-xl font-semibold">
          Totals
        </h2>
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 xl:grid-cols-4">
          {TOTALS.map(({ key, label }) => (
            <div key={key} className="rounded-box bg-base-200 p-4">
              <dt className="text-sm text-base-content/80">{label}</dt>
              <dd className="text-2xl font-bold">{stats.totals[key]}</dd>
            </div>
          ))}
        </dl>
      </section>
      <section aria-labelledby="days-heading">
        <h2 id="days-heading" className="mb-3 text-xl font-semibold">
          The last 30 days
        </h2>
        <div className="grid gap-4 lg:grid-cols-2">
          {CHARTS.map((chart) => (
            <DailyChart key={chart.metric} days={stats.days} {...chart} />
          ))}
        </div>
      </section>
    </div>
  );
}
