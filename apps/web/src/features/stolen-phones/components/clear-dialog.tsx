import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import {
  CLEAR_OUTCOMES,
  CLEAR_OUTCOME_LABELS,
  MODERATION_REASON_MAX,
  clearStolenReportSchema,
} from '@market/shared';
import { ActionDialog } from '../../../components/ui/action-dialog.tsx';
import { Form } from '../../../components/ui/form.tsx';
import { FormField, errorProps } from '../../../components/ui/form-field.tsx';
import { toast } from '../../../lib/toast.ts';
import { useClearStolenReport } from '../api/clear-stolen-report.ts';

/**
 * Clearing a stolen-phone report: recovered, or a mistake, with the moderator's words for the
 * audit log. Listings it alone held go back on show.
 */
export function ClearStolenReportDialog({
  reportId,
  last4,
  onClose,
}: {
  reportId: string;
  last4: string;
  onClose: () => void;
}) {
  const clear = useClearStolenReport();
  const form = useForm<
    z.input<typeof clearStolenReportSchema>,
    unknown,
    z.output<typeof clearStolenReportSchema>
  >({ resolver: zodResolver(clearStolenReportSchema), defaultValues: { reason: '' } });
  const reasonId = useId();
  const outcomeError = form.formState.errors.outcome?.message;
  const reasonError = form.formState.errors.reason?.message;
  return (
    <ActionDialog title={`Clear the report of IMEI ending ${last4}`} onClose={onClose}>
      {(close) => (
        <Form
          form={form}
          action="Clearing a stolen-phone report"
          submitLabel="Clear report"
          className="mt-4 space-y-3"
          footerClassName="space-y-3"
          onSubmit={async (values) => {
            const result = await clear.mutateAsync({ id: reportId, ...values });
            toast.success(
              result.releasedCount === 0
                ? 'Report cleared'
                : `Report cleared: ${result.releasedCount} listing${result.releasedCount === 1 ? '' : 's'} back on show`,
            );
            close();
          }}
        >
          <p className="text-sm">
            Listings this report alone holds go back on show; the reporter is told. A deal it
            flagged stays in the report queue.
          </p>
          <fieldset className="fieldset" aria-invalid={outcomeError ? true : undefined}>
            <legend className="fieldset-legend text-sm">Why is it cleared?</legend>
            {CLEAR_OUTCOMES.map((outcome) => (
              <label key={outcome} className="label min-h-9 cursor-pointer gap-3 text-base-content">
                <input
                  type="radio"
                  className="radio radio-sm"
                  value={outcome}
                  {...form.register('outcome')}
                />
                {CLEAR_OUTCOME_LABELS[outcome]}
              </label>
            ))}
            {outcomeError && <p className="text-sm text-error">{outcomeError}</p>}
          </fieldset>
          <FormField id={reasonId} label="Reason (for the audit log)" error={reasonError}>
            <textarea
              id={reasonId}
              rows={3}
              maxLength={MODERATION_REASON_MAX}
              className={`textarea w-full ${reasonError ? 'textarea-error' : ''}`}
              {...errorProps(reasonId, reasonError)}
              {...form.register('reason')}
            />
          </FormField>
        </Form>
      )}
    </ActionDialog>
  );
}
