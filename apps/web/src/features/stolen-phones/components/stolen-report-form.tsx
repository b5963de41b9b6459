import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import {
  POLICE_REPORT_MAX,
  STOLEN_ON_EARLIEST,
  STOLEN_REPORTS_PER_DAY,
  createStolenReportSchema,
  latestToday,
} from '@market/shared';
import { Form } from '../../../components/ui/form.tsx';
import { TextField, bindField } from '../../../components/ui/form-field.tsx';
import { toast } from '../../../lib/toast.ts';
import { useReportStolenPhone } from '../api/report-stolen-phone.ts';

type Input = z.input<typeof createStolenReportSchema>;
type Output = z.output<typeof createStolenReportSchema>;

/**
 * The owner's report: the IMEI (from the box, the receipt or the carrier), the day, and a police
 * report number if there is one. The answer never says whether the phone is listed here.
 */
export function StolenReportForm() {
  const report = useReportStolenPhone();
  const form = useForm<Input, unknown, Output>({
    resolver: zodResolver(createStolenReportSchema),
    defaultValues: { imei: '', stolenOn: '', policeReport: '' },
  });
  const hintId = useId();
  return (
    <Form
      form={form}
      action="Reporting a stolen phone"
      submitLabel="Report stolen"
      className="grid gap-x-4 gap-y-2 md:grid-cols-3"
      footerClassName="space-y-3 md:col-span-3"
      onSubmit={async ({ imei, stolenOn, policeReport }) => {
        await report.mutateAsync({ imei, stolenOn, policeReport });
        toast.success(
          'Your report is recorded. If the phone is listed here, a moderator will look at it.',
        );
        form.reset();
      }}
    >
      <TextField
        label="IMEI"
        inputMode="numeric"
        autoComplete="off"
        placeholder="15 digits"
        hint="On the box, the receipt, or your carrier's account"
        {...bindField(form, 'imei')}
      />
      <TextField
        label="Day it was stolen"
        type="date"
        min={STOLEN_ON_EARLIEST}
        max={latestToday()}
        {...bindField(form, 'stolenOn')}
      />
      <TextField
        label="Police report number (optional)"
        autoComplete="off"
        maxLength={POLICE_REPORT_MAX + 20}
        {...bindField(form, 'policeReport')}
      />
      <p id={hintId} className="text-sm text-base-content/80 md:col-span-3">
        Only the last 4 digits are shown back to you; the number itself is kept as a code nobody can
        read back. You can report up to {STOLEN_REPORTS_PER_DAY} phones a day.
      </p>
    </Form>
  );
}
