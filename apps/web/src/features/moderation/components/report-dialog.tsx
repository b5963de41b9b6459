import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from '../../../lib/toast.ts';
import type { z } from 'zod';
import {
  REPORT_NOTE_MAX,
  REPORT_REASONS,
  createReportSchema,
  type ReportableTargetType,
  type ReportReason,
} from '@market/shared';
import { Form } from '../../../components/ui/form.tsx';
import { FormField, errorProps } from '../../../components/ui/form-field.tsx';
import { ActionDialog } from '../../../components/ui/action-dialog.tsx';
import { useFileReport } from '../api/file-report.ts';
import { useKnownText } from '../../../i18n/known-texts.ts';
import { ReasonLabel } from './reason-label.tsx';

const reportFormSchema = createReportSchema.pick({ reason: true, note: true });

/** The reasons that make sense for each kind of thing, in the dialog's order. */
const REASONS_FOR: Record<ReportableTargetType, readonly ReportReason[]> = {
  // "Scam" is for messages, where the scam shield's warning offers it.
  listing: REPORT_REASONS.filter((reason) => reason !== 'scam'),
  user: ['fake', 'stolen', 'spam', 'offensive', 'other'],
  message: ['spam', 'offensive', 'other'],
};

/** The report's reasons and note, sent to the moderators. */
export default function ReportDialog({
  targetType,
  targetId,
  targetName,
  onClose,
}: {
  targetType: ReportableTargetType;
  targetId: string;
  targetName: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const knownText = useKnownText();
  const file = useFileReport();
  const form = useForm<
    z.input<typeof reportFormSchema>,
    unknown,
    z.output<typeof reportFormSchema>
  >({
    resolver: zodResolver(reportFormSchema),
    // No reason is chosen until the person picks one.
    defaultValues: { note: '' },
  });
  const noteId = useId();
  const reasonError = form.formState.errors.reason?.message;
  const noteError = form.formState.errors.note?.message;

  return (
    <ActionDialog title={t('moderation.report.title', { name: targetName })} onClose={onClose}>
      {(close) => (
        <Form
          form={form}
          action={t('moderation.report.action')}
          submitLabel={t('moderation.report.submit')}
          className="mt-4 space-y-3"
          footerClassName="space-y-3"
          onSubmit={async ({ reason, note }) => {
            await file.mutateAsync({ targetType, targetId, reason, note });
            toast.success(t('moderation.report.done'));
            close();
          }}
        >
          <fieldset
            className="fieldset"
            aria-invalid={reasonError ? true : undefined}
            aria-describedby={reasonError ? `${noteId}-reason-error` : undefined}
          >
            <legend className="fieldset-legend text-sm">{t('moderation.report.what')}</legend>
            {REASONS_FOR[targetType].map((reason) => (
              <label key={reason} className="label min-h-9 cursor-pointer gap-3 text-base-content">
                <input
                  type="radio"
                  className="radio radio-sm"
                  value={reason}
                  {...form.register('reason')}
                />
                <ReasonLabel reason={reason} />
              </label>
            ))}
            {reasonError && (
              <p id={`${noteId}-reason-error`} className="text-sm text-error">
                {knownText(reasonError)}
              </p>
            )}
          </fieldset>
          <FormField id={noteId} label={t('moderation.report.note')} error={noteError}>
            <textarea
              id={noteId}
              rows={3}
              maxLength={REPORT_NOTE_MAX}
              className={`textarea w-full ${noteError ? 'textarea-error' : ''}`}
              {...errorProps(noteId, noteError)}
              {...form.register('note')}
            />
          </FormField>
        </Form>
      )}
    </ActionDialog>
  );
}
