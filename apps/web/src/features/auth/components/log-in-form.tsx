import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { Trans, useTranslation } from 'react-i18next';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { MESSAGES, loginSchema, type Login } from '@market/shared';
import { authClient } from '../../../lib/auth-client.ts';
import { meQueryOptions } from '../../../lib/session.ts';
import { toast } from '../../../lib/toast.ts';
import { Form } from '../../../components/ui/form.tsx';
import { TextField, bindField, fieldInputs } from '../../../components/ui/form-field.tsx';

/**
 * Email and password sign-in; `onSignedIn` decides where to go next, and `onEmailChange` hears
 * the email as it is typed.
 */
export function LogInForm({
  onSignedIn,
  onEmailChange,
  demoAdmin,
}: {
  onSignedIn: () => void;
  onEmailChange?: (email: string) => void;
  demoAdmin?: { email: string; password: string } | null;
}) {
  const queryClient = useQueryClient();
  const { t } = useTranslation();
  const form = useForm<Login>({ resolver: zodResolver(loginSchema) });
  useEffect(() => {
    if (!onEmailChange) return;
    const typing = form.watch((values) => onEmailChange(values.email ?? ''));
    return () => typing.unsubscribe();
  }, [form, onEmailChange]);

  const logIn = async ({ email, password }: Login) => {
    await authClient.signIn.email({ email, password });
    await queryClient.fetchQuery({ ...meQueryOptions, staleTime: 0 });
    toast.success(MESSAGES.loginSuccess);
    onSignedIn();
  };

  return (
    <Form
      form={form}
      onSubmit={logIn}
      action="Log in"
      // Only a refused sign-in (401) means wrong credentials; a 429 or a 5xx says what it is.
      wording={{ unauthorized: MESSAGES.invalidCredentials }}
      submitLabel={t('auth.logIn.submit')}
    >
      {demoAdmin && (
        <div className="rounded-box border border-info/40 bg-info/10 p-4 text-sm">
          <p className="font-semibold">{t('auth.logIn.demoAdmin')}</p>
          <p>
            <Trans
              i18nKey="auth.logIn.demoEmail"
              values={{ email: demoAdmin.email }}
              components={{ value: <span className="font-mono" /> }}
            />
          </p>
          <p>
            <Trans
              i18nKey="auth.logIn.demoPassword"
              values={{ password: demoAdmin.password }}
              components={{ value: <span className="font-mono" /> }}
            />
          </p>
          <button
            type="button"
            className="btn btn-outline btn-info btn-xs mt-2"
            onClick={() => {
              form.setValue('email', demoAdmin.email);
              form.setValue('password', demoAdmin.password);
            }}
          >
            {t('auth.logIn.fillDemo')}
          </button>
        </div>
      )}
      <TextField
        label={t('auth.field.email')}
        {...fieldInputs.email}
        {...bindField(form, 'email')}
      />
      <TextField
        label={t('auth.field.password')}
        {...fieldInputs.currentPassword}
        {...bindField(form, 'password')}
      />
    </Form>
  );
}
