import { useTranslation } from 'react-i18next';

/** Search is not ready yet on a server that has just started: a calm note, asked again soon. */
export function SearchStarting() {
  const { t } = useTranslation();
  return (
    <div role="status" className="alert alert-info alert-soft my-6 flex items-start gap-3">
      <span className="loading loading-spinner loading-sm mt-0.5" aria-hidden="true" />
      <div>
        <p className="font-semibold">{t('search.starting.title')}</p>
        <p className="text-sm">{t('search.starting.text')}</p>
      </div>
    </div>
  );
}
