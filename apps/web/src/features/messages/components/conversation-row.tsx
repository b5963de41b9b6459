import { useFormat } from '../../../i18n/locale.tsx';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { Conversation, OfferEvent } from '@market/shared';
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
  const { t } = useTranslation();
  const format = useFormat();
  const { other, lastMessage, unread } = conversation;
  const otherName = other.name || t('messages.noName');
  const lastText = lastMessage?.offer
    ? offerPreview(lastMessage.offer, t, format.price)
    : (lastMessage?.text ?? '');
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
              {lastMessage?.mine ? t('messages.you', { text: lastText }) : lastText}
            </p>
            {unread > 0 && (
              <span className="badge badge-primary badge-sm shrink-0">
                <span aria-hidden="true">{format.number(unread)}</span>
                <span className="sr-only">
                  {t('messages.unread', { n: format.number(unread) })}
                </span>
              </span>
            )}
          </div>
        </div>
      </Link>
    </li>
  );
}

/** An offer's step in the inbox: what happened to which price. */
function offerPreview(
  event: OfferEvent,
  t: TFunction,
  formatPrice: (amount: number) => string,
): string {
  const price = formatPrice(event.price);
  // An automatic answer reads as any other in the inbox.
  const step =
    event.step === 'auto_accepted'
      ? 'accepted'
      : event.step === 'auto_declined'
        ? 'declined'
        : event.step;
  return t(`offers.preview.${step}`, { price });
}
