import { useState } from 'react';
import { Link } from 'react-router';
import { Trans, useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { toast } from '../../../lib/toast.ts';
import {
  MODERATION_ACTION_RECORDS,
  type ModerationAction,
  type ReportGroup,
  type ReportTarget,
} from '@market/shared';
import { useFormat } from '../../../i18n/locale.tsx';
import { useHydrated } from '../../../lib/use-hydrated.ts';
import { useResolveReport } from '../api/resolve-report.ts';
import { ReasonDialog } from './reason-dialog.tsx';
import { ReportTargetView } from './report-target.tsx';
import { reasonText } from './reason-label.tsx';

const ACTION_KEYS = {
  hide_listing: 'hideListing',
  release_listing: 'releaseListing',
  suspend_user: 'suspendUser',
  unverify_seller: 'unverifySeller',
  dismiss: 'dismiss',
} as const satisfies Record<ModerationAction, string>;

/** An action's button, as the queue says it in the page's language. */
const actionLabel = (action: ModerationAction, t: TFunction) =>
  t(`reports.actions.${ACTION_KEYS[action]}.label`);

/**
 * What an action will do, said in its confirmation; a held listing's dismissal releases it
 * (moderationExplanation in @market/shared).
 */
function actionExplanation(action: ModerationAction, target: ReportTarget, t: TFunction): string {
  const held = target.kind === 'listing' && target.listing.moderation === 'held';
  if (held && action === 'dismiss') return t('reports.actions.dismiss.explanationWhenHeld');
  return t(`reports.actions.${ACTION_KEYS[action]}.explanation`);
}

/** Red for an action that takes something away, quiet for dismissing, outlined for the rest. */
function buttonStyle(action: ModerationAction): string {
  if (MODERATION_ACTION_RECORDS[action].dangerous) return 'btn-error';
  return action === 'dismiss' ? 'btn-ghost' : 'btn-outline';
}

function headingOf(group: ReportGroup, t: TFunction): string {
  const { target } = group;
  if (target.kind === 'listing') return target.listing.name;
  if (target.kind === 'user') return target.user.name;
  if (target.kind === 'message') {
    return t('reports.messageFrom', { name: target.message.senderName });
  }
  if (target.kind === 'conversation') {
    return t('reports.conversationAbout', { name: target.conversation.productName });
  }
  return t(`reports.deleted.${group.targetType}`);
}

function ReportedGroup({ group }: { group: ReportGroup }) {
  const { t } = useTranslation();
  const format = useFormat();
  const resolve = useResolveReport();
  const hydrated = useHydrated();
  const [action, setAction] = useState<ModerationAction | null>(null);
  const heading = headingOf(group, t);
  const headingId = `report-${group.targetType}-${group.targetId}`;

  return (
    <article
      aria-labelledby={headingId}
      className="rounded-box border border-base-300 bg-base-100 p-4 shadow-sm"
    >
      <header className="mb-3 flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={headingId} className="min-w-0 text-lg font-semibold wrap-anywhere">
          <span className="badge badge-neutral badge-sm mr-2 align-middle">
            {t(`reports.kind.${group.targetType}`)}
          </span>
          {heading}
        </h2>
        <p className="text-sm text-base-content/80">
          <Trans
            i18nKey="reports.count"
            count={group.reportCount}
            values={{ n: format.count(group.reportCount) }}
            components={{
              last: (
                <time
                  dateTime={group.lastReportedAt}
                  title={format.fullDateTime(group.lastReportedAt)}
                >
                  {format.when(group.lastReportedAt)}
                </time>
              ),
            }}
          />
        </p>
      </header>

      <ReportTargetView target={group.target} type={group.targetType} />

      <h3 className="mt-4 mb-1 text-sm font-semibold">{t('reports.list')}</h3>
      <ul className="space-y-1 text-sm">
        {group.reports.map((r) => (
          <li key={r._id} className="wrap-anywhere">
            {r.reporter
              ? t('reports.byPerson', {
                  reason: reasonText(r.reason, t),
                  name: r.reporter.name,
                  email: r.reporter.email,
                })
              : t('reports.byMarketplace', { reason: reasonText(r.reason, t) })}
            {/* The marketplace's own note names the other listing, which the link opens. */}
            {r.note && !r.otherListing && <q className="ml-1 text-base-content/80">{r.note}</q>}
            {r.otherListing && (
              <>
                {' · '}
                {r.otherListing.name === null ? (
                  t('reports.otherDeleted')
                ) : (
                  <Link className="link" to={`/product/${encodeURIComponent(r.otherListing._id)}`}>
                    {t('reports.otherListing', { name: r.otherListing.name })}
                  </Link>
                )}
              </>
            )}
          </li>
        ))}
      </ul>

      <div
        className="mt-4 flex flex-wrap gap-2"
        role="group"
        aria-label={t('reports.actionsOn', { name: heading })}
      >
        {group.actions.map((a) => (
          <button
            key={a}
            type="button"
            disabled={!hydrated}
            className={`btn btn-sm ${buttonStyle(a)}`}
            onClick={() => setAction(a)}
          >
            {actionLabel(a, t)}
          </button>
        ))}
      </div>

      {action && (
        <ReasonDialog
          title={t('reports.confirmTitle', { action: actionLabel(action, t), name: heading })}
          explanation={actionExplanation(action, group.target, t)}
          submitLabel={actionLabel(action, t)}
          danger={MODERATION_ACTION_RECORDS[action].dangerous}
          onSubmit={async (reason) => {
            const done = await resolve.mutateAsync({ reportId: group.reportId, action, reason });
            toast.success(
              t('reports.done', {
                action: actionLabel(action, t),
                count: done.resolvedCount,
                n: format.count(done.resolvedCount),
              }),
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
