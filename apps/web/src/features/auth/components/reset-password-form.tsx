import { useState } from 'react';
import { Link } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { resetPasswordSchema } from '@market/shared';
import { paths } from '../../../config/paths.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { authClient } from '../../../lib/auth-client.ts';
import { reportError } from '../../../lib/errors.ts';
import { Form } from '../../../components/ui/form.tsx';
import { TextField, bindField, fieldInputs } from '../../../components/ui/form-field.tsx';

type ResetPasswordValues = { password: string; confirmPassword: string };

/**
 * A reset link that no longer works. The server cannot tell a used token from an expired one
 * (both are gone), so the page names both, and the way to a new link.
 */
export function UsedResetLink() {
  return (
    <>
      <p role="alert" className="text-error">
        This reset link has already been used or has expired.
      </p>
      <Link to={paths.forgotPassword} className="btn btn-primary btn-block">
        Ask for a new link
      </Link>
    </>
  );
}

/** The server's refusal of the token itself (the password's rules are checked before sending). */
function refusesTheLink(err: unknown): boolean {
  return err instanceof ApiError && err.status === 400 && err.code !== 'VALIDATION_FAILED';
}

/** Sets a new password with the one-time token from the emailed link. */
export function ResetPasswordForm({ token }: { token: string }) {
  const [outcome, setOutcome] = useState<'done' | 'link used' | null>(null);
  const form = useForm<ResetPasswordValues>({ resolver: zodResolver(resetPasswordSchema) });

  const resetPassword = async ({ password }: ResetPasswordValues) => {
    try {
      await authClient.resetPassword({ newPassword: password, token });
    } catch (err) {
      if (!refusesTheLink(err)) throw err;
      reportError('Password reset', err);
      setOutcome('link used');
      return;
    }
    setOutcome('done');
  };

  if (outcome === 'link used') return <UsedResetLink />;
  if (outcome === 'done') {
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
    <Form
      form={form}
      onSubmit={resetPassword}
      action="Password reset"
      submitLabel="Set the new password"
    >
      <TextField
        label="New password"
        {...fieldInputs.newPassword}
        {...bindField(form, 'password')}
      />
      <TextField
        label="Confirm new password"
        {...fieldInputs.newPassword}
        hint={undefined}
        {...bindField(form, 'confirmPassword')}
      />
    </Form>
  );
}
