import { Link } from 'react-router';
import { logInPath, paths, registrationPath } from '../../config/paths.ts';

/** Why a visitor is asked to log in before the phone lists (category pages, search results). */
export const ACCOUNT_WALL_TEXT = 'Log in or create a free account to see every phone';

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
  return (
    <div className="flex flex-col gap-2">
      <p className="font-medium">{ACCOUNT_WALL_TEXT}.</p>
      <p className="text-base-content/80">
        Phone pages and sellers’ profiles are open to everyone; category lists and search results
        need an account, and it takes a minute.
      </p>
      <p className="flex flex-wrap gap-x-4">
        {showLogIn && (
          <Link
            to={logInPath(from)}
            className="link link-primary inline-flex min-h-11 items-center"
          >
            Log in
          </Link>
        )}
        <Link
          to={registrationPath(from)}
          className="link link-primary inline-flex min-h-11 items-center"
        >
          Create a free account
        </Link>
      </p>
    </div>
  );
}
