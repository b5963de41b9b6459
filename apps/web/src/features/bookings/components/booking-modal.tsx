import { useEffect, useId, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  BOOKING_EXPIRY_HOURS,
  MESSAGES,
  createBookingSchema,
  formatDayMonthYear,
  formatPrice,
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
import { LineIcon } from '../../../components/ui/line-icon.tsx';
import { useCreateBooking } from '../api/create-booking.ts';
import { keepTabInside } from './action-dialog.tsx';
import { fromLocalInput, nowLocalInput, proposedTimeField } from './meeting-time.ts';

const bookingFormSchema = createBookingSchema
  .omit({ productId: true, proposedAt: true })
  .extend({ proposedAt: proposedTimeField });
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
 * The booking form in a native modal dialog, so the page behind is inert and Escape closes it.
 * The dialog opens when mounted and reports every way of closing through `onClose`.
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
  const dialogRef = useRef<HTMLDialogElement>(null);
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  }, [onClose]);
  const titleId = useId();
  const createBooking = useCreateBooking();
  const knownPhone = phoneSchema.safeParse(buyer.phone ?? '');
  const form = useForm<BookingForm>({
    resolver: zodResolver(bookingFormSchema),
    defaultValues: {
      phone: knownPhone.success ? knownPhone.data : '',
      location: '',
      proposedAt: '',
    },
  });
  const { setFocus } = form;

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    dialog.showModal();
    setFocus('phone');
    // A close queued by an earlier unmount may arrive after the dialog reopened: ignore it.
    const handleClose = () => {
      if (!dialog.open) onCloseRef.current();
    };
    dialog.addEventListener('close', handleClose);
    return () => {
      dialog.removeEventListener('close', handleClose);
      if (dialog.open) dialog.close();
    };
  }, [setFocus]);

  const book = async ({ proposedAt, ...values }: BookingForm) => {
    await createBooking.mutateAsync({
      productId: product._id,
      ...values,
      ...(proposedAt ? { proposedAt: fromLocalInput(proposedAt) } : {}),
    });
    toast.success(MESSAGES.bookingCompleted);
    dialogRef.current?.close();
  };

  return (
    <dialog
      ref={dialogRef}
      className="modal modal-bottom sm:modal-middle"
      aria-labelledby={titleId}
      onKeyDown={keepTabInside}
    >
      <div className="modal-box">
        <button
          type="button"
          className="btn btn-circle btn-ghost btn-sm absolute top-3 right-3"
          aria-label="Close"
          onClick={() => dialogRef.current?.close()}
        >
          <LineIcon d="M6 6l12 12M18 6L6 18" size={18} />
        </button>
        <h2 id={titleId} className="pr-10 text-xl font-bold">
          {product.name}
        </h2>
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
            <dt className="text-base-content/80">Price</dt>
            <dd className="font-semibold">{formatPrice(product.resellPrice)}</dd>
            <dt className="text-base-content/80">Date</dt>
            <dd>{formatDayMonthYear(new Date())}</dd>
          </dl>
        </div>

        <Form
          form={form}
          onSubmit={book}
          action="Booking"
          submitLabel="Booked !!"
          className="mt-4 space-y-3"
          footerClassName="space-y-3"
        >
          <ReadOnlyField label="Name" value={buyer.name} />
          <ReadOnlyField label="Email" type="email" value={buyer.email} />
          <TextField label="Phone" {...fieldInputs.phone} {...bindField(form, 'phone')} />
          <TextField label="Meeting location" type="text" {...bindField(form, 'location')} />
          <TextField
            label="Proposed meeting time (optional)"
            type="datetime-local"
            min={nowLocalInput()}
            hint="The seller sets the final time and place when accepting."
            {...bindField(form, 'proposedAt')}
          />
          <p className="text-sm text-base-content/80">
            This sends a request to the seller. They accept it with a meeting time and place, or
            decline it; a request not answered within {BOOKING_EXPIRY_HOURS} hours expires. Follow
            it in My Orders.
          </p>
        </Form>
      </div>
    </dialog>
  );
}
