import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  NO_SHOW_REASON_MAX,
  noShowReasonSchema,
  type MeetingCheckIn as CheckIn,
  type MeetingSide,
} from '@market/shared';
import { useFormat } from '../../../i18n/locale.tsx';
import { ActionDialog } from '../../../components/ui/action-dialog.tsx';
import { Form } from '../../../components/ui/form.tsx';
import { notifyError } from '../../../lib/errors.ts';
import { toast } from '../../../lib/toast.ts';
import { useHydrated } from '../../../lib/use-hydrated.ts';
import { useCheckIn } from '../api/check-in.ts';
import { useNoShowReason } from '../api/no-show-reason.ts';

/** A time of the meeting's day; with the day when it is not today. */
function when(
  iso: string,
  now: number,
  format: { time: (value: Date) => string; dayTime: (value: Date) => string },
): string {
  const date = new Date(iso);
  return date.toDateString() === new Date(now).toDateString()
    ? format.time(date)
    : format.dayTime(date);
}

/** The clock, read again every half minute, so that "I'm here" shows as its window opens. */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/**
 * "I'm here" at an accepted request's meeting, for one side (decision 0032): the button within
 * the window (30 minutes before to 60 after the meeting time), the window's times otherwise,
 * whether the other side is there, and after a recorded no-show, what it says (the absent side
 * may add a reason, which moderators see).
 */
export function MeetingCheckIn({
  bookingId,
  checkIn,
  viewer,
}: {
  bookingId: string;
  checkIn: CheckIn;
  viewer: MeetingSide;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const now = useNow();
  const at = (iso: string) => when(iso, now, format);
  const hydrated = useHydrated();
  const press = useCheckIn();
  const [explaining, setExplaining] = useState(false);
  const other = viewer === 'buyer' ? 'seller' : 'buyer';

  if (checkIn.noShow === 'you') {
    return (
      <div className="rounded-box border border-warning bg-warning/10 p-3 text-sm" role="note">
        <p className="font-semibold">{t('requests.checkIn.youMissed')}</p>
        <p className="wrap-anywhere">
          {checkIn.noShowReason
            ? t('requests.checkIn.yourReason', { reason: checkIn.noShowReason })
            : t('requests.checkIn.sayWhy', { context: other })}
        </p>
        <button
          type="button"
          className="btn btn-sm mt-2"
          disabled={!hydrated}
          onClick={() => setExplaining(true)}
        >
          {checkIn.noShowReason
            ? t('requests.checkIn.changeReason')
            : t('requests.checkIn.addReason')}
        </button>
        {explaining && (
          <NoShowReasonDialog
            bookingId={bookingId}
            current={checkIn.noShowReason}
            onClose={() => setExplaining(false)}
          />
        )}
      </div>
    );
  }
  if (checkIn.noShow === 'other') {
    return (
      <p className="rounded-box bg-base-200 p-3 text-sm" role="note">
        {t('requests.checkIn.otherMissed', { context: other })}
      </p>
    );
  }

  const opens = Date.parse(checkIn.opensAt);
  const closes = Date.parse(checkIn.closesAt);
  const open = now >= opens && now <= closes;
  const hours = { from: at(checkIn.opensAt), to: at(checkIn.closesAt) };

  return (
    <div className="flex flex-col gap-1 text-sm" aria-label={t('requests.checkIn.label')}>
      {checkIn.you ? (
        <p className="font-semibold text-success">
          {t('requests.checkIn.youAreHere', { time: at(checkIn.you) })}
        </p>
      ) : open ? (
        <div className="flex flex-wrap items-center gap-2">
          <button
            type="button"
            className="btn btn-sm btn-success"
            disabled={!hydrated || press.isPending}
            onClick={() =>
              press.mutate(bookingId, {
                onSuccess: () => toast.success(t('requests.checkIn.told', { context: other })),
                onError: (err) => notifyError("Saying you're here", err),
              })
            }
          >
            {t('requests.checkIn.imHere')}
          </button>
          <span className="text-base-content/80">
            {t('requests.checkIn.openUntil', { time: at(checkIn.closesAt) })}
          </span>
        </div>
      ) : now < opens ? (
        <p className="text-base-content/80">{t('requests.checkIn.canPress', hours)}</p>
      ) : (
        <p className="text-base-content/80">{t('requests.checkIn.couldPress', hours)}</p>
      )}
      {checkIn.other ? (
        <p className="font-semibold">
          {t('requests.checkIn.otherHere', { context: other, time: at(checkIn.other) })}
        </p>
      ) : (
        now >= opens && (
          <p className="text-base-content/80">
            {t('requests.checkIn.otherNotYet', { context: other })}
          </p>
        )
      )}
    </div>
  );
}

/** The absent side says why they did not come; a second time replaces the first. */
function NoShowReasonDialog({
  bookingId,
  current,
  onClose,
}: {
  bookingId: string;
  current: string | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const save = useNoShowReason();
  const form = useForm({
    resolver: zodResolver(noShowReasonSchema),
    defaultValues: { reason: current ?? '' },
  });
  const error = form.formState.errors.reason?.message;
  const reasonField = form.register('reason');

  return (
    <ActionDialog title={t('requests.checkIn.reasonTitle')} onClose={onClose}>
      {(close) => (
        <Form
          form={form}
          action="Saving the reason"
          submitLabel={t('requests.checkIn.reasonSubmit')}
          className="mt-3 space-y-3"
          footerClassName="space-y-3"
          onSubmit={async ({ reason }) => {
            await save.mutateAsync({ id: bookingId, reason });
            toast.success(t('requests.checkIn.reasonSaved'));
            close();
          }}
        >
          <p className="text-sm">{t('requests.checkIn.reasonNote')}</p>
          <label className="flex flex-col gap-1 text-sm font-medium">
            {t('requests.checkIn.reasonLabel')}
            <textarea
              rows={4}
              maxLength={NO_SHOW_REASON_MAX}
              className={`textarea w-full font-normal ${error ? 'textarea-error' : ''}`}
              aria-invalid={error ? true : undefined}
              {...reasonField}
            />
          </label>
          {error && <p className="text-sm text-error">{error}</p>}
        </Form>
      )}
    </ActionDialog>
  );
}
