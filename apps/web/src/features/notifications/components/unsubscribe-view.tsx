import { Link } from 'react-router';
import { ApiError } from '../../../lib/api-client.ts';
import { describeError, reportError } from '../../../lib/errors.ts';
import { paths } from '../../../config/paths.ts';
import { ErrorState } from '../../../components/ui/error-state.tsx';
import { SectionSpinner } from '../../../components/ui/spinner.tsx';
import { useHydrated } from '../../../lib/use-hydrated.ts';
import { useUnsubscribe, useUnsubscribePreview } from '../api/unsubscribe.ts';

const INVALID_LINK = 'This unsubscribe link is not valid';

function InvalidLink({ message }: { message: string }) {
  return (
    <div role="alert" className="alert alert-warning alert-soft flex flex-col items-start gap-2">
      <p className="font-semibold">{message}</p>
      <p className="text-sm">
        It may have been cut short when it was copied. Log in to choose which emails you get in your{' '}
        <Link to={paths.dashboard.notificationSettings} className="link">
          email settings
        </Link>
        .
      </p>
    </div>
  );
}

/**
 * What an email's unsubscribe link turns off, and the button that does it: opening the link
 * changes nothing by itself (mail scanners open links too).
 */
export function UnsubscribeView({ token }: { token: string }) {
  const hydrated = useHydrated();
  const preview = useUnsubscribePreview(token);
  const unsubscribe = useUnsubscribe();

  if (!token) return <InvalidLink message={INVALID_LINK} />;
  if (preview.isPending) return <SectionSpinner />;
  if (preview.isError) {
    if (preview.error instanceof ApiError && preview.error.status === 400) {
      return <InvalidLink message={preview.error.message || INVALID_LINK} />;
    }
    return (
      <ErrorState
        title="Could not read this link"
        error={preview.error}
        onRetry={() => void preview.refetch()}
      />
    );
  }
  const { label, email } = preview.data;
  if (unsubscribe.isSuccess) {
    return (
      <div role="status" className="alert alert-success alert-soft flex flex-col items-start gap-2">
        <p className="font-semibold">You are unsubscribed</p>
        <p className="text-sm wrap-anywhere">
          {email} will no longer get emails for: {label}. You still see these under the bell when
          you are signed in, and can turn the emails back on in your{' '}
          <Link to={paths.dashboard.notificationSettings} className="link">
            email settings
          </Link>
          .
        </p>
      </div>
    );
  }
  const refused = unsubscribe.error;
  return (
    <div className="flex flex-col gap-4">
      <p className="wrap-anywhere">
        Stop sending emails to <strong>{email}</strong> for:
      </p>
      <p className="rounded-box bg-base-200 p-4 font-medium wrap-anywhere">{label}</p>
      {refused && (
        <p role="alert" className="text-sm text-error">
          {refused instanceof ApiError && refused.status === 400
            ? refused.message || INVALID_LINK
            : describeError(refused)}
        </p>
      )}
      <div>
        <button
          type="button"
          className="btn btn-primary"
          disabled={!hydrated || unsubscribe.isPending}
          onClick={() =>
            unsubscribe.mutate(token, {
              onError: (err) => reportError('Unsubscribing', err),
            })
          }
        >
          {unsubscribe.isPending && (
            <span className="loading loading-spinner loading-sm" aria-hidden="true" />
          )}
          Unsubscribe
        </button>
      </div>
    </div>
  );
}
