import { useId, useState } from 'react';
import { POSSESSION_STATUS_LABELS, type Possession } from '@market/shared';
import { ErrorState } from '../../../components/ui/error-state.tsx';
import { describeError, reportError } from '../../../lib/errors.ts';
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

const CLEARED_BECAUSE: Record<string, string> = {
  imei_changed: 'The IMEI changed since the last photo was verified: send a new one.',
  model_changed: 'The model changed since the last photo was verified: send a new one.',
};

/**
 * The listing's proof of possession on its edit page: the code to write on paper, and the photo
 * of the phone (screen on) beside it, which only moderators see.
 */
export function PossessionPanel({ productId }: { productId: string }) {
  const possession = usePossession(productId);
  const upload = useUploadPossessionPhoto();
  const hydrated = useHydrated();
  const inputId = useId();
  const [problem, setProblem] = useState<string | null>(null);

  if (possession.isPending) return <p className="my-4">Loading the photo check…</p>;
  if (possession.isError) {
    return (
      <ErrorState
        title="Could not load the photo check"
        error={possession.error}
        onRetry={() => void possession.refetch()}
      />
    );
  }
  const p = possession.data;
  const send = (file: File | undefined) => {
    if (!file) return;
    const wrong = imageFileProblem(file);
    setProblem(wrong);
    if (wrong) return;
    upload.mutate(
      { productId, file },
      {
        onSuccess: () => toast.success('Photo sent: a moderator will look at it'),
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
        Photo check{' '}
        <span className={`badge ${STATUS_BADGE[p.status]}`}>
          {POSSESSION_STATUS_LABELS[p.status]}
        </span>
      </h2>
      <p className="mt-2 text-sm">
        Write <strong className="font-mono text-base">{p.code}</strong> on a piece of paper and take
        a photo of the phone, screen on, beside it. Only moderators see the photo; once one approves
        it, your listing shows “Photo verified”.
      </p>
      {p.status === 'rejected' && p.rejectReason && (
        <p className="mt-2 text-sm text-error wrap-anywhere">Not accepted: {p.rejectReason}</p>
      )}
      {p.status === 'none' && p.clearedBecause && CLEARED_BECAUSE[p.clearedBecause] && (
        <p className="mt-2 text-sm">{CLEARED_BECAUSE[p.clearedBecause]}</p>
      )}
      <div className="mt-3 fieldset">
        <label htmlFor={inputId} className="fieldset-legend text-sm">
          {p.status === 'none' ? 'Send the photo' : 'Send another photo'}
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
        {upload.isPending && <p className="text-sm">Sending…</p>}
        {problem && (
          <p id={`${inputId}-error`} role="alert" className="text-sm text-error">
            {problem}
          </p>
        )}
      </div>
    </section>
  );
}
