import { useId } from 'react';
import { monthYearText, type PhoneHistoryEntry } from '@market/shared';
import { describeError } from '../../../lib/errors.ts';
import { usePhoneHistory } from '../api/get-phone-history.ts';

function EntryLine({ entry }: { entry: PhoneHistoryEntry }) {
  const sold = entry.sold
    ? entry.soldHere
      ? `sold here in ${monthYearText(entry.sold)}`
      : `marked sold in ${monthYearText(entry.sold)}`
    : 'not sold here';
  const battery = [
    entry.batteryHealth !== null ? `battery ${entry.batteryHealth}% as stated` : null,
    entry.batteryAtHandover !== null ? `${entry.batteryAtHandover}% read at hand-over` : null,
  ].filter(Boolean);
  return (
    <li className="flex flex-col gap-1 border-b border-base-300 py-3 last:border-b-0">
      <p className="font-medium">
        Listed in {monthYearText(entry.listed)}, {sold}
      </p>
      <p className="text-sm">
        Condition: <span className="capitalize">{entry.condition}</span>
        {battery.length > 0 && ` · ${battery.join(', ')}`}
      </p>
      <p className="flex flex-wrap gap-2">
        {entry.checkedAtHandover && (
          <span className="badge badge-success badge-outline badge-sm">Checked at hand-over</span>
        )}
        {entry.held && (
          <span className="badge badge-warning badge-outline badge-sm">Held by moderators</span>
        )}
      </p>
    </li>
  );
}

/**
 * "This phone's history here": what the marketplace knows of the phone from its earlier
 * listings, by its IMEI (never shown). A listing without an IMEI has no section.
 */
export function PhoneHistorySection({
  productId,
  imeiGiven,
}: {
  productId: string;
  imeiGiven: boolean;
}) {
  const history = usePhoneHistory(productId, imeiGiven);
  const headingId = useId();
  if (!imeiGiven) return null;
  return (
    <section aria-labelledby={headingId} className="mb-8 rounded-box bg-base-200 p-4">
      <h2 id={headingId} className="mb-1 text-lg font-semibold">
        This phone’s history here
      </h2>
      <p className="mb-2 text-sm text-base-content/80">
        Earlier listings of the same phone on Phone Market, found by its IMEI. Nobody’s name or
        place is shown.
      </p>
      {history.isPending ? (
        <span className="loading loading-spinner loading-sm" aria-label="Loading the history" />
      ) : history.isError ? (
        <div role="alert" className="flex flex-wrap items-center gap-2 text-sm">
          <span>{describeError(history.error)}</span>
          <button type="button" className="btn btn-sm" onClick={() => void history.refetch()}>
            Try again
          </button>
        </div>
      ) : history.data.entries.length === 0 ? (
        <p>No earlier listings of this phone here.</p>
      ) : (
        <ol>
          {history.data.entries.map((entry, i) => (
            <EntryLine key={i} entry={entry} />
          ))}
        </ol>
      )}
    </section>
  );
}
