import { Link } from 'react-router';
import { Trans, useTranslation } from 'react-i18next';
import { paths } from '../../../config/paths.ts';

/** What to do at an in-person hand-over, said where the meeting is shown. */
export function SafetyAdvice() {
  const { t } = useTranslation();
  return (
    <aside
      aria-label={t('requests.safety.title')}
      className="rounded-box border border-base-300 bg-base-200 p-4 text-sm"
    >
      <h2 className="font-semibold">{t('requests.safety.title')}</h2>
      <ul className="mt-1 list-disc space-y-1 pl-5">
        <li>
          <Trans
            i18nKey="requests.safety.place"
            components={{ spots: <Link to={paths.meetingSpots} className="link" /> }}
          />
        </li>
        <li>{t('requests.safety.check')}</li>
        <li>{t('requests.safety.code')}</li>
      </ul>
    </aside>
  );
}
