import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from '../../../lib/toast.ts';
import {
  MODERATION_ACTION_RECORDS,
  moderationExplanation,
  reportReasonLabel,
  type ModerationAction,
  type ReportGroup,
} from '@market/shared';
import { fullWhen, shortWhen } from '../../../lib/message-time.ts';
import { useHydrated } from '../../../lib/use-hydrated.ts';
import { useResolveReport } from '../api/resolve-report.ts';
import { ReasonDialog } from './reason-dialog.tsx';
import { ReportTargetView } from './report-target.tsx';

const TARGET_NAMES = {
  listing: 'Listing',
  user: 'Account',
  message: 'Message',
  conversation: 'Conversation',
} as const;

/** Red for an action that takes something away, quiet for dismissing, outlined for the rest. */
function buttonStyle(action: ModerationAction): string {
  if (MODERATION_ACTION_RECORDS[action].dangerous) return 'btn-error';
  return action === 'dismiss' ? 'btn-ghost' : 'btn-outline';
}

function headingOf(group: ReportGroup): string {
  const { target } = group;
  if (target.kind === 'listing') return target.listing.name;
  if (target.kind === 'user') return target.user.name;
  if (target.kind === 'message') return `Message from ${target.message.senderName}`;
  if (target.kind === 'conversation')
    return `Conversation about ${target.conversation.productName}`;
  return `Deleted ${group.targetType}`;
}

function ReportedGroup({ group }: { group: ReportGroup }) {
  const resolve = useResolveReport();
  const hydrated = useHydrated();
  const [action, setAction] = useState<ModerationAction | null>(null);
  const heading = headingOf(group);
  const headingId = `report-${group.targetType}-${group.targetId}`;

  return (
    <article
      aria-labelledby={headingId}
      className="rounded-box border border-base-300 bg-base-100 p-4 shadow-sm"
    >
      <header className="mb-3 flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={headingId} className="min-w-0 text-lg font-semibold wrap-anywhere">
          <span className="badge badge-neutral badge-sm mr-2 align-middle">
            {TARGET_NAMES[group.targetType]}
          </span>
          {heading}
        </h2>
        <p className="text-sm text-base-content/80">
          {group.reportCount === 1 ? '1 report' : `${group.reportCount} reports`}, last{' '}
          <time dateTime={group.lastReportedAt} title={fullWhen(group.lastReportedAt)}>
            {shortWhen(group.lastReportedAt)}
          </time>
        </p>
      </header>

      <ReportTargetView target={group.target} type={group.targetType} />

      <h3 className="mt-4 mb-1 text-sm font-semibold">Reports</h3>
      <ul className="space-y-1 text-sm">
        {group.reports.map((r) => (
          <li key={r._id} className="wrap-anywhere">
            <span className="font-medium">{reportReasonLabel(r.reason)}</span>
            {' by '}
            {r.reporter ? `${r.reporter.name} (${r.reporter.email})` : 'the marketplace'}
            {/* The marketplace's own note names the other listing, which the link opens. */}
            {r.note && !r.otherListing && <q className="ml-1 text-base-content/80">{r.note}</q>}
            {r.otherListing && (
              <>
                {' · '}
                {r.otherListing.name === null ? (
                  'The other listing has since been deleted'
                ) : (
                  <Link className="link" to={`/product/${encodeURIComponent(r.otherListing._id)}`}>
                    Open the other listing: {r.otherListing.name}
                  </Link>
                )}
              </>
            )}
          </li>
        ))}
      </ul>

      <div className="mt-4 flex flex-wrap gap-2" role="group" aria-label={`Actions on ${heading}`}>
        {group.actions.map((a) => (
          <button
            key={a}
            type="button"
            disabled={!hydrated}
            className={`btn btn-sm ${buttonStyle(a)}`}
            onClick={() => setAction(a)}
          >
            {MODERATION_ACTION_RECORDS[a].label}
          </button>
        ))}
      </div>

      {action && (
        <ReasonDialog
          title={`${MODERATION_ACTION_RECORDS[action].label}: ${heading}?`}
          explanation={moderationExplanation(action, group.target)}
          submitLabel={MODERATION_ACTION_RECORDS[action].label}
          danger={MODERATION_ACTION_RECORDS[action].dangerous}
          onSubmit={async (reason) => {
            const done = await resolve.mutateAsync({ reportId: group.reportId, action, reason });
            toast.success(
              `${MODERATION_ACTION_RECORDS[action].label}: done. ${done.resolvedCount === 1 ? '1 report' : `${done.resolvedCount} reports`} closed.`,
            );
          }}
          onClose={() => setAction(null)}
        />
      )}
    </article>
  );
}

/** The open reports, one card per reported thing, each with the actions that apply to it. */
export function ReportQueue({ groups }: { groups: readonly ReportGroup[] }) {
  return (
    <ul className="space-y-4">
      {groups.map((group) => (
        <li key={`${group.targetType}:${group.targetId}`}>
          <ReportedGroup group={group} />
        </li>
      ))}
    </ul>
  );
}
