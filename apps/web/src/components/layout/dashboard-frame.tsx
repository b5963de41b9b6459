import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../../config/paths.ts';
import { useHydrated } from '../../lib/use-hydrated.ts';
import { BrandLogo } from './brand-logo.tsx';
import { NavigationProgress } from './navigation-progress.tsx';
import { SessionEndedBanner } from './session-ended-banner.tsx';
import { LineIcon } from '../ui/line-icon.tsx';
import { FullScreenSpinner } from '../ui/spinner.tsx';
import { PageTitle } from '../ui/page-title.tsx';

const DRAWER_ID = 'dashboard-drawer';
const SIDEBAR_ID = 'dashboard-sidebar';

function MenuIcon() {
  return <LineIcon d="M4 6h16M4 12h16M4 18h16" size={22} />;
}

/**
 * The dashboard's frame: a drawer that slides over the page on small screens and sits beside it
 * on wide screens, where it can be collapsed to give the tables more room. No public footer.
 * `sidebar` gets the way to close the drawer once a link in it is followed; `topBarEnd` (the
 * messages and notifications) sits at the top bar's end.
 */
export function DashboardFrame({
  sidebar,
  topBarEnd,
  children,
}: {
  sidebar: (closeDrawer: () => void) => ReactNode;
  topBarEnd?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const [openOnSmallScreen, setOpenOnSmallScreen] = useState(false);
  const hydrated = useHydrated();
  const [collapsedOnWideScreen, setCollapsedOnWideScreen] = useState(false);
  const sidebarRef = useRef<HTMLElement>(null);
  const openButtonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!openOnSmallScreen) return;
    // Keyboard users land inside the drawer they just opened; it stays invisible (so
    // unfocusable) for its 0.1 s transition delay.
    const timer = window.setTimeout(
      () => sidebarRef.current?.querySelector<HTMLElement>('a, button')?.focus(),
      200,
    );
    const closeOnEscape = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setOpenOnSmallScreen(false);
      openButtonRef.current?.focus();
    };
    window.addEventListener('keydown', closeOnEscape);
    return () => {
      window.clearTimeout(timer);
      window.removeEventListener('keydown', closeOnEscape);
    };
  }, [openOnSmallScreen]);

  const closeSmallScreenDrawer = () => {
    if (!openOnSmallScreen) return;
    setOpenOnSmallScreen(false);
    openButtonRef.current?.focus();
  };

  return (
    <div className={`drawer ${collapsedOnWideScreen ? '' : 'lg:drawer-open'}`}>
      <NavigationProgress />
      <input
        id={DRAWER_ID}
        type="checkbox"
        className="drawer-toggle"
        checked={openOnSmallScreen}
        onChange={(e) => setOpenOnSmallScreen(e.target.checked)}
        tabIndex={-1}
        aria-hidden="true"
      />
      <div className="drawer-content flex min-h-screen min-w-0 flex-col bg-base-100">
        <header className="sticky top-0 z-20 border-b border-base-300 bg-base-100">
          <div className="navbar min-h-(--top-bar-height) gap-2 px-3 sm:px-5">
            <button
              ref={openButtonRef}
              type="button"
              className="btn btn-square btn-ghost lg:hidden"
              aria-label={t('frame.openMenu')}
              aria-controls={SIDEBAR_ID}
              aria-expanded={openOnSmallScreen}
              // A tap before the page's script runs would be lost: the button waits for it.
              disabled={!hydrated}
              onClick={() => setOpenOnSmallScreen(true)}
            >
              <MenuIcon />
            </button>
            <button
              type="button"
              className="btn btn-square btn-ghost hidden lg:inline-flex"
              aria-label={collapsedOnWideScreen ? t('frame.showSidebar') : t('frame.hideSidebar')}
              aria-controls={SIDEBAR_ID}
              aria-expanded={!collapsedOnWideScreen}
              onClick={() => setCollapsedOnWideScreen((c) => !c)}
            >
              <MenuIcon />
            </button>
            <BrandLogo />
            {topBarEnd && <div className="ml-auto flex items-center">{topBarEnd}</div>}
          </div>
          <SessionEndedBanner />
        </header>
        <main className="w-full max-w-6xl flex-1 p-4 wrap-anywhere sm:p-6 lg:p-8">{children}</main>
      </div>
      <div className="drawer-side z-30">
        <label htmlFor={DRAWER_ID} aria-label={t('frame.closeMenu')} className="drawer-overlay" />
        <aside
          id={SIDEBAR_ID}
          ref={sidebarRef}
          aria-label={t('frame.sidebar')}
          className="flex min-h-dvh"
        >
          {sidebar(closeSmallScreenDrawer)}
        </aside>
      </div>
    </div>
  );
}

/**
 * The dashboard while it is on its way (its code, who is signed in, their role): the frame at
 * once, so that a dashboard address opened directly never shows a blank page.
 */
export function DashboardLoading() {
  const { t } = useTranslation();
  return (
    <DashboardFrame
      sidebar={() => (
        <div className="flex w-72 flex-col gap-6 bg-base-200 p-5">
          <div className="flex min-h-40 items-center justify-center">
            <span className="loading loading-spinner loading-md text-primary" aria-hidden="true" />
          </div>
          <div className="mt-auto flex flex-col gap-2">
            <Link to={paths.home} className="btn btn-outline btn-primary">
              {t('frame.backHome')}
            </Link>
          </div>
        </div>
      )}
    >
      <PageTitle page={t('frame.title')} />
      <FullScreenSpinner />
    </DashboardFrame>
  );
}
