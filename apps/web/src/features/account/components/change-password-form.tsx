import { useTranslation } from 'react-i18next';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { changePasswordSchema, type ChangePassword } from '@market/shared';
import { Form } from '../../../components/ui/form.tsx';
import { TextField, bindField, fieldInputs } from '../../../components/ui/form-field.tsx';
import { toast } from '../../../lib/toast.ts';
import { useChangePassword } from '../api/change-password.ts';

const EMPTY: ChangePassword = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** The current password and a new one (twice); every other device is signed out. */
export function ChangePasswordForm() {
  const { t } = useTranslation();
  const change = useChangePassword();
  const form = useForm<ChangePassword>({
    resolver: zodResolver(changePasswordSchema),
    defaultValues: EMPTY,
  });

  const submit = async ({ currentPassword, newPassword }: ChangePassword) => {
    await change.mutateAsync({ currentPassword, newPassword });
    form.reset(EMPTY);
    toast.success(t('profile.password.changed'));
  };

  return (
    <Form
      form={form}
      onSubmit={submit}
      action="Changing the password"
      submitLabel={t('profile.password.submit')}
    >
      <TextField
        label={t('profile.password.current')}
        {...fieldInputs.currentPassword}
        {...bindField(form, 'currentPassword')}
      />
      <TextField
        label={t('auth.field.newPassword')}
        {...fieldInputs.newPassword}
        {...bindField(form, 'newPassword')}
      />
      <TextField
        label={t('profile.password.again')}
        type="password"
        autoComplete="new-password"
        {...bindField(form, 'confirmPassword')}
      />
    </Form>
  );
}
