/** Rows per page of the dashboard lists; the API caps a page at 100. */
export const LIST_PAGE_SIZE = 50;

/** Which page of a list is asked for. */
export interface PageParams {
  page: number;
}

/** The list page from `?page=` of an address or its query, 1 when missing or invalid. */
export function pageFrom(where: URL | URLSearchParams): number {
  const search = where instanceof URL ? where.searchParams : where;
  const page = Number(search.get('page'));
  return Number.isInteger(page) && page > 0 ? page : 1;
}

/** The query with another page, every other parameter kept; page 1 is the address without one. */
export function searchWithPage(search: URLSearchParams, page: number): string {
  const next = new URLSearchParams(search);
  if (page === 1) next.delete('page');
  else next.set('page', String(page));
  const query = next.toString();
  return query ? `?${query}` : '';
}
