import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { SCAM_ADVICE, type Message } from '@market/shared';
import { api } from '../../../test/api-server.ts';
import { renderPage } from '../../../test/render.tsx';
import { MessageItem } from './message-item.tsx';

const message: Message = {
  _id: '0b7a1c52-5f1e-4a57-9d7f-2c4c8f0d1e11',
  conversationId: '5d0f3a1e-8c2b-4f6a-b9a1-7e2d4c6b8a90',
  senderId: 'seller-1',
  mine: false,
  text: 'Please pay a deposit of 2000 tk first',
  masked: false,
  scamWarnings: ['payment_first', 'shipping_only'],
  createdAt: '2026-11-26T10:00:00.000Z',
  readAt: null,
  offer: null,
};

function renderItem(item: Message) {
  return renderPage(
    <ol>
      <MessageItem message={item} authorName="Rahim" seen={false} />
    </ol>,
  );
}

describe('a message the scam shield flagged', () => {
  it("shows its reader a calm warning with the first rule's advice and a Report button", async () => {
    renderItem(message);
    const warning = await screen.findByRole('note', {
      name: 'This message looks like a common scam',
    });
    expect(warning.textContent).toContain(SCAM_ADVICE.payment_first);
    expect(warning.textContent).not.toContain(SCAM_ADVICE.shipping_only);
    expect(within(warning).getByRole('button', { name: 'Report' })).toBeTruthy();
    // The message itself is shown as written.
    expect(screen.getByText('Please pay a deposit of 2000 tk first')).toBeTruthy();
  });

  it('shows no warning for a clean message', async () => {
    renderItem({ ...message, scamWarnings: [] });
    await screen.findByText('Please pay a deposit of 2000 tk first');
    expect(screen.queryByRole('note')).toBeNull();
  });

  it('reports the message as a scam to the moderators, with the note', async () => {
    const sent: unknown[] = [];
    api.use(
      http.post('/api/reports', async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        sent.push(body);
        return HttpResponse.json(
          {
            _id: '9c1d2e3f-4a5b-4c6d-8e7f-0a1b2c3d4e5f',
            targetType: 'message',
            targetId: body.targetId,
            reason: 'scam',
            note: body.note ?? null,
            status: 'open',
            outcome: null,
            createdAt: '2026-11-26T10:01:00.000Z',
          },
          { status: 201 },
        );
      }),
    );
    const user = userEvent.setup();
    renderItem(message);
    const warning = await screen.findByRole('note', {
      name: 'This message looks like a common scam',
    });
    await waitFor(() =>
      expect(within(warning).getByRole('button', { name: 'Report' }).hasAttribute('disabled')).toBe(
        false,
      ),
    );
    await user.click(within(warning).getByRole('button', { name: 'Report' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report this message as a scam' });
    await user.type(within(dialog).getByLabelText('Anything else (optional)'), 'Asked twice');
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    await waitFor(() => expect(within(warning).getByText('Reported')).toBeTruthy());
    expect(sent).toEqual([
      { targetType: 'message', targetId: message._id, reason: 'scam', note: 'Asked twice' },
    ]);
    expect(within(warning).queryByRole('button', { name: 'Report' })).toBeNull();
  });
});
