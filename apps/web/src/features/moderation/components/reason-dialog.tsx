import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { zodResolver } from '@hookform/resolvers/zod';
import { MODERATION_REASON_MAX, restoreSchema, type Restore } from '@market/shared';
import { Form } from '../../../components/ui/form.tsx';
import { FormField, errorProps } from '../../../components/ui/form-field.tsx';
import { ActionDialog } from '../../../components/ui/action-dialog.tsx';

/**
 * Confirms a moderator's step and asks why: the reason goes to the audit log, and to the person
 * the step falls on where they are told.
 */
export function ReasonDialog({
  title,
  explanation,
  submitLabel,
  danger = false,
  onSubmit,
  onClose,
}: {
  title: string;
  explanation: string;
  submitLabel: string;
  /** The step takes something away (hiding, suspending): its button is red. */
  danger?: boolean;
  onSubmit: (reason: string) => Promise<void>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const form = useForm<Restore>({
    resolver: zodResolver(restoreSchema),
    defaultValues: { reason: '' },
  });
  const id = useId();
  const error = form.formState.errors.reason?.message;

  return (
    <ActionDialog title={title} onClose={onClose}>
      {(close) => (
        <Form
          form={form}
          action={title}
          submitLabel={submitLabel}
          className="mt-4 space-y-3"
          footerClassName="space-y-3"
          submitClassName={danger ? 'btn btn-error btn-block' : undefined}
          onSubmit={async ({ reason }) => {
            await onSubmit(reason.trim());
            close();
          }}
        >
          <p className="text-sm wrap-anywhere">{explanation}</p>
          <FormField
            id={id}
            label={t('moderation.reason.label')}
            error={error}
            hint={t('moderation.reason.hint')}
          >
            <textarea
              id={id}
              rows={3}
              maxLength={MODERATION_REASON_MAX}
              className={`textarea w-full ${error ? 'textarea-error' : ''}`}
              {...errorProps(id, error)}
              {...form.register('reason')}
            />
          </FormField>
        </Form>
      )}
    </ActionDialog>
  );
}
