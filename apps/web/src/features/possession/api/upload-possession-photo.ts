import { possessionSchema } from '@market/shared';
import { ApiError, networkError, toApiError } from '../../../lib/api-client.ts';
import { useWrite } from '../../../lib/write.ts';
import { possessionKeys } from './keys.ts';

/** POST /api/me/listings/{id}/possession/photo (multipart field `image`). */
export async function uploadPossessionPhoto({
  productId,
  file,
}: {
  productId: string;
  file: File;
}) {
  const form = new FormData();
  form.append('image', file);
  let response: Response;
  try {
    response = await fetch(`/api/me/listings/${encodeURIComponent(productId)}/possession/photo`, {
      method: 'POST',
      body: form,
      credentials: 'same-origin',
    });
  } catch {
    throw networkError('Could not send the photo. Check your connection.');
  }
  if (!response.ok) throw await toApiError(response);
  const parsed = possessionSchema.safeParse(await response.json());
  if (!parsed.success) throw new ApiError(response.status, 'INTERNAL', 'The photo was not taken');
  return parsed.data;
}

export function useUploadPossessionPhoto() {
  return useWrite({ write: uploadPossessionPhoto, invalidates: [possessionKeys.all] });
}
