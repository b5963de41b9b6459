import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  CONVERSATION_REPORT_NOTE_MAX,
  CONVERSATION_REPORT_REASONS,
  reportConversationSchema,
} from '@market/shared';
import { toast } from '../../../lib/toast.ts';
import { ActionDialog } from '../../../components/ui/action-dialog.tsx';
import { Form } from '../../../components/ui/form.tsx';
import { useReportConversation } from '../api/report-conversation.ts';

const reportFormSchema = reportConversationSchema.omit({ messageId: true });

/** Reports the conversation to the moderators, with a reason and, if one likes, a note. */
export function ReportDialog({
  conversationId,
  otherName,
  onClose,
}: {
  conversationId: string;
  otherName: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const report = useReportConversation();
  const form = useForm({ resolver: zodResolver(reportFormSchema), defaultValues: { note: '' } });
  const reasonError = form.formState.errors.reason?.message;
  const noteError = form.formState.errors.note?.message;
  const reasonField = form.register('reason');
  const noteField = form.register('note');

  return (
    <ActionDialog title={t('messages.report.title')} onClose={onClose}>
      {(close) => (
        <Form
          form={form}
          action="Reporting a conversation"
          submitLabel={t('messages.report.submit')}
          className="mt-3 space-y-3"
          footerClassName="space-y-3"
          onSubmit={async ({ reason, note }) => {
            await report.mutateAsync({ conversationId, reason, ...(note ? { note } : {}) });
            toast.success(t('messages.report.done'));
            close();
          }}
        >
          <p className="text-sm wrap-anywhere">
            {t('messages.report.explanation', { name: otherName })}
          </p>
          <fieldset aria-describedby={reasonError ? 'report-reason-error' : undefined}>
            <legend className="mb-1 text-sm font-medium">{t('messages.report.reason')}</legend>
            {CONVERSATION_REPORT_REASONS.map((reason) => (
              <label key={reason} className="flex min-h-11 cursor-pointer items-center gap-3">
                <input
                  type="radio"
                  value={reason}
                  className="radio radio-primary radio-sm"
                  {...reasonField}
                />
                {t(`messages.report.reasons.${reason}`)}
              </label>
            ))}
            {reasonError && (
              <p id="report-reason-error" className="text-sm text-error">
                {t('messages.report.chooseReason')}
              </p>
            )}
          </fieldset>
          <label className="flex flex-col gap-1 text-sm font-medium">
            {t('messages.report.note')}
            <textarea
              rows={3}
              maxLength={CONVERSATION_REPORT_NOTE_MAX}
              className={`textarea w-full font-normal ${noteError ? 'textarea-error' : ''}`}
              aria-invalid={noteError ? true : undefined}
              {...noteField}
            />
          </label>
          {noteError && <p className="text-sm text-error">{noteError}</p>}
        </Form>
      )}
    </ActionDialog>
  );
}
