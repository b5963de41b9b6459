import { useFormat } from '../../../i18n/locale.tsx';
import { useEffect, useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useController, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  BOOKING_EXPIRY_HOURS,
  MEETING_MAX_DAYS_AHEAD,
  createBookingSchema,
  phoneSchema,
  type Product,
} from '@market/shared';
import { toast } from '../../../lib/toast.ts';
import { Form } from '../../../components/ui/form.tsx';
import {
  FormField,
  TextField,
  bindField,
  fieldInputs,
} from '../../../components/ui/form-field.tsx';
import { useCreateBooking } from '../api/create-booking.ts';
import { ActionDialog, type CloseDialog } from '../../../components/ui/action-dialog.tsx';
import { DateTimeField } from '../../../components/ui/date-field.tsx';
import {
  fromLocalInput,
  meetingYears,
  proposedTimeField,
  timeWords,
  type TimeWords,
} from './meeting-time.ts';

const bookingFormSchema = (words: TimeWords) =>
  createBookingSchema
    .omit({ productId: true, proposedAt: true })
    .extend({ proposedAt: proposedTimeField(words) });
type BookingForm = { phone: string; location: string; proposedAt: string };

export interface Buyer {
  name: string;
  email: string;
  phone: string | null;
}

/** What the modal shows of the product being booked. */
export type BookableProduct = Pick<Product, '_id' | 'name' | 'imgURL' | 'resellPrice'>;

/**
 * What the buyer cannot change here: it comes from their account. Out of the tab order, so that
 * the keyboard goes from field to field the buyer fills in.
 */
function ReadOnlyField({ label, value, type }: { label: string; value: string; type?: string }) {
  const id = useId();
  return (
    <FormField id={id} label={label}>
      <input
        id={id}
        className="input w-full bg-base-200 text-ellipsis"
        type={type}
        value={value}
        readOnly
        tabIndex={-1}
      />
    </FormField>
  );
}

/**
 * The booking form in a native modal dialog (ActionDialog), so the page behind is inert and
 * Escape closes it. The dialog opens when mounted and reports every way of closing through
 * `onClose`.
 */
export function BookingModal({
  product,
  buyer,
  onClose,
}: {
  product: BookableProduct;
  buyer: Buyer;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const hours = format.number(BOOKING_EXPIRY_HOURS);
  const createBooking = useCreateBooking();
  const knownPhone = phoneSchema.safeParse(buyer.phone ?? '');
  const schema = useMemo(
    () => bookingFormSchema(timeWords(t, format.number(MEETING_MAX_DAYS_AHEAD))),
    [t, format],
  );
  const form = useForm<BookingForm>({
    resolver: zodResolver(schema),
    defaultValues: {
      phone: knownPhone.success ? knownPhone.data : '',
      location: '',
      proposedAt: '',
    },
  });
  const { setFocus } = form;
  const phoneField = bindField(form, 'phone');
  const locationField = bindField(form, 'location');
  const proposedAt = useController({ control: form.control, name: 'proposedAt' });

  // ActionDialog, a child, has opened the dialog by now (a child's effects run first).
  useEffect(() => setFocus('phone'), [setFocus]);

  const book = async ({ proposedAt, ...values }: BookingForm, close: CloseDialog) => {
    await createBooking.mutateAsync({
      productId: product._id,
      ...values,
      ...(proposedAt ? { proposedAt: fromLocalInput(proposedAt) } : {}),
    });
    toast.success(t('requests.dialog.sent'), t('requests.dialog.sentNext', { hours }));
    close();
  };

  return (
    <ActionDialog title={product.name} onClose={onClose}>
      {(close) => (
        <>
          <div className="mt-3 flex items-center gap-4">
            <img
              src={product.imgURL}
              alt={product.name}
              width={96}
              height={96}
              loading="lazy"
              className="h-24 w-24 rounded-box object-cover"
            />
            <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
              <dt className="text-base-content/80">{t('requests.dialog.price')}</dt>
              <dd className="font-semibold">{format.price(product.resellPrice)}</dd>
              <dt className="text-base-content/80">{t('requests.dialog.date')}</dt>
              <dd>{format.dayMonthYear(new Date())}</dd>
            </dl>
          </div>

          <Form
            form={form}
            onSubmit={(values) => book(values, close)}
            action="Booking"
            submitLabel={t('requests.dialog.submit')}
            className="mt-4 space-y-3"
            footerClassName="space-y-3"
          >
            <ReadOnlyField label={t('requests.dialog.name')} value={buyer.name} />
            <ReadOnlyField label={t('requests.dialog.email')} type="email" value={buyer.email} />
            <TextField label={t('requests.dialog.phone')} {...fieldInputs.phone} {...phoneField} />
            <TextField label={t('requests.dialog.location')} type="text" {...locationField} />
            <DateTimeField
              label={t('requests.dialog.proposed')}
              hint={t('requests.dialog.proposedHint')}
              value={proposedAt.field.value}
              onChange={proposedAt.field.onChange}
              onBlur={proposedAt.field.onBlur}
              years={meetingYears()}
              error={form.formState.errors.proposedAt?.message}
            />
            <p className="text-sm text-base-content/80">{t('requests.dialog.note', { hours })}</p>
            <p className="text-sm text-base-content/80">{t('requests.dialog.contact')}</p>
          </Form>
        </>
      )}
    </ActionDialog>
  );
}
