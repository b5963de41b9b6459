import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { zodResolver } from '@hookform/resolvers/zod';
import { REPORT_NOTE_MAX, createReportSchema, type ScamRule } from '@market/shared';
import { toast } from '../../../lib/toast.ts';
import { useHydrated } from '../../../lib/use-hydrated.ts';
import { ActionDialog } from '../../../components/ui/action-dialog.tsx';
import { Form } from '../../../components/ui/form.tsx';
import { useReportScamMessage } from '../api/report-scam-message.ts';

const noteFormSchema = createReportSchema.pick({ note: true });

/**
 * The scam shield's calm warning under a message that looks like a common scam: one line of
 * advice (the first rule's) and a Report button for the moderators. Only the reader gets it.
 */
export function ScamWarning({
  messageId,
  rules,
  authorName,
}: {
  messageId: string;
  rules: readonly [ScamRule, ...ScamRule[]];
  authorName: string;
}) {
  const { t } = useTranslation();
  const [reporting, setReporting] = useState(false);
  const [reported, setReported] = useState(false);
  const hydrated = useHydrated();
  return (
    <div
      role="note"
      aria-label={t('messages.scam.warning')}
      className="alert alert-warning alert-soft flex w-full max-w-md flex-col items-start gap-x-3 gap-y-2 self-start px-3 py-2 text-sm text-base-content sm:flex-row sm:items-center"
    >
      <div className="min-w-0 flex-1">
        <p className="font-semibold">{t('messages.scam.warning')}</p>
        <p>{t(`messages.scam.advice.${rules[0]}`)}</p>
      </div>
      {reported ? (
        <span className="font-medium">{t('messages.scam.reported')}</span>
      ) : (
        <button
          type="button"
          className="btn btn-sm btn-outline"
          disabled={!hydrated}
          onClick={() => setReporting(true)}
        >
          {t('messages.scam.report')}
        </button>
      )}
      {reporting && (
        <ReportScamDialog
          messageId={messageId}
          authorName={authorName}
          onReported={() => setReported(true)}
          onClose={() => setReporting(false)}
        />
      )}
    </div>
  );
}

function ReportScamDialog({
  messageId,
  authorName,
  onReported,
  onClose,
}: {
  messageId: string;
  authorName: string;
  onReported: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const report = useReportScamMessage();
  const form = useForm({ resolver: zodResolver(noteFormSchema), defaultValues: { note: '' } });
  const noteError = form.formState.errors.note?.message;
  const noteField = form.register('note');
  return (
    <ActionDialog title={t('messages.scam.title')} onClose={onClose}>
      {(close) => (
        <Form
          form={form}
          action="Reporting a message as a scam"
          submitLabel={t('messages.scam.submit')}
          className="mt-3 space-y-3"
          footerClassName="space-y-3"
          onSubmit={async ({ note }) => {
            await report.mutateAsync({ messageId, ...(note ? { note } : {}) });
            onReported();
            toast.success(t('messages.scam.done'));
            close();
          }}
        >
          <p className="text-sm wrap-anywhere">
            {t('messages.scam.explanation', { name: authorName })}
          </p>
          <label className="flex flex-col gap-1 text-sm font-medium">
            {t('messages.scam.note')}
            <textarea
              rows={3}
              maxLength={REPORT_NOTE_MAX}
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
