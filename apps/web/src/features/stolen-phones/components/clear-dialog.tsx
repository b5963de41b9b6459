import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { CLEAR_OUTCOMES, MODERATION_REASON_MAX, clearStolenReportSchema } from '@market/shared';
import { ActionDialog } from '../../../components/ui/action-dialog.tsx';
import { Form } from '../../../components/ui/form.tsx';
import { FormField, errorProps } from '../../../components/ui/form-field.tsx';
import { toast } from '../../../lib/toast.ts';
import { useClearStolenReport } from '../api/clear-stolen-report.ts';
import { useKnownText } from '../../../i18n/known-texts.ts';
import { useFormat } from '../../../i18n/locale.tsx';

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
  const { t } = useTranslation();
  const format = useFormat();
  const knownText = useKnownText();
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
    <ActionDialog title={t('stolenReports.clearTitle', { last4 })} onClose={onClose}>
      {(close) => (
        <Form
          form={form}
          action={t('stolenReports.clearAction')}
          submitLabel={t('stolenReports.clear')}
          className="mt-4 space-y-3"
          footerClassName="space-y-3"
          onSubmit={async (values) => {
            const result = await clear.mutateAsync({ id: reportId, ...values });
            toast.success(
              result.releasedCount === 0
                ? t('stolenReports.cleared')
                : t('stolenReports.clearedReleased', {
                    count: result.releasedCount,
                    n: format.count(result.releasedCount),
                  }),
            );
            close();
          }}
        >
          <p className="text-sm">{t('stolenReports.clearText')}</p>
          <fieldset className="fieldset" aria-invalid={outcomeError ? true : undefined}>
            <legend className="fieldset-legend text-sm">{t('stolenReports.why')}</legend>
            {CLEAR_OUTCOMES.map((outcome) => (
              <label key={outcome} className="label min-h-9 cursor-pointer gap-3 text-base-content">
                <input
                  type="radio"
                  className="radio radio-sm"
                  value={outcome}
                  {...form.register('outcome')}
                />
                {t(`stolenReports.outcome.${outcome}`)}
              </label>
            ))}
            {outcomeError && <p className="text-sm text-error">{knownText(outcomeError)}</p>}
          </fieldset>
          <FormField id={reasonId} label={t('stolenReports.reason')} error={reasonError}>
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
