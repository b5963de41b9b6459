import { z } from '@market/shared/zod';
import { useController, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { acceptBookingSchema, type SellerBuyer } from '@market/shared';
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
  toLocalInput,
} from './meeting-time.ts';

const acceptFormSchema = z
  .object({
    meetingAt: meetingTimeField,
    /** A safe meeting spot's id, or '' for a place typed in. */
    meetingSpotId: z.string(),
    meetingPlace: acceptBookingSchema.shape.meetingPlace,
  })
  .refine((v) => v.meetingSpotId !== '' || !!v.meetingPlace, {
    error: 'Meeting place is required',
    path: ['meetingPlace'],
  });
type AcceptForm = z.input<typeof acceptFormSchema>;

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
  const accept = useAcceptBooking();
  const form = useForm<AcceptForm>({
    resolver: zodResolver(acceptFormSchema),
    defaultValues: {
      meetingAt: proposedValue(request),
      meetingSpotId: '',
      meetingPlace: request.location,
    },
  });
  const meetingAt = useController({ control: form.control, name: 'meetingAt' });
  const spot = useController({ control: form.control, name: 'meetingSpotId' });

  return (
    <ActionDialog title={`Accept ${request.name}'s request`} onClose={onClose}>
      {(close) => (
        <Form
          form={form}
          action="Accepting the request"
          submitLabel="Accept and reserve"
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
            toast.success(`Meeting set: ${request.productName} is reserved for ${request.name}`);
            close();
          }}
        >
          <p className="text-sm wrap-anywhere">
            {request.productName} becomes reserved: it stays in the lists, marked Reserved, and
            nobody else can request it. The buyer gets a 6-digit hand-over code to give you at the
            meeting.
          </p>
          <DateTimeField
            label="Meeting time"
            hint={`Day, month, year and time, in your time zone (${browserTimeZone()}).`}
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
            <TextField label="Meeting place" type="text" {...bindField(form, 'meetingPlace')} />
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
