import { useEffect, useId, useRef, type KeyboardEvent } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
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

const bookingFormSchema = createBookingSchema.omit({ productId: true });
type BookingForm = { phone: string; location: string };

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

const FOCUSABLE = 'a[href], button, input, select, textarea, [tabindex]';

/**
 * Tab from the dialog's last control goes back to its first, and Shift+Tab from the first to the
 * last: a modal dialog makes the page behind it inert, but the browser would still let Tab leave
 * the dialog for its own toolbar.
 */
function keepTabInside(e: KeyboardEvent<HTMLDialogElement>) {
  if (e.key !== 'Tab') return;
  const controls = [...e.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (el) => el.tabIndex >= 0 && !el.matches(':disabled'),
  );
  const first = controls[0];
  const last = controls.at(-1);
  if (!first || !last) return;
  if (e.shiftKey && document.activeElement === first) {
    e.preventDefault();
    last.focus();
  } else if (!e.shiftKey && document.activeElement === last) {
    e.preventDefault();
    first.focus();
  }
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
    defaultValues: { phone: knownPhone.success ? knownPhone.data : '', location: '' },
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

  const book = async (values: BookingForm) => {
    await createBooking.mutateAsync({ productId: product._id, ...values });
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
        </Form>
      </div>
    </dialog>
  );
}
