import { render } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Message } from '@market/shared';
import { useThreadScroll } from './use-thread-scroll.ts';

const message = (n: number, mine = false): Message => ({
  _id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  conversationId: '5d0f3a1e-8c2b-4f6a-b9a1-7e2d4c6b8a90',
  senderId: mine ? 'buyer-1' : 'seller-1',
  mine,
  text: `Message ${n}`,
  masked: false,
  scamWarnings: [],
  createdAt: new Date(Date.UTC(2026, 10, 26, 10, n)).toISOString(),
  readAt: null,
  offer: null,
});
const range = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => message(from + i));

/*
 * The layout as a browser would make it (happy-dom lays nothing out): a button of 40 px above
 * the list while there are older messages, and each message 100 px tall.
 */
const MESSAGE_PX = 100;
const BUTTON_PX = 40;
let remember: () => void = () => {};

function Thread({
  messages,
  hasOlder = true,
  drawn = true,
}: {
  messages: Message[];
  hasOlder?: boolean;
  /** False while the page waits for something else (the conversation): the list is not drawn. */
  drawn?: boolean;
}) {
  const { scrollerRef, rememberPlace } = useThreadScroll(messages);
  remember = rememberPlace;
  if (!drawn) return <p>Loading</p>;
  return (
    <div ref={scrollerRef} data-testid="scroller">
      {hasOlder && <button type="button">Load older messages</button>}
      <ol>
        {messages.map((m) => (
          <li key={m._id}>{m.text}</li>
        ))}
      </ol>
    </div>
  );
}

const offsetTop = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'offsetTop');
const scrollHeight = Object.getOwnPropertyDescriptor(Element.prototype, 'scrollHeight');
const above = (element: Element) =>
  element.closest('[data-testid="scroller"]')?.querySelector('button') ? BUTTON_PX : 0;
beforeAll(() => {
  Object.defineProperty(HTMLElement.prototype, 'offsetTop', {
    configurable: true,
    get(this: HTMLElement) {
      const items = this.parentElement ? [...this.parentElement.children] : [];
      return above(this) + items.indexOf(this) * MESSAGE_PX;
    },
  });
  Object.defineProperty(Element.prototype, 'scrollHeight', {
    configurable: true,
    get(this: Element) {
      return above(this) + this.querySelectorAll('li').length * MESSAGE_PX;
    },
  });
});
afterAll(() => {
  if (offsetTop) Object.defineProperty(HTMLElement.prototype, 'offsetTop', offsetTop);
  if (scrollHeight) Object.defineProperty(Element.prototype, 'scrollHeight', scrollHeight);
});

describe('where the message list is kept', () => {
  it('opens at the newest message, and keeps the same messages in view when older ones come in above', () => {
    const newer = range(3, 12);
    const { getByTestId, rerender } = render(<Thread messages={newer} />);
    const scroller = getByTestId('scroller');
    expect(scroller.scrollTop).toBe(BUTTON_PX + 10 * MESSAGE_PX);

    // The reader brings "Load older messages" into view and asks for them before the scroll's
    // event has come: the place is noted when they ask.
    scroller.scrollTop = 30;
    remember();
    rerender(<Thread messages={range(1, 2).concat(newer)} hasOlder={false} />);
    // Two messages came in above and the button went: Message 3 moved 200 - 40 px down.
    expect(scroller.scrollTop).toBe(30 + 2 * MESSAGE_PX - BUTTON_PX);
  });

  it('keeps the place when a message from the other party arrives below with the older ones', () => {
    const newer = range(5, 14);
    const { getByTestId, rerender } = render(<Thread messages={newer} />);
    const scroller = getByTestId('scroller');
    scroller.scrollTop = 0;
    remember();
    rerender(<Thread messages={range(1, 4).concat(newer, message(15))} hasOlder={false} />);
    // Only what came in above moves the list: not the new message below, and not to the end.
    expect(scroller.scrollTop).toBe(4 * MESSAGE_PX - BUTTON_PX);
  });

  it('follows the conversation at the end, and goes to the end for the reader’s own message', () => {
    const first = range(1, 10);
    const { getByTestId, rerender } = render(<Thread messages={first} hasOlder={false} />);
    const scroller = getByTestId('scroller');
    scroller.scrollTop = 10 * MESSAGE_PX - 300;
    Object.defineProperty(scroller, 'clientHeight', { configurable: true, value: 300 });
    remember();
    const second = first.concat(message(11));
    rerender(<Thread messages={second} hasOlder={false} />);
    expect(scroller.scrollTop).toBe(11 * MESSAGE_PX);

    // Reading further up, a message from the other party leaves the list where it is.
    scroller.scrollTop = 200;
    remember();
    const third = second.concat(message(12));
    rerender(<Thread messages={third} hasOlder={false} />);
    expect(scroller.scrollTop).toBe(200);
    // The reader's own message brings the list to the end.
    rerender(<Thread messages={third.concat(message(13, true))} hasOlder={false} />);
    expect(scroller.scrollTop).toBe(13 * MESSAGE_PX);
  });

  it('opens at the newest message when the list is drawn after its messages came, and stays where the reader goes', () => {
    const messages = range(1, 10);
    const { getByTestId, rerender } = render(<Thread messages={messages} drawn={false} />);
    // The conversation came after the messages: the list is drawn now, with the same messages.
    rerender(<Thread messages={messages} />);
    const scroller = getByTestId('scroller');
    expect(scroller.scrollTop).toBe(BUTTON_PX + 10 * MESSAGE_PX);

    // The reader goes up; the messages are then marked read (the same messages, new values).
    scroller.scrollTop = 0;
    remember();
    const read = messages.map((m) => ({ ...m, readAt: '2026-11-26T11:00:00.000Z' }));
    rerender(<Thread messages={read} />);
    expect(scroller.scrollTop).toBe(0);
  });

  it('opens at the newest message again when the list is drawn anew, wherever the reader was', () => {
    const messages = range(1, 10);
    const { getByTestId, rerender } = render(<Thread messages={messages} />);
    const scroller = getByTestId('scroller');
    scroller.scrollTop = 0;
    remember();
    // The page shows its spinner a moment (the thread asked again), then the same messages.
    rerender(<Thread messages={messages} drawn={false} />);
    rerender(<Thread messages={messages} />);
    const drawnAgain = getByTestId('scroller');
    expect(drawnAgain).not.toBe(scroller);
    expect(drawnAgain.scrollTop).toBe(BUTTON_PX + 10 * MESSAGE_PX);
  });
});
