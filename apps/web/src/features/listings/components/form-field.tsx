import type { ReactNode } from 'react';

/** A labelled field with its error message underneath, tied to the input for screen readers. */
export function FormField({
  id,
  label,
  error,
  children,
  className = '',
}: {
  id: string;
  label: string;
  error?: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <div className={`fieldset ${className}`}>
      <label htmlFor={id} className="fieldset-legend text-sm">
        {label}
      </label>
      {children}
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
