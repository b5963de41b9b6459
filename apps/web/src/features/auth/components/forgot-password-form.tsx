import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { MESSAGES, forgotPasswordSchema } from '@market/shared';
import { paths } from '../../../config/paths.ts';
import { authClient } from '../../../lib/auth-client.ts';
import { authErrorMessage } from '../api/auth-error.ts';
import { FormError, TextField } from '../../../components/ui/form-field.tsx';
import { useHydrated } from '../../../lib/use-hydrated.ts';
import { SubmitButton } from '../../../components/ui/spinner.tsx';

/** Asks for a reset link; the answer is the same whether or not the account exists. */
export function ForgotPasswordForm() {
  const hydrated = useHydrated();
  const [sent, setSent] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<{ email: string }>({ resolver: zodResolver(forgotPasswordSchema) });

  const onSubmit = handleSubmit(async ({ email }) => {
    const { error } = await authClient.requestPasswordReset({
      email,
      redirectTo: `${window.location.origin}${paths.resetPassword}`,
    });
    if (error) {
      const message = authErrorMessage(error, 'Could not send the link');
      console.error(`Password reset request failed: ${message}`);
      setError('root.server', { message });
      return;
    }
    setSent(true);
  });

  if (sent) {
    return (
      <p role="status" className="rounded-box border border-success/40 bg-success/10 p-4">
        {MESSAGES.passwordResetSent}
      </p>
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate>
      {/* Until the app runs, the fields wait too: typing would not reach the form. */}
      <fieldset disabled={!hydrated} className="min-w-0 space-y-4">
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          registration={register('email')}
          error={errors.email?.message}
        />
        <FormError message={errors.root?.server?.message} />
        <SubmitButton busy={isSubmitting}>Send the reset link</SubmitButton>
      </fieldset>
    </form>
  );
}
