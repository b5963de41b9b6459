import type { ReactNode } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Footer } from './footer.tsx';
import { Navbar } from './navbar.tsx';
import { NavigationProgress } from './navigation-progress.tsx';

/**
 * Top bar (with the search and the alerts the app passes in), the routed page and the footer (with
 * the support address), on every public page.
 */
export function PublicLayout({
  search,
  alerts,
  supportEmail = null,
}: {
  search?: ReactNode;
  alerts?: ReactNode;
  /** The operator's support address, shown in the footer. */
  supportEmail?: string | null;
}) {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-base-100 focus:p-2"
      >
        {t('nav.skipToContent')}
      </a>
      <NavigationProgress />
      <Navbar search={search} alerts={alerts} />
      <main id="main" className="mx-auto w-full max-w-7xl flex-1 px-4 wrap-anywhere">
        <Outlet />
      </main>
      <Footer supportEmail={supportEmail} />
      <ScrollRestoration />
    </div>
  );
}
