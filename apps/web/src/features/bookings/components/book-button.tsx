import { LineIcon } from '../../../components/ui/line-icon.tsx';
import { useHydrated } from '../../../lib/use-hydrated.ts';

/**
 * A card's booking action: 'Booked Now' opens the booking (or, for someone signed out, leads
 * to log in); a product the buyer has already booked shows 'Booked', which cannot be pressed.
 * It waits for the app's script and, for a buyer, for their marks (`ready`), so an early tap is
 * never lost and a booked product is never offered again.
 */
export function BookButton({
  booked,
  ready,
  onBook,
}: {
  booked: boolean;
  ready: boolean;
  onBook: () => void;
}) {
  const hydrated = useHydrated();
  if (booked) {
    return (
      // Said plainly, not in the faint grey of an unavailable button: it is a fact, not a wait.
      <button
        type="button"
        className="btn btn-block disabled:bg-success/15 disabled:text-base-content"
        disabled
      >
        <LineIcon d="M5 12.5l4.5 4.5L19 7.5" size={18} strokeWidth={2.5} />
        Booked
      </button>
    );
  }
  return (
    <button
      type="button"
      className="btn btn-primary btn-block"
      disabled={!hydrated || !ready}
      onClick={onBook}
    >
      Booked Now
    </button>
  );
}
