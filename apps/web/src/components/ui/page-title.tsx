import { useTranslation } from 'react-i18next';

/**
 * The page's own title, for the browser tab, history and bookmarks. React puts a <title> rendered
 * anywhere into the document's head, and takes it away with the page.
 */
export function PageTitle({ page }: { page?: string }) {
  const { t } = useTranslation();
  return <title>{page ? t('title.page', { page }) : t('title.home')}</title>;
}
