import { NavLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../i18n/locale.tsx';
import { paths } from '../../../config/paths.ts';
import { LineIcon } from '../../../components/ui/line-icon.tsx';

const ENVELOPE = 'M3 6h18v12H3zM3 7l9 6 9-6';

/** The top bar's way to the inbox, with how many messages are unread. */
export function MessagesLink({ unread }: { unread: number | undefined }) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <NavLink
      to={paths.dashboard.messages}
      className="btn btn-ghost btn-square relative"
      aria-label={
        unread && unread > 0
          ? t('messages.linkUnread', { n: format.number(unread) })
          : t('messages.link')
      }
    >
      <LineIcon d={ENVELOPE} size={22} />
      {unread !== undefined && unread > 0 && (
        <span
          className="badge badge-primary badge-xs absolute -top-0.5 -right-0.5 min-w-5 px-1"
          aria-hidden="true"
        >
          {unread > 99 ? `${format.number(99)}+` : format.number(unread)}
        </span>
      )}
    </NavLink>
  );
}
