import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Message } from '@market/shared';
import { reportError } from '../../../lib/errors.ts';
import { conversationKeys } from '../api/keys.ts';
import { useMarkConversationRead } from '../api/mark-read.ts';
import type { Thread } from '../api/thread-cache.ts';

/**
 * Marks the other party's messages read while the thread is on screen: when it opens, when a
 * message arrives, and when the tab comes back into view. Each newest unread message is marked
 * once.
 */
export function useMarkRead(conversationId: string, messages: readonly Message[]) {
  const markRead = useMarkConversationRead();
  const { mutate } = markRead;
  const queryClient = useQueryClient();
  const newestUnread = messages.findLast((m) => !m.mine && m.readAt === null)?._id;
  const marked = useRef<string | undefined>(undefined);

  useEffect(() => {
    if (!newestUnread) return;
    const mark = () => {
      if (document.visibilityState !== 'visible' || marked.current === newestUnread) return;
      marked.current = newestUnread;
      mutate(conversationId, {
        onSuccess: () => {
          const readAt = new Date().toISOString();
          queryClient.setQueryData<Thread>(
            conversationKeys.messages(conversationId),
            (thread) =>
              thread && {
                ...thread,
                pages: thread.pages.map((page) => ({
                  ...page,
                  items: page.items.map((m) =>
                    !m.mine && m.readAt === null ? { ...m, readAt } : m,
                  ),
                })),
              },
          );
        },
        onError: (err) => {
          // Asked again with the next message or the next look at the tab.
          marked.current = undefined;
          reportError('Marking messages read', err);
        },
      });
    };
    mark();
    document.addEventListener('visibilitychange', mark);
    return () => document.removeEventListener('visibilitychange', mark);
  }, [conversationId, newestUnread, mutate, queryClient]);
}
