import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { useMe } from '../../../lib/session.ts';
import { SearchCombobox } from '../../../components/ui/combobox.tsx';
import { getSuggestions } from '../api/get-suggestions.ts';

/**
 * The top bar's search: model suggestions as one types (signed in), and the results page on
 * Enter. On the results page it shows the words searched for, and a new search keeps the filters
 * in use.
 */
export function SiteSearch() {
  const navigate = useNavigate();
  const location = useLocation();
  const onResults = location.pathname === paths.search;
  const current = onResults ? (new URLSearchParams(location.search).get('q') ?? '') : '';
  // Suggestions come from the listings, which only signed-in people may see.
  const signedIn = !!useMe().data;
  const fetchSuggestions = useCallback(
    (text: string, signal: AbortSignal) =>
      signedIn ? getSuggestions(text, signal) : Promise.resolve([]),
    [signedIn],
  );

  const onSubmit = (text: string) => {
    const next = onResults ? new URLSearchParams(location.search) : new URLSearchParams();
    next.delete('cursor');
    if (text) next.set('q', text);
    else next.delete('q');
    void navigate(paths.searchResults(next));
  };

  return (
    <SearchCombobox
      label="Search listings"
      placeholder="Search, e.g. iPhone 13 128"
      action={paths.search}
      initialValue={current}
      fetchSuggestions={fetchSuggestions}
      onSubmit={onSubmit}
    />
  );
}
