import { useState } from 'react';
import { IMEI_CHANGES_PER_LISTING, IMEI_GIVEN } from '@market/shared';
import { TextField } from '../../../components/ui/form-field.tsx';
import type { UseFormRegisterReturn } from 'react-hook-form';

const HINT =
  '15 digits: dial *#06# on the phone to see it. Nobody is shown any digit of it, only "IMEI ' +
  'given"; a second listing of the same phone waits for a moderator.';

/** Said where a posted listing's IMEI can be replaced: a change is checked, and counted. */
const REPLACE_HINT =
  'A listing with a new IMEI waits for a moderator before it is shown again. An IMEI can be ' +
  `changed ${IMEI_CHANGES_PER_LISTING} times a day.`;

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
  const [replacing, setReplacing] = useState(onFile !== true);
  if (!replacing && !error) {
    return (
      <div className="fieldset">
        <p className="fieldset-legend text-sm">IMEI</p>
        <p className="flex min-h-10 flex-wrap items-center gap-3">
          <span>{IMEI_GIVEN}</span>
          <button type="button" className="btn btn-sm" onClick={() => setReplacing(true)}>
            Replace IMEI
          </button>
        </p>
      </div>
    );
  }
  return (
    <TextField
      label={onFile === true ? 'New IMEI' : 'IMEI (optional)'}
      inputMode="numeric"
      autoComplete="off"
      autoFocus={onFile === true}
      hint={onFile === null ? HINT : `${HINT} ${REPLACE_HINT}`}
      error={error}
      registration={registration}
    />
  );
}
