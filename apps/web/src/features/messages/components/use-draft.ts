import { useCallback, useState } from 'react';

const PREFIX = 'message-draft:';

function read(key: string): string {
  try {
    return sessionStorage.getItem(PREFIX + key) ?? '';
  } catch {
    // Storage can be turned off; the draft then lives only as long as the page.
    return '';
  }
}

function write(key: string, text: string): void {
  try {
    if (text) sessionStorage.setItem(PREFIX + key, text);
    else sessionStorage.removeItem(PREFIX + key);
  } catch {
    // As above: without storage, nothing is kept.
  }
}

/**
 * A message being written, kept in this tab's session storage under `key` (one a conversation),
 * so that leaving the thread, a reload or a failed send loses none of it.
 */
export function useDraft(key: string): [string, (text: string) => void] {
  const [draft, setDraft] = useState(() => read(key));
  const [draftKey, setDraftKey] = useState(key);
  if (draftKey !== key) {
    // Another conversation: its own draft.
    setDraftKey(key);
    setDraft(read(key));
  }
  const update = useCallback(
    (text: string) => {
      setDraft(text);
      write(key, text);
    },
    [key],
  );
  return [draft, update];
}
