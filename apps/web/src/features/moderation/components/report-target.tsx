import { useFormat } from '../../../i18n/locale.tsx';
import { Link } from 'react-router';
import { showUpText, type ReportTarget } from '@market/shared';
import { paths } from '../../../config/paths.ts';
import { fullWhen, shortWhen } from '../../../lib/message-time.ts';

type Conversation = Extract<ReportTarget, { kind: 'conversation' }>['conversation'];

const memberSince = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium' });

const MODERATION_LABEL = { held: 'Held', hidden: 'Hidden', suspended: 'Seller suspended' };

function When({ iso }: { iso: string }) {
  return (
    <time dateTime={iso} title={fullWhen(iso)}>
      {shortWhen(iso)}
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
  return (
    <div className="space-y-2">
      <p className="text-sm wrap-anywhere">
        Between {conversation.buyer.name} (buyer) and {conversation.seller.name} (seller) about{' '}
        {conversation.productId ? (
          <Link className="link" to={paths.product(conversation.productId)}>
            {conversation.productName}
          </Link>
        ) : (
          conversation.productName
        )}
      </p>
      <ol className="space-y-1" aria-label="Messages">
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
              <span className="badge badge-warning badge-sm ml-2">Reported</span>
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
  const format = useFormat();
  if (target.kind === 'missing') {
    return <p className="text-base-content/80">This {type} has been deleted.</p>;
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
          <Fact label="Listing">
            <Link className="link font-semibold" to={paths.product(listing._id)}>
              {listing.name}
            </Link>
          </Fact>
          <Fact label="Price">
            {format.price(listing.resellPrice)} · {listing.Category} · {listing.status}
          </Fact>
          <Fact label="Seller">
            <Link className="link" to={paths.seller(listing.seller._id)}>
              {listing.seller.name}
            </Link>{' '}
            ({listing.seller.email}){listing.seller.isVerifiedUser && ' · verified'}
            {listing.seller.suspended && ' · suspended'}
          </Fact>
          {listing.moderation && (
            <Fact label="State">
              <span className="badge badge-warning badge-sm">
                {MODERATION_LABEL[listing.moderation]}
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
        <Fact label="Account">
          <span className="font-semibold">{user.name}</span> ({user.email})
        </Fact>
        <Fact label="Role">
          {user.role}
          {user.isVerifiedUser && ' · verified'}
        </Fact>
        <Fact label="Member since">
          <time dateTime={user.createdAt}>{memberSince.format(new Date(user.createdAt))}</time>
        </Fact>
        <Fact label="Record">
          {user.listingCount} listings · {user.completedDeals} completed deals · {user.reportCount}{' '}
          reports ever
        </Fact>
        <Fact label="Meetings">{user.showUp ? showUpText(user.showUp) : 'None on record yet'}</Fact>
        {user.noShows.length > 0 && (
          <div>
            <dt className="text-base-content/80">Missed meetings (newest first)</dt>
            <dd>
              <ul className="mt-1 space-y-1" aria-label="Missed meetings">
                {user.noShows.map((n) => (
                  <li key={n.bookingId} className="rounded-field bg-base-200 p-2 wrap-anywhere">
                    <span className="font-semibold">{n.productName}</span> (as {n.side}),{' '}
                    <When iso={n.meetingAt} />
                    <span className="block">
                      {n.reason ? `Their reason: ${n.reason}` : 'No reason given'}
                    </span>
                  </li>
                ))}
              </ul>
            </dd>
          </div>
        )}
        {user.suspendedAt && (
          <Fact label="State">
            <span className="badge badge-error badge-sm">Suspended</span> {user.suspendedReason}
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
