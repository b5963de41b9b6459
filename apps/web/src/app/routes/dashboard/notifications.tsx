import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../components/ui/page-title.tsx';
import { NotificationCenter } from '../../../features/notifications/components/notification-center.tsx';

/** Every notification, newest first; `?unread=true` shows the unread ones only. */
export function Component() {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const unreadOnly = search.get('unread') === 'true';
  return (
    <section>
      <PageTitle page={t('notifications.title')} />
      <h1 className="mb-6 text-2xl font-bold">{t('notifications.title')}</h1>
      <NotificationCenter
        unreadOnly={unreadOnly}
        onUnreadOnlyChange={(only) => setSearch(only ? { unread: 'true' } : {}, { replace: true })}
      />
    </section>
  );
}
