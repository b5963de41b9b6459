import { useParams } from 'react-router';
import { Thread } from '../../../features/messages/components/thread.tsx';

/** One conversation's thread, beside the inbox (routes/dashboard/messages.tsx). */
export function Component() {
  const { conversationId = '' } = useParams();
  return <Thread key={conversationId} conversationId={conversationId} />;
}
