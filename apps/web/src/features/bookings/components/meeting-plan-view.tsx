import { Link } from 'react-router';
import { MEETING_SPOT_KIND_LABELS, type MeetingPlan } from '@market/shared';
import { paths } from '../../../config/paths.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { ErrorState } from '../../../components/ui/error-state.tsx';
import { SectionSpinner } from '../../../components/ui/spinner.tsx';
import { useMeetingPlan } from '../api/get-meeting-plan.ts';
import { spotMapUrl } from './meeting-spot-card.tsx';

/** The meeting's time where it takes place, with the zone's name, as the parties agreed it. */
function meetingTime(plan: MeetingPlan): string {
  return new Intl.DateTimeFormat(undefined, {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone: plan.timeZone,
    timeZoneName: 'short',
  }).format(new Date(plan.meetingAt));
}

function endOfSharing(plan: MeetingPlan): string {
  return new Intl.DateTimeFormat(undefined, {
    day: 'numeric',
    month: 'short',
    hour: 'numeric',
    minute: '2-digit',
    timeZone: plan.timeZone,
    timeZoneName: 'short',
  }).format(new Date(plan.expiresAt));
}

/** A link that opens nothing: why, in the server's words, and what the page is. */
function Closed({ message }: { message: string }) {
  return (
    <div role="alert" className="alert alert-warning alert-soft flex flex-col items-start gap-2">
      <p className="font-semibold wrap-anywhere">{message}</p>
      <p className="text-sm">
        Ask the person who sent you the link where they are meeting. A shared plan stops opening
        when they stop sharing it, and some hours after the meeting.
      </p>
    </div>
  );
}

/**
 * A meeting plan as a shared link shows it to someone the buyer or the seller trusts: when,
 * where, which phone, and the first name of the person they meet. Nothing to contact anyone by.
 */
export function MeetingPlanView({ token }: { token: string }) {
  const plan = useMeetingPlan(token);
  if (plan.isPending) return <SectionSpinner />;
  if (plan.isError) {
    if (plan.error instanceof ApiError && plan.error.status === 404) {
      return <Closed message={plan.error.message || 'No such meeting plan'} />;
    }
    return (
      <ErrorState
        title="Could not open this meeting plan"
        error={plan.error}
        onRetry={() => void plan.refetch()}
      />
    );
  }
  const p = plan.data;
  const sharer = p.sharedBy === 'buyer' ? 'buying' : 'selling';
  const other = p.sharedBy === 'buyer' ? 'the seller' : 'the buyer';
  return (
    <article className="card border border-base-300 bg-base-100 shadow-sm">
      <div className="card-body gap-4">
        <p className="text-sm wrap-anywhere">
          Someone you know is {sharer} a used phone and shared where they meet {other},{' '}
          <strong>{p.otherFirstName}</strong>.
        </p>
        {p.status === 'completed' && (
          <p className="badge badge-success badge-outline">The hand-over is done</p>
        )}
        <div className="flex flex-col gap-4 sm:flex-row">
          <img
            src={p.imageUrl}
            alt={p.productName}
            className="h-40 w-40 shrink-0 rounded-box bg-base-200 object-contain"
          />
          <dl className="grid min-w-0 grid-cols-[auto_minmax(0,1fr)] content-start gap-x-3 gap-y-2">
            <dt className="text-base-content/80">Phone</dt>
            <dd className="font-semibold wrap-anywhere">{p.productName}</dd>
            <dt className="text-base-content/80">When</dt>
            <dd className="font-semibold">{meetingTime(p)}</dd>
            <dt className="text-base-content/80">Where</dt>
            <dd className="wrap-anywhere">
              {p.spot ? (
                <span className="flex flex-col gap-1">
                  <span className="font-semibold">{p.spot.name}</span>
                  <span>{p.spot.address}</span>
                  <span className="text-sm text-base-content/80">
                    {MEETING_SPOT_KIND_LABELS[p.spot.kind]} in {p.spot.area}. {p.spot.openingHours}
                  </span>
                  <a
                    className="link link-primary text-sm"
                    href={spotMapUrl(p.spot)}
                    target="_blank"
                    rel="noreferrer noopener"
                  >
                    See it on a map
                  </a>
                </span>
              ) : (
                p.place
              )}
            </dd>
            <dt className="text-base-content/80">With</dt>
            <dd className="wrap-anywhere">{p.otherFirstName}</dd>
          </dl>
        </div>
        <p className="text-sm text-base-content/80">
          This page shows no phone numbers or addresses to reach anyone: if you are worried, call
          the person who sent it to you. It stops opening {endOfSharing(p)}.{' '}
          <Link to={paths.meetingSpots} className="link">
            Safe places to meet
          </Link>
        </p>
      </div>
    </article>
  );
}
