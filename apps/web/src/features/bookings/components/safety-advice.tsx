import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';

/** What to do at an in-person hand-over, said where the meeting is shown. */
export function SafetyAdvice() {
  return (
    <aside
      aria-label="Meeting safely"
      className="rounded-box border border-base-300 bg-base-200 p-4 text-sm"
    >
      <h2 className="font-semibold">Meeting safely</h2>
      <ul className="mt-1 list-disc space-y-1 pl-5">
        <li>
          Meet in a busy public place, in daylight if you can: one of the{' '}
          <Link to={paths.meetingSpots} className="link">
            safe meeting spots
          </Link>
          , for one. Tell someone you trust where you go (“Share meeting plan”).
        </li>
        <li>
          Check the phone before paying: that it turns on, is not locked to an account, and that its
          IMEI (dial *#06#) matches the box and is not reported stolen.
        </li>
        <li>Give the seller your hand-over code only when you are satisfied and have paid.</li>
      </ul>
    </aside>
  );
}
