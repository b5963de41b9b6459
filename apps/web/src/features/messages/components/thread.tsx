import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Conversation, Message } from '@market/shared';
import { paths } from '../../../config/paths.ts';
import { ErrorState } from '../../../components/ui/error-state.tsx';
import { LineIcon } from '../../../components/ui/line-icon.tsx';
import { InlineSpinner, SectionSpinner } from '../../../components/ui/spinner.tsx';
import { UserAvatar } from '../../../components/ui/user-avatar.tsx';
import { useConversation } from '../api/get-conversation.ts';
import { useMessages } from '../api/get-messages.ts';
import { useSendMessage } from '../api/send-message.ts';
import { addMessage, messagesInOrder } from '../api/thread-cache.ts';
import { MessageComposer } from './message-composer.tsx';
import { MessageItem } from './message-item.tsx';
import { ThreadMenu } from './thread-menu.tsx';
import { useArrivalAnnouncement } from './use-arrival-announcement.ts';
import { useMarkRead } from './use-mark-read.ts';
import { useThreadScroll } from './use-thread-scroll.ts';

function ThreadHeader({
  conversation,
  otherName,
}: {
  conversation: Conversation;
  otherName: string;
}) {
  const { t } = useTranslation();
  return (
    <header className="flex items-center gap-3 border-b border-base-300 p-3">
      <Link
        to={paths.dashboard.messages}
        className="btn btn-ghost btn-square lg:hidden"
        aria-label={t('messages.back')}
      >
        <LineIcon d="M15 5l-7 7 7 7" />
      </Link>
      <UserAvatar name={otherName} img={conversation.other.img} size={40} lazy={false} />
      <div className="min-w-0 flex-1">
        <h2 className="truncate font-semibold">{otherName}</h2>
        <p className="truncate text-sm text-base-content/80">
          {conversation.productId ? (
            <Link to={paths.product(conversation.productId)} className="link link-hover">
              {conversation.productName}
            </Link>
          ) : (
            t('messages.noLongerListed', { product: conversation.productName })
          )}
        </p>
      </div>
      <ThreadMenu conversation={conversation} otherName={otherName} />
    </header>
  );
}

function BlockedNotice({
  conversation,
  otherName,
}: {
  conversation: Conversation;
  otherName: string;
}) {
  const { t } = useTranslation();
  return (
    <p role="status" className="rounded-field bg-base-200 p-3 text-sm wrap-anywhere">
      {conversation.blockedByMe
        ? t('messages.blockedByMe', { name: otherName })
        : t('messages.blocked')}
    </p>
  );
}

/** The messages of a conversation, oldest at the top, and the box to answer in. */
export function Thread({
  conversationId,
  composerActions,
}: {
  conversationId: string;
  /** What the route adds beside the composer for this conversation (a buyer's offer). */
  composerActions?: (conversation: Conversation) => ReactNode;
}) {
  const { t } = useTranslation();
  const conversation = useConversation(conversationId);
  const thread = useMessages(conversationId);
  const send = useSendMessage();
  const queryClient = useQueryClient();
  const messages: Message[] = messagesInOrder(thread.data);
  const otherName = conversation.data?.other.name || t('messages.noName');
  const { scrollerRef, rememberPlace } = useThreadScroll(messages);
  const announcement = useArrivalAnnouncement(messages, thread.isSuccess, otherName);
  useMarkRead(conversationId, messages);

  if (conversation.isPending || thread.isPending) return <SectionSpinner />;
  if (conversation.isError || thread.isError) {
    return (
      <ErrorState
        title={t('messages.threadFailed')}
        error={conversation.error ?? thread.error}
        onRetry={() => {
          void conversation.refetch();
          void thread.refetch();
        }}
      />
    );
  }
  const seenId = messages.findLast((m) => m.mine && m.readAt !== null)?._id;

  return (
    <div className="flex h-[calc(100dvh-var(--top-bar-height)-7rem)] min-h-[26rem] flex-col rounded-box border border-base-300 lg:h-[calc(100dvh-var(--top-bar-height)-10rem)]">
      <ThreadHeader conversation={conversation.data} otherName={otherName} />
      <div
        ref={scrollerRef}
        onScroll={rememberPlace}
        className="min-h-0 flex-1 overflow-y-auto p-3"
      >
        {thread.hasNextPage && (
          <div className="mb-3 flex justify-center">
            <button
              type="button"
              className="btn btn-ghost btn-sm"
              disabled={thread.isFetchingNextPage}
              onClick={() => {
                rememberPlace();
                void thread.fetchNextPage();
              }}
            >
              {thread.isFetchingNextPage && <InlineSpinner />}
              {t('messages.older')}
            </button>
          </div>
        )}
        {thread.isFetchNextPageError && (
          <p role="alert" className="mb-3 text-center text-sm text-error">
            {t('messages.olderFailed')}
          </p>
        )}
        {messages.length === 0 ? (
          <p className="p-6 text-center text-sm text-base-content/80">{t('messages.none')}</p>
        ) : (
          <ol aria-label={t('messages.list')} className="flex flex-col gap-1">
            {messages.map((message) => (
              <MessageItem
                key={message._id}
                message={message}
                authorName={otherName}
                seen={message._id === seenId}
              />
            ))}
          </ol>
        )}
      </div>
      <div aria-live="polite" className="sr-only">
        {announcement}
      </div>
      <div className="border-t border-base-300 p-3">
        {conversation.data.blocked ? (
          <BlockedNotice conversation={conversation.data} otherName={otherName} />
        ) : (
          <>
            {composerActions?.(conversation.data)}
            <MessageComposer
              draftKey={conversationId}
              label={t('messages.to', { name: otherName })}
              labelHidden
              submitLabel={t('messages.send')}
              rows={2}
              onSend={async (text) => {
                const message = await send.mutateAsync({ conversationId, text });
                addMessage(queryClient, conversationId, message);
              }}
            />
          </>
        )}
      </div>
    </div>
  );
}
