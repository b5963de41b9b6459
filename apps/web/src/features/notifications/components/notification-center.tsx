import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../config/paths.ts';
import { EmptyState, ErrorState } from '../../../components/ui/error-state.tsx';
import { InlineSpinner, SectionSpinner } from '../../../components/ui/spinner.tsx';
import { useNotifications } from '../api/get-notifications.ts';
import { useReadNotifications } from '../api/mark-notifications-read.ts';
import { NotificationItem } from './notification-item.tsx';

/** Every notification, newest first, a page at a time; all of them or only the unread ones. */
export function NotificationCenter({
  unreadOnly,
  onUnreadOnlyChange,
}: {
  unreadOnly: boolean;
  onUnreadOnlyChange: (unreadOnly: boolean) => void;
}) {
  const { t } = useTranslation();
  const list = useNotifications({ unreadOnly });
  const reading = useReadNotifications();
  const items = list.data?.pages.flatMap((page) => page.items) ?? [];
  const total = list.data?.pages[0]?.total ?? 0;

  let body;
  if (list.isPending) body = <SectionSpinner />;
  else if (list.isError) {
    body = (
      <ErrorState
        title={t('notifications.loadFailed')}
        error={list.error}
        onRetry={() => void list.refetch()}
      />
    );
  } else if (items.length === 0) {
    body = (
      <EmptyState>
        {unreadOnly ? t('notifications.emptyUnread') : t('notifications.empty')}
      </EmptyState>
    );
  } else {
    body = (
      <>
        <ul aria-label={t('notifications.title')} className="flex flex-col gap-1">
          {items.map((notification) => (
            <NotificationItem
              key={notification._id}
              notification={notification}
              onOpen={reading.readOne}
            />
          ))}
        </ul>
        {list.hasNextPage && (
          <div className="mt-4 flex justify-center">
            <button
              type="button"
              className="btn btn-outline btn-sm"
              disabled={list.isFetchingNextPage}
              onClick={() => void list.fetchNextPage()}
            >
              {list.isFetchingNextPage && <InlineSpinner />}
              {t('notifications.loadOlder')}
            </button>
          </div>
        )}
        {list.isFetchNextPageError && (
          <p role="alert" className="mt-2 text-center text-sm text-error">
            {t('notifications.loadOlderFailed')}
          </p>
        )}
      </>
    );
  }

  return (
    <>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <label className="flex min-h-11 cursor-pointer items-center gap-2 text-sm">
          <input
            type="checkbox"
            className="toggle toggle-primary toggle-sm"
            checked={unreadOnly}
            onChange={(e) => onUnreadOnlyChange(e.target.checked)}
          />
          {t('notifications.unreadOnly')}
        </label>
        <div className="flex flex-wrap items-center gap-2">
          {list.isSuccess && (
            <span className="text-sm text-base-content/80">
              {unreadOnly
                ? t('notifications.countUnread', { count: total })
                : t('notifications.countAll', { count: total })}
            </span>
          )}
          <button
            type="button"
            className="btn btn-sm"
            disabled={reading.pending || items.every((n) => n.readAt !== null)}
            onClick={reading.readAll}
          >
            {t('notifications.markAllRead')}
          </button>
          <Link to={paths.dashboard.notificationSettings} className="btn btn-ghost btn-sm">
            {t('notifications.emailSettings')}
          </Link>
        </div>
      </div>
      {body}
    </>
  );
}
