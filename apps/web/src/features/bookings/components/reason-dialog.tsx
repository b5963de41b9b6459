import { z } from '@market/shared/zod';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { BOOKING_REASON_MAX } from '@market/shared';
import { Form } from '../../../components/ui/form.tsx';
import { TextField, bindField } from '../../../components/ui/form-field.tsx';
import { ActionDialog } from '../../../components/ui/action-dialog.tsx';

const optionalReason = z.object({ reason: z.string().trim().max(BOOKING_REASON_MAX) });
type ReasonForm = { reason: string };

/** A dialog that asks why, optionally (declining), then does it. */
export function ReasonDialog({
  title,
  explanation,
  label,
  submitLabel,
  action,
  onSubmit,
  onClose,
}: {
  title: string;
  explanation: string;
  label: string;
  submitLabel: string;
  /** Names the action in the log. */
  action: string;
  onSubmit: (reason: string) => Promise<void>;
  onClose: () => void;
}) {
  const form = useForm<ReasonForm>({
    resolver: zodResolver(optionalReason),
    defaultValues: { reason: '' },
  });

  const reasonField = bindField(form, 'reason');
  return (
    <ActionDialog title={title} onClose={onClose}>
      {(close) => (
        <Form
          form={form}
          action={action}
          submitLabel={submitLabel}
          className="mt-4 space-y-3"
          footerClassName="space-y-3"
          onSubmit={async ({ reason }) => {
            await onSubmit(reason.trim());
            close();
          }}
        >
          <p className="text-sm wrap-anywhere">{explanation}</p>
          <TextField label={label} type="text" maxLength={BOOKING_REASON_MAX} {...reasonField} />
        </Form>
      )}
    </ActionDialog>
  );
}
