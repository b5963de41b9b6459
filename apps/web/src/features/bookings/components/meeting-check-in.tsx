import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  NO_SHOW_REASON_MAX,
  noShowReasonSchema,
  type MeetingCheckIn as CheckIn,
  type MeetingSide,
} from '@market/shared';
import { ActionDialog } from '../../../components/ui/action-dialog.tsx';
import { Form } from '../../../components/ui/form.tsx';
import { notifyError } from '../../../lib/errors.ts';
import { toast } from '../../../lib/toast.ts';
import { useHydrated } from '../../../lib/use-hydrated.ts';
import { useCheckIn } from '../api/check-in.ts';
import { useNoShowReason } from '../api/no-show-reason.ts';

const timeFormat = new Intl.DateTimeFormat(undefined, { hour: 'numeric', minute: '2-digit' });
const dayTimeFormat = new Intl.DateTimeFormat(undefined, {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  hour: 'numeric',
  minute: '2-digit',
});

/** A time of the meeting's day; with the day when it is not today. */
function when(iso: string, now: number): string {
  const date = new Date(iso);
  return date.toDateString() === new Date(now).toDateString()
    ? timeFormat.format(date)
    : dayTimeFormat.format(date);
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
  const now = useNow();
  const hydrated = useHydrated();
  const press = useCheckIn();
  const [explaining, setExplaining] = useState(false);
  const other = viewer === 'buyer' ? 'seller' : 'buyer';

  if (checkIn.noShow === 'you') {
    return (
      <div className="rounded-box border border-warning bg-warning/10 p-3 text-sm" role="note">
        <p className="font-semibold">You were recorded as not coming to this meeting.</p>
        <p className="wrap-anywhere">
          {checkIn.noShowReason
            ? `Your reason: ${checkIn.noShowReason}`
            : `The ${other} said they were there. If something kept you away, say why: moderators see it.`}
        </p>
        <button
          type="button"
          className="btn btn-sm mt-2"
          disabled={!hydrated}
          onClick={() => setExplaining(true)}
        >
          {checkIn.noShowReason ? 'Change your reason' : 'Add a reason'}
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
        The {other} was recorded as not coming to this meeting.
      </p>
    );
  }

  const opens = Date.parse(checkIn.opensAt);
  const closes = Date.parse(checkIn.closesAt);
  const open = now >= opens && now <= closes;
  const hours = `${when(checkIn.opensAt, now)} to ${when(checkIn.closesAt, now)}`;

  return (
    <div className="flex flex-col gap-1 text-sm" aria-label="At the meeting">
      {checkIn.you ? (
        <p className="font-semibold text-success">
          You said you are here at {when(checkIn.you, now)}.
        </p>
      ) : open ? (
        <div className="flex flex-wrap items-center gap-2">
          <button
            type="button"
            className="btn btn-sm btn-success"
            disabled={!hydrated || press.isPending}
            onClick={() =>
              press.mutate(bookingId, {
                onSuccess: () => toast.success(`The ${other} has been told you are here`),
                onError: (err) => notifyError("Saying you're here", err),
              })
            }
          >
            I&apos;m here
          </button>
          <span className="text-base-content/80">Open until {when(checkIn.closesAt, now)}</span>
        </div>
      ) : now < opens ? (
        <p className="text-base-content/80">
          You can press &ldquo;I&apos;m here&rdquo; from {hours}.
        </p>
      ) : (
        <p className="text-base-content/80">
          &ldquo;I&apos;m here&rdquo; could be pressed from {hours}; you did not press it.
        </p>
      )}
      {checkIn.other ? (
        <p className="font-semibold">
          The {other} is here (since {when(checkIn.other, now)}).
        </p>
      ) : (
        now >= opens && (
          <p className="text-base-content/80">The {other} has not said they are here yet.</p>
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
  const save = useNoShowReason();
  const form = useForm({
    resolver: zodResolver(noShowReasonSchema),
    defaultValues: { reason: current ?? '' },
  });
  const error = form.formState.errors.reason?.message;

  return (
    <ActionDialog title="Why you could not come" onClose={onClose}>
      {(close) => (
        <Form
          form={form}
          action="Saving the reason"
          submitLabel="Save reason"
          className="mt-3 space-y-3"
          footerClassName="space-y-3"
          onSubmit={async ({ reason }) => {
            await save.mutateAsync({ id: bookingId, reason });
            toast.success('Your reason is saved');
            close();
          }}
        >
          <p className="text-sm">
            Moderators see your reason next to the missed meeting. The other side does not.
          </p>
          <label className="flex flex-col gap-1 text-sm font-medium">
            Your reason
            <textarea
              rows={4}
              maxLength={NO_SHOW_REASON_MAX}
              className={`textarea w-full font-normal ${error ? 'textarea-error' : ''}`}
              aria-invalid={error ? true : undefined}
              {...form.register('reason')}
            />
          </label>
          {error && <p className="text-sm text-error">{error}</p>}
        </Form>
      )}
    </ActionDialog>
  );
}
