import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../../config/paths.ts';
import { useHydrated } from '../../lib/use-hydrated.ts';

/**
 * The top bar's search: always shown on wide screens; on phones behind a search icon. The icon is
 * a link to the results page, whose top bar shows the field open, so that a phone reaches a
 * search without any script. The page's own small script (index.html) opens the field in place
 * until the app's scripts have arrived; then the app does, and the link acts as a button.
 */
export function TopBarSearch({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const location = useLocation();
  const onResults = location.pathname === paths.search;
  const [open, setOpen] = useState(onResults);
  const hydrated = useHydrated();
  const fieldId = useId();
  const fieldRef = useRef<HTMLDivElement>(null);
  // Only a tap on the icon moves the focus; a results page opens with the field shown, not focused.
  const focusOnOpen = useRef(false);
  // The field is shown on the results page and hidden on others whenever the page changes.
  const [lastPath, setLastPath] = useState(location.pathname);
  if (lastPath !== location.pathname) {
    setLastPath(location.pathname);
    setOpen(onResults);
  }
  useEffect(() => {
    if (!open || !focusOnOpen.current) return;
    focusOnOpen.current = false;
    fieldRef.current?.querySelector('input')?.focus();
  }, [open]);
  // Take over from the page's own script a field it opened.
  useEffect(() => {
    const page = document.documentElement;
    if (page.hasAttribute('data-search-open')) setOpen(true);
    page.removeAttribute('data-search-open');
  }, []);

  const toggle = () => {
    focusOnOpen.current = !open;
    setOpen(!open);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLAnchorElement>) => {
    // A button answers the space bar too.
    if (e.key !== ' ') return;
    e.preventDefault();
    toggle();
  };

  return (
    <>
      <Link
        to={paths.search}
        role={hydrated ? 'button' : undefined}
        className="btn btn-ghost btn-square ml-auto md:hidden"
        aria-label={hydrated && open ? t('nav.closeSearch') : t('nav.search')}
        data-open-label={t('nav.search')}
        data-close-label={t('nav.closeSearch')}
        aria-expanded={hydrated ? open : undefined}
        aria-controls={fieldId}
        data-search-button
        onClick={(e) => {
          e.preventDefault();
          toggle();
        }}
        onKeyDown={onKeyDown}
      >
        <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true" fill="none">
          <circle cx="11" cy="11" r="7" stroke="currentColor" strokeWidth="2" />
          <path d="M20 20l-4-4" stroke="currentColor" strokeWidth="2" />
        </svg>
      </Link>
      <div
        id={fieldId}
        ref={fieldRef}
        data-search
        className={`${open ? 'block' : 'hidden'} order-last w-full pt-2 md:order-none md:ml-auto md:block md:w-auto md:pt-0`}
      >
        {children}
      </div>
    </>
  );
}
