import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../config/paths.ts';
import { ActionDialog } from '../../../components/ui/action-dialog.tsx';
import { conversationKeys } from '../api/keys.ts';
import { useStartConversation } from '../api/start-conversation.ts';
import { MessageComposer } from './message-composer.tsx';

export interface AskedListing {
  _id: string;
  name: string;
}

/**
 * A buyer's question to the seller of a listing, in a modal dialog. Once sent, the buyer is in
 * the conversation's thread, where the answer arrives.
 */
export default function AskSellerDialog({
  listing,
  onClose,
}: {
  listing: AskedListing;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const start = useStartConversation();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const boxRef = useRef<HTMLTextAreaElement>(null);
  // The dialog, a child, has opened by now (a child's effects run first): the keyboard goes to the box.
  useEffect(() => boxRef.current?.focus(), []);

  const send = async (text: string) => {
    const started = await start.mutateAsync({ productId: listing._id, text });
    queryClient.setQueryData(
      conversationKeys.detail(started.conversation._id),
      started.conversation,
    );
    await navigate(paths.dashboard.conversation(started.conversation._id));
  };

  return (
    <ActionDialog title={t('messages.ask.title', { product: listing.name })} onClose={onClose}>
      {() => (
        <div className="mt-3 space-y-3">
          <p className="text-sm text-base-content/80">{t('messages.ask.note')}</p>
          <MessageComposer
            draftKey={`listing:${listing._id}`}
            label={t('messages.ask.label')}
            submitLabel={t('messages.send')}
            rows={4}
            textareaRef={boxRef}
            onSend={send}
          />
        </div>
      )}
    </ActionDialog>
  );
}
