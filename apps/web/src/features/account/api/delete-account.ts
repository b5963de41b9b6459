import { authClient } from '../../../lib/auth-client.ts';
import { useWrite } from '../../../lib/write.ts';

/**
 * POST /api/auth/delete-user: the signed-in user's own account, with their listings, orders and
 * wish list. Asked with the password again.
 */
export async function deleteAccount({ password }: { password: string }): Promise<void> {
  await authClient.deleteUser({ password });
}

export function useDeleteAccount() {
  // Nothing is invalidated: everything read as this user is forgotten once it is gone.
  return useWrite({ write: deleteAccount, invalidates: [] });
}
