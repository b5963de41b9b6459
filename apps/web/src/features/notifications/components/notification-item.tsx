import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Notification } from '@market/shared';
import { When } from '../../../components/ui/when.tsx';

/** Only paths of this site are followed from a notification. */
function isOwnPath(link: string): boolean {
  return link.startsWith('/') && !link.startsWith('//') && !link.startsWith('/\\');
}

/**
 * One notification: its title, details and time, leading to what it is about. An unread one
 * stands out and is marked read as it is opened (`onOpen`).
 */
export function NotificationItem({
  notification,
  onOpen,
  compact = false,
}: {
  notification: Notification;
  onOpen: (notification: Notification) => void;
  compact?: boolean;
}) {
  const { t } = useTranslation();
  const unread = notification.readAt === null;
  const content = (
    <>
      <span
        className={`mt-1.5 h-2.5 w-2.5 shrink-0 rounded-full ${unread ? 'bg-primary' : 'bg-transparent'}`}
        aria-hidden="true"
      />
      <span className="min-w-0 flex-1">
        <span className={`block wrap-anywhere ${unread ? 'font-semibold' : ''}`}>
          {unread && <span className="sr-only">{t('notifications.unread')}</span>}
          {notification.title}
        </span>
        {notification.body && (
          <span
            className={`block text-sm text-base-content/80 wrap-anywhere ${compact ? 'line-clamp-2' : ''}`}
          >
            {notification.body}
          </span>
        )}
        <When iso={notification.createdAt} className="block text-xs text-base-content/80" />
      </span>
    </>
  );
  const className = `flex items-start gap-3 rounded-box p-3 ${unread ? 'bg-primary/5' : ''}`;
  return (
    <li>
      {isOwnPath(notification.link) ? (
        <Link
          to={notification.link}
          className={`${className} hover:bg-base-200`}
          onClick={() => onOpen(notification)}
        >
          {content}
        </Link>
      ) : (
        <div className={className}>{content}</div>
      )}
    </li>
  );
}
