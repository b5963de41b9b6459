import { imageUploadResponseSchema, type ImageUploadResponse } from '@market/shared';
import { ApiError, callLanguageOf, networkError, toApiError } from '../../../lib/api-client.ts';

/**
 * POST /api/images (multipart field `image`) with the upload's progress: fetch cannot report how
 * much of a request body has gone, XMLHttpRequest can. `onProgress` gets 0 to 1.
 */
export function uploadPhoto(
  file: File,
  onProgress: (fraction: number) => void,
): Promise<ImageUploadResponse['data']> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', '/api/images');
    request.withCredentials = true;
    const language = callLanguageOf();
    if (language) request.setRequestHeader('accept-language', language);
    request.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    });
    request.addEventListener('error', () =>
      reject(networkError('Could not upload the photo. Check your connection.')),
    );
    request.addEventListener('load', () => {
      const headers = new Headers();
      const type = request.getResponseHeader('content-type');
      if (type) headers.set('content-type', type);
      const response = new Response(request.responseText, { status: request.status, headers });
      if (!response.ok) {
        void toApiError(response).then(reject, reject);
        return;
      }
      void response.json().then((body: unknown) => {
        const parsed = imageUploadResponseSchema.safeParse(body);
        if (!parsed.success) {
          reject(new ApiError(request.status, 'INTERNAL', 'The photo upload did not succeed'));
          return;
        }
        onProgress(1);
        resolve(parsed.data.data);
      }, reject);
    });
    const form = new FormData();
    form.append('image', file);
    request.send(form);
  });
}
