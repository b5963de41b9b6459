import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Conversation } from '@market/shared';
import { confirmAction } from '../../../lib/confirm.ts';
import { notifyError } from '../../../lib/errors.ts';
import { LineIcon } from '../../../components/ui/line-icon.tsx';
import { Popover } from '../../../components/ui/popover.tsx';
import { useSetConversationBlocked } from '../api/block-conversation.ts';
import { ReportDialog } from './report-dialog.tsx';

/** A choice that reports someone: in the colour of a warning. */
const WARNING_ITEM = 'text-error';
const MENU_ITEM =
  'btn btn-ghost btn-sm min-h-11 w-full min-w-0 flex-nowrap justify-start font-normal';

/** Block or unblock the other party, and report the conversation. */
export function ThreadMenu({
  conversation,
  otherName,
}: {
  conversation: Conversation;
  otherName: string;
}) {
  const { t } = useTranslation();
  const blocking = useSetConversationBlocked();
  const [reporting, setReporting] = useState(false);
  const conversationId = conversation._id;

  const block = async () => {
    const confirmed = await confirmAction({
      title: t('messages.menu.blockTitle', { name: otherName }),
      lines: [t('messages.menu.blockLine')],
      confirmButton: t('messages.menu.blockButton'),
    });
    if (!confirmed) return;
    try {
      // The thread says so where the box to write in was (a toast would cover this menu).
      await blocking.mutateAsync({ conversationId, block: true });
    } catch (err) {
      notifyError('Blocking a conversation', err);
    }
  };
  const unblock = async () => {
    try {
      await blocking.mutateAsync({ conversationId, block: false });
    } catch (err) {
      notifyError('Unblocking a conversation', err);
    }
  };

  return (
    <>
      <Popover
        label={t('messages.menu.label')}
        button={<LineIcon d="M12 5h.01M12 12h.01M12 19h.01" size={22} strokeWidth={3} />}
        buttonClassName="btn btn-ghost btn-square"
        panelClassName="absolute right-0 top-full z-20 mt-1 w-56 rounded-box border border-base-300 bg-base-100 p-1 shadow-lg"
      >
        {(close) => {
          const item = (label: string, action: () => void, className = '') => (
            <li>
              <button
                type="button"
                className={`${MENU_ITEM} ${className}`}
                disabled={blocking.isPending}
                onClick={() => {
                  close();
                  action();
                }}
              >
                <span className="truncate">{label}</span>
              </button>
            </li>
          );
          return (
            <ul className="flex flex-col">
              {conversation.blockedByMe
                ? item(t('messages.menu.unblock', { name: otherName }), () => void unblock())
                : !conversation.blocked &&
                  item(t('messages.menu.block', { name: otherName }), () => void block())}
              {item(t('messages.menu.report'), () => setReporting(true), WARNING_ITEM)}
            </ul>
          );
        }}
      </Popover>
      {reporting && (
        <ReportDialog
          conversationId={conversationId}
          otherName={otherName}
          onClose={() => setReporting(false)}
        />
      )}
    </>
  );
}
