import { useTranslation } from 'react-i18next';
import type { ProductFormInput } from './product-form-schema.ts';

/**
 * Above the phone's details, which a listing may leave out: why they are worth giving, and
 * which of the main ones are still not given.
 */
export function DetailsNudge({
  storageGb,
  colour,
  batteryHealth,
  lockKind,
}: Pick<ProductFormInput, 'storageGb' | 'colour' | 'batteryHealth' | 'lockKind'>) {
  const { t } = useTranslation();
  const missing = [
    storageGb === undefined || storageGb === null ? t('productForm.nudge.storage') : null,
    colour?.trim() ? null : t('productForm.nudge.colour'),
    batteryHealth === undefined || batteryHealth === null || Number.isNaN(batteryHealth)
      ? t('productForm.nudge.battery')
      : null,
    lockKind ? null : t('productForm.nudge.networkLock'),
  ].filter((detail) => detail !== null);
  return (
    <div className="rounded-field border border-info/40 bg-info/5 p-3 text-sm md:col-span-2">
      <p className="font-semibold">{t('productForm.nudge.title')}</p>
      <p>{t('productForm.nudge.text')}</p>
      <p role="status" aria-live="polite" className="mt-1">
        {missing.length === 0
          ? t('productForm.nudge.allGiven')
          : t('productForm.nudge.notGiven', { details: missing.join(', ') })}
      </p>
    </div>
  );
}
