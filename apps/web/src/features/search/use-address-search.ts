import { useLocation, useNavigation, useSearchParams } from 'react-router';
import type { SearchParams } from './search-params.ts';

/**
 * The search this page's address asks for, and the one it is on its way to: while a new
 * choice's results load, the filters and the sort show that choice already.
 */
export function useAddressSearch(parse: (search: URLSearchParams) => SearchParams) {
  const [search] = useSearchParams();
  const location = useLocation();
  const navigation = useNavigation();
  const params = parse(search);
  const pending =
    navigation.state === 'loading' && navigation.location.pathname === location.pathname
      ? navigation.location
      : null;
  return {
    params,
    chosen: pending ? parse(new URLSearchParams(pending.search)) : params,
    navigating: pending !== null,
    search,
  };
}
