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
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../i18n/locale.tsx';
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
  const { t } = useTranslation();
  const format = useFormat();
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
      submitLabel={t('stolenPhones.submit')}
      className="grid gap-x-4 gap-y-2 md:grid-cols-3"
      footerClassName="space-y-3 md:col-span-3"
      onSubmit={async ({ imei, stolenOn, policeReport }) => {
        await report.mutateAsync({ imei, stolenOn, policeReport });
        toast.success(t('stolenPhones.recorded'));
        form.reset();
      }}
    >
      <TextField
        label={t('stolenPhones.imei')}
        inputMode="numeric"
        autoComplete="off"
        placeholder={t('stolenPhones.imeiPlaceholder', { digits: format.number(15) })}
        hint={t('stolenPhones.imeiHint')}
        {...bindField(form, 'imei')}
      />
      <TextField
        label={t('stolenPhones.day')}
        type="date"
        min={STOLEN_ON_EARLIEST}
        max={latestToday()}
        {...bindField(form, 'stolenOn')}
      />
      <TextField
        label={t('stolenPhones.policeNumber')}
        autoComplete="off"
        maxLength={POLICE_REPORT_MAX + 20}
        {...bindField(form, 'policeReport')}
      />
      <p id={hintId} className="text-sm text-base-content/80 md:col-span-3">
        {t('stolenPhones.privacy', {
          last: format.number(4),
          perDay: format.number(STOLEN_REPORTS_PER_DAY),
        })}
      </p>
    </Form>
  );
}
