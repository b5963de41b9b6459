import { toast } from '../../../lib/toast.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { alertDeleted, confirmDelete } from '../../../lib/confirm.ts';
import { useDeleteUser } from '../api/delete-user.ts';

/** Asks 'Are you sure?', deletes the account, then shows 'Deleted!'. */
export function useDeleteUserFlow() {
  const remove = useDeleteUser();
  const deleteWithConfirmation = async (email: string) => {
    if (!(await confirmDelete())) return;
    try {
      await remove.mutateAsync(email);
      await alertDeleted();
    } catch (err) {
      console.error(err);
      toast.error(errorMessage(err));
    }
  };
  const isDeleting = (email: string) => remove.isPending && remove.variables === email;
  return { deleteWithConfirmation, isDeleting };
}
