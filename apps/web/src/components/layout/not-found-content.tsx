import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../../config/paths.ts';
import { useFormat } from '../../i18n/locale.tsx';
import { PageTitle } from '../ui/page-title.tsx';

/**
 * The 404 content, shared by the catch-all route and the error page; a page that knows why it is
 * missing (a listing taken down) says so in its own words.
 */
export function NotFoundContent({ title, text }: { title?: string; text?: string } = {}) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <section className="flex min-h-[60vh] flex-col items-center justify-center gap-6 py-16 text-center">
      <PageTitle page={title ?? t('errors.notFound.pageTitle')} />
      <p aria-hidden="true" className="text-7xl font-extrabold text-primary sm:text-9xl">
        {format.number(404)}
      </p>
      <h1 className="text-3xl font-bold">{title ?? t('errors.notFound.title')}</h1>
      <p className="text-base-content/80">{text ?? t('errors.notFound.text')}</p>
      <Link to={paths.home} className="btn btn-primary">
        {t('errors.notFound.home')}
      </Link>
    </section>
  );
}
