import { useFormat } from '../../../i18n/locale.tsx';
import { useEffect, useId, useState } from 'react';
import { Link } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import {
  OFFER_EXPIRY_HOURS,
  counterOfferSchema,
  type CounterOffer,
  type Message,
  type Offer,
  type OfferEvent,
} from '@market/shared';
import { paths } from '../../../config/paths.ts';
import { notifyError } from '../../../lib/errors.ts';
import { toast } from '../../../lib/toast.ts';
import { Form } from '../../../components/ui/form.tsx';
import { TextField, bindField } from '../../../components/ui/form-field.tsx';
import { When } from '../../../components/ui/when.tsx';
import { useAcceptOffer, useCounterOffer, useDeclineOffer } from '../api/answer-offer.ts';
import { useOffer } from '../api/get-offer.ts';
import { ScamWarning } from './scam-warning.tsx';

/** A time ahead ("Sat, 28 Nov, 13:53"): when a deadline falls, with its day. */
const AHEAD = new Intl.DateTimeFormat(undefined, {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  hour: '2-digit',
  minute: '2-digit',
});

function Ahead({ iso }: { iso: string }) {
  return <time dateTime={iso}>{AHEAD.format(new Date(iso))}</time>;
}

type Side = 'buyer' | 'seller';

/** What a step says, to the side that took it ("You ...") and to the other side. */
function stepTitle(
  event: OfferEvent,
  mine: boolean,
  side: Side | null,
  name: string,
  formatPrice: (amount: number) => string,
): string {
  const price = formatPrice(event.price);
  switch (event.step) {
    case 'offered':
      return mine ? `You offered ${price}` : `${name} offered ${price}`;
    case 'countered':
      return mine ? `You countered with ${price}` : `${name} countered with ${price}`;
    case 'saved_offer':
      return mine
        ? `You offered it for ${price} to everyone who saved it`
        : `${name} offers it to you for ${price}, as you saved it`;
    case 'accepted':
      return mine ? `You accepted ${price}` : `${name} accepted ${price}`;
    case 'auto_accepted':
      return side === 'seller'
        ? `Offer of ${price} accepted by your automatic accept price`
        : `Offer of ${price} accepted`;
    case 'declined':
      return mine ? `You declined ${price}` : `${name} declined ${price}`;
    case 'auto_declined':
      // The floor is never shown to buyers: to them it is a decline like any other.
      return side === 'seller'
        ? `Offer of ${price} declined by your floor`
        : `Offer of ${price} declined`;
    case 'expired':
      return `Offer of ${price} expired: not answered within ${OFFER_EXPIRY_HOURS} hours`;
    case 'listing_reserved':
      return `Offer of ${price} closed: the phone was reserved for a buyer`;
    case 'listing_sold':
      return `Offer of ${price} closed: the phone was sold`;
  }
}

/** The card whose price and step are the offer's current state carries its answers. */
function isCurrent(event: OfferEvent, offer: Offer): boolean {
  if (offer.status !== 'open' || event.price !== offer.price) return false;
  if (offer.awaiting === 'seller') return event.step === 'offered';
  return event.step === 'countered' || event.step === 'saved_offer';
}

const TONE: Record<OfferEvent['step'], string> = {
  offered: 'border-primary/40',
  countered: 'border-primary/40',
  saved_offer: 'border-primary/40',
  accepted: 'border-success/60 bg-success/10',
  auto_accepted: 'border-success/60 bg-success/10',
  declined: 'border-base-300 bg-base-200',
  auto_declined: 'border-base-300 bg-base-200',
  expired: 'border-base-300 bg-base-200',
  listing_reserved: 'border-base-300 bg-base-200',
  listing_sold: 'border-base-300 bg-base-200',
};

function CounterForm({ offer, onDone }: { offer: Offer; onDone: () => void }) {
  const format = useFormat();
  const counter = useCounterOffer();
  const form = useForm<CounterOffer, unknown, z.output<typeof counterOfferSchema>>({
    resolver: zodResolver(counterOfferSchema),
    defaultValues: { note: '' },
  });
  const { setFocus } = form;
  useEffect(() => setFocus('price'), [setFocus]);
  return (
    <Form
      form={form}
      action="Countering the offer"
      submitLabel="Send counter-offer"
      className="mt-2 space-y-2"
      footerClassName="flex flex-wrap items-center gap-2"
      submitClassName="btn-sm"
      onSubmit={async (values) => {
        await counter.mutateAsync({ id: offer._id, counter: values });
        toast.success(`Counter-offer of ${format.price(values.price)} sent`);
        onDone();
      }}
    >
      <TextField
        label={`Your price (more than ${format.price(offer.price)}${offer.listedPrice === null ? '' : `, at most ${format.price(offer.listedPrice)}`})`}
        type="number"
        inputMode="decimal"
        step="0.01"
        min="0"
        {...bindField(form, 'price', { valueAsNumber: true })}
      />
      <TextField label="Note (optional)" type="text" {...bindField(form, 'note')} />
    </Form>
  );
}

function OfferAnswers({ offer }: { offer: Offer }) {
  const format = useFormat();
  const accept = useAcceptOffer();
  const decline = useDeclineOffer();
  const [countering, setCountering] = useState(false);
  const busy = accept.isPending || decline.isPending;
  const can = new Set(offer.actions);
  if (can.size === 0) return null;
  const answer = async (kind: 'accept' | 'decline') => {
    try {
      const done = await (kind === 'accept' ? accept : decline).mutateAsync(offer._id);
      toast.success(
        kind === 'accept'
          ? `Offer of ${format.price(done.price)} accepted`
          : `Offer of ${format.price(done.price)} declined`,
        kind === 'accept'
          ? done.side === 'seller'
            ? 'It is now a request in My Buyers: accept it with a meeting time and place.'
            : 'It is now your request in My Orders: the seller sets the time and place.'
          : undefined,
      );
    } catch (err) {
      notifyError(kind === 'accept' ? 'Accepting the offer' : 'Declining the offer', err);
    }
  };
  return (
    <div className="mt-3">
      <div className="flex flex-wrap gap-2">
        {can.has('accept') && (
          <button
            type="button"
            className="btn btn-sm btn-primary"
            disabled={busy}
            onClick={() => void answer('accept')}
          >
            Accept {format.price(offer.price)}
          </button>
        )}
        {can.has('counter') && !countering && (
          <button
            type="button"
            className="btn btn-sm"
            disabled={busy}
            onClick={() => setCountering(true)}
          >
            Counter
          </button>
        )}
        {can.has('decline') && (
          <button
            type="button"
            className="btn btn-sm btn-ghost"
            disabled={busy}
            onClick={() => void answer('decline')}
          >
            Decline
          </button>
        )}
      </div>
      {countering && <CounterForm offer={offer} onDone={() => setCountering(false)} />}
    </div>
  );
}

/**
 * One step of an offer in the conversation, as a card: who offered, countered, accepted or
 * declined which price, with the note that came with it. The card of the offer's current step
 * carries the answers of the side it waits for; an accepted offer says where its request is.
 */
export function OfferEventCard({
  message,
  event,
  authorName,
}: {
  message: Message;
  event: OfferEvent;
  authorName: string;
}) {
  const format = useFormat();
  const offer = useOffer(event.offerId);
  const titleId = useId();
  const side = offer.data?.side ?? null;
  const current = offer.data && isCurrent(event, offer.data) ? offer.data : null;
  const accepted = event.step === 'accepted' || event.step === 'auto_accepted';
  // An offer's note is checked as a message is (the scam shield): the reader sees the warning.
  const [firstRule, ...moreRules] = message.scamWarnings;
  return (
    <li className={`flex ${message.mine ? 'justify-end' : 'justify-start'} py-1`}>
      <article
        aria-labelledby={titleId}
        className={`w-full max-w-md min-w-0 rounded-box border p-3 ${TONE[event.step]}`}
      >
        <p className="text-xs text-base-content/80">
          <span className="sr-only">{message.mine ? 'You' : authorName}, </span>
          Offer · <When iso={message.createdAt} />
        </p>
        <h3 id={titleId} className="font-semibold wrap-anywhere">
          {stepTitle(event, message.mine, side, authorName, format.price)}
        </h3>
        {message.text && (
          <p className="mt-1 whitespace-pre-wrap wrap-anywhere text-sm">{message.text}</p>
        )}
        {firstRule && (
          <div className="mt-2">
            <ScamWarning
              messageId={message._id}
              rules={[firstRule, ...moreRules]}
              authorName={authorName}
            />
          </div>
        )}
        {current && current.expiresAt && (
          <p className="mt-1 text-xs text-base-content/80">
            {current.awaiting === side ? 'Answer' : 'Waiting for an answer'} until{' '}
            <Ahead iso={current.expiresAt} />
          </p>
        )}
        {current && <OfferAnswers offer={current} />}
        {accepted && offer.data?.status === 'accepted' && (
          <div className="mt-2 space-y-2 text-sm">
            <p>
              It is now a booking request at {format.price(event.price)}, already agreed.{' '}
              {side === 'seller' ? (
                <Link to={paths.dashboard.myBuyers} className="link link-primary">
                  Set the meeting time and place in My Buyers
                </Link>
              ) : (
                <Link to={paths.dashboard.myOrders} className="link link-primary">
                  Follow it in My Orders
                </Link>
              )}
            </p>
            {offer.data.farBelowMedian && (
              <p role="note" className="rounded-box border border-warning/60 bg-warning/10 p-2">
                This price is far below what this phone usually sells for. Meet in a busy public
                place, and check the phone, its IMEI and that it is not locked before you pay.
              </p>
            )}
          </div>
        )}
        {offer.isError && (
          <p className="mt-2 text-xs text-error">
            Could not load this offer.{' '}
            <button type="button" className="link" onClick={() => void offer.refetch()}>
              Try again
            </button>
          </p>
        )}
      </article>
    </li>
  );
}
