import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../config/paths.ts';
import { useMe } from '../../../lib/session.ts';
import { SearchCombobox } from '../../../components/ui/combobox.tsx';
import { AccountWallNote } from '../../../components/layout/account-wall.tsx';
import { getSuggestions } from '../api/get-suggestions.ts';

/**
 * The top bar's search: model suggestions as one types (for anyone: the names are public, the
 * results need an account), and the results page on Enter. On the results page it shows the
 * words searched for, and a new search keeps the filters in use. A visitor is told, before they
 * type, that the results need an account, with the ways to log in or register.
 */
export function SiteSearch() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const onResults = location.pathname === paths.search;
  const current = onResults ? (new URLSearchParams(location.search).get('q') ?? '') : '';
  const me = useMe();
  const visitor = !me.isPending && !me.data;

  const onSubmit = (text: string) => {
    const next = onResults ? new URLSearchParams(location.search) : new URLSearchParams();
    next.delete('cursor');
    if (text) next.set('q', text);
    else next.delete('q');
    void navigate(paths.searchResults(next));
  };

  return (
    <SearchCombobox
      label={t('search.field.label')}
      placeholder={t('search.field.placeholder')}
      action={paths.search}
      initialValue={current}
      fetchSuggestions={getSuggestions}
      onSubmit={onSubmit}
      hint={visitor ? <AccountWallNote from={paths.search} /> : undefined}
    />
  );
}
