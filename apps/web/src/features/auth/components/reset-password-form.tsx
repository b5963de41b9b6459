import { useState } from 'react';
import { Link } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { resetPasswordSchema } from '@market/shared';
import { paths } from '../../../config/paths.ts';
import { authClient } from '../../../lib/auth-client.ts';
import { authErrorMessage } from '../api/auth-error.ts';
import { FormError, TextField } from '../../../components/ui/form-field.tsx';
import { useHydrated } from '../../../lib/use-hydrated.ts';
import { SubmitButton } from '../../../components/ui/spinner.tsx';

type ResetPasswordValues = { password: string; confirmPassword: string };

/** Sets a new password with the one-time token from the emailed link. */
export function ResetPasswordForm({ token }: { token: string }) {
  const hydrated = useHydrated();
  const [done, setDone] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ResetPasswordValues>({ resolver: zodResolver(resetPasswordSchema) });

  const onSubmit = handleSubmit(async ({ password }) => {
    const { error } = await authClient.resetPassword({ newPassword: password, token });
    if (error) {
      const message = authErrorMessage(error, 'This reset link is invalid or has expired.');
      console.error(`Password reset failed: ${message}`);
      setError('root.server', { message });
      return;
    }
    setDone(true);
  });

  if (done) {
    return (
      <div role="status" className="space-y-4">
        <p className="rounded-box border border-success/40 bg-success/10 p-4">
          Your password has been changed. Other devices signed in to your account were signed out.
        </p>
        <Link to={paths.logIn} className="btn btn-primary btn-block">
          Log in with the new password
        </Link>
      </div>
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate>
      {/* Until the app runs, the fields wait too: typing would not reach the form. */}
      <fieldset disabled={!hydrated} className="min-w-0 space-y-4">
        <TextField
          label="New password"
          type="password"
          autoComplete="new-password"
          registration={register('password')}
          error={errors.password?.message}
          hint="At least 8 characters"
        />
        <TextField
          label="Confirm new password"
          type="password"
          autoComplete="new-password"
          registration={register('confirmPassword')}
          error={errors.confirmPassword?.message}
        />
        <FormError message={errors.root?.server?.message} />
        <SubmitButton busy={isSubmitting}>Set the new password</SubmitButton>
      </fieldset>
    </form>
  );
}
