import { useId, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import type { Possession } from '@market/shared';
import { ErrorState } from '../../../components/ui/error-state.tsx';
import { useKnownText } from '../../../i18n/known-texts.ts';
import { reportError, useDescribeError } from '../../../lib/errors.ts';
import { imageFileProblem } from '../../../lib/upload-image.ts';
import { toast } from '../../../lib/toast.ts';
import { useHydrated } from '../../../lib/use-hydrated.ts';
import { usePossession } from '../api/get-possession.ts';
import { useUploadPossessionPhoto } from '../api/upload-possession-photo.ts';

const STATUS_BADGE: Record<Possession['status'], string> = {
  none: 'badge-ghost',
  pending: 'badge-warning',
  verified: 'badge-success',
  rejected: 'badge-error',
};

/** Why a verified photo no longer counts, for the reasons the server gives. */
const CLEARED_BECAUSE = ['imei_changed', 'model_changed'] as const;
const clearedReason = (because: string | null | undefined) =>
  CLEARED_BECAUSE.find((known) => known === because);

/**
 * The listing's proof of possession on its edit page: the code to write on paper, and the photo
 * of the phone (screen on) beside it, which only moderators see.
 */
export function PossessionPanel({ productId }: { productId: string }) {
  const { t } = useTranslation();
  const known = useKnownText();
  const describeError = useDescribeError();
  const possession = usePossession(productId);
  const upload = useUploadPossessionPhoto();
  const hydrated = useHydrated();
  const inputId = useId();
  const [problem, setProblem] = useState<string | null>(null);

  if (possession.isPending) return <p className="my-4">{t('possession.loading')}</p>;
  if (possession.isError) {
    return (
      <ErrorState
        title={t('possession.loadFailed')}
        error={possession.error}
        onRetry={() => void possession.refetch()}
      />
    );
  }
  const p = possession.data;
  const cleared = p.status === 'none' ? clearedReason(p.clearedBecause) : undefined;
  const send = (file: File | undefined) => {
    if (!file) return;
    const wrong = imageFileProblem(file);
    setProblem(wrong);
    if (wrong) return;
    upload.mutate(
      { productId, file },
      {
        onSuccess: () => toast.success(t('possession.sent')),
        onError: (err) => {
          reportError('Sending the possession photo', err);
          setProblem(describeError(err));
        },
      },
    );
  };
  return (
    <section
      aria-labelledby={`${inputId}-title`}
      className="my-6 rounded-box border border-base-300 p-4"
    >
      <h2
        id={`${inputId}-title`}
        className="flex flex-wrap items-center gap-2 text-lg font-semibold"
      >
        {t('possession.title')}{' '}
        <span className={`badge ${STATUS_BADGE[p.status]}`}>
          {t(`possession.status.${p.status}`)}
        </span>
      </h2>
      <p className="mt-2 text-sm">
        <Trans
          i18nKey="possession.instructions"
          values={{ code: p.code }}
          components={{ code: <strong className="font-mono text-base" /> }}
        />
      </p>
      {p.status === 'rejected' && p.rejectReason && (
        <p className="mt-2 text-sm text-error wrap-anywhere">
          {t('possession.notAccepted', { reason: p.rejectReason })}
        </p>
      )}
      {cleared && <p className="mt-2 text-sm">{t(`possession.cleared.${cleared}`)}</p>}
      <div className="mt-3 fieldset">
        <label htmlFor={inputId} className="fieldset-legend text-sm">
          {p.status === 'none' ? t('possession.send') : t('possession.sendAnother')}
        </label>
        <input
          id={inputId}
          type="file"
          accept="image/*"
          className="file-input w-full max-w-md"
          disabled={!hydrated || upload.isPending}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${inputId}-error` : undefined}
          onChange={(e) => {
            send(e.currentTarget.files?.[0]);
            e.currentTarget.value = '';
          }}
        />
        {upload.isPending && <p className="text-sm">{t('possession.sending')}</p>}
        {problem && (
          <p id={`${inputId}-error`} role="alert" className="text-sm text-error">
            {known(problem)}
          </p>
        )}
      </div>
    </section>
  );
}
