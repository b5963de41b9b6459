import { useFormat } from '../../../i18n/locale.tsx';
import { z } from '@market/shared/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  SAVED_OFFER_HOURS,
  offerPriceSchema,
  savedOfferSchema,
  type OfferRulesView,
} from '@market/shared';
import { toast } from '../../../lib/toast.ts';
import { ActionDialog } from '../../../components/ui/action-dialog.tsx';
import { ErrorState } from '../../../components/ui/error-state.tsx';
import { Form } from '../../../components/ui/form.tsx';
import { TextField, bindField } from '../../../components/ui/form-field.tsx';
import { SectionSpinner } from '../../../components/ui/spinner.tsx';
import { useOfferRules, useSaveOfferRules } from '../api/offer-rules.ts';
import { useOfferToSavers } from '../api/offer-to-savers.ts';

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

export interface RuledListing {
  _id: string;
  name: string;
  resellPrice: number;
}

/** An empty box clears a rule; anything else must be a price. */
const optionalPrice = (label: string) =>
  z.preprocess(
    (value) => (value === '' || value === undefined || Number.isNaN(value) ? null : value),
    offerPriceSchema(label).nullable(),
  );

const rulesFormSchema = z
  .object({
    declineBelow: optionalPrice('The floor'),
    acceptFrom: optionalPrice('The automatic accept price'),
  })
  .refine(
    (r) => r.declineBelow === null || r.acceptFrom === null || r.declineBelow < r.acceptFrom,
    {
      error: 'The floor must be below the automatic accept price',
      path: ['declineBelow'],
    },
  );

function RulesForm({ listing, rules }: { listing: RuledListing; rules: OfferRulesView }) {
  const save = useSaveOfferRules(listing._id);
  const form = useForm<z.input<typeof rulesFormSchema>, unknown, z.output<typeof rulesFormSchema>>({
    resolver: zodResolver(rulesFormSchema),
    defaultValues: { declineBelow: rules.declineBelow ?? '', acceptFrom: rules.acceptFrom ?? '' },
  });
  return (
    <Form
      form={form}
      action="Saving the offer rules"
      submitLabel="Save rules"
      className="space-y-3"
      onSubmit={async (values) => {
        await save.mutateAsync({ productId: listing._id, rules: values });
        toast.success('Offer rules saved');
      }}
    >
      <TextField
        label="Decline offers below ($, optional)"
        hint="Never shown to buyers: their offer is simply declined."
        type="number"
        inputMode="decimal"
        step="0.01"
        min="0"
        {...bindField(form, 'declineBelow', { valueAsNumber: true })}
      />
      <TextField
        label="Accept offers from ($, optional)"
        hint="An offer at or above this becomes a booking request at once."
        type="number"
        inputMode="decimal"
        step="0.01"
        min="0"
        {...bindField(form, 'acceptFrom', { valueAsNumber: true })}
      />
    </Form>
  );
}

function OfferToSavers({ listing, rules }: { listing: RuledListing; rules: OfferRulesView }) {
  const format = useFormat();
  const send = useOfferToSavers(listing._id);
  const [sentTo, setSentTo] = useState<number | null>(null);
  const form = useForm<
    z.input<typeof savedOfferSchema>,
    unknown,
    z.output<typeof savedOfferSchema>
  >({
    resolver: zodResolver(savedOfferSchema),
    defaultValues: { note: '' },
  });
  if (rules.savedBy === 0) {
    return (
      <p className="text-sm text-base-content/80">
        Nobody has saved this phone in their wish list yet. Once someone has, you can offer them a
        lower price here.
      </p>
    );
  }
  if (rules.nextSavedOfferAt) {
    return (
      <p className="text-sm text-base-content/80">
        {sentTo === null ? 'Sent.' : `Sent to ${sentTo} ${sentTo === 1 ? 'buyer' : 'buyers'}.`} You
        can offer it again from <Ahead iso={rules.nextSavedOfferAt} />.
      </p>
    );
  }
  return (
    <Form
      form={form}
      action="Offering to everyone who saved it"
      submitLabel={`Offer to ${rules.savedBy} ${rules.savedBy === 1 ? 'buyer' : 'buyers'}`}
      className="space-y-3"
      onSubmit={async (values) => {
        const result = await send.mutateAsync({ productId: listing._id, offer: values });
        setSentTo(result.sent);
        toast.success(
          `Offer sent to ${result.sent} ${result.sent === 1 ? 'buyer' : 'buyers'}`,
          result.skipped > 0
            ? `${result.skipped} already had an offer or a request open.`
            : undefined,
        );
      }}
    >
      <TextField
        label={`Price for them ($, below ${format.price(listing.resellPrice)})`}
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

/**
 * A listing's offers, for its seller: the automatic answers (a floor, an accept price) and
 * "Offer to everyone who saved it", once every SAVED_OFFER_HOURS hours.
 */
export default function OfferRulesDialog({
  listing,
  onClose,
}: {
  listing: RuledListing;
  onClose: () => void;
}) {
  const rules = useOfferRules(listing._id);
  return (
    <ActionDialog title={`Offers for ${listing.name}`} onClose={onClose}>
      {() => (
        <div className="mt-3 space-y-6">
          {rules.isPending ? (
            <SectionSpinner />
          ) : rules.isError ? (
            <ErrorState error={rules.error} onRetry={() => void rules.refetch()} />
          ) : (
            <>
              <section className="space-y-2">
                <h3 className="font-semibold">Automatic answers</h3>
                <RulesForm listing={listing} rules={rules.data} />
              </section>
              <section className="space-y-2">
                <h3 className="font-semibold">Offer to everyone who saved it</h3>
                {rules.data.savedBy > 0 && (
                  <p className="text-sm text-base-content/80">
                    {rules.data.savedBy} {rules.data.savedBy === 1 ? 'buyer keeps' : 'buyers keep'}{' '}
                    it in their wish list. One price, sent once every {SAVED_OFFER_HOURS} hours.
                  </p>
                )}
                <OfferToSavers listing={listing} rules={rules.data} />
              </section>
            </>
          )}
        </div>
      )}
    </ActionDialog>
  );
}
