import { useEffect, useRef, useState } from 'react';
import { Outlet, useOutletContext } from 'react-router';
import type { User } from '@market/shared';
import { BrandLogo } from './brand-logo.tsx';
import { DashboardSidebar } from './dashboard-sidebar.tsx';

const DRAWER_ID = 'dashboard-drawer';
const SIDEBAR_ID = 'dashboard-sidebar';

function MenuIcon() {
  return (
    <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true" fill="none">
      <path
        d="M4 6h16M4 12h16M4 18h16"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
      />
    </svg>
  );
}

/** The signed-in user, for pages rendered inside the dashboard. */
export function useDashboardUser(): User {
  return useOutletContext<User>();
}

/**
 * The dashboard frame: a drawer that slides over the page on small screens and sits beside it
 * on wide screens, where it can be collapsed to give the tables more room. No public footer.
 */
export function DashboardShell({ me }: { me: User }) {
  const [openOnSmallScreen, setOpenOnSmallScreen] = useState(false);
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
      <input
        id={DRAWER_ID}
        type="checkbox"
        className="drawer-toggle"
        checked={openOnSmallScreen}
        onChange={(e) => setOpenOnSmallScreen(e.target.checked)}
        tabIndex={-1}
        aria-hidden="true"
      />
      <div className="drawer-content flex min-h-screen flex-col bg-base-100">
        <header className="navbar sticky top-0 z-20 gap-2 border-b border-base-300 bg-base-100 px-3 sm:px-5">
          <button
            ref={openButtonRef}
            type="button"
            className="btn btn-square btn-ghost lg:hidden"
            aria-label="Open dashboard menu"
            aria-controls={SIDEBAR_ID}
            aria-expanded={openOnSmallScreen}
            onClick={() => setOpenOnSmallScreen(true)}
          >
            <MenuIcon />
          </button>
          <button
            type="button"
            className="btn btn-square btn-ghost hidden lg:inline-flex"
            aria-label={collapsedOnWideScreen ? 'Show sidebar' : 'Hide sidebar'}
            aria-controls={SIDEBAR_ID}
            aria-expanded={!collapsedOnWideScreen}
            onClick={() => setCollapsedOnWideScreen((c) => !c)}
          >
            <MenuIcon />
          </button>
          <BrandLogo />
        </header>
        <main className="w-full max-w-6xl flex-1 p-4 sm:p-6 lg:p-8">
          <Outlet context={me} />
        </main>
      </div>
      <div className="drawer-side z-30">
        <label htmlFor={DRAWER_ID} aria-label="Close dashboard menu" className="drawer-overlay" />
        <aside
          id={SIDEBAR_ID}
          ref={sidebarRef}
          aria-label="Dashboard sidebar"
          className="flex min-h-dvh"
        >
          <DashboardSidebar me={me} onNavigate={closeSmallScreenDrawer} />
        </aside>
      </div>
    </div>
  );
}
