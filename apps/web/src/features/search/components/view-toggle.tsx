import { useTranslation } from 'react-i18next';
import { useEffect, useState } from 'react';

export type ResultsView = 'list' | 'cards';

const STORAGE_KEY = 'results-view';
const VIEWS: readonly ResultsView[] = ['list', 'cards'];

/**
 * How results show on a phone: the compact list or the cards, remembered on this device. Wide screens always show the cards. Read after the first paint, so that the page the
 * server drew and the browser's first render agree.
 */
export function useResultsView(
  /** What a page shows until a choice is made (search results: the list; categories: cards). */
  defaultView: ResultsView = 'list',
): [ResultsView, (view: ResultsView) => void] {
  const [view, setView] = useState<ResultsView>(defaultView);
  useEffect(() => {
    try {
      const stored = localStorage.getItem(STORAGE_KEY);
      if (stored === 'cards' || stored === 'list') setView(stored);
    } catch {
      // Storage may be off (private modes); the default stays.
    }
  }, []);
  const choose = (next: ResultsView) => {
    setView(next);
    try {
      localStorage.setItem(STORAGE_KEY, next);
    } catch {
      // Not remembered, but shown.
    }
  };
  return [view, choose];
}

/** The phone's switch between the compact list and the cards. */
export function ViewToggle({
  view,
  onChange,
}: {
  view: ResultsView;
  onChange: (view: ResultsView) => void;
}) {
  const { t } = useTranslation();
  const option = (value: ResultsView, label: string) => (
    <button
      key={value}
      type="button"
      aria-pressed={view === value}
      className={`join-item btn btn-sm min-h-11 ${view === value ? 'btn-active btn-neutral' : ''}`}
      onClick={() => onChange(value)}
    >
      {label}
    </button>
  );
  return (
    <div role="group" aria-label={t('search.view.label')} className="join md:hidden">
      {VIEWS.map((value) => option(value, t(`search.view.${value}`)))}
    </div>
  );
}
