import { useState } from 'react';
import { maskedImei } from '@market/shared';
import { TextField } from '../../../components/ui/form-field.tsx';
import type { UseFormRegisterReturn } from 'react-hook-form';

const HINT =
  '15 digits: dial *#06# on the phone to see it. Buyers see only the last four; a second ' +
  'listing of the same phone waits for a moderator.';

/**
 * The IMEI, optional. A listing that has one shows only its last four digits, with a button to
 * type a new one; nothing typed keeps the one on file.
 */
export function ImeiField({
  registration,
  error,
  onFile,
}: {
  registration: UseFormRegisterReturn;
  error: string | undefined;
  /** The last four digits of the IMEI the listing has; null without one. */
  onFile: string | null;
}) {
  const [replacing, setReplacing] = useState(onFile === null);
  if (!replacing && !error) {
    return (
      <div className="fieldset">
        <p className="fieldset-legend text-sm">IMEI</p>
        <p className="flex min-h-10 flex-wrap items-center gap-3">
          <span>
            On file: <span className="font-mono">{maskedImei(onFile ?? '')}</span>
          </span>
          <button type="button" className="btn btn-sm" onClick={() => setReplacing(true)}>
            Replace IMEI
          </button>
        </p>
      </div>
    );
  }
  return (
    <TextField
      label={onFile === null ? 'IMEI (optional)' : 'New IMEI'}
      inputMode="numeric"
      autoComplete="off"
      autoFocus={onFile !== null}
      hint={HINT}
      error={error}
      registration={registration}
    />
  );
}
