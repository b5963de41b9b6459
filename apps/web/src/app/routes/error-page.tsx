import { useEffect } from 'react';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LISTING_UNAVAILABLE_REASON } from '@market/shared';
import { paths } from '../../config/paths.ts';
import { reportError, useDescribeError } from '../../lib/errors.ts';
import { NotFoundContent } from '../../components/layout/not-found-content.tsx';
import { PageTitle } from '../../components/ui/page-title.tsx';
import { useMarkDrawnLocation } from '../../lib/drawn-location.ts';

/**
 * Shown when a page of either layout fails to load or render. It stands alone (no layout around
 * it), since the layout itself may be what failed.
 */
export function RouteErrorPage() {
  useMarkDrawnLocation();
  return (
    <main className="mx-auto max-w-3xl px-4 wrap-anywhere">
      <RouteErrorContent />
    </main>
  );
}

/** What the error page says, also shown inside the layout by a page that keeps it. */
export function RouteErrorContent() {
  const error = useRouteError();
  const { t } = useTranslation();
  const describeError = useDescribeError();
  useEffect(() => {
    if (error) reportError('Loading the page', error);
  }, [error]);
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  // A listing a moderator took down (the API's reason comes through as the answer's data).
  const unavailable = notFound && error.data === LISTING_UNAVAILABLE_REASON;
  return notFound ? (
    <NotFoundContent
      {...(unavailable
        ? { title: t('errors.unavailable.title'), text: t('errors.unavailable.text') }
        : {})}
    />
  ) : (
    <section
      role="alert"
      className="flex min-h-[70vh] flex-col items-center justify-center gap-6 py-16 text-center"
    >
      <PageTitle page={t('errors.page.title')} />
      <h1 className="text-3xl font-bold">{t('errors.page.title')}</h1>
      <p className="text-base-content/80">
        {isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : describeError(error)}
      </p>
      <div className="flex flex-wrap justify-center gap-3">
        <Link to={paths.home} className="btn btn-primary">
          {t('errors.page.home')}
        </Link>
        <button type="button" className="btn btn-outline" onClick={() => window.location.reload()}>
          {t('errors.page.reload')}
        </button>
      </div>
    </section>
  );
}
