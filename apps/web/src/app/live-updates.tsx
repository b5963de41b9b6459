import { useEffect } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { LiveEvent } from '@market/shared';
import { connectLiveEvents } from '../lib/live-events.ts';
import { listingViews, requestLists } from '../features/bookings/api/deal-keys.ts';
import { unreadKeys } from '../features/messages/api/keys.ts';
import {
  applyMessagingEvent,
  refreshConversations,
} from '../features/messages/api/live-updates.ts';
import { applyNotificationEvent } from '../features/notifications/api/live-updates.ts';

/** What one live event changes in the caches of this tab, across features. */
function applyLiveEvent(queryClient: QueryClient, event: LiveEvent): void {
  applyMessagingEvent(queryClient, event);
  applyNotificationEvent(queryClient, event);
  if (event.type === 'booking') {
    for (const queryKey of [...requestLists, ...listingViews]) {
      void queryClient.invalidateQueries({ queryKey });
    }
    // An accepted booking shows contact details in the two people's conversation.
    refreshConversations(queryClient);
  }
}

/**
 * The tab's live stream, open while it is mounted: the app mounts it for a signed-in user only
 * (keyed by who it is), so that it closes on sign-out and opens anew for the next person. A
 * module of its own, loaded after the first screen: it reads events with the shared schemas.
 */
export default function LiveUpdates() {
  const queryClient = useQueryClient();
  useEffect(() => {
    const connection = connectLiveEvents({
      onEvent: (event) => applyLiveEvent(queryClient, event),
      // Asking for the counts again also finds out whether the session has ended (a 401).
      onResync: () => void queryClient.invalidateQueries({ queryKey: unreadKeys.all }),
    });
    return () => connection.close();
  }, [queryClient]);
  return null;
}
