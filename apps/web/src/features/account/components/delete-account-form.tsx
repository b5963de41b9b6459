import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { deleteAccountSchema, type DeleteAccount, type User } from '@market/shared';
import { Form } from '../../../components/ui/form.tsx';
import { TextField, bindField, fieldInputs } from '../../../components/ui/form-field.tsx';
import { confirmDelete } from '../../../lib/confirm.ts';
import { useDeleteAccount } from '../api/delete-account.ts';

/** What goes with the account, said before it goes. */
function goesWith(me: User): string {
  return me.role === 'seller'
    ? 'Your listings go with it. Buyers who booked them keep their orders.'
    : 'Your orders and your wishlist go with it.';
}

/**
 * One's own account, deleted after the password and a confirmation naming it. `onDeleted` runs
 * once it is gone (the session with it).
 */
export function DeleteAccountForm({ me, onDeleted }: { me: User; onDeleted: () => Promise<void> }) {
  const remove = useDeleteAccount();
  const form = useForm<DeleteAccount>({
    resolver: zodResolver(deleteAccountSchema),
    defaultValues: { password: '' },
  });

  const submit = async ({ password }: DeleteAccount) => {
    const confirmed = await confirmDelete({
      question: `Delete your account ${me.name} (${me.email})?`,
      detail: goesWith(me),
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
      submitLabel="Delete my account"
      submitClassName="btn btn-error"
    >
      <p>{goesWith(me)} This cannot be undone.</p>
      <TextField
        label="Your password"
        {...fieldInputs.currentPassword}
        hint="Asked again, so that nobody else can delete your account"
        {...bindField(form, 'password')}
      />
    </Form>
  );
}
