import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Notification } from '@market/shared';
import { paths } from '../../../config/paths.ts';
import { useDescribeError } from '../../../lib/errors.ts';
import { SectionSpinner } from '../../../components/ui/spinner.tsx';
import { useNotifications } from '../api/get-notifications.ts';
import { useReadNotifications } from '../api/mark-notifications-read.ts';
import { NotificationItem } from './notification-item.tsx';

/** How many of the latest notifications the bell lists. */
const BELL_LATEST = 10;

/**
 * The bell's list: the latest notifications, "Mark all read", and the way to all of them. What
 * it shows is seen once it opens: its unread entries are marked read (the bell's count goes),
 * and they keep their "new" look until the list closes.
 */
export default function BellPanel({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const describeError = useDescribeError();
  const list = useNotifications({ unreadOnly: false });
  const reading = useReadNotifications();
  const shown = list.data?.pages[0]?.items.slice(0, BELL_LATEST);
  // The entries that were new when the list opened, marked seen once.
  const [newOnOpen, setNewOnOpen] = useState<ReadonlySet<string> | null>(null);
  if (shown && newOnOpen === null) {
    setNewOnOpen(new Set(shown.filter((n) => n.readAt === null).map((n) => n._id)));
  }
  const { seeShown } = reading;
  const firstShown = newOnOpen !== null;
  useEffect(() => {
    if (firstShown && shown) seeShown(shown);
    // Once per opening: the entries shown when the list first arrived.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [firstShown]);
  const latest = (shown ?? []).map((n) =>
    newOnOpen?.has(n._id) && n.readAt !== null ? { ...n, readAt: null } : n,
  );
  const anyUnread = (shown ?? []).some((n) => n.readAt === null);

  const open = (notification: Notification) => {
    onClose();
    reading.readOne(notification);
  };

  let body;
  if (list.isPending) body = <SectionSpinner />;
  else if (list.isError) {
    body = (
      <div role="alert" className="p-4 text-sm">
        <p className="font-semibold">{t('notifications.loadFailed')}</p>
        <p>{describeError(list.error)}</p>
        <button type="button" className="btn btn-sm mt-2" onClick={() => void list.refetch()}>
          {t('errors.retry')}
        </button>
      </div>
    );
  } else if (latest.length === 0) {
    body = (
      <p className="p-6 text-center text-sm text-base-content/80">{t('notifications.empty')}</p>
    );
  } else {
    body = (
      <ul aria-label={t('notifications.latest')} className="flex flex-col gap-1">
        {latest.map((notification) => (
          <NotificationItem
            key={notification._id}
            notification={notification}
            onOpen={open}
            compact
          />
        ))}
      </ul>
    );
  }

  return (
    <section aria-label={t('notifications.title')} className="flex max-h-[70dvh] flex-col">
      <header className="flex items-center justify-between gap-2 border-b border-base-300 px-3 py-2">
        <h2 className="font-semibold">{t('notifications.title')}</h2>
        <button
          type="button"
          className="btn btn-ghost btn-sm"
          disabled={!anyUnread || reading.pending}
          onClick={reading.readAll}
        >
          {t('notifications.markAllRead')}
        </button>
      </header>
      <div className="min-h-0 flex-1 overflow-y-auto p-1">{body}</div>
      <footer className="flex justify-between gap-2 border-t border-base-300 px-3 py-2 text-sm">
        <Link to={paths.dashboard.notifications} className="link link-primary" onClick={onClose}>
          {t('notifications.seeAll')}
        </Link>
        <Link to={paths.dashboard.notificationSettings} className="link" onClick={onClose}>
          {t('notifications.emailSettings')}
        </Link>
      </footer>
    </section>
  );
}
