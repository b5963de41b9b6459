import { useTranslation } from 'react-i18next';
import { DATA_EXPORT_KEEP_DAYS, type DataExport } from '@market/shared';
import { useFormat } from '../../../i18n/locale.tsx';
import { ErrorState } from '../../../components/ui/error-state.tsx';
import { InlineSpinner } from '../../../components/ui/spinner.tsx';
import { notifyError } from '../../../lib/errors.ts';
import { useHydrated } from '../../../lib/use-hydrated.ts';
import { useLatestDataExport, useRequestDataExport } from '../api/data-export.ts';

/** The zip's size in megabytes, to one decimal, never below 0.1. */
function megabytes(bytes: number): number {
  return Math.round(Math.max(bytes / 1_000_000, 0.1) * 10) / 10;
}

/**
 * "Your data": ask for a copy of everything the marketplace holds about you, see it being
 * prepared (asked again every few seconds), then download it until it expires.
 */
export function YourDataPanel() {
  const { t } = useTranslation();
  const format = useFormat();
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
      <p>{t('profile.data.intro', { days: format.number(DATA_EXPORT_KEEP_DAYS) })}</p>
      {latest.isPending ? (
        <InlineSpinner />
      ) : latest.isError ? (
        <ErrorState
          title={t('profile.data.loadFailed')}
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
  const { t } = useTranslation();
  const format = useFormat();
  if (current === null) {
    return (
      <div className="space-y-3">
        <p className="text-base-content/70 text-sm">{t('profile.data.notAsked')}</p>
        {askButton(t('profile.data.download'))}
      </div>
    );
  }
  const askedAt = format.dateTime(current.createdAt);
  switch (current.status) {
    case 'pending':
      return (
        <div role="status" className="alert alert-info alert-soft">
          <span className="loading loading-spinner loading-sm" aria-hidden="true" />
          <span>{t('profile.data.preparing', { when: askedAt })}</span>
        </div>
      );
    case 'ready': {
      const until = format.dateTime(current.expiresAt!);
      return (
        <div className="space-y-3">
          <div role="status" className="alert alert-success alert-soft flex flex-wrap">
            <span className="min-w-0 break-words">
              {current.sizeBytes === null
                ? t('profile.data.ready', { until })
                : t('profile.data.readySized', {
                    until,
                    size: t('profile.data.size', {
                      size: format.number(megabytes(current.sizeBytes)),
                    }),
                  })}
            </span>
          </div>
          <div className="flex flex-wrap gap-2">
            <a className="btn btn-primary btn-sm" href={current.downloadUrl!} download>
              {t('profile.data.downloadZip')}
            </a>
            {askButton(t('profile.data.newCopy'))}
          </div>
        </div>
      );
    }
    case 'failed':
      return (
        <div className="space-y-3">
          <div role="alert" className="alert alert-error alert-soft">
            <span>{t('profile.data.failed', { when: askedAt })}</span>
          </div>
          {askButton(t('profile.data.tryAgain'))}
        </div>
      );
    case 'expired':
      return (
        <div className="space-y-3">
          <p className="text-base-content/70 text-sm">
            {t('profile.data.expired', { when: askedAt })}
          </p>
          {askButton(t('profile.data.download'))}
        </div>
      );
  }
}
