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
  const missing = [
    storageGb === undefined || storageGb === null ? 'storage' : null,
    colour?.trim() ? null : 'colour',
    batteryHealth === undefined || batteryHealth === null || Number.isNaN(batteryHealth)
      ? 'battery health'
      : null,
    lockKind ? null : 'network lock',
  ].filter((detail) => detail !== null);
  return (
    <div className="rounded-field border border-info/40 bg-info/5 p-3 text-sm md:col-span-2">
      <p className="font-semibold">Listings with details sell faster.</p>
      <p>
        Buyers filter by storage and battery health, and compare your price with the same model and
        storage. You can post without them.
      </p>
      <p role="status" aria-live="polite" className="mt-1">
        {missing.length === 0
          ? 'All the main details are given.'
          : `Not given yet: ${missing.join(', ')}.`}
      </p>
    </div>
  );
}
