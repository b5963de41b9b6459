import { Link } from 'react-router';
import { MESSAGES } from '@market/shared';
import { paths } from '../../config/paths.ts';
import { PageTitle } from '../ui/page-title.tsx';

/**
 * The 404 content, shared by the catch-all route and the error page; a page that knows why it is
 * missing (a listing taken down) says so in its own words.
 */
export function NotFoundContent({
  title = MESSAGES.notFoundTitle,
  text = 'The page you asked for is not here.',
}: {
  title?: string;
  text?: string;
} = {}) {
  return (
    <section className="flex min-h-[60vh] flex-col items-center justify-center gap-6 py-16 text-center">
      <PageTitle page={title === MESSAGES.notFoundTitle ? 'Page not found' : title} />
      <p aria-hidden="true" className="text-7xl font-extrabold text-primary sm:text-9xl">
        404
      </p>
      <h1 className="text-3xl font-bold">{title}</h1>
      <p className="text-base-content/80">{text}</p>
      <Link to={paths.home} className="btn btn-primary">
        {MESSAGES.backToHomepage}
      </Link>
    </section>
  );
}
