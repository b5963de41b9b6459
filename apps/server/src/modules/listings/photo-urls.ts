import type { z } from 'zod';
import { FOREIGN_IMAGE_MESSAGE, type ImageUrlRule } from '../../lib/image-urls.ts';

/**
 * The listing schema, refusing a `photos` entry that is not one of this server's images (the
 * same rule as imgURL), with the message under the photo's own place in the list.
 */
export function refinePhotoUrls<T extends z.ZodType<object>>(rule: ImageUrlRule, schema: T): T {
  return schema.superRefine((value, ctx) => {
    const photos = (value as { photos?: unknown }).photos;
    if (!Array.isArray(photos)) return;
    photos.forEach((url, index) => {
      if (typeof url === 'string' && !rule.isOwn(url)) {
        ctx.addIssue({ code: 'custom', message: FOREIGN_IMAGE_MESSAGE, path: ['photos', index] });
      }
    });
  }) as unknown as T;
}
