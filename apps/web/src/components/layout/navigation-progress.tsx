import { useNavigation } from 'react-router';
import { useTranslation } from 'react-i18next';

/**
 * A thin bar across the top of the window while the next page (its code or its data) is on its
 * way, so that a click on a slow network visibly did something. It floats above the page, which
 * therefore never moves, and appears only after a moment, so that fast changes do not flicker.
 */
export function NavigationProgress() {
  const { t } = useTranslation();
  const navigation = useNavigation();
  if (navigation.state === 'idle') return null;
  return (
    <div
      role="progressbar"
      aria-label={t('session.loadingPage')}
      className="fixed inset-x-0 top-0 z-50 h-1 animate-progress-appear overflow-hidden bg-primary/20"
    >
      <div className="h-full w-1/3 animate-progress-sweep bg-primary" />
    </div>
  );
}
