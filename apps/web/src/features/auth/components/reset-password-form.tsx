import { useState } from 'react';
import { Link } from 'react-router';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
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
  const { t } = useTranslation();
  return (
    <>
      <p role="alert" className="text-error">
        {t('auth.reset.linkUsed')}
      </p>
      <Link to={paths.forgotPassword} className="btn btn-primary btn-block">
        {t('auth.reset.askNewLink')}
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
  const { t } = useTranslation();
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
          {t('auth.reset.done')}
        </p>
        <Link to={paths.logIn} className="btn btn-primary btn-block">
          {t('auth.reset.logInNew')}
        </Link>
      </div>
    );
  }

  return (
    <Form
      form={form}
      onSubmit={resetPassword}
      action="Password reset"
      submitLabel={t('auth.reset.submit')}
    >
      <TextField
        label={t('auth.field.newPassword')}
        {...fieldInputs.newPassword}
        {...bindField(form, 'password')}
      />
      <TextField
        label={t('auth.field.confirmNewPassword')}
        {...fieldInputs.newPassword}
        hint={undefined}
        {...bindField(form, 'confirmPassword')}
      />
    </Form>
  );
}
