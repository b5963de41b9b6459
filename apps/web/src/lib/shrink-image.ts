import { IMAGE_MAX_BYTES, IMAGE_MAX_PIXELS } from '@market/shared';
import { ApiError } from './api-client.ts';

/** Refused before any call, worded for the person who chose the photo. */
const refusal = (message: string) => new ApiError(400, 'IMAGE_TOO_LARGE', message);

/** The quality a shrunk photo is saved at: no visible loss on a phone's photo. */
const SHRINK_QUALITY = 0.85;
/** Each try that is still too big shrinks the sides by this much again. */
const SHRINK_STEP = 0.8;
const SHRINK_TRIES = 6;

/** The largest size within the marketplace's pixel limit, keeping the photo's proportions. */
function fittedSize(width: number, height: number, scale: number) {
  const limit = Math.min(1, Math.sqrt(IMAGE_MAX_PIXELS / (width * height)));
  const factor = Math.min(1, limit * scale);
  return {
    width: Math.max(1, Math.floor(width * factor)),
    height: Math.max(1, Math.floor(height * factor)),
  };
}

function toJpeg(bitmap: ImageBitmap, width: number, height: number): Promise<Blob | null> {
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) return Promise.resolve(null);
  // A JPEG has no transparency: what was transparent becomes white, as on a page.
  context.fillStyle = '#fff';
  context.fillRect(0, 0, width, height);
  context.drawImage(bitmap, 0, 0, width, height);
  return new Promise((resolve) => canvas.toBlob(resolve, 'image/jpeg', SHRINK_QUALITY));
}

/**
 * A photo over the upload limit (10 MB), shrunk in the browser: drawn again as a JPEG, its sides
 * smaller at each try until it fits. A photo within the limit is sent as it is. Throws with a
 * message when the browser cannot read the file or it cannot be made small enough.
 */
export async function shrinkImage(file: File, maxBytes: number = IMAGE_MAX_BYTES): Promise<File> {
  if (file.size <= maxBytes) return file;
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    throw refusal(
      `This browser cannot read the photo to make it smaller: choose one of at most ${maxBytes / 1024 / 1024} MB`,
    );
  }
  try {
    let scale = 1;
    for (let attempt = 0; attempt < SHRINK_TRIES; attempt++) {
      const { width, height } = fittedSize(bitmap.width, bitmap.height, scale);
      const blob = await toJpeg(bitmap, width, height);
      if (blob && blob.size <= maxBytes) {
        const name = `${file.name.replace(/\.[^.]*$/, '') || 'photo'}.jpg`;
        return new File([blob], name, { type: 'image/jpeg', lastModified: file.lastModified });
      }
      scale *= SHRINK_STEP;
    }
  } finally {
    bitmap.close();
  }
  throw refusal(
    `The photo could not be made smaller than ${maxBytes / 1024 / 1024} MB: choose another`,
  );
}
