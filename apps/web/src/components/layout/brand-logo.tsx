import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../../config/paths.ts';

/**
 * The brand: a small inline phone mark and the name, linking home. `compact` leaves the name to
 * screen readers on a phone, where the top bar needs the room.
 */
export function BrandLogo({
  className = '',
  compact = false,
}: {
  className?: string;
  compact?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Link
      to={paths.home}
      className={`flex min-h-11 min-w-11 items-center gap-2 text-xl font-bold text-primary ${className}`}
    >
      <svg width="28" height="28" viewBox="0 0 24 24" aria-hidden="true" fill="none">
        <rect x="6" y="2" width="12" height="20" rx="2.5" stroke="currentColor" strokeWidth="2" />
        <circle cx="12" cy="18" r="1.2" fill="currentColor" />
      </svg>
      <span className={compact ? 'max-sm:sr-only' : ''}>{t('site.name')}</span>
    </Link>
  );
}
