import { Link } from 'react-router';
import { MESSAGES } from '@market/shared';
import { paths } from '../../config/paths.ts';
import { PageTitle } from '../ui/page-title.tsx';

/** The 404 content, shared by the catch-all route and the error page. */
export function NotFoundContent() {
  return (
    <section className="flex min-h-[60vh] flex-col items-center justify-center gap-6 py-16 text-center">
      <PageTitle page="Page not found" />
      <p aria-hidden="true" className="text-7xl font-extrabold text-primary sm:text-9xl">
        404
      </p>
      <h1 className="text-3xl font-bold">{MESSAGES.notFoundTitle}</h1>
      <p className="text-base-content/80">The page you asked for is not here.</p>
      <Link to={paths.home} className="btn btn-primary">
        {MESSAGES.backToHomepage}
      </Link>
    </section>
  );
}
