import type { Role } from '@market/shared';
import { Link } from 'react-router';
import { Trans, useTranslation } from 'react-i18next';
import { paths } from '../../../config/paths.ts';
import { LIST_PAGE_SIZE } from '../../../lib/paging.ts';
import { EmptyState, ErrorState } from '../../../components/ui/error-state.tsx';
import { Pager, usePageParam } from '../../../components/ui/pager.tsx';
import { SectionSpinner } from '../../../components/ui/spinner.tsx';
import { useConversations } from '../api/get-conversations.ts';
import { ConversationRow } from './conversation-row.tsx';

function Empty({ role }: { role: Role }) {
  const { t } = useTranslation();
  if (role === 'seller') return <EmptyState>{t('messages.emptySeller')}</EmptyState>;
  return (
    <EmptyState>
      <Trans
        i18nKey="messages.emptyBuyer"
        components={{ browse: <Link to={paths.categories} className="link link-primary" /> }}
      />
    </EmptyState>
  );
}

/** The signed-in person's conversations, the one with the latest message first. */
export function Inbox({ role, activeId }: { role: Role; activeId?: string }) {
  const { t } = useTranslation();
  const page = usePageParam();
  const conversations = useConversations({ page });

  if (conversations.isPending) return <SectionSpinner />;
  if (conversations.isError) {
    return (
      <ErrorState
        title={t('messages.loadFailed')}
        error={conversations.error}
        onRetry={() => void conversations.refetch()}
      />
    );
  }
  const { items, total } = conversations.data;
  if (items.length === 0) return <Empty role={role} />;
  return (
    <>
      <ul aria-label={t('messages.conversations')} className="flex flex-col gap-1">
        {items.map((conversation) => (
          <ConversationRow
            key={conversation._id}
            conversation={conversation}
            active={conversation._id === activeId}
          />
        ))}
      </ul>
      <Pager page={page} total={total} pageSize={LIST_PAGE_SIZE} />
    </>
  );
}
