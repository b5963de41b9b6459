import { Link } from 'react-router';
import { Trans, useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client.ts';
import { reportError, useDescribeError } from '../../../lib/errors.ts';
import { useKnownText } from '../../../i18n/known-texts.ts';
import { paths } from '../../../config/paths.ts';
import { ErrorState } from '../../../components/ui/error-state.tsx';
import { SectionSpinner } from '../../../components/ui/spinner.tsx';
import { useHydrated } from '../../../lib/use-hydrated.ts';
import { useUnsubscribe, useUnsubscribePreview } from '../api/unsubscribe.ts';

/** The shared schema's words for a bad token, which the server answers with too. */
const INVALID_LINK = 'This unsubscribe link is not valid';

const settingsLink = <Link to={paths.dashboard.notificationSettings} className="link" />;

function InvalidLink({ message }: { message: string }) {
  const knownText = useKnownText();
  return (
    <div role="alert" className="alert alert-warning alert-soft flex flex-col items-start gap-2">
      <p className="font-semibold">{knownText(message)}</p>
      <p className="text-sm">
        <Trans i18nKey="auth.unsubscribe.invalidHelp" components={{ settings: settingsLink }} />
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
  const { t } = useTranslation();
  const knownText = useKnownText();
  const describeError = useDescribeError();
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
        title={t('auth.unsubscribe.couldNotRead')}
        error={preview.error}
        onRetry={() => void preview.refetch()}
      />
    );
  }
  const { label, email } = preview.data;
  if (unsubscribe.isSuccess) {
    return (
      <div role="status" className="alert alert-success alert-soft flex flex-col items-start gap-2">
        <p className="font-semibold">{t('auth.unsubscribe.done')}</p>
        <p className="text-sm wrap-anywhere">
          <Trans
            i18nKey="auth.unsubscribe.doneText"
            values={{ email, label }}
            components={{ settings: settingsLink }}
          />
        </p>
      </div>
    );
  }
  const refused = unsubscribe.error;
  return (
    <div className="flex flex-col gap-4">
      <p className="wrap-anywhere">
        <Trans
          i18nKey="auth.unsubscribe.stop"
          values={{ email }}
          components={{ strong: <strong /> }}
        />
      </p>
      <p className="rounded-box bg-base-200 p-4 font-medium wrap-anywhere">{label}</p>
      {refused && (
        <p role="alert" className="text-sm text-error">
          {refused instanceof ApiError && refused.status === 400
            ? knownText(refused.message || INVALID_LINK)
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
          {t('auth.unsubscribe.button')}
        </button>
      </div>
    </div>
  );
}
