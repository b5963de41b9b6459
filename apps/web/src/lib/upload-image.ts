import {
  IMAGE_MAX_BYTES,
  imageUploadResponseSchema,
  type ImageUploadResponse,
} from '@market/shared';
import { ApiError, toApiError } from './api-client.ts';

/**
 * Why a chosen file will not be taken as a photo, or null: checked before it is sent. With
 * `shrinks`, a photo over the size limit is taken (the caller makes it smaller first).
 */
export function imageFileProblem(file: File, { shrinks = false } = {}): string | null {
  if (!file.type.startsWith('image/')) return 'Choose an image file';
  if (!shrinks && file.size > IMAGE_MAX_BYTES) {
    return `The image must be at most ${IMAGE_MAX_BYTES / 1024 / 1024} MB`;
  }
  return null;
}

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
