import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';

/** A labelled field with its error message underneath, tied to the input for screen readers. */
export function FormField({
  id,
  label,
  error,
  hint,
  children,
  className = '',
}: {
  id: string;
  label: string;
  error?: string;
  hint?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return (
    <div className={`fieldset ${className}`}>
      <label htmlFor={id} className="fieldset-legend text-sm">
        {label}
      </label>
      {children}
      {hint && !error && <p className="text-sm text-base-content/80">{hint}</p>}
      {error && (
        <p id={`${id}-error`} className="text-sm text-error">
          {error}
        </p>
      )}
    </div>
  );
}

/** The aria attributes an input needs to announce its error. */
export function errorProps(id: string, error?: string) {
  return error
    ? { 'aria-invalid': true as const, 'aria-describedby': `${id}-error` }
    : { 'aria-invalid': false as const };
}

/** A labelled text input registered with react-hook-form. */
export function TextField({
  label,
  registration,
  error,
  hint,
  ...inputProps
}: {
  label: string;
  registration: UseFormRegisterReturn;
  error?: string;
  hint?: ReactNode;
} & Omit<InputHTMLAttributes<HTMLInputElement>, 'name' | 'onChange' | 'onBlur' | 'ref'>) {
  const id = useId();
  return (
    <FormField id={id} label={label} error={error} hint={hint}>
      <input
        id={id}
        className={`input w-full ${error ? 'input-error' : ''}`}
        {...errorProps(id, error)}
        {...inputProps}
        {...registration}
      />
    </FormField>
  );
}

/** The form-level error in red, announced when it appears. */
export function FormError({ message }: { message: string | undefined }) {
  if (!message) return null;
  return (
    <p
      role="alert"
      className="rounded-field border border-error/40 bg-error/5 p-3 text-sm text-error"
    >
      {message}
    </p>
  );
}

/** A labelled select registered with react-hook-form, starting on a disabled prompt. */
export function SelectField({
  label,
  registration,
  error,
  prompt,
  options,
}: {
  label: string;
  registration: UseFormRegisterReturn;
  error?: string;
  prompt: string;
  options: readonly string[];
}) {
  const id = useId();
  return (
    <FormField id={id} label={label} error={error}>
      <select
        id={id}
        className={`select w-full ${error ? 'select-error' : ''}`}
        defaultValue=""
        {...errorProps(id, error)}
        {...registration}
      >
        <option value="" disabled>
          {prompt}
        </option>
        {options.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
    </FormField>
  );
}
