import { z } from '../zod.ts';

export const imageUploadResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ url: z.string(), thumbnailUrl: z.string() }),
});
export type ImageUploadResponse = z.infer<typeof imageUploadResponseSchema>;

/** The long edge, in pixels, of the stored image and of its thumbnail. */
export const IMAGE_FULL_EDGE = 1600;
export const IMAGE_THUMBNAIL_EDGE = 400;

/**
 * A stored image's file name: the SHA-256 of the WebP, with -400 for its thumbnail or the width of
 * one of its variants (IMAGE_VARIANT_WIDTHS: 320, 640, 960). No other width is ever made.
 */
export const imageFileNamePattern = /^[0-9a-f]{64}(?:-(?:400|320|640|960))?\.webp$/;

export const imageFileParamsSchema = z.object({
  file: z.string().regex(imageFileNamePattern, { error: 'Not an image file name' }),
});
export type ImageFileParams = z.infer<typeof imageFileParamsSchema>;
