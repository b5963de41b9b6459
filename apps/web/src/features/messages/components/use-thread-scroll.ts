import { useLayoutEffect, useRef, type RefObject } from 'react';
import type { Message } from '@market/shared';

/** Within this many pixels of the end, the reader is following the conversation as it goes. */
const NEAR_THE_END = 120;

/**
 * Keeps the message list where the reader needs it: at the newest message when the thread opens
 * and when a message arrives while they are at the end (or sent it); where it was when older
 * messages are added above.
 */
export function useThreadScroll(
  scrollerRef: RefObject<HTMLElement | null>,
  messages: readonly Message[],
) {
  const oldest = messages[0]?._id;
  const newest = messages.at(-1);
  const before = useRef<{ oldest?: string; newest?: string; height: number; top: number }>({
    height: 0,
    top: 0,
  });
  const atEnd = useRef(true);

  useLayoutEffect(() => {
    const scroller = scrollerRef.current;
    if (!scroller) return;
    const last = before.current;
    if (last.oldest !== undefined && oldest !== last.oldest && newest?._id === last.newest) {
      // Older messages came in above: the same messages stay in view.
      scroller.scrollTop = last.top + (scroller.scrollHeight - last.height);
    } else if (newest && newest._id !== last.newest && (atEnd.current || newest.mine)) {
      scroller.scrollTop = scroller.scrollHeight;
    }
    before.current = {
      oldest,
      newest: newest?._id,
      height: scroller.scrollHeight,
      top: scroller.scrollTop,
    };
  }, [scrollerRef, oldest, newest]);

  /**
   * Notes where the reader is now: for the list's scroll events, and before older messages are
   * asked for, as a scroll just made (the button brought into view) may not have fired its event
   * when they arrive, and the list would then be kept where the reader was before it.
   */
  return () => {
    const scroller = scrollerRef.current;
    if (!scroller) return;
    atEnd.current =
      scroller.scrollHeight - scroller.scrollTop - scroller.clientHeight < NEAR_THE_END;
    before.current.top = scroller.scrollTop;
    before.current.height = scroller.scrollHeight;
  };
}
