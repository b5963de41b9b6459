import { authClient } from '../../../lib/auth-client.ts';
import { meKeys } from '../../../lib/session.ts';
import { useWrite } from '../../../lib/write.ts';
import { productKeys } from '../../catalog/api/keys.ts';

export interface ProfileChanges {
  name: string;
  phone: string;
  /** The URL of a photo just uploaded through POST /api/images; the photo stays when absent. */
  image?: string;
}

/** POST /api/auth/update-user: the signed-in user's name, phone and photo (PUT /users' rules). */
export async function updateProfile(changes: ProfileChanges): Promise<void> {
  await authClient.updateUser(changes);
}

export function useUpdateProfile() {
  return useWrite({
    write: updateProfile,
    // A seller's name shows on their product cards.
    invalidates: [meKeys.all, productKeys.all],
  });
}
