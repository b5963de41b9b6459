import { useFormat } from '../../../i18n/locale.tsx';
import { z } from '@market/shared/zod';
import { useMemo, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
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

/** A time ahead ("Sat, Nov 28, 01:53 PM"): when a deadline falls, with its day. */
function Ahead({ iso }: { iso: string }) {
  const format = useFormat();
  return <time dateTime={iso}>{format.deadline(iso)}</time>;
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

/** The rules' form, with the words of a floor above the accept price in the page's language. */
const rulesFormSchema = (floorBelowAccept: string) =>
  z
    .object({
      declineBelow: optionalPrice('The floor'),
      acceptFrom: optionalPrice('The automatic accept price'),
    })
    .refine(
      (r) => r.declineBelow === null || r.acceptFrom === null || r.declineBelow < r.acceptFrom,
      { error: floorBelowAccept, path: ['declineBelow'] },
    );
type RulesSchema = ReturnType<typeof rulesFormSchema>;

function RulesForm({ listing, rules }: { listing: RuledListing; rules: OfferRulesView }) {
  const { t } = useTranslation();
  const format = useFormat();
  const save = useSaveOfferRules(listing._id);
  const floorBelowAccept = t('offers.rules.floorBelowAccept');
  const schema = useMemo(() => rulesFormSchema(floorBelowAccept), [floorBelowAccept]);
  const form = useForm<z.input<RulesSchema>, unknown, z.output<RulesSchema>>({
    resolver: zodResolver(schema),
    defaultValues: { declineBelow: rules.declineBelow ?? '', acceptFrom: rules.acceptFrom ?? '' },
  });
  const currency = { context: format.currency, currency: format.currency };
  const declineField = bindField(form, 'declineBelow', { valueAsNumber: true });
  const acceptField = bindField(form, 'acceptFrom', { valueAsNumber: true });
  return (
    <Form
      form={form}
      action="Saving the offer rules"
      submitLabel={t('offers.rules.save')}
      className="space-y-3"
      onSubmit={async (values) => {
        await save.mutateAsync({ productId: listing._id, rules: values });
        toast.success(t('offers.rules.saved'));
      }}
    >
      <TextField
        label={t('offers.rules.declineBelow', currency)}
        hint={t('offers.rules.declineHint')}
        type="number"
        inputMode="decimal"
        step="0.01"
        min="0"
        {...declineField}
      />
      <TextField
        label={t('offers.rules.acceptFrom', currency)}
        hint={t('offers.rules.acceptHint')}
        type="number"
        inputMode="decimal"
        step="0.01"
        min="0"
        {...acceptField}
      />
    </Form>
  );
}

function OfferToSavers({ listing, rules }: { listing: RuledListing; rules: OfferRulesView }) {
  const { t } = useTranslation();
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
  const priceField = bindField(form, 'price', { valueAsNumber: true });
  const noteField = bindField(form, 'note');
  if (rules.savedBy === 0) {
    return <p className="text-sm text-base-content/80">{t('offers.rules.nobodySaved')}</p>;
  }
  if (rules.nextSavedOfferAt) {
    const again = { time: <Ahead iso={rules.nextSavedOfferAt} /> };
    return (
      <p className="text-sm text-base-content/80">
        {sentTo === null ? (
          <Trans i18nKey="offers.rules.sent" components={again} />
        ) : (
          <Trans
            i18nKey="offers.rules.sentTo"
            count={sentTo}
            values={{ n: format.number(sentTo) }}
            components={again}
          />
        )}
      </p>
    );
  }
  return (
    <Form
      form={form}
      action="Offering to everyone who saved it"
      submitLabel={t('offers.rules.offerTo', {
        count: rules.savedBy,
        n: format.number(rules.savedBy),
      })}
      className="space-y-3"
      onSubmit={async (values) => {
        const result = await send.mutateAsync({ productId: listing._id, offer: values });
        setSentTo(result.sent);
        toast.success(
          t('offers.rules.offerSent', { count: result.sent, n: format.number(result.sent) }),
          result.skipped > 0
            ? t('offers.rules.skipped', { n: format.number(result.skipped) })
            : undefined,
        );
      }}
    >
      <TextField
        label={t('offers.rules.priceForThem', {
          context: format.currency,
          currency: format.currency,
          price: format.price(listing.resellPrice),
        })}
        type="number"
        inputMode="decimal"
        step="0.01"
        min="0"
        {...priceField}
      />
      <TextField label={t('offers.rules.note')} type="text" {...noteField} />
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
  const { t } = useTranslation();
  const format = useFormat();
  const rules = useOfferRules(listing._id);
  return (
    <ActionDialog title={t('offers.rules.title', { product: listing.name })} onClose={onClose}>
      {() => (
        <div className="mt-3 space-y-6">
          {rules.isPending ? (
            <SectionSpinner />
          ) : rules.isError ? (
            <ErrorState error={rules.error} onRetry={() => void rules.refetch()} />
          ) : (
            <>
              <section className="space-y-2">
                <h3 className="font-semibold">{t('offers.rules.automatic')}</h3>
                <RulesForm listing={listing} rules={rules.data} />
              </section>
              <section className="space-y-2">
                <h3 className="font-semibold">{t('offers.rules.toSavers')}</h3>
                {rules.data.savedBy > 0 && (
                  <p className="text-sm text-base-content/80">
                    {t('offers.rules.keptBy', {
                      count: rules.data.savedBy,
                      n: format.number(rules.data.savedBy),
                      hours: format.number(SAVED_OFFER_HOURS),
                    })}
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
