import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/**
 * Paging by cursor: back to the first page, and on to the next. Nothing when both are missing
 * (a single page).
 */
export function CursorPager({ first, next }: { first?: string; next?: string }) {
  const { t } = useTranslation();
  if (!first && !next) return null;
  return (
    <nav aria-label={t('search.pages')} className="mt-8 flex justify-center gap-2">
      {first && (
        <Link to={first} className="btn btn-sm min-h-11">
          {t('search.firstPage')}
        </Link>
      )}
      {next && (
        <Link to={next} rel="next" className="btn btn-primary btn-sm min-h-11">
          {t('search.nextPage')}
        </Link>
      )}
    </nav>
  );
}
