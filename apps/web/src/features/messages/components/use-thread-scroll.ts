import { useCallback, useLayoutEffect, useRef, useState } from 'react';
import type { Message } from '@market/shared';

/** Within this many pixels of the end, the reader is following the conversation as it goes. */
const NEAR_THE_END = 120;

/** Where the reader was: the list's scroll and the oldest message's element and its place in it. */
interface Place {
  /** The list's element the place was noted in: a list drawn again starts at its newest message. */
  scroller?: HTMLElement;
  oldest?: string;
  newest?: string;
  top: number;
  anchor: HTMLElement | null;
  anchorAt: number;
}

/** The element of the oldest message shown: the first item of the list. */
function oldestElement(scroller: HTMLElement): HTMLElement | null {
  return scroller.querySelector<HTMLElement>('ol > li');
}

/** Notes the list's scroll and where its oldest message is in it. */
function notePlace(place: Place, scroller: HTMLElement): void {
  place.top = scroller.scrollTop;
  place.anchor = oldestElement(scroller);
  place.anchorAt = place.anchor?.offsetTop ?? 0;
}

/**
 * Keeps the message list where the reader needs it: at the newest message when the list is drawn
 * (the thread opens, its conversation comes after its messages, or it is drawn again) and when a message arrives
 * while they are at the end (or sent it); where it was when older messages are added above,
 * whatever else changed with them (a message arriving below, a mark of read), by how far the
 * message that was the oldest moved.
 *
 * Gives the ref for the list's scrolling element, and the function that notes where the reader
 * is: for the list's scroll events, and before older messages are asked for, as a scroll just
 * made (the button brought into view) may not have fired its event when they arrive, and the
 * list would then be kept where the reader was before it.
 */
export function useThreadScroll(messages: readonly Message[]) {
  // The element itself, not a ref object: drawing the list is a change this hook must see, as
  // the messages may have come before it (the page waiting for the conversation).
  const [scroller, setScroller] = useState<HTMLElement | null>(null);
  const oldest = messages[0]?._id;
  const newest = messages.at(-1);
  const before = useRef<Place>({ top: 0, anchor: null, anchorAt: 0 });
  const atEnd = useRef(true);

  useLayoutEffect(() => {
    if (!scroller) return;
    let last = before.current;
    if (last.scroller !== scroller) {
      // Drawn anew (at first, or after the page showed its spinner or an error): it opens at the
      // newest message, whatever place was noted in the list drawn before.
      last = before.current = { scroller, top: 0, anchor: null, anchorAt: 0 };
      atEnd.current = true;
    }
    if (last.oldest !== undefined && oldest !== last.oldest && last.anchor?.isConnected) {
      // Older messages came in above: the messages the reader saw stay where they were.
      scroller.scrollTop = last.top + (last.anchor.offsetTop - last.anchorAt);
    }
    if (newest && newest._id !== last.newest && (atEnd.current || newest.mine)) {
      scroller.scrollTop = scroller.scrollHeight;
    }
    last.oldest = oldest;
    last.newest = newest?._id;
    notePlace(last, scroller);
  }, [scroller, oldest, newest]);

  const rememberPlace = useCallback(() => {
    if (!scroller) return;
    atEnd.current =
      scroller.scrollHeight - scroller.scrollTop - scroller.clientHeight < NEAR_THE_END;
    notePlace(before.current, scroller);
  }, [scroller]);

  return { scrollerRef: setScroller, rememberPlace };
}
