import { isStandIn, useMe } from '../lib/session.ts';
import { useHydrated } from '../lib/use-hydrated.ts';
import { useSessionEnding } from '../lib/live-connection.ts';
import { useUnreadCounts } from '../features/messages/api/get-unread-counts.ts';
import { MessagesLink } from '../features/messages/components/messages-link.tsx';
import { NotificationBell } from '../features/notifications/components/notification-bell.tsx';

/**
 * The top bar's messages and notifications, with their unread counts, for whoever is signed in
 * (admins take no part in conversations). The counts are asked for in the browser; the live
 * stream keeps them current.
 */
export function TopBarAlerts() {
  const hydrated = useHydrated();
  const me = useMe();
  const user = me.data;
  // Signing out: the counts would be refused before the page forgets who was signed in.
  const ending = useSessionEnding();
  const counts = useUnreadCounts(user?._id ?? '', {
    enabled: hydrated && !ending && !!user && !isStandIn(user),
  });
  if (!user) return null;
  return (
    <div className="flex items-center">
      {user.role !== 'admin' && <MessagesLink unread={counts.data?.messages} />}
      <NotificationBell unread={counts.data?.notifications} />
    </div>
  );
}
