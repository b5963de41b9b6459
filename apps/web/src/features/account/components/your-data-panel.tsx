import { DATA_EXPORT_KEEP_DAYS, type DataExport } from '@market/shared';
import { ErrorState } from '../../../components/ui/error-state.tsx';
import { InlineSpinner } from '../../../components/ui/spinner.tsx';
import { notifyError } from '../../../lib/errors.ts';
import { useHydrated } from '../../../lib/use-hydrated.ts';
import { useLatestDataExport, useRequestDataExport } from '../api/data-export.ts';

const when = new Intl.DateTimeFormat(undefined, { dateStyle: 'long', timeStyle: 'short' });
const sizeFormat = new Intl.NumberFormat(undefined, {
  style: 'unit',
  unit: 'megabyte',
  maximumFractionDigits: 1,
});

function sizeText(bytes: number): string {
  return sizeFormat.format(Math.max(bytes / 1_000_000, 0.1));
}

/**
 * "Your data": ask for a copy of everything the marketplace holds about you, see it being
 * prepared (asked again every few seconds), then download it until it expires.
 */
export function YourDataPanel() {
  const latest = useLatestDataExport();
  const request = useRequestDataExport();
  const hydrated = useHydrated();

  const ask = () =>
    request.mutate(undefined, { onError: (err) => notifyError('Asking for your data', err) });
  const askButton = (label: string) => (
    <button
      type="button"
      className="btn btn-primary btn-sm"
      disabled={!hydrated || request.isPending}
      onClick={ask}
    >
      {request.isPending && <span className="loading loading-spinner loading-xs" />}
      {label}
    </button>
  );

  return (
    <div className="space-y-4">
      <p>
        Download a copy of everything Phone Market holds about you: your profile, listings and their
        photos, requests and deals, messages, offers, reviews, notifications, reports and settings,
        as JSON files and images in one zip. We tell you in the app and by email when it is ready;
        the link works for {DATA_EXPORT_KEEP_DAYS} days.
      </p>
      {latest.isPending ? (
        <InlineSpinner />
      ) : latest.isError ? (
        <ErrorState
          title="Could not load the state of your data export"
          error={latest.error}
          onRetry={() => void latest.refetch()}
        />
      ) : (
        <ExportState current={latest.data.export} askButton={askButton} />
      )}
    </div>
  );
}

function ExportState({
  current,
  askButton,
}: {
  current: DataExport | null;
  askButton: (label: string) => React.ReactNode;
}) {
  if (current === null) {
    return (
      <div className="space-y-3">
        <p className="text-base-content/70 text-sm">You have not asked for a copy yet.</p>
        {askButton('Download my data')}
      </div>
    );
  }
  const askedAt = when.format(new Date(current.createdAt));
  switch (current.status) {
    case 'pending':
      return (
        <div role="status" className="alert alert-info alert-soft">
          <span className="loading loading-spinner loading-sm" aria-hidden="true" />
          <span>
            Preparing your data (asked {askedAt}). This takes a few minutes; you can leave this
            page.
          </span>
        </div>
      );
    case 'ready':
      return (
        <div className="space-y-3">
          <div role="status" className="alert alert-success alert-soft flex flex-wrap">
            <span className="min-w-0 break-words">
              Your data is ready
              {current.sizeBytes !== null && ` (${sizeText(current.sizeBytes)})`}. The link works
              until {when.format(new Date(current.expiresAt!))}.
            </span>
          </div>
          <div className="flex flex-wrap gap-2">
            <a className="btn btn-primary btn-sm" href={current.downloadUrl!} download>
              Download the zip
            </a>
            {askButton('Prepare a new copy')}
          </div>
        </div>
      );
    case 'failed':
      return (
        <div className="space-y-3">
          <div role="alert" className="alert alert-error alert-soft">
            <span>Preparing your data (asked {askedAt}) failed. Please try again.</span>
          </div>
          {askButton('Try again')}
        </div>
      );
    case 'expired':
      return (
        <div className="space-y-3">
          <p className="text-base-content/70 text-sm">
            Your last copy (asked {askedAt}) has expired and was deleted.
          </p>
          {askButton('Download my data')}
        </div>
      );
  }
}
