import { useEffect, useRef, type ReactNode } from 'react';
import type { FieldPath, FieldValues, UseFormReturn } from 'react-hook-form';
import { showFormError, type ErrorWording } from '../../lib/errors.ts';
import { useHydrated } from '../../lib/use-hydrated.ts';
import { FormError } from './form-field.tsx';
import { SubmitButton } from './spinner.tsx';

/**
 * A react-hook-form form with the app's conventions: the fields wait for the app's script (typing
 * before it runs would not reach the form), the submit button spins while `onSubmit` runs, and
 * whatever `onSubmit` throws is logged and mapped onto the form by lib/errors.ts: the server's
 * field messages under their fields, anything else in red above the button.
 */
export function Form<TValues extends FieldValues, TContext, TSubmitted>({
  form,
  onSubmit,
  action,
  wording,
  submitLabel,
  className = 'space-y-4',
  footerClassName = 'space-y-4',
  submitClassName,
  children,
}: {
  form: UseFormReturn<TValues, TContext, TSubmitted>;
  /** Sends the checked values; throws when the server refuses or fails. */
  onSubmit: (values: TSubmitted) => Promise<void>;
  /** Names the action in the log, as '<action> failed: ...'. */
  action: string;
  wording?: ErrorWording;
  submitLabel: ReactNode;
  /** The layout of the fields. */
  className?: string;
  footerClassName?: string;
  submitClassName?: string;
  children: ReactNode;
}) {
  const hydrated = useHydrated();
  const { errors, isSubmitting, submitCount } = form.formState;
  const serverError = errors.root?.server?.message;
  const serverErrorRef = useRef<HTMLParagraphElement>(null);
  // After a refused submission (a wrong password, a booking taken), the keyboard and the screen
  // reader go to the reason, as they go to a field's own message.
  useEffect(() => {
    if (serverError) serverErrorRef.current?.focus();
  }, [serverError, submitCount]);
  const submit = form.handleSubmit(async (values) => {
    try {
      await onSubmit(values);
    } catch (err) {
      showFormError(form.setError, err, {
        action,
        fields: Object.keys(form.getValues()) as FieldPath<TValues>[],
        ...wording,
      });
    }
  });

  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-busy={isSubmitting}>
      <fieldset disabled={!hydrated} className={`min-w-0 ${className}`}>
        {children}
        <div className={footerClassName}>
          <FormError ref={serverErrorRef} message={serverError} />
          <SubmitButton busy={isSubmitting} className={submitClassName}>
            {submitLabel}
          </SubmitButton>
        </div>
      </fieldset>
    </form>
  );
}
