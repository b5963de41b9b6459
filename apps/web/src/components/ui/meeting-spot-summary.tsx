import { useTranslation } from 'react-i18next';
import type { MeetingSpot } from '@market/shared';

/** A safe meeting spot's kind, opening hours and area, under its name wherever a deal shows it. */
export function MeetingSpotSummary({
  spot,
}: {
  spot: Pick<MeetingSpot, 'kind' | 'openingHours' | 'area'>;
}) {
  const { t } = useTranslation();
  return (
    <span className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-base-content/80">
      <span className="badge badge-success badge-outline badge-sm h-auto min-h-5 py-0.5 text-left whitespace-normal">
        {t('requests.safeSpot', { kind: t(`requests.spotKind.${spot.kind}`) })}
      </span>
      <span className="wrap-anywhere">{spot.area}</span>
      <span className="wrap-anywhere">{spot.openingHours}</span>
    </span>
  );
}
