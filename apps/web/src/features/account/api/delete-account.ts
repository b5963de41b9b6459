import { authClient } from '../../../lib/auth-client.ts';
import { pauseLiveConnections, resumeLiveConnections } from '../../../lib/live-connection.ts';
import { useWrite } from '../../../lib/write.ts';

/**
 * POST /api/auth/delete-user: the signed-in user's own account, with their listings, orders and
 * wish list. Asked with the password again.
 */
export async function deleteAccount({ password }: { password: string }): Promise<void> {
  // The live stream ends first: the server would refuse its reconnection once the account is gone.
  pauseLiveConnections();
  try {
    await authClient.deleteUser({ password });
  } catch (err) {
    resumeLiveConnections();
    throw err;
  }
}

export function useDeleteAccount() {
  // Nothing is invalidated: everything read as this user is forgotten once it is gone.
  return useWrite({ write: deleteAccount, invalidates: [] });
}
