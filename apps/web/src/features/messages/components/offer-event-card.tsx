import { useFormat } from '../../../i18n/locale.tsx';
import { useEffect, useId, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
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
  type OfferAction,
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

/** A time ahead ("Sat, Nov 28, 01:53 PM"): when a deadline falls, with its day. */
function Ahead({ iso }: { iso: string }) {
  const format = useFormat();
  return <time dateTime={iso}>{format.deadline(iso)}</time>;
}

type Side = 'buyer' | 'seller';

/** What a step says, to the side that took it ("You ...") and to the other side. */
function stepTitle(
  event: OfferEvent,
  mine: boolean,
  side: Side | null,
  name: string,
  t: TFunction,
  format: { price: (amount: number) => string; number: (value: number) => string },
): string {
  const price = format.price(event.price);
  const values = { price, name };
  switch (event.step) {
    case 'offered':
      return mine ? t('offers.step.offeredMine', values) : t('offers.step.offered', values);
    case 'countered':
      return mine ? t('offers.step.counteredMine', values) : t('offers.step.countered', values);
    case 'saved_offer':
      return mine ? t('offers.step.savedOfferMine', values) : t('offers.step.savedOffer', values);
    case 'accepted':
      return mine ? t('offers.step.acceptedMine', values) : t('offers.step.accepted', values);
    case 'auto_accepted':
      return side === 'seller'
        ? t('offers.step.autoAcceptedSeller', values)
        : t('offers.step.offerAccepted', values);
    case 'declined':
      return mine ? t('offers.step.declinedMine', values) : t('offers.step.declined', values);
    case 'auto_declined':
      // The floor is never shown to buyers: to them it is a decline like any other.
      return side === 'seller'
        ? t('offers.step.autoDeclinedSeller', values)
        : t('offers.step.offerDeclined', values);
    case 'expired':
      return t('offers.step.expired', { price, hours: format.number(OFFER_EXPIRY_HOURS) });
    case 'listing_reserved':
      return t('offers.step.reserved', values);
    case 'listing_sold':
      return t('offers.step.sold', values);
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
  const { t } = useTranslation();
  const format = useFormat();
  const counter = useCounterOffer();
  const form = useForm<CounterOffer, unknown, z.output<typeof counterOfferSchema>>({
    resolver: zodResolver(counterOfferSchema),
    defaultValues: { note: '' },
  });
  const { setFocus } = form;
  useEffect(() => setFocus('price'), [setFocus]);
  const priceField = bindField(form, 'price', { valueAsNumber: true });
  const noteField = bindField(form, 'note');
  return (
    <Form
      form={form}
      action="Countering the offer"
      submitLabel={t('offers.counter.submit')}
      className="mt-2 space-y-2"
      footerClassName="flex flex-wrap items-center gap-2"
      submitClassName="btn-sm"
      onSubmit={async (values) => {
        await counter.mutateAsync({ id: offer._id, counter: values });
        toast.success(t('offers.counter.sent', { price: format.price(values.price) }));
        onDone();
      }}
    >
      <TextField
        label={
          offer.listedPrice === null
            ? t('offers.counter.price', { price: format.price(offer.price) })
            : t('offers.counter.priceAtMost', {
                price: format.price(offer.price),
                listed: format.price(offer.listedPrice),
              })
        }
        type="number"
        inputMode="decimal"
        step="0.01"
        min="0"
        {...priceField}
      />
      <TextField label={t('offers.counter.note')} type="text" {...noteField} />
    </Form>
  );
}

function OfferAnswers({ offer }: { offer: Offer }) {
  const { t } = useTranslation();
  const format = useFormat();
  const accept = useAcceptOffer();
  const decline = useDeclineOffer();
  const [countering, setCountering] = useState(false);
  const busy = accept.isPending || decline.isPending;
  // What the offer allows this side, each by name.
  const can: Partial<Record<OfferAction, true>> = Object.fromEntries(
    offer.actions.map((action) => [action, true]),
  );
  if (offer.actions.length === 0) return null;
  const answer = async (kind: 'accept' | 'decline') => {
    try {
      const done = await (kind === 'accept' ? accept : decline).mutateAsync(offer._id);
      const price = format.price(done.price);
      toast.success(
        kind === 'accept'
          ? t('offers.acceptedToast', { price })
          : t('offers.declinedToast', { price }),
        kind === 'accept'
          ? done.side === 'seller'
            ? t('offers.card.sellerNext')
            : t('offers.card.buyerNext')
          : undefined,
      );
    } catch (err) {
      notifyError(kind === 'accept' ? 'Accepting the offer' : 'Declining the offer', err);
    }
  };
  return (
    <div className="mt-3">
      <div className="flex flex-wrap gap-2">
        {can.accept && (
          <button
            type="button"
            className="btn btn-sm btn-primary"
            disabled={busy}
            onClick={() => void answer('accept')}
          >
            {t('offers.card.accept', { price: format.price(offer.price) })}
          </button>
        )}
        {can.counter && !countering && (
          <button
            type="button"
            className="btn btn-sm"
            disabled={busy}
            onClick={() => setCountering(true)}
          >
            {t('offers.card.counter')}
          </button>
        )}
        {can.decline && (
          <button
            type="button"
            className="btn btn-sm btn-ghost"
            disabled={busy}
            onClick={() => void answer('decline')}
          >
            {t('offers.card.decline')}
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
  const { t } = useTranslation();
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
          <span className="sr-only">{message.mine ? t('messages.byYou') : authorName}, </span>
          {t('offers.card.kind')} · <When iso={message.createdAt} />
        </p>
        <h3 id={titleId} className="font-semibold wrap-anywhere">
          {stepTitle(event, message.mine, side, authorName, t, format)}
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
            <Trans
              i18nKey={
                current.awaiting === side ? 'offers.card.answerUntil' : 'offers.card.waitingUntil'
              }
              components={{ time: <Ahead iso={current.expiresAt} /> }}
            />
          </p>
        )}
        {current && <OfferAnswers offer={current} />}
        {accepted && offer.data?.status === 'accepted' && (
          <div className="mt-2 space-y-2 text-sm">
            <p>
              {t('offers.card.nowRequest', { price: format.price(event.price) })}{' '}
              {side === 'seller' ? (
                <Link to={paths.dashboard.myBuyers} className="link link-primary">
                  {t('offers.card.setMeeting')}
                </Link>
              ) : (
                <Link to={paths.dashboard.myOrders} className="link link-primary">
                  {t('offers.card.follow')}
                </Link>
              )}
            </p>
            {offer.data.farBelowMedian && (
              <p role="note" className="rounded-box border border-warning/60 bg-warning/10 p-2">
                {t('offers.card.farBelow')}
              </p>
            )}
          </div>
        )}
        {offer.isError && (
          <p className="mt-2 text-xs text-error">
            {t('offers.card.loadFailed')}{' '}
            <button type="button" className="link" onClick={() => void offer.refetch()}>
              {t('offers.card.retry')}
            </button>
          </p>
        )}
      </article>
    </li>
  );
}
