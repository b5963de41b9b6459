import { useFormat } from '../../../i18n/locale.tsx';
import { Link } from 'react-router';
import { Trans, useTranslation } from 'react-i18next';
import type { ReportTarget } from '@market/shared';
import { paths } from '../../../config/paths.ts';

type Conversation = Extract<ReportTarget, { kind: 'conversation' }>['conversation'];

/** What the queue says of a reported thing that has since been deleted. */
const GONE = {
  listing: 'reports.gone.listing',
  user: 'reports.gone.user',
  message: 'reports.gone.message',
  conversation: 'reports.gone.conversation',
} as const;

function When({ iso }: { iso: string }) {
  const format = useFormat();
  return (
    <time dateTime={iso} title={format.fullDateTime(iso)}>
      {format.when(iso)}
    </time>
  );
}

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="flex flex-wrap gap-x-2">
      <dt className="text-base-content/80">{label}</dt>
      <dd className="min-w-0 wrap-anywhere">{children}</dd>
    </div>
  );
}

/** The messages around the reported one, the reported one marked. */
function Thread({ conversation, markedId }: { conversation: Conversation; markedId?: string }) {
  const { t } = useTranslation();
  const product = conversation.productId ? (
    <Link className="link" to={paths.product(conversation.productId)} />
  ) : (
    <span />
  );
  return (
    <div className="space-y-2">
      <p className="text-sm wrap-anywhere">
        <Trans
          i18nKey="reports.between"
          values={{
            buyer: conversation.buyer.name,
            seller: conversation.seller.name,
            product: conversation.productName,
          }}
          components={{ product }}
        />
      </p>
      <ol className="space-y-1" aria-label={t('reports.messages')}>
        {conversation.messages.map((m) => (
          <li
            key={m._id}
            className={`rounded-field p-2 text-sm wrap-anywhere ${
              m._id === markedId ? 'bg-warning/20 ring-1 ring-warning' : 'bg-base-200'
            }`}
          >
            <span className="font-semibold">{m.senderName}</span>{' '}
            <span className="text-base-content/80">
              <When iso={m.createdAt} />
            </span>
            {m._id === markedId && (
              <span className="badge badge-warning badge-sm ml-2">{t('reports.reported')}</span>
            )}
            <p className="whitespace-pre-wrap">{m.text}</p>
          </li>
        ))}
      </ol>
    </div>
  );
}

/** The reported thing in full, as a moderator needs to judge it. */
export function ReportTargetView({ target, type }: { target: ReportTarget; type: string }) {
  const { t } = useTranslation();
  const format = useFormat();
  if (target.kind === 'missing') {
    return (
      <p className="text-base-content/80">
        {type in GONE ? t(GONE[type as keyof typeof GONE]) : t('reports.gone.other', { type })}
      </p>
    );
  }
  if (target.kind === 'listing') {
    const { listing } = target;
    return (
      <div className="flex flex-col gap-4 sm:flex-row">
        <img
          src={listing.imgURL}
          alt=""
          width={112}
          height={112}
          className="size-28 shrink-0 rounded-box bg-base-200 object-cover"
        />
        <dl className="min-w-0 space-y-1 text-sm">
          <Fact label={t('reports.fact.listing')}>
            <Link className="link font-semibold" to={paths.product(listing._id)}>
              {listing.name}
            </Link>
          </Fact>
          <Fact label={t('reports.fact.price')}>
            {format.price(listing.resellPrice)} · {listing.Category} ·{' '}
            {t(`reports.status.${listing.status}`)}
          </Fact>
          <Fact label={t('reports.fact.seller')}>
            <Link className="link" to={paths.seller(listing.seller._id)}>
              {listing.seller.name}
            </Link>{' '}
            ({listing.seller.email}){listing.seller.isVerifiedUser && t('reports.verified')}
            {listing.seller.suspended && t('reports.suspended')}
          </Fact>
          {listing.moderation && (
            <Fact label={t('reports.fact.state')}>
              <span className="badge badge-warning badge-sm">
                {t(`reports.state.${listing.moderation}`)}
              </span>{' '}
              {listing.moderationReason}
            </Fact>
          )}
        </dl>
      </div>
    );
  }
  if (target.kind === 'user') {
    const { user } = target;
    return (
      <dl className="space-y-1 text-sm">
        <Fact label={t('reports.fact.account')}>
          <span className="font-semibold">{user.name}</span> ({user.email})
        </Fact>
        <Fact label={t('reports.fact.role')}>
          {t(`reports.role.${user.role}`)}
          {user.isVerifiedUser && t('reports.verified')}
        </Fact>
        <Fact label={t('reports.fact.memberSince')}>
          <time dateTime={user.createdAt}>{format.date(user.createdAt)}</time>
        </Fact>
        <Fact label={t('reports.fact.record')}>
          {t('reports.record.listings', {
            count: user.listingCount,
            n: format.count(user.listingCount),
          })}
          {' · '}
          {t('reports.record.deals', {
            count: user.completedDeals,
            n: format.count(user.completedDeals),
          })}
          {' · '}
          {t('reports.record.reports', {
            count: user.reportCount,
            n: format.count(user.reportCount),
          })}
        </Fact>
        <Fact label={t('reports.fact.meetings')}>
          {user.showUp
            ? t('reports.showUp', {
                showed: format.count(user.showUp.showed),
                meetings: format.count(user.showUp.meetings),
              })
            : t('reports.noMeetings')}
        </Fact>
        {user.noShows.length > 0 && (
          <div>
            <dt className="text-base-content/80">{t('reports.missedNewest')}</dt>
            <dd>
              <ul className="mt-1 space-y-1" aria-label={t('reports.missed')}>
                {user.noShows.map((n) => (
                  <li key={n.bookingId} className="rounded-field bg-base-200 p-2 wrap-anywhere">
                    <Trans
                      i18nKey={
                        n.side === 'buyer' ? 'reports.missedAsBuyer' : 'reports.missedAsSeller'
                      }
                      values={{ product: n.productName }}
                      components={{
                        product: <span className="font-semibold" />,
                        when: <When iso={n.meetingAt} />,
                      }}
                    />
                    <span className="block">
                      {n.reason
                        ? t('reports.theirReason', { reason: n.reason })
                        : t('reports.noReason')}
                    </span>
                  </li>
                ))}
              </ul>
            </dd>
          </div>
        )}
        {user.suspendedAt && (
          <Fact label={t('reports.fact.state')}>
            <span className="badge badge-error badge-sm">{t('reports.state.suspendedUser')}</span>{' '}
            {user.suspendedReason}
          </Fact>
        )}
      </dl>
    );
  }
  if (target.kind === 'message') {
    return <Thread conversation={target.conversation} markedId={target.message._id} />;
  }
  return <Thread conversation={target.conversation} />;
}
