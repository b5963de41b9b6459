import { useFormat } from '../../../i18n/locale.tsx';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import {
  OFFER_EXPIRY_HOURS,
  OFFER_ROUNDS_MAX,
  createOfferSchema,
  type Offer,
} from '@market/shared';
import { paths } from '../../../config/paths.ts';
import { toast } from '../../../lib/toast.ts';
import { ActionDialog, type CloseDialog } from '../../../components/ui/action-dialog.tsx';
import { Form } from '../../../components/ui/form.tsx';
import { TextField, bindField } from '../../../components/ui/form-field.tsx';
import { useCreateOffer } from '../api/create-offer.ts';

export interface OfferedListing {
  _id: string;
  name: string;
  /** The listed price, when the page knows it (a conversation does not). */
  resellPrice?: number;
}

const offerFormSchema = createOfferSchema.omit({ productId: true });
type OfferForm = z.output<typeof offerFormSchema>;

/** What the buyer hears once the offer is made, by what became of it at once. */
function told(offer: Offer, formatPrice: (amount: number) => string): [string, string] {
  const price = formatPrice(offer.price);
  if (offer.status === 'accepted') {
    return [
      `Offer of ${price} accepted`,
      'It is now your request in My Orders: the seller sets the meeting time and place.',
    ];
  }
  if (offer.status === 'declined') {
    return [`Offer of ${price} declined`, 'You can book it at its price or make another offer.'];
  }
  return [
    `Offer of ${price} sent`,
    `The seller has ${OFFER_EXPIRY_HOURS} hours to accept, decline or counter it.`,
  ];
}

/**
 * A buyer's offer for a listing, in a modal dialog: a price below the listed one and a note.
 * Once made, the buyer is in the conversation, where the offer and its answers show as cards.
 */
export default function MakeOfferDialog({
  listing,
  onClose,
}: {
  listing: OfferedListing;
  onClose: () => void;
}) {
  const format = useFormat();
  const create = useCreateOffer();
  const navigate = useNavigate();
  const form = useForm<z.input<typeof offerFormSchema>, unknown, OfferForm>({
    resolver: zodResolver(offerFormSchema),
    defaultValues: { note: '' },
  });
  const { setFocus } = form;
  // ActionDialog, a child, has opened the dialog by now (a child's effects run first).
  useEffect(() => setFocus('price'), [setFocus]);

  const send = async (values: OfferForm, close: CloseDialog) => {
    const offer = await create.mutateAsync({ productId: listing._id, ...values });
    toast.success(...told(offer, format.price));
    close();
    if (offer.conversationId) await navigate(paths.dashboard.conversation(offer.conversationId));
  };

  return (
    <ActionDialog title={`Make an offer for ${listing.name}`} onClose={onClose}>
      {(close) => (
        <Form
          form={form}
          onSubmit={(values) => send(values, close)}
          action="Making an offer"
          submitLabel="Send offer"
          className="mt-3 space-y-3"
          footerClassName="space-y-3"
        >
          <p className="text-sm text-base-content/80">
            {listing.resellPrice !== undefined && (
              <>
                Listed at <span className="font-semibold">{format.price(listing.resellPrice)}</span>
                .{' '}
              </>
            )}
            Offer less than the listed price; the seller may accept, decline or counter within{' '}
            {OFFER_EXPIRY_HOURS} hours. An accepted offer becomes your booking request at that
            price. You can make {OFFER_ROUNDS_MAX} offers for one phone.
          </p>
          <TextField
            label="Your offer ($)"
            type="number"
            inputMode="decimal"
            step="0.01"
            min="0"
            {...bindField(form, 'price', { valueAsNumber: true })}
          />
          <TextField
            label="Note to the seller (optional)"
            type="text"
            {...bindField(form, 'note')}
          />
        </Form>
      )}
    </ActionDialog>
  );
}
