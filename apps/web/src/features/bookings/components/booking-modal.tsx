import { useEffect, useId, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from '../../../lib/toast.ts';
import {
  MESSAGES,
  createBookingSchema,
  formatDayMonthYear,
  formatPrice,
  phoneSchema,
  type Product,
} from '@market/shared';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { useCreateBooking } from '../api/create-booking.ts';
import { SubmitButton } from '../../../components/ui/spinner.tsx';

const bookingFormSchema = createBookingSchema.omit({ productId: true });
type BookingForm = { phone: string; location: string };

export interface Buyer {
  name: string;
  email: string;
  phone: string | null;
}

/**
 * The booking form in a native modal dialog, so focus stays inside and Escape closes it. The
 * dialog opens when mounted and reports every way of closing through `onClose`.
 */
/** What the modal shows of the product being booked. */
export type BookableProduct = Pick<Product, '_id' | 'name' | 'imgURL' | 'resellPrice'>;

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
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors },
  } = useForm<BookingForm>({
    resolver: zodResolver(bookingFormSchema),
    defaultValues: { phone: knownPhone.success ? knownPhone.data : '', location: '' },
  });

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

  const onSubmit = handleSubmit((values) => {
    createBooking.mutate(
      { productId: product._id, ...values },
      {
        onSuccess: () => {
          toast.success(MESSAGES.bookingCompleted);
          dialogRef.current?.close();
        },
        onError: (err) => {
          console.error(err);
          if (err instanceof ApiError && err.fields) {
            for (const [field, message] of Object.entries(err.fields)) {
              if (field === 'phone' || field === 'location') setError(field, { message });
            }
          }
          setError('root.server', { message: errorMessage(err) });
        },
      },
    );
  });

  const fieldError = (message: string | undefined, id: string) =>
    message ? (
      <p id={id} className="mt-1 text-sm text-error">
        {message}
      </p>
    ) : null;

  return (
    <dialog
      ref={dialogRef}
      className="modal modal-bottom sm:modal-middle"
      aria-labelledby={titleId}
    >
      <div className="modal-box">
        <button
          type="button"
          className="btn btn-circle btn-ghost btn-sm absolute top-3 right-3"
          aria-label="Close"
          onClick={() => dialogRef.current?.close()}
        >
          <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" fill="none">
            <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" />
          </svg>
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

        <form className="mt-4 space-y-3" onSubmit={onSubmit} noValidate>
          <label className="block">
            <span className="mb-1 block text-sm font-medium">Name</span>
            <input className="input w-full bg-base-200" value={buyer.name} readOnly />
          </label>
          <label className="block">
            <span className="mb-1 block text-sm font-medium">Email</span>
            <input className="input w-full bg-base-200" value={buyer.email} type="email" readOnly />
          </label>
          <label className="block">
            <span className="mb-1 block text-sm font-medium">Phone</span>
            {/* A number input would refuse the leading + that international numbers need. */}
            <input
              className={`input w-full ${errors.phone ? 'input-error' : ''}`}
              type="tel"
              inputMode="tel"
              autoComplete="tel"
              aria-invalid={Boolean(errors.phone)}
              aria-describedby={errors.phone ? 'booking-phone-error' : undefined}
              {...register('phone')}
            />
            {fieldError(errors.phone?.message, 'booking-phone-error')}
          </label>
          <label className="block">
            <span className="mb-1 block text-sm font-medium">Meeting location</span>
            <input
              className={`input w-full ${errors.location ? 'input-error' : ''}`}
              type="text"
              aria-invalid={Boolean(errors.location)}
              aria-describedby={errors.location ? 'booking-location-error' : undefined}
              {...register('location')}
            />
            {fieldError(errors.location?.message, 'booking-location-error')}
          </label>
          {errors.root?.server && (
            <p role="alert" className="text-sm text-error">
              {errors.root.server.message}
            </p>
          )}
          <SubmitButton busy={createBooking.isPending}>Booked !!</SubmitButton>
        </form>
      </div>
    </dialog>
  );
}
