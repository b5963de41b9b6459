import { NavLink } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { LineIcon } from '../../../components/ui/line-icon.tsx';

const ENVELOPE = 'M3 6h18v12H3zM3 7l9 6 9-6';

/** The top bar's way to the inbox, with how many messages are unread. */
export function MessagesLink({ unread }: { unread: number | undefined }) {
  return (
    <NavLink
      to={paths.dashboard.messages}
      className="btn btn-ghost btn-square relative"
      aria-label={unread && unread > 0 ? `Messages, ${unread} unread` : 'Messages'}
    >
      <LineIcon d={ENVELOPE} size={22} />
      {unread !== undefined && unread > 0 && (
        <span
          className="badge badge-primary badge-xs absolute -top-0.5 -right-0.5 min-w-5 px-1"
          aria-hidden="true"
        >
          {unread > 99 ? '99+' : unread}
        </span>
      )}
    </NavLink>
  );
}
