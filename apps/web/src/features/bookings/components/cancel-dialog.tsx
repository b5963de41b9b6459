import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import {
  BOOKING_REASON_MAX,
  CANCEL_REASONS_BY_SIDE,
  cancelFormSchema,
  type CancelReason,
  type cancelBookingSchema,
} from '@market/shared';
import { Form } from '../../../components/ui/form.tsx';
import { FormField, errorProps } from '../../../components/ui/form-field.tsx';
import { ActionDialog } from '../../../components/ui/action-dialog.tsx';

type CancelForm = z.input<typeof cancelFormSchema>;

/**
 * Cancelling a request or a meeting: one of the reasons offered to this side, and a few words
 * if the person wants to add some ("Another reason" needs them). The other side reads both.
 */
export function CancelDialog({
  side,
  title,
  explanation,
  submitLabel,
  action,
  defaultPreset,
  onSubmit,
  onClose,
}: {
  side: 'buyer' | 'seller';
  /** A reason chosen already (a phone that failed the check at hand-over). */
  defaultPreset?: CancelReason;
  title: string;
  explanation: string;
  submitLabel: string;
  /** Names the action in the log. */
  action: string;
  onSubmit: (input: z.output<typeof cancelBookingSchema>) => Promise<void>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const form = useForm<CancelForm, unknown, z.output<typeof cancelFormSchema>>({
    resolver: zodResolver(cancelFormSchema),
    // No reason is chosen until the person picks one.
    defaultValues: { reason: '', ...(defaultPreset ? { preset: defaultPreset } : {}) },
  });
  const id = useId();
  const presetError = form.formState.errors.preset?.message;
  const reasonError = form.formState.errors.reason?.message;
  const other = form.watch('preset') === 'other';
  const presetField = form.register('preset');
  const reasonField = form.register('reason');
  const reasonErrorProps = errorProps(`${id}-reason`, reasonError);

  return (
    <ActionDialog title={title} onClose={onClose}>
      {(close) => (
        <Form
          form={form}
          action={action}
          submitLabel={submitLabel}
          className="mt-4 space-y-3"
          footerClassName="space-y-3"
          onSubmit={async (input) => {
            await onSubmit(input.reason ? input : { preset: input.preset });
            close();
          }}
        >
          <p className="text-sm wrap-anywhere">{explanation}</p>
          <fieldset
            className="fieldset"
            aria-invalid={presetError ? true : undefined}
            aria-describedby={presetError ? `${id}-preset-error` : undefined}
          >
            <legend className="fieldset-legend text-sm">{t('requests.cancel.why')}</legend>
            {CANCEL_REASONS_BY_SIDE[side].map((preset) => (
              <label key={preset} className="label min-h-9 cursor-pointer gap-3 text-base-content">
                <input type="radio" className="radio radio-sm" value={preset} {...presetField} />
                {t(`requests.cancelReason.${preset}`)}
              </label>
            ))}
            {presetError && (
              <p id={`${id}-preset-error`} className="text-sm text-error">
                {presetError}
              </p>
            )}
          </fieldset>
          <FormField
            id={`${id}-reason`}
            label={other ? t('requests.cancel.yourReason') : t('requests.cancel.addMore')}
            error={reasonError}
          >
            <textarea
              id={`${id}-reason`}
              rows={2}
              maxLength={BOOKING_REASON_MAX}
              className={`textarea w-full ${reasonError ? 'textarea-error' : ''}`}
              {...reasonErrorProps}
              {...reasonField}
            />
          </FormField>
        </Form>
      )}
    </ActionDialog>
  );
}
