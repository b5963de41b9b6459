import { imageUploadResponseSchema, type ImageUploadResponse } from '@market/shared';
import { ApiError, toApiError } from '../../../lib/api-client.ts';

/** POST /api/images (multipart field `image`): the image host the registration and listing forms use. */
export async function uploadImage(file: File): Promise<ImageUploadResponse['data']> {
  const form = new FormData();
  form.append('image', file);
  let response: Response;
  try {
    response = await fetch('/api/images', {
      method: 'POST',
      body: form,
      credentials: 'same-origin',
    });
  } catch {
    throw new ApiError(0, 'NETWORK', 'Could not upload the image. Check your connection.');
  }
  if (!response.ok) throw await toApiError(response);
  const parsed = imageUploadResponseSchema.safeParse(await response.json());
  if (!parsed.success || !parsed.data.success) {
    throw new ApiError(response.status, 'INTERNAL', 'The image upload did not succeed');
  }
  return parsed.data.data;
}
