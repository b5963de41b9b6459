import { render } from '@testing-library/react';
import { useRef } from 'react';
import { describe, expect, it } from 'vitest';
import type { Message } from '@market/shared';
import { useThreadScroll } from './use-thread-scroll.ts';

const message = (n: number): Message => ({
  _id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  conversationId: '5d0f3a1e-8c2b-4f6a-b9a1-7e2d4c6b8a90',
  senderId: 'seller-1',
  mine: false,
  text: `Message ${n}`,
  masked: false,
  scamWarnings: [],
  createdAt: new Date(Date.UTC(2026, 10, 26, 10, n)).toISOString(),
  readAt: null,
  offer: null,
});

/** The list's height as the browser would lay it out: happy-dom lays nothing out. */
let contentHeight = 0;
let remember: () => void = () => {};

function Thread({ messages }: { messages: Message[] }) {
  const ref = useRef<HTMLDivElement>(null);
  remember = useThreadScroll(ref, messages);
  return (
    <div
      ref={(element) => {
        ref.current = element;
        if (element && !Object.hasOwn(element, 'scrollHeight')) {
          Object.defineProperty(element, 'scrollHeight', { get: () => contentHeight });
        }
      }}
      data-testid="scroller"
    />
  );
}

describe('where the message list is kept', () => {
  it('opens at the newest message, and keeps the same messages in view when older ones come in above', () => {
    const newer = [3, 4, 5].map(message);
    contentHeight = 1_000;
    const { getByTestId, rerender } = render(<Thread messages={newer} />);
    const scroller = getByTestId('scroller');
    expect(scroller.scrollTop).toBe(1_000);

    // The reader brings "Load older messages" into view and asks for them before the scroll's
    // event has come: the place is noted when they ask.
    scroller.scrollTop = 40;
    remember();
    contentHeight = 1_600;
    rerender(<Thread messages={[1, 2].map(message).concat(newer)} />);
    // The 600 px added above push the list down by as much: what was 40 px down still is.
    expect(scroller.scrollTop).toBe(640);
  });
});
