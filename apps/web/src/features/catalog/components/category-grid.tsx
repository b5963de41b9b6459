import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Category } from '@market/shared';
import { paths } from '../../../config/paths.ts';
import { ErrorState, EmptyState } from '../../../components/ui/error-state.tsx';
import { SectionSpinner } from '../../../components/ui/spinner.tsx';
import { useCategories } from '../api/get-categories.ts';

function CategoryCard({ category, eager }: { category: Category; eager: boolean }) {
  const { t } = useTranslation();
  return (
    <li className="card border border-base-300 bg-base-100 shadow-sm transition hover:shadow-md">
      <figure className="px-4 pt-4 sm:px-6 sm:pt-6">
        <img
          src={category.img}
          alt={t('home.categoryImageAlt', { name: category.name })}
          width={480}
          height={480}
          loading={eager ? 'eager' : 'lazy'}
          className="aspect-square w-full max-w-48 rounded-box object-cover"
        />
      </figure>
      <div className="card-body items-center p-3 sm:p-4">
        <Link
          to={paths.category(category.name)}
          className="btn btn-primary btn-block btn-sm sm:btn-md"
        >
          {category.name.toUpperCase()}
        </Link>
      </div>
    </li>
  );
}

/**
 * Every category as a card whose button opens that category's products. `atTop` says the grid
 * opens the page, so its images load at once instead of when scrolled to.
 */
export function CategoryGrid({ atTop = false }: { atTop?: boolean }) {
  const { t } = useTranslation();
  const categories = useCategories();
  if (categories.isPending) return <SectionSpinner />;
  if (categories.isError) {
    return <ErrorState error={categories.error} onRetry={() => void categories.refetch()} />;
  }
  if (categories.data.length === 0) return <EmptyState>{t('home.noCategories')}</EmptyState>;
  return (
    <ul className="grid grid-cols-2 gap-4 sm:gap-6 lg:grid-cols-4">
      {categories.data.map((category) => (
        <CategoryCard key={category._id} category={category} eager={atTop} />
      ))}
    </ul>
  );
}
