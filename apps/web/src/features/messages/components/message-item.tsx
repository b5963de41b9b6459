import { useTranslation } from 'react-i18next';
import type { Message } from '@market/shared';
import { When } from '../../../components/ui/when.tsx';
import { ScamWarning } from './scam-warning.tsx';
import { OfferEventCard } from './offer-event-card.tsx';

/**
 * One message, as text only: whatever was typed (markup, links) shows as written and is never
 * followed. Masked contact details come with a word on why.
 */
export function MessageItem({
  message,
  authorName,
  seen,
}: {
  message: Message;
  authorName: string;
  /** The other party has read it (shown under the reader's last message they read). */
  seen: boolean;
}) {
  const { t } = useTranslation();
  if (message.offer) {
    return <OfferEventCard message={message} event={message.offer} authorName={authorName} />;
  }
  const [firstRule, ...moreRules] = message.scamWarnings;
  return (
    <li className={`chat ${message.mine ? 'chat-end' : 'chat-start'}`}>
      <div className="chat-header text-xs text-base-content/80">
        <span className="sr-only">{message.mine ? t('messages.byYou') : authorName}, </span>
        <When iso={message.createdAt} />
      </div>
      <div
        className={`chat-bubble max-w-[85%] whitespace-pre-wrap wrap-anywhere ${
          message.mine ? 'chat-bubble-primary' : ''
        }`}
      >
        {message.text}
      </div>
      {(message.masked || seen || firstRule) && (
        <div className="chat-footer mt-1 flex flex-col items-end gap-0.5 text-xs text-base-content/80">
          {firstRule && (
            <ScamWarning
              messageId={message._id}
              rules={[firstRule, ...moreRules]}
              authorName={authorName}
            />
          )}
          {message.masked && (
            <span className={message.mine ? 'text-right' : 'self-start'}>
              {t('messages.masked')}
            </span>
          )}
          {seen && <span>{t('messages.seen')}</span>}
        </div>
      )}
    </li>
  );
}
