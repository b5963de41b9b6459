import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import {
  SCAM_ADVICE,
  SCAM_WARNING_TITLE,
  type Message,
  type Offer,
  type OfferEvent,
} from '@market/shared';
import { api } from '../../../test/api-server.ts';
import { renderPage } from '../../../test/render.tsx';
import { OfferEventCard } from './offer-event-card.tsx';

const NOW = new Date().toISOString();

const offer = (extra: Partial<Offer> = {}): Offer => ({
  _id: 'o1',
  productId: 'p1',
  productName: 'Pixel 7',
  listedPrice: 500,
  price: 430,
  offeredPrice: 430,
  note: '',
  status: 'open',
  awaiting: 'seller',
  source: 'buyer',
  side: 'seller',
  round: 1,
  actions: ['accept', 'decline', 'counter'],
  closedBy: null,
  bookingId: null,
  conversationId: 'c1',
  farBelowMedian: false,
  createdAt: NOW,
  updatedAt: NOW,
  expiresAt: new Date(Date.now() + 48 * 3_600_000).toISOString(),
  ...extra,
});

const message = (event: OfferEvent, mine: boolean, text = ''): Message => ({
  _id: `m-${event.step}`,
  conversationId: 'c1',
  senderId: mine ? 'me' : 'them',
  mine,
  scamWarnings: [],
  text,
  masked: false,
  createdAt: NOW,
  readAt: null,
  offer: event,
});

function renderCard(event: OfferEvent, mine: boolean, text = '') {
  renderPage(
    <ol>
      <OfferEventCard message={message(event, mine, text)} event={event} authorName="Amina" />
    </ol>,
  );
}

describe('an offer event card', () => {
  it("gives the seller the current offer's answers, and counters with a price", async () => {
    const countered: unknown[] = [];
    api.use(
      http.get('/api/offers/o1', () => HttpResponse.json(offer())),
      http.post('/api/offers/o1/counter', async ({ request }) => {
        countered.push(await request.json());
        return HttpResponse.json(offer({ price: 470, awaiting: 'buyer', actions: [] }));
      }),
    );
    renderCard({ offerId: 'o1', step: 'offered', price: 430 }, false, 'Cash today');
    expect(await screen.findByRole('heading', { name: 'Amina offered $430' })).toBeTruthy();
    expect(screen.getByText('Cash today')).toBeTruthy();
    await screen.findByRole('button', { name: 'Accept $430' });
    await userEvent.click(screen.getByRole('button', { name: 'Counter' }));
    await userEvent.type(screen.getByLabelText(/^Your price/), '470');
    await userEvent.click(screen.getByRole('button', { name: 'Send counter-offer' }));
    await waitFor(() => expect(countered).toEqual([{ price: 470, note: '' }]));
  });

  it('warns the reader of a note that looks like a scam, with the advice and a Report button', async () => {
    api.use(http.get('/api/offers/o1', () => HttpResponse.json(offer())));
    const event: OfferEvent = { offerId: 'o1', step: 'offered', price: 430 };
    renderPage(
      <ol>
        <OfferEventCard
          message={{
            ...message(event, false, 'Pay a deposit first'),
            scamWarnings: ['payment_first'],
          }}
          event={event}
          authorName="Amina"
        />
      </ol>,
    );
    expect(await screen.findByText(SCAM_WARNING_TITLE)).toBeTruthy();
    expect(screen.getByText(SCAM_ADVICE.payment_first)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Report' })).toBeTruthy();
  });

  it('shows no answers on a step that is no longer current', async () => {
    api.use(
      http.get('/api/offers/o1', () =>
        HttpResponse.json(offer({ price: 470, awaiting: 'buyer', actions: [] })),
      ),
    );
    renderCard({ offerId: 'o1', step: 'offered', price: 430 }, false);
    await screen.findByRole('heading', { name: 'Amina offered $430' });
    await waitFor(() => expect(screen.queryByRole('button')).toBeNull());
  });

  it("never tells the buyer of the seller's floor", async () => {
    api.use(
      http.get('/api/offers/o1', () =>
        HttpResponse.json(
          offer({
            side: 'buyer',
            status: 'declined',
            awaiting: null,
            actions: [],
            closedBy: 'system',
          }),
        ),
      ),
    );
    renderCard({ offerId: 'o1', step: 'auto_declined', price: 100 }, false);
    expect(await screen.findByRole('heading', { name: 'Offer of $100 declined' })).toBeTruthy();
    await waitFor(() => expect(screen.queryByText(/floor/)).toBeNull());
  });

  it('tells the seller their floor declined it', async () => {
    api.use(
      http.get('/api/offers/o1', () =>
        HttpResponse.json(
          offer({ status: 'declined', awaiting: null, actions: [], closedBy: 'system' }),
        ),
      ),
    );
    renderCard({ offerId: 'o1', step: 'auto_declined', price: 100 }, true);
    expect(
      await screen.findByRole('heading', { name: 'Offer of $100 declined by your floor' }),
    ).toBeTruthy();
  });

  it('says why an offer closed when the phone was reserved for a buyer, with nothing to answer', async () => {
    api.use(
      http.get('/api/offers/o1', () =>
        HttpResponse.json(
          offer({ status: 'declined', awaiting: null, actions: [], closedBy: 'system' }),
        ),
      ),
    );
    renderCard({ offerId: 'o1', step: 'listing_reserved', price: 100 }, false);
    expect(
      await screen.findByRole('heading', {
        name: 'Offer of $100 closed: the phone was reserved for a buyer',
      }),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: /accept/i })).toBeNull();
  });

  it('reminds both sides to check the phone when the agreed price is far below the median', async () => {
    api.use(
      http.get('/api/offers/o1', () =>
        HttpResponse.json(
          offer({
            side: 'buyer',
            status: 'accepted',
            awaiting: null,
            actions: [],
            bookingId: 'b1',
            farBelowMedian: true,
          }),
        ),
      ),
    );
    renderCard({ offerId: 'o1', step: 'accepted', price: 430 }, false);
    expect(
      await screen.findByText('It is now a booking request at $430, already agreed.', {
        exact: false,
      }),
    ).toBeTruthy();
    expect(screen.getByRole('note').textContent).toMatch(/far below what this phone usually sells/);
    expect(screen.getByRole('link', { name: 'Follow it in My Orders' })).toBeTruthy();
  });
});
