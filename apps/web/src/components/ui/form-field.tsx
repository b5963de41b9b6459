import { useId, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { PASSWORD_MIN } from '@market/shared';
import {
  get,
  type FieldError,
  type FieldValues,
  type Path,
  type RegisterOptions,
  type UseFormRegisterReturn,
  type UseFormReturn,
} from 'react-hook-form';
import { useKnownText } from '../../i18n/known-texts.ts';

/** The rule a new password follows, said under its field. */
function NewPasswordHint() {
  const { t } = useTranslation();
  return t('auth.field.newPasswordHint', { min: PASSWORD_MIN });
}

/**
 * The inputs of the fields several forms ask for. A phone number is a tel input: a number input
 * would refuse the leading + that international numbers need.
 */
export const fieldInputs = {
  email: { type: 'email', autoComplete: 'email' },
  phone: { type: 'tel', inputMode: 'tel', autoComplete: 'tel' },
  currentPassword: { type: 'password', autoComplete: 'current-password' },
  newPassword: {
    type: 'password',
    autoComplete: 'new-password',
    hint: <NewPasswordHint />,
  },
} as const;

/** A field's registration and its error message, for TextField and SelectField. */
export function bindField<TValues extends FieldValues, TContext, TSubmitted>(
  form: UseFormReturn<TValues, TContext, TSubmitted>,
  name: Path<TValues>,
  options?: RegisterOptions<TValues, Path<TValues>>,
): { registration: UseFormRegisterReturn; error: string | undefined } {
  const error = get(form.formState.errors, name) as FieldError | undefined;
  return { registration: form.register(name, options), error: error?.message };
}

/**
 * A labelled field with its error message underneath, tied to the input for screen readers. The
 * message (a shared schema's, or the server's for this field) is shown in the page's language.
 */
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
  const knownText = useKnownText();
  return (
    <div className={`fieldset ${className}`}>
      <label htmlFor={id} className="fieldset-legend text-sm">
        {label}
      </label>
      {children}
      {hint && !error && <p className="text-sm text-base-content/80">{hint}</p>}
      {error && (
        <p id={`${id}-error`} className="text-sm text-error">
          {knownText(error)}
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

/**
 * The form-level error in red, announced when it appears. It can take focus (not by Tab), so that
 * the form can move the keyboard to it.
 */
export function FormError({
  message,
  ref,
}: {
  message: string | undefined;
  ref?: Ref<HTMLParagraphElement>;
}) {
  const knownText = useKnownText();
  if (!message) return null;
  return (
    <p
      ref={ref}
      role="alert"
      tabIndex={-1}
      className="rounded-field border border-error/40 bg-error/5 p-3 text-sm text-error"
    >
      {knownText(message)}
    </p>
  );
}

/** A labelled select registered with react-hook-form, starting on a disabled prompt. */
export function SelectField<Option extends string>({
  label,
  registration,
  error,
  prompt,
  options,
  optionLabel = (option: Option) => option,
}: {
  label: string;
  registration: UseFormRegisterReturn;
  error?: string;
  prompt: string;
  options: readonly Option[];
  /** What an option shows, when not its value. */
  optionLabel?: (option: Option) => string;
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
            {optionLabel(option)}
          </option>
        ))}
      </select>
    </FormField>
  );
}
