import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { completeBookingSchema, type SellerBuyer } from '@market/shared';
import { toast } from '../../../lib/toast.ts';
import { Form } from '../../../components/ui/form.tsx';
import { TextField, bindField } from '../../../components/ui/form-field.tsx';
import { useCompleteBooking } from '../api/complete-booking.ts';
import { requestLists } from '../api/deal-keys.ts';
import { ActionDialog } from '../../../components/ui/action-dialog.tsx';

type CodeForm = { code: string };

const triesText = (n: number) => `${n} ${n === 1 ? 'try' : 'tries'} left`;

/** "26 Nov 2026, 06:30" in the seller's own time. */
const lockEnd = (iso: string) =>
  new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' }).format(
    new Date(iso),
  );

/**
 * At the meeting, the seller enters the code the buyer gives them once satisfied: the deal is
 * completed and the phone sold. A wrong code uses a try; the tries left are shown.
 */
export function CodeDialog({ request, onClose }: { request: SellerBuyer; onClose: () => void }) {
  const complete = useCompleteBooking();
  const queryClient = useQueryClient();
  const form = useForm<CodeForm>({
    resolver: zodResolver(completeBookingSchema),
    defaultValues: { code: '' },
  });

  return (
    <ActionDialog title={`Hand-over of ${request.productName}`} onClose={onClose}>
      {(close) => (
        <Form
          form={form}
          action="Completing the deal"
          submitLabel="Complete the sale"
          className="mt-4 space-y-3"
          footerClassName="space-y-3"
          onSubmit={async ({ code }) => {
            try {
              await complete.mutateAsync({ id: request._id, code });
            } catch (err) {
              // A wrong code used a try (or renewed the code): the list shows what is left.
              await Promise.all(
                requestLists.map((queryKey) => queryClient.invalidateQueries({ queryKey })),
              );
              throw err;
            }
            toast.success(`Sold: ${request.productName} to ${request.name}`);
            close();
          }}
        >
          <p className="text-sm wrap-anywhere">
            Ask {request.name} for the 6-digit code shown in their order, once they have checked the
            phone and paid. The code completes the sale.
          </p>
          {request.inspectionStatus !== null && request.inspectionStatus !== 'complete' && (
            <p role="status" className="rounded-field border border-info/50 bg-info/10 p-3 text-sm">
              {request.inspectionStatus === 'failed'
                ? 'The phone did not pass the buyer’s check: their code stays hidden.'
                : 'The buyer checks the phone first: their code shows to them once they have.'}
            </p>
          )}
          {request.codeLockedUntil && (
            <p
              role="status"
              className="rounded-field border border-warning/50 bg-warning/10 p-3 text-sm"
            >
              Too many wrong codes: completing this sale is locked until{' '}
              {lockEnd(request.codeLockedUntil)}. The buyer has been told and has a new code.
            </p>
          )}
          <TextField
            label="Hand-over code"
            type="text"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            hint={request.codeTriesLeft === null ? undefined : triesText(request.codeTriesLeft)}
            {...bindField(form, 'code')}
          />
        </Form>
      )}
    </ActionDialog>
  );
}
