import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../i18n/locale.tsx';
import { EmptyState } from '../../../components/ui/error-state.tsx';
import { Pager, usePageParam } from '../../../components/ui/pager.tsx';
import { LIST_PAGE_SIZE } from '../../../lib/paging.ts';
import { QueryContent } from '../../../components/ui/query-content.tsx';
import { useSellers } from '../../../features/admin/api/get-sellers.ts';
import { SellerCard } from '../../../features/admin/components/seller-card.tsx';
import { useDeleteUserFlow } from '../../../features/admin/components/use-delete-user-flow.ts';
import { PageTitle } from '../../../components/ui/page-title.tsx';
import { RestoreMemberButton } from '../../restore-member-button.tsx';

export function Component() {
  const { t } = useTranslation();
  const format = useFormat();
  const page = usePageParam();
  const sellers = useSellers({ page });
  const { deleteWithConfirmation, isDeleting } = useDeleteUserFlow();

  return (
    <section>
      <PageTitle page={t('admin.sellers.title')} />
      <QueryContent query={sellers}>
        {({ items, total }) => (
          <>
            <div className="mb-6 flex flex-wrap items-baseline justify-between gap-3">
              <h1 className="text-2xl font-bold">{t('admin.sellers.title')}</h1>
              <p className="text-lg font-semibold">
                {t('admin.sellers.total', { total: format.count(total) })}
              </p>
            </div>
            {items.length === 0 ? (
              <EmptyState>{t('admin.sellers.empty')}</EmptyState>
            ) : (
              <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
                {items.map((seller) => (
                  <li key={seller._id}>
                    <SellerCard
                      seller={seller}
                      deleting={isDeleting(seller.email)}
                      onDelete={() => void deleteWithConfirmation(seller)}
                      restore={<RestoreMemberButton member={seller} />}
                    />
                  </li>
                ))}
              </ul>
            )}
            <Pager page={page} total={total} pageSize={LIST_PAGE_SIZE} />
          </>
        )}
      </QueryContent>
    </section>
  );
}
