import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { logInPath, paths } from '../../config/paths.ts';
import { useEndedSession } from '../../lib/session.ts';

/**
 * Shown under the top bar once the session ended during the visit: the page stays as it was,
 * with what was typed, and offers the way back in to this very page.
 */
export function SessionEndedBanner() {
  const { t } = useTranslation();
  const ended = useEndedSession();
  const location = useLocation();
  if (!ended) return null;
  const onLogIn = location.pathname === paths.logIn;
  return (
    <div role="alert" className="border-t border-warning/40 bg-warning/10 px-4 py-2">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-2 text-sm">
        <p>{t('session.ended')}</p>
        {!onLogIn && (
          <Link
            to={logInPath(`${location.pathname}${location.search}`)}
            className="btn btn-primary btn-sm"
          >
            {t('session.logInAgain')}
          </Link>
        )}
      </div>
    </div>
  );
}
