import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';

/** A labelled input with its error underneath, tied together for screen readers. */
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
} & Omit<InputHTMLAttributes<HTMLInputElement>, keyof UseFormRegisterReturn>) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium">
        {label}
      </label>
      <input
        id={id}
        className={`input w-full ${error ? 'input-error' : ''}`}
        aria-invalid={Boolean(error)}
        aria-describedby={error ? errorId : undefined}
        {...inputProps}
        {...registration}
      />
      {hint && !error && <p className="mt-1 text-sm text-base-content/80">{hint}</p>}
      {error && (
        <p id={errorId} className="mt-1 text-sm text-error">
          {error}
        </p>
      )}
    </div>
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
