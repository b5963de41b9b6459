import type { User } from '@market/shared';
import { deleteAfterConfirmation } from '../../../lib/confirm.ts';
import { useDeleteUser } from '../api/delete-user.ts';

/** What goes with an account, by its role, as the confirmation says it. */
const GOES_WITH: Partial<Record<User['role'], string>> = {
  buyer: ', with their orders and wishlist',
  seller: ', with all their listings',
};

/**
 * Asks 'Are you sure?' naming the person, deletes the account, then says who was deleted (the
 * spec's 'Your Product has been deleted.' would be false here).
 */
export function useDeleteUserFlow() {
  const remove = useDeleteUser();
  const deleteWithConfirmation = (user: User) =>
    deleteAfterConfirmation({
      action: 'Deleting the account',
      confirmation: {
        question: `Delete the ${user.role} ${user.name} (${user.email})${GOES_WITH[user.role] ?? ''}?`,
      },
      remove: () => remove.mutateAsync(user.email),
      deletedText: `The ${user.role} ${user.name} has been deleted.`,
    });
  const isDeleting = (email: string) => remove.isPending && remove.variables === email;
  return { deleteWithConfirmation, isDeleting };
}
