import { useTranslation } from 'react-i18next';
import { LIST_PAGE_SIZE } from '../../../lib/paging.ts';
import { PagedList } from '../../../components/ui/paged-list.tsx';
import { usePageParam } from '../../../components/ui/pager.tsx';
import { useBuyers } from '../../../features/admin/api/get-buyers.ts';
import { BuyersTable } from '../../../features/admin/components/buyers-table.tsx';
import { useDeleteUserFlow } from '../../../features/admin/components/use-delete-user-flow.ts';
import { PageTitle } from '../../../components/ui/page-title.tsx';
import { RestoreMemberButton } from '../../restore-member-button.tsx';

export function Component() {
  const { t } = useTranslation();
  const page = usePageParam();
  const buyers = useBuyers({ page });
  const { deleteWithConfirmation, isDeleting } = useDeleteUserFlow();

  return (
    <section>
      <PageTitle page={t('admin.buyers.title')} />
      <h1 className="mb-6 text-2xl font-bold">{t('admin.buyers.title')}</h1>
      <PagedList
        query={buyers}
        page={page}
        pageSize={LIST_PAGE_SIZE}
        empty={t('admin.buyers.empty')}
      >
        {(items) => (
          <BuyersTable
            buyers={items}
            firstNumber={(page - 1) * LIST_PAGE_SIZE + 1}
            isDeleting={isDeleting}
            onDelete={(buyer) => void deleteWithConfirmation(buyer)}
            restore={(buyer) => <RestoreMemberButton member={buyer} />}
          />
        )}
      </PagedList>
    </section>
  );
}
