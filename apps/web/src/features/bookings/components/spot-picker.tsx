import { MEETING_SPOT_KIND_LABELS, type MeetingSpot } from '@market/shared';
import { ErrorState } from '../../../components/ui/error-state.tsx';
import { InlineSpinner } from '../../../components/ui/spinner.tsx';
import { useMeetingSpots } from '../api/get-meeting-spots.ts';

/** "about 3 km away" from the listing's area; nothing without a distance. */
function distanceWords(spot: MeetingSpot): string | null {
  return spot.distanceKm === null ? null : `about ${spot.distanceKm} km away`;
}

/**
 * The safe meeting spots a seller can choose when accepting: those near the listing's area
 * (`near`, a place's id), nearest first, or every spot by area when the listing has no place.
 * The last choice is a place of their own, typed in (`''`).
 */
export function SpotPicker({
  near,
  value,
  onChange,
  name,
}: {
  near: string | undefined;
  value: string;
  onChange: (spotId: string) => void;
  name: string;
}) {
  const spots = useMeetingSpots({ page: 1, ...(near ? { near } : {}) });
  return (
    <fieldset className="fieldset min-w-0">
      <legend className="fieldset-legend text-sm">Where to meet</legend>
      {spots.isPending ? (
        <InlineSpinner label="Loading the safe meeting spots" />
      ) : spots.isError ? (
        <ErrorState
          title="Could not load the safe meeting spots"
          error={spots.error}
          onRetry={() => void spots.refetch()}
        />
      ) : spots.data.items.length === 0 ? (
        <p className="text-sm text-base-content/80">
          {near
            ? 'No safe meeting spot is listed near this phone’s area yet.'
            : 'No safe meeting spot is listed yet.'}
        </p>
      ) : (
        <ul className="max-h-64 space-y-1 overflow-y-auto">
          {spots.data.items.map((spot) => (
            <li key={spot.id}>
              <label className="flex cursor-pointer items-start gap-3 rounded-field p-2 hover:bg-base-200">
                <input
                  type="radio"
                  className="radio radio-sm mt-1"
                  name={name}
                  value={spot.id}
                  checked={value === spot.id}
                  onChange={() => onChange(spot.id)}
                />
                <span className="flex min-w-0 flex-col">
                  <span className="font-semibold wrap-anywhere">{spot.name}</span>
                  <span className="text-sm wrap-anywhere">{spot.address}</span>
                  <span className="text-xs text-base-content/80 wrap-anywhere">
                    {[
                      MEETING_SPOT_KIND_LABELS[spot.kind],
                      spot.area,
                      distanceWords(spot),
                      spot.openingHours,
                    ]
                      .filter(Boolean)
                      .join(' · ')}
                  </span>
                </span>
              </label>
            </li>
          ))}
        </ul>
      )}
      <label className="flex cursor-pointer items-center gap-3 rounded-field p-2 hover:bg-base-200">
        <input
          type="radio"
          className="radio radio-sm"
          name={name}
          value=""
          checked={value === ''}
          onChange={() => onChange('')}
        />
        <span className="font-semibold">Another place</span>
      </label>
    </fieldset>
  );
}
