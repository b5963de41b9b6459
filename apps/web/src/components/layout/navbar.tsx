import { lazy, Suspense, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { NavLink, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../../config/paths.ts';
import { useMe } from '../../lib/session.ts';
import { InlineSpinner } from '../ui/spinner.tsx';
import { BrandLogo } from './brand-logo.tsx';
import { LanguageSwitch } from './language-switch.tsx';
import { SessionEndedBanner } from './session-ended-banner.tsx';
import { TopBarSearch } from './top-bar-search.tsx';

const LogOutButton = lazy(() => import('./log-out-button.tsx'));

// At least 44 px tall in the phone menu, for a fingertip.
const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  `flex min-h-11 items-center rounded-field px-3 font-medium hover:bg-base-200 md:min-h-0 md:py-2 ${isActive ? 'text-primary' : ''}`;

function AuthLinks({ onNavigate }: { onNavigate: () => void }) {
  const { t } = useTranslation();
  const me = useMe();
  if (me.isPending) {
    return (
      <li className="flex min-h-11 items-center px-3 md:min-h-0 md:py-2">
        <InlineSpinner />
      </li>
    );
  }
  if (me.data) {
    return (
      <>
        <li>
          <NavLink to={paths.dashboard.root} className={navLinkClass} onClick={onNavigate}>
            {t('nav.dashboard')}
          </NavLink>
        </li>
        <li>
          <Suspense
            fallback={
              <button type="button" className="btn btn-primary btn-sm md:ml-2" disabled>
                {t('nav.logOut')}
              </button>
            }
          >
            <LogOutButton onClick={onNavigate} />
          </Suspense>
        </li>
      </>
    );
  }
  return (
    <>
      <li>
        <NavLink to={paths.logIn} className={navLinkClass} onClick={onNavigate}>
          {t('nav.logIn')}
        </NavLink>
      </li>
      <li>
        <NavLink to={paths.registration} className={navLinkClass} onClick={onNavigate}>
          {t('nav.registration')}
        </NavLink>
      </li>
    </>
  );
}

/**
 * The top bar; on small screens the links fold behind a menu button, and the search (passed in by
 * the app, which composes features) behind a search button. `alerts` (messages, notifications)
 * stay in view at every width, after the links on a wide screen.
 */
export function Navbar({ search, alerts }: { search?: ReactNode; alerts?: ReactNode }) {
  const { t } = useTranslation();
  const me = useMe();
  const [menuOpen, setMenuOpen] = useState(false);
  const menuId = useId();
  const location = useLocation();
  // Close the phone menu whenever the page changes.
  const [lastPath, setLastPath] = useState(location.pathname);
  if (lastPath !== location.pathname) {
    setLastPath(location.pathname);
    setMenuOpen(false);
  }
  const close = () => setMenuOpen(false);
  const menuButtonRef = useRef<HTMLButtonElement>(null);
  // Escape closes the open phone menu, and the keyboard is back on its button.
  useEffect(() => {
    if (!menuOpen) return;
    const closeOnEscape = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setMenuOpen(false);
      menuButtonRef.current?.focus();
    };
    window.addEventListener('keydown', closeOnEscape);
    return () => window.removeEventListener('keydown', closeOnEscape);
  }, [menuOpen]);
  // Until now, taps on the menu button were handled by the page's own small script (index.html),
  // so that the menu works before the app's scripts arrive. Take over its state.
  useEffect(() => {
    const page = document.documentElement;
    if (page.hasAttribute('data-menu-open')) setMenuOpen(true);
    page.removeAttribute('data-menu-open');
    page.setAttribute('data-menu-ready', '');
  }, []);

  return (
    <header className="sticky top-0 z-30 border-b border-base-300 bg-base-100/95 backdrop-blur">
      <nav
        aria-label={t('nav.main')}
        className="mx-auto flex min-h-(--top-bar-height) max-w-7xl flex-wrap items-center justify-between gap-x-2 px-4 py-3"
      >
        {/* Signed in, a phone's bar also holds messages and notifications: the mark alone. */}
        <BrandLogo compact={!!alerts && !!me.data} />
        {search && <TopBarSearch>{search}</TopBarSearch>}
        {alerts && <div className="flex items-center md:order-last">{alerts}</div>}
        <LanguageSwitch className="md:order-last" />
        <button
          ref={menuButtonRef}
          type="button"
          className="group btn btn-ghost btn-square md:hidden"
          aria-label={menuOpen ? t('nav.closeMenu') : t('nav.openMenu')}
          data-open-label={t('nav.openMenu')}
          data-close-label={t('nav.closeMenu')}
          aria-expanded={menuOpen}
          aria-controls={menuId}
          data-menu-button
          onClick={() => setMenuOpen((open) => !open)}
        >
          {/* The icon follows aria-expanded, which the page's own script sets too. */}
          <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true" fill="none">
            <path
              className="group-aria-expanded:hidden"
              d="M4 7h16M4 12h16M4 17h16"
              stroke="currentColor"
              strokeWidth="2"
            />
            <path
              className="hidden group-aria-expanded:inline"
              d="M6 6l12 12M18 6L6 18"
              stroke="currentColor"
              strokeWidth="2"
            />
          </svg>
        </button>
        <ul
          id={menuId}
          data-menu
          className={`${menuOpen ? 'flex' : 'hidden'} w-full flex-col gap-1 pb-3 md:flex md:w-auto md:flex-row md:items-center md:pb-0`}
        >
          <li>
            <NavLink to={paths.home} end className={navLinkClass} onClick={close}>
              {t('nav.home')}
            </NavLink>
          </li>
          <li>
            <NavLink to={paths.categories} className={navLinkClass} onClick={close}>
              {t('nav.categories')}
            </NavLink>
          </li>
          <li>
            <NavLink to={paths.blog} className={navLinkClass} onClick={close}>
              {t('nav.blog')}
            </NavLink>
          </li>
          <AuthLinks onNavigate={close} />
        </ul>
      </nav>
      <SessionEndedBanner />
    </header>
  );
}
