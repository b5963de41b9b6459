import { useParams } from 'react-router';
import { Thread } from '../../../features/messages/components/thread.tsx';
import { MakeOfferButton } from '../../../features/offers/components/make-offer-button.tsx';

/**
 * One conversation's thread, beside the inbox (routes/dashboard/messages.tsx). A buyer may make
 * an offer from it while the listing is available and no offer or request of theirs is open.
 */
export function Component() {
  const { conversationId = '' } = useParams();
  return (
    <Thread
      key={conversationId}
      conversationId={conversationId}
      composerActions={(conversation) =>
        conversation.canOffer && conversation.productId ? (
          <div className="mb-2 flex justify-end">
            <MakeOfferButton
              listing={{ _id: conversation.productId, name: conversation.productName }}
              className="btn btn-sm btn-outline"
            />
          </div>
        ) : null
      }
    />
  );
}
