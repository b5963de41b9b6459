import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { logInPath, paths, registrationPath } from '../../config/paths.ts';

/**
 * Whether a visitor sent to log in was on their way to a list of phones (a category page or
 * search results), the pages the specification keeps behind sign-in.
 */
export function isPhoneListPath(from: string | null | undefined): boolean {
  if (!from) return false;
  const path = from.split(/[?#]/)[0] ?? '';
  return path === paths.search || path.startsWith('/category/');
}

/**
 * The reason and the two ways on, for a visitor: log in, or register (a free account). Both
 * remember `from`, so the visitor lands on what they asked for. `showLogIn` is off on the log-in
 * page itself.
 */
export function AccountWallNote({
  from,
  showLogIn = true,
}: {
  from?: string | undefined;
  showLogIn?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-2">
      {/* Why a visitor is asked to log in before the phone lists (category pages, search results). */}
      <p className="font-medium">{t('session.wall.reason')}</p>
      <p className="text-base-content/80">{t('session.wall.detail')}</p>
      <p className="flex flex-wrap gap-x-4">
        {showLogIn && (
          <Link
            to={logInPath(from)}
            className="link link-primary inline-flex min-h-11 items-center"
          >
            {t('session.wall.logIn')}
          </Link>
        )}
        <Link
          to={registrationPath(from)}
          className="link link-primary inline-flex min-h-11 items-center"
        >
          {t('session.wall.register')}
        </Link>
      </p>
    </div>
  );
}
