import { useFormat } from '../../../i18n/locale.tsx';
import { useEffect } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { Formatters } from '@market/shared';
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
function told(offer: Offer, t: TFunction, format: Formatters): [string, string] {
  const price = format.price(offer.price);
  if (offer.status === 'accepted') {
    return [t('offers.acceptedToast', { price }), t('offers.acceptedBuyerNext')];
  }
  if (offer.status === 'declined') {
    return [t('offers.declinedToast', { price }), t('offers.declinedNext')];
  }
  return [
    t('offers.sentToast', { price }),
    t('offers.sentNext', { hours: format.number(OFFER_EXPIRY_HOURS) }),
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
  const { t } = useTranslation();
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
  const priceField = bindField(form, 'price', { valueAsNumber: true });
  const noteField = bindField(form, 'note');

  const send = async (values: OfferForm, close: CloseDialog) => {
    const offer = await create.mutateAsync({ productId: listing._id, ...values });
    toast.success(...told(offer, t, format));
    close();
    if (offer.conversationId) await navigate(paths.dashboard.conversation(offer.conversationId));
  };

  return (
    <ActionDialog title={t('offers.dialogTitle', { product: listing.name })} onClose={onClose}>
      {(close) => (
        <Form
          form={form}
          onSubmit={(values) => send(values, close)}
          action="Making an offer"
          submitLabel={t('offers.submit')}
          className="mt-3 space-y-3"
          footerClassName="space-y-3"
        >
          <p className="text-sm text-base-content/80">
            {listing.resellPrice !== undefined && (
              <>
                <Trans
                  i18nKey="offers.listedAt"
                  values={{ price: format.price(listing.resellPrice) }}
                  components={{ price: <span className="font-semibold" /> }}
                />{' '}
              </>
            )}
            {t('offers.terms', {
              hours: format.number(OFFER_EXPIRY_HOURS),
              rounds: format.number(OFFER_ROUNDS_MAX),
            })}
          </p>
          <TextField
            label={t('offers.yourOffer', {
              context: format.currency,
              currency: format.currency,
            })}
            type="number"
            inputMode="decimal"
            step="0.01"
            min="0"
            {...priceField}
          />
          <TextField label={t('offers.noteToSeller')} type="text" {...noteField} />
        </Form>
      )}
    </ActionDialog>
  );
}
