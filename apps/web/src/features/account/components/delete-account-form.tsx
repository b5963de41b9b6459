import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { deleteAccountSchema, type DeleteAccount, type User } from '@market/shared';
import { Form } from '../../../components/ui/form.tsx';
import { TextField, bindField, fieldInputs } from '../../../components/ui/form-field.tsx';
import { confirmDelete } from '../../../lib/confirm.ts';
import { useDeleteAccount } from '../api/delete-account.ts';

/** What goes with the account, said before it goes. */
function goesWith(me: User, t: TFunction): string {
  return me.role === 'seller' ? t('profile.delete.goesSeller') : t('profile.delete.goesBuyer');
}

/**
 * One's own account, deleted after the password and a confirmation naming it. `onDeleted` runs
 * once it is gone (the session with it).
 */
export function DeleteAccountForm({ me, onDeleted }: { me: User; onDeleted: () => Promise<void> }) {
  const { t } = useTranslation();
  const remove = useDeleteAccount();
  const form = useForm<DeleteAccount>({
    resolver: zodResolver(deleteAccountSchema),
    defaultValues: { password: '' },
  });

  const submit = async ({ password }: DeleteAccount) => {
    const confirmed = await confirmDelete({
      question: t('profile.delete.question', { name: me.name, email: me.email }),
      detail: goesWith(me, t),
    });
    if (!confirmed) return;
    await remove.mutateAsync({ password });
    await onDeleted();
  };

  return (
    <Form
      form={form}
      onSubmit={submit}
      action="Deleting the own account"
      submitLabel={t('profile.delete.submit')}
      submitClassName="btn btn-error"
    >
      <p>{t('profile.delete.warning', { goesWith: goesWith(me, t) })}</p>
      <TextField
        label={t('profile.delete.password')}
        {...fieldInputs.currentPassword}
        hint={t('profile.delete.passwordHint')}
        {...bindField(form, 'password')}
      />
    </Form>
  );
}
