import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { completeBookingSchema, type SellerBuyer } from '@market/shared';
import { useFormat } from '../../../i18n/locale.tsx';
import { toast } from '../../../lib/toast.ts';
import { Form } from '../../../components/ui/form.tsx';
import { TextField, bindField } from '../../../components/ui/form-field.tsx';
import { useCompleteBooking } from '../api/complete-booking.ts';
import { requestLists } from '../api/deal-keys.ts';
import { ActionDialog } from '../../../components/ui/action-dialog.tsx';

type CodeForm = { code: string };

/**
 * At the meeting, the seller enters the code the buyer gives them once satisfied: the deal is
 * completed and the phone sold. A wrong code uses a try; the tries left are shown.
 */
export function CodeDialog({ request, onClose }: { request: SellerBuyer; onClose: () => void }) {
  const { t } = useTranslation();
  const format = useFormat();
  const complete = useCompleteBooking();
  const queryClient = useQueryClient();
  const form = useForm<CodeForm>({
    resolver: zodResolver(completeBookingSchema),
    defaultValues: { code: '' },
  });

  const codeField = bindField(form, 'code');
  return (
    <ActionDialog
      title={t('requests.code.title', { product: request.productName })}
      onClose={onClose}
    >
      {(close) => (
        <Form
          form={form}
          action="Completing the deal"
          submitLabel={t('requests.code.submit')}
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
            toast.success(
              t('requests.code.done', { product: request.productName, name: request.name }),
            );
            close();
          }}
        >
          <p className="text-sm wrap-anywhere">{t('requests.code.ask', { name: request.name })}</p>
          {request.inspectionStatus !== null && request.inspectionStatus !== 'complete' && (
            <p role="status" className="rounded-field border border-info/50 bg-info/10 p-3 text-sm">
              {request.inspectionStatus === 'failed'
                ? t('requests.code.checkFailed')
                : t('requests.code.checkFirst')}
            </p>
          )}
          {request.codeLockedUntil && (
            <p
              role="status"
              className="rounded-field border border-warning/50 bg-warning/10 p-3 text-sm"
            >
              {t('requests.code.locked', { time: format.dateTime(request.codeLockedUntil) })}
            </p>
          )}
          <TextField
            label={t('requests.code.label')}
            type="text"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            hint={
              request.codeTriesLeft === null
                ? undefined
                : t('requests.code.triesLeft', {
                    count: request.codeTriesLeft,
                    n: format.number(request.codeTriesLeft),
                  })
            }
            {...codeField}
          />
        </Form>
      )}
    </ActionDialog>
  );
}
