import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { zodResolver } from '@hookform/resolvers/zod';
import { forgotPasswordSchema } from '@market/shared';
import { paths } from '../../../config/paths.ts';
import { authClient } from '../../../lib/auth-client.ts';
import { Form } from '../../../components/ui/form.tsx';
import { TextField, bindField, fieldInputs } from '../../../components/ui/form-field.tsx';

/**
 * Asks for a reset link; the answer is the same whether or not the account exists. Starts with
 * `initialEmail`, the one already typed on the log-in form.
 */
export function ForgotPasswordForm({ initialEmail = '' }: { initialEmail?: string }) {
  const [sent, setSent] = useState(false);
  const { t } = useTranslation();
  const form = useForm<{ email: string }>({
    resolver: zodResolver(forgotPasswordSchema),
    defaultValues: { email: initialEmail },
  });

  const requestLink = async ({ email }: { email: string }) => {
    await authClient.requestPasswordReset({
      email,
      redirectTo: `${window.location.origin}${paths.resetPassword}`,
    });
    setSent(true);
  };

  if (sent) {
    return (
      <p role="status" className="rounded-box border border-success/40 bg-success/10 p-4">
        {t('auth.forgot.sent')}
      </p>
    );
  }

  return (
    <Form
      form={form}
      onSubmit={requestLink}
      action="Password reset request"
      submitLabel={t('auth.forgot.submit')}
    >
      <TextField
        label={t('auth.field.email')}
        {...fieldInputs.email}
        {...bindField(form, 'email')}
      />
    </Form>
  );
}
