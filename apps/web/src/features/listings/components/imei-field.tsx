import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IMEI_CHANGES_PER_LISTING } from '@market/shared';
import { useFormat } from '../../../i18n/locale.tsx';
import { TextField } from '../../../components/ui/form-field.tsx';
import type { UseFormRegisterReturn } from 'react-hook-form';

/**
 * The IMEI, optional. A listing that has one says "IMEI given", with a button to type a new
 * one; nothing typed keeps the one on file.
 */
export function ImeiField({
  registration,
  error,
  onFile,
}: {
  registration: UseFormRegisterReturn;
  error: string | undefined;
  /** Whether the listing has an IMEI on file; null while the form posts a new listing. */
  onFile: boolean | null;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const [replacing, setReplacing] = useState(onFile !== true);
  const hint = t('productForm.imei.hint', { digits: format.number(15) });
  // Said where a posted listing's IMEI can be replaced: a change is checked, and counted.
  const replaceHint = t('productForm.imei.replaceHint', {
    times: format.number(IMEI_CHANGES_PER_LISTING),
  });
  if (!replacing && !error) {
    return (
      <div className="fieldset">
        <p className="fieldset-legend text-sm">{t('productForm.imei.label')}</p>
        <p className="flex min-h-10 flex-wrap items-center gap-3">
          <span>{t('listing.imeiGiven')}</span>
          <button type="button" className="btn btn-sm" onClick={() => setReplacing(true)}>
            {t('productForm.imei.replace')}
          </button>
        </p>
      </div>
    );
  }
  return (
    <TextField
      label={onFile === true ? t('productForm.imei.new') : t('productForm.imei.optional')}
      inputMode="numeric"
      autoComplete="off"
      autoFocus={onFile === true}
      hint={onFile === null ? hint : `${hint} ${replaceHint}`}
      error={error}
      registration={registration}
    />
  );
}
