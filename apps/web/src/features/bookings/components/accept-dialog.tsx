import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from '@market/shared/zod';
import { useController, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { MEETING_MAX_DAYS_AHEAD, acceptBookingSchema, type SellerBuyer } from '@market/shared';
import { useFormat } from '../../../i18n/locale.tsx';
import { toast } from '../../../lib/toast.ts';
import { Form } from '../../../components/ui/form.tsx';
import { DateTimeField } from '../../../components/ui/date-field.tsx';
import { TextField, bindField } from '../../../components/ui/form-field.tsx';
import { useAcceptBooking } from '../api/accept-booking.ts';
import { ActionDialog } from '../../../components/ui/action-dialog.tsx';
import { SpotPicker } from './spot-picker.tsx';
import {
  browserTimeZone,
  fromLocalInput,
  meetingTimeField,
  meetingYears,
  timeWords,
  toLocalInput,
  type TimeWords,
} from './meeting-time.ts';

/** The form's rules, with the words of a missing place in the page's language. */
const acceptFormSchema = (placeRequired: string, words: TimeWords) =>
  z
    .object({
      meetingAt: meetingTimeField(words),
      /** A safe meeting spot's id, or '' for a place typed in. */
      meetingSpotId: z.string(),
      meetingPlace: acceptBookingSchema.shape.meetingPlace,
    })
    .refine((v) => v.meetingSpotId !== '' || !!v.meetingPlace, {
      error: placeRequired,
      path: ['meetingPlace'],
    });
type AcceptForm = z.input<ReturnType<typeof acceptFormSchema>>;

/** The buyer's proposal, if it is still ahead, as the form's first value. */
function proposedValue(request: SellerBuyer): string {
  if (!request.proposedAt) return '';
  const proposed = new Date(request.proposedAt);
  return proposed.getTime() > Date.now() ? toLocalInput(proposed) : '';
}

/**
 * The seller accepts a request with the meeting's time and place, prefilled with what the buyer
 * asked for; either may be changed. The place is a safe meeting spot near the listing's area
 * (`near`, the listing's place), or a place typed in.
 */
export function AcceptDialog({
  request,
  near,
  onClose,
}: {
  request: SellerBuyer;
  near?: string | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const accept = useAcceptBooking();
  const format = useFormat();
  const schema = useMemo(
    () =>
      acceptFormSchema(
        t('requests.accept.placeRequired'),
        timeWords(t, format.number(MEETING_MAX_DAYS_AHEAD)),
      ),
    [t, format],
  );
  const form = useForm<AcceptForm>({
    resolver: zodResolver(schema),
    defaultValues: {
      meetingAt: proposedValue(request),
      meetingSpotId: '',
      meetingPlace: request.location,
    },
  });
  const placeField = bindField(form, 'meetingPlace');
  const meetingAt = useController({ control: form.control, name: 'meetingAt' });
  const spot = useController({ control: form.control, name: 'meetingSpotId' });

  return (
    <ActionDialog title={t('requests.accept.title', { name: request.name })} onClose={onClose}>
      {(close) => (
        <Form
          form={form}
          action="Accepting the request"
          submitLabel={t('requests.accept.submit')}
          className="mt-4 space-y-3"
          footerClassName="space-y-3"
          onSubmit={async (values) => {
            await accept.mutateAsync({
              id: request._id,
              meetingAt: fromLocalInput(values.meetingAt),
              ...(values.meetingSpotId
                ? { meetingSpotId: values.meetingSpotId }
                : { meetingPlace: values.meetingPlace }),
              timeZone: browserTimeZone(),
            });
            toast.success(
              t('requests.accept.done', { product: request.productName, name: request.name }),
            );
            close();
          }}
        >
          <p className="text-sm wrap-anywhere">
            {t('requests.accept.explanation', { product: request.productName })}
          </p>
          <DateTimeField
            label={t('requests.accept.time')}
            hint={t('requests.accept.timeHint', { zone: browserTimeZone() })}
            value={meetingAt.field.value}
            onChange={meetingAt.field.onChange}
            onBlur={meetingAt.field.onBlur}
            years={meetingYears()}
            error={form.formState.errors.meetingAt?.message}
          />
          <SpotPicker
            near={near}
            name={spot.field.name}
            value={spot.field.value}
            onChange={spot.field.onChange}
          />
          {spot.field.value === '' && (
            <TextField label={t('requests.accept.place')} type="text" {...placeField} />
          )}
          {form.formState.errors.meetingSpotId && (
            <p role="alert" className="text-sm text-error">
              {form.formState.errors.meetingSpotId.message}
            </p>
          )}
        </Form>
      )}
    </ActionDialog>
  );
}
