import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BookingState, MeetingCheckIn as CheckIn } from '@market/shared';
import { api } from '../../../test/api-server.ts';
import { renderPage } from '../../../test/render.tsx';
import { MeetingCheckIn } from './meeting-check-in.tsx';

const MEETING = Date.parse('2030-06-10T12:00:00.000Z');
const MINUTE = 60_000;

const checkIn = (extra: Partial<CheckIn> = {}): CheckIn => ({
  opensAt: new Date(MEETING - 30 * MINUTE).toISOString(),
  closesAt: new Date(MEETING + 60 * MINUTE).toISOString(),
  you: null,
  other: null,
  noShow: null,
  noShowReason: null,
  ...extra,
});

const answer = (state: Partial<BookingState> = {}): BookingState => ({
  _id: 'b1',
  status: 'accepted',
  productStatus: 'reserved',
  proposedAt: null,
  meetingAt: new Date(MEETING).toISOString(),
  meetingPlace: 'Mirpur 10',
  meetingTimeZone: 'Asia/Dhaka',
  meetingSpot: null,
  reason: null,
  closedBy: null,
  updatedAt: new Date(MEETING).toISOString(),
  actions: ['cancel', 'calendar'],
  checkIn: checkIn(),
  ...state,
});

/** The page's clock: only Date is faked, so that timers and the test library run as usual. */
function at(ms: number) {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(ms);
}

beforeEach(() => vi.useRealTimers());
afterEach(() => vi.useRealTimers());

describe('"I\'m here" at a meeting', () => {
  it('shows the window before it opens, and no button', async () => {
    at(MEETING - 31 * MINUTE);
    renderPage(<MeetingCheckIn bookingId="b1" checkIn={checkIn()} viewer="buyer" />);
    expect(await screen.findByText(/^You can press “I'm here” from /)).toBeTruthy();
    expect(screen.queryByRole('button', { name: "I'm here" })).toBeNull();
    expect(screen.queryByText(/has not said they are here/)).toBeNull();
  });

  it('offers the button within the window, and sends it once pressed', async () => {
    at(MEETING + 60 * MINUTE);
    const sent: string[] = [];
    api.use(
      http.post('/api/booking/:id/check-in', ({ params }) => {
        sent.push(String(params.id));
        return HttpResponse.json(answer());
      }),
    );
    renderPage(<MeetingCheckIn bookingId="b1" checkIn={checkIn()} viewer="seller" />);
    expect(await screen.findByText('The buyer has not said they are here yet.')).toBeTruthy();
    await userEvent.click(await screen.findByRole('button', { name: "I'm here" }));
    await waitFor(() => expect(sent).toEqual(['b1']));
  });

  it('says when each side said so, and that the window has passed', async () => {
    at(MEETING + 61 * MINUTE);
    renderPage(
      <MeetingCheckIn
        bookingId="b1"
        checkIn={checkIn({ other: new Date(MEETING - 5 * MINUTE).toISOString() })}
        viewer="buyer"
      />,
    );
    expect(
      await screen.findByText(/could be pressed from .*; you did not press it\.$/),
    ).toBeTruthy();
    expect(screen.getByText(/^The seller is here \(since /)).toBeTruthy();
    expect(screen.queryByRole('button', { name: "I'm here" })).toBeNull();
  });

  it('lets the absent side add a reason, not an empty one', async () => {
    const bodies: unknown[] = [];
    api.use(
      http.put('/api/booking/:id/no-show-reason', async ({ request }) => {
        const body = (await request.json()) as { reason: string };
        bodies.push(body);
        return HttpResponse.json(
          answer({ checkIn: checkIn({ noShow: 'you', noShowReason: body.reason }) }),
        );
      }),
    );
    renderPage(
      <MeetingCheckIn bookingId="b1" checkIn={checkIn({ noShow: 'you' })} viewer="buyer" />,
    );
    expect(
      await screen.findByText('You were recorded as not coming to this meeting.'),
    ).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Add a reason' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Save reason' }));
    expect(await screen.findByText('Say why you could not come')).toBeTruthy();
    expect(bodies).toEqual([]);
    await userEvent.type(screen.getByLabelText('Your reason'), 'The bus broke down');
    await userEvent.click(screen.getByRole('button', { name: 'Save reason' }));
    await waitFor(() => expect(bodies).toEqual([{ reason: 'The bus broke down' }]));
  });

  it("tells the side who came that the other's no-show is recorded, without its reason", async () => {
    renderPage(
      <MeetingCheckIn bookingId="b1" checkIn={checkIn({ noShow: 'other' })} viewer="seller" />,
    );
    expect(
      await screen.findByText('The buyer was recorded as not coming to this meeting.'),
    ).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });
});
