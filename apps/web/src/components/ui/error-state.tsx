import { useTranslation } from 'react-i18next';
import { useDescribeError } from '../../lib/errors.ts';
import { useHydrated } from '../../lib/use-hydrated.ts';

/** A failed fetch: a short message and a Retry button. */
export function ErrorState({
  error,
  onRetry,
  title,
}: {
  error: unknown;
  onRetry?: () => void;
  title?: string;
}) {
  const hydrated = useHydrated();
  const { t } = useTranslation();
  const describeError = useDescribeError();
  return (
    <div role="alert" className="alert alert-error alert-soft my-6 flex flex-wrap justify-between">
      <div>
        <p className="font-semibold">{title ?? t('errors.couldNotLoad')}</p>
        <p className="text-sm">{describeError(error)}</p>
      </div>
      {onRetry && (
        <button type="button" className="btn btn-sm" disabled={!hydrated} onClick={onRetry}>
          {t('errors.retry')}
        </button>
      )}
    </div>
  );
}

/** An empty list says so. */
export function EmptyState({ children }: { children: React.ReactNode }) {
  return (
    <p className="rounded-box bg-base-200 text-base-content/80 my-6 p-6 text-center">{children}</p>
  );
}
