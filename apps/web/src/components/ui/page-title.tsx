const SITE = 'Phone Market';
const HOME_TITLE = `${SITE}: used phones from people near you`;

/**
 * The page's own title, for the browser tab, history and bookmarks. React puts a <title> rendered
 * anywhere into the document's head, and takes it away with the page.
 */
export function PageTitle({ page }: { page?: string }) {
  return <title>{page ? `${page} · ${SITE}` : HOME_TITLE}</title>;
}
