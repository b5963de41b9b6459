import { useForm } from 'react-hook-form';
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

type Reason = (typeof CONVERSATION_REPORT_REASONS)[number];

const REASON_LABELS: Record<Reason, string> = {
  spam: 'Spam or advertising',
  scam: 'A scam or an attempt at fraud',
  offensive: 'Offensive or abusive',
  other: 'Something else',
};

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
  const report = useReportConversation();
  const form = useForm({ resolver: zodResolver(reportFormSchema), defaultValues: { note: '' } });
  const reasonError = form.formState.errors.reason?.message;
  const noteError = form.formState.errors.note?.message;

  return (
    <ActionDialog title="Report this conversation" onClose={onClose}>
      {(close) => (
        <Form
          form={form}
          action="Reporting a conversation"
          submitLabel="Send report"
          className="mt-3 space-y-3"
          footerClassName="space-y-3"
          onSubmit={async ({ reason, note }) => {
            await report.mutateAsync({ conversationId, reason, ...(note ? { note } : {}) });
            toast.success('Thank you. Our moderators will look at this conversation.');
            close();
          }}
        >
          <p className="text-sm wrap-anywhere">
            What is wrong in your conversation with {otherName}? The moderators read it and act on
            it; {otherName} is not told who reported it.
          </p>
          <fieldset aria-describedby={reasonError ? 'report-reason-error' : undefined}>
            <legend className="mb-1 text-sm font-medium">Reason</legend>
            {CONVERSATION_REPORT_REASONS.map((reason) => (
              <label key={reason} className="flex min-h-11 cursor-pointer items-center gap-3">
                <input
                  type="radio"
                  value={reason}
                  className="radio radio-primary radio-sm"
                  {...form.register('reason')}
                />
                {REASON_LABELS[reason]}
              </label>
            ))}
            {reasonError && (
              <p id="report-reason-error" className="text-sm text-error">
                Choose a reason
              </p>
            )}
          </fieldset>
          <label className="flex flex-col gap-1 text-sm font-medium">
            Note (optional)
            <textarea
              rows={3}
              maxLength={CONVERSATION_REPORT_NOTE_MAX}
              className={`textarea w-full font-normal ${noteError ? 'textarea-error' : ''}`}
              aria-invalid={noteError ? true : undefined}
              {...form.register('note')}
            />
          </label>
          {noteError && <p className="text-sm text-error">{noteError}</p>}
        </Form>
      )}
    </ActionDialog>
  );
}
