import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../i18n/locale.tsx';
import { Popover } from '../../../components/ui/popover.tsx';
import { SectionSpinner } from '../../../components/ui/spinner.tsx';

// The list (and the schemas it checks answers with) loads when the bell is opened: the bell
// itself is on the first screen of every page.
const BellPanel = lazy(() => import('./bell-panel.tsx'));

const BELL_ICON = 'M6 8a6 6 0 1112 0c0 7 3 9 3 9H3s3-2 3-9M10.3 21a1.94 1.94 0 003.4 0';

/** The top bar's bell: how many notifications are unread, and the latest ones when opened. */
export function NotificationBell({ unread }: { unread: number | undefined }) {
  const { t } = useTranslation();
  const format = useFormat();
  const label =
    unread && unread > 0
      ? t('notifications.bellUnread', { count: unread })
      : t('notifications.title');
  return (
    <Popover
      label={label}
      buttonClassName="btn btn-ghost btn-square relative"
      button={
        <>
          <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true" fill="none">
            <path
              d={BELL_ICON}
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
          {unread !== undefined && unread > 0 && (
            <span
              className="badge badge-primary badge-xs absolute -top-0.5 -right-0.5 min-w-5 px-1"
              aria-hidden="true"
            >
              {unread > 99
                ? t('notifications.badgeMax', { max: format.count(99) })
                : format.count(unread)}
            </span>
          )}
        </>
      }
      panelClassName="fixed inset-x-2 top-(--top-bar-height) z-40 rounded-box border border-base-300 bg-base-100 shadow-lg md:absolute md:inset-x-auto md:top-full md:right-0 md:mt-1 md:w-96"
    >
      {(close) => (
        <Suspense fallback={<SectionSpinner />}>
          <BellPanel onClose={close} />
        </Suspense>
      )}
    </Popover>
  );
}
