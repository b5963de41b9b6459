import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Message } from '@market/shared';

/**
 * What the thread's live region says: the other party's newest message, once it arrives while
 * the thread is open (not the ones there when it opened, nor older ones loaded later).
 */
export function useArrivalAnnouncement(
  messages: readonly Message[],
  loaded: boolean,
  authorName: string,
): string {
  const { t } = useTranslation();
  const newest = messages.at(-1);
  const [seenNewest, setSeenNewest] = useState<string | null | undefined>(undefined);
  const [announcement, setAnnouncement] = useState('');
  if (!loaded) return announcement;
  const newestId = newest?._id ?? null;
  if (seenNewest !== newestId) {
    setSeenNewest(newestId);
    // The first time round is the thread as it opened.
    if (seenNewest !== undefined && newest && !newest.mine) {
      setAnnouncement(t('messages.newFrom', { name: authorName, text: newest.text }));
    }
  }
  return announcement;
}
