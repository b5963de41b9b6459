import { Outlet, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useDashboardUser } from '../../../components/layout/dashboard-shell.tsx';
import { PageTitle } from '../../../components/ui/page-title.tsx';
import { EmptyState } from '../../../components/ui/error-state.tsx';
import { Inbox } from '../../../features/messages/components/inbox.tsx';

/**
 * Messages: the inbox and the open conversation side by side on a wide screen; on a phone one at
 * a time (the inbox, or the conversation with a way back).
 */
export function Component() {
  const { t } = useTranslation();
  const me = useDashboardUser();
  const { conversationId } = useParams();
  if (me.role === 'admin') {
    return (
      <section>
        <PageTitle page={t('messages.title')} />
        <h1 className="mb-6 text-2xl font-bold">{t('messages.title')}</h1>
        <EmptyState>{t('messages.adminNone')}</EmptyState>
      </section>
    );
  }
  const threadOpen = conversationId !== undefined;
  return (
    <section>
      <PageTitle page={t('messages.title')} />
      <h1 className={`mb-4 text-2xl font-bold ${threadOpen ? 'max-lg:sr-only' : ''}`}>
        {t('messages.title')}
      </h1>
      <div className="lg:grid lg:grid-cols-[minmax(16rem,22rem)_minmax(0,1fr)] lg:gap-6">
        <div className={threadOpen ? 'max-lg:hidden' : ''}>
          <Inbox role={me.role} activeId={conversationId} />
        </div>
        <div className={`min-w-0 ${threadOpen ? '' : 'max-lg:hidden'}`}>
          <Outlet context={me} />
        </div>
      </div>
    </section>
  );
}
