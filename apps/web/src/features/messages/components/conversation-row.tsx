import { useFormat } from '../../../i18n/locale.tsx';
import { Link } from 'react-router';
import { MESSAGES, type Conversation, type OfferEvent } from '@market/shared';
import { paths } from '../../../config/paths.ts';
import { When } from '../../../components/ui/when.tsx';

/** One conversation in the inbox: the listing's photo, who with, the last message, how many unread. */
export function ConversationRow({
  conversation,
  active,
}: {
  conversation: Conversation;
  active: boolean;
}) {
  const format = useFormat();
  const { other, lastMessage, unread } = conversation;
  const otherName = other.name || MESSAGES.noName;
  return (
    <li>
      <Link
        to={paths.dashboard.conversation(conversation._id)}
        aria-current={active ? 'page' : undefined}
        className={`flex items-start gap-3 rounded-box p-3 hover:bg-base-200 ${
          active ? 'bg-base-200' : ''
        }`}
      >
        <img
          src={conversation.productImage}
          alt=""
          width={48}
          height={48}
          loading="lazy"
          className="h-12 w-12 shrink-0 rounded-field bg-base-200 object-cover"
        />
        <div className="min-w-0 flex-1">
          <div className="flex items-baseline justify-between gap-2">
            <p className={`truncate ${unread > 0 ? 'font-bold' : 'font-semibold'}`}>{otherName}</p>
            <When iso={conversation.updatedAt} className="shrink-0 text-xs text-base-content/80" />
          </div>
          <p className="truncate text-sm">{conversation.productName}</p>
          <div className="flex items-center justify-between gap-2">
            <p className="truncate text-sm text-base-content/80">
              {lastMessage
                ? `${lastMessage.mine ? 'You: ' : ''}${lastMessage.offer ? offerPreview(lastMessage.offer, format.price) : lastMessage.text}`
                : ''}
            </p>
            {unread > 0 && (
              <span className="badge badge-primary badge-sm shrink-0">
                {unread}
                <span className="sr-only"> unread</span>
              </span>
            )}
          </div>
        </div>
      </Link>
    </li>
  );
}

/** An offer's step in the inbox: what happened to which price. */
function offerPreview(event: OfferEvent, formatPrice: (amount: number) => string): string {
  const price = formatPrice(event.price);
  const said: Record<OfferEvent['step'], string> = {
    offered: `Offer of ${price}`,
    countered: `Counter-offer of ${price}`,
    saved_offer: `Offer of ${price} to those who saved it`,
    accepted: `Offer of ${price} accepted`,
    auto_accepted: `Offer of ${price} accepted`,
    declined: `Offer of ${price} declined`,
    auto_declined: `Offer of ${price} declined`,
    expired: `Offer of ${price} expired`,
    listing_reserved: `Offer of ${price} closed: the phone was reserved`,
    listing_sold: `Offer of ${price} closed: the phone was sold`,
  };
  return said[event.step];
}
