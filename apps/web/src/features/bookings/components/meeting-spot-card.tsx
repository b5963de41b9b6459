import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { MeetingSpot } from '@market/shared';

/** A map of the spot, on OpenStreetMap: a spot is a public place. */
export function spotMapUrl(spot: Pick<MeetingSpot, 'lat' | 'lon'>): string {
  return `https://www.openstreetmap.org/?mlat=${spot.lat}&mlon=${spot.lon}#map=17/${spot.lat}/${spot.lon}`;
}

/** One safe meeting spot: its name, kind, address, opening hours and a map; `actions` for admins. */
export function MeetingSpotCard({ spot, actions }: { spot: MeetingSpot; actions?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <li className="flex flex-wrap items-start justify-between gap-3 rounded-box border border-base-300 bg-base-100 p-4">
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <h3 className="font-semibold wrap-anywhere">{spot.name}</h3>
        <p>
          <span className="badge badge-success badge-outline badge-sm">
            {t(`requests.spotKind.${spot.kind}`)}
          </span>
        </p>
        <p className="text-sm wrap-anywhere">{spot.address}</p>
        <p className="text-sm text-base-content/80 wrap-anywhere">{spot.openingHours}</p>
        <a
          className="link link-primary text-sm"
          href={spotMapUrl(spot)}
          target="_blank"
          rel="noreferrer noopener"
        >
          {t('requests.spots.map')}
        </a>
      </div>
      {actions}
    </li>
  );
}

/** Spots grouped under their area, in the order given (the list comes ordered by area). */
export function SpotsByArea({
  spots,
  actions,
}: {
  spots: MeetingSpot[];
  actions?: (spot: MeetingSpot) => ReactNode;
}) {
  const areas: { area: string; spots: MeetingSpot[] }[] = [];
  for (const spot of spots) {
    const last = areas.at(-1);
    if (last?.area === spot.area) last.spots.push(spot);
    else areas.push({ area: spot.area, spots: [spot] });
  }
  return (
    <div className="flex flex-col gap-6">
      {areas.map((group) => (
        <section key={group.area} aria-label={group.area}>
          <h2 className="mb-2 text-xl font-semibold wrap-anywhere">{group.area}</h2>
          <ul className="grid gap-3 md:grid-cols-2">
            {group.spots.map((spot) => (
              <MeetingSpotCard key={spot.id} spot={spot} actions={actions?.(spot)} />
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
