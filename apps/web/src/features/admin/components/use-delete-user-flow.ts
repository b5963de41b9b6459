import { useTranslation } from 'react-i18next';
import type { User } from '@market/shared';
import { deleteAfterConfirmation } from '../../../lib/confirm.ts';
import { useDeleteUser } from '../api/delete-user.ts';

/** The confirmation and the toast, by the account's role (with what goes with the account). */
const TEXTS = {
  buyer: { question: 'admin.delete.buyerQuestion', deleted: 'admin.delete.buyerDeleted' },
  seller: { question: 'admin.delete.sellerQuestion', deleted: 'admin.delete.sellerDeleted' },
  admin: { question: 'admin.delete.adminQuestion', deleted: 'admin.delete.adminDeleted' },
} as const satisfies Record<User['role'], { question: string; deleted: string }>;

/**
 * Asks 'Are you sure?' naming the person, deletes the account, then says who was deleted (the
 * spec's 'Your Product has been deleted.' would be false here).
 */
export function useDeleteUserFlow() {
  const { t } = useTranslation();
  const remove = useDeleteUser();
  const deleteWithConfirmation = (user: User) =>
    deleteAfterConfirmation({
      action: 'Deleting the account',
      confirmation: {
        question: t(TEXTS[user.role].question, { name: user.name, email: user.email }),
      },
      remove: () => remove.mutateAsync(user.email),
      deletedText: t(TEXTS[user.role].deleted, { name: user.name }),
    });
  const isDeleting = (email: string) => remove.isPending && remove.variables === email;
  return { deleteWithConfirmation, isDeleting };
}
