import { authClient } from '../../../lib/auth-client.ts';
import { useWrite } from '../../../lib/write.ts';

/**
 * POST /api/auth/change-password: every other session of the account ends; this one goes on
 * (under a new session cookie).
 */
export async function changePassword(passwords: {
  currentPassword: string;
  newPassword: string;
}): Promise<void> {
  await authClient.changePassword({ ...passwords, revokeOtherSessions: true });
}

export function useChangePassword() {
  // Nothing the app shows changes with the password.
  return useWrite({ write: changePassword, invalidates: [] });
}
