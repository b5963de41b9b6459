import { describe, expect, it } from 'vitest';
import type { Notification } from '@market/shared';
import { listWithNotification } from './live-updates.ts';

const notification = (id: string): Notification => ({
  _id: id,
  kind: 'booking_requested',
  title: `Title ${id}`,
  body: '',
  link: '/dashboard/my-buyers',
  createdAt: '2026-11-24T09:00:00.000Z',
  readAt: null,
});

describe('a new notification in the cached list', () => {
  it('goes on top, once', () => {
    const list = {
      pages: [{ items: [notification('n1')], total: 1 }],
      pageParams: [undefined],
    };
    const after = listWithNotification(list, notification('n2'));
    expect(after.pages[0]?.items.map((n) => n._id)).toEqual(['n2', 'n1']);
    expect(after.pages[0]?.total).toBe(2);
    expect(listWithNotification(after, notification('n2'))).toBe(after);
  });
});
