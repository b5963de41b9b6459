import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { IMAGE_URL_PATH, imageFileNamePattern } from '@market/shared';
import type { Config } from '../config.ts';

export const FOREIGN_IMAGE_MESSAGE =
  'Upload the picture here: images from other sites are not accepted';

const DEMO_IMAGE_PATH = '/demo/';

/**
 * Which image URLs a product or a profile may carry: only images this server serves itself.
 * A picture on another site would be fetched by every visitor's browser (telling that site who
 * looks at the page) and would skip the re-encoding that strips a photo's metadata.
 */
export interface ImageUrlRule {
  /**
   * An upload's URL as POST /api/images answers it (`/api/images/<hash>.webp`, which serves the
   * file whichever store holds it, local or S3), the same with this server's public origin, or
   * one of the demo images.
   */
  isOwn(url: string): boolean;
  /**
   * The schema, refusing any value of `field` that is not one of this server's images (null and
   * an absent field stay allowed where the schema allows them). Runs even while other fields of
   * the body are wrong, so every problem is named at once.
   */
  refine<T extends z.ZodType<object>>(schema: T, field: string): T;
}

export function createImageUrlRule(config: Readonly<Config>, demoImagesDir: string): ImageUrlRule {
  const publicImagePath = new URL(config.publicUrl).origin + IMAGE_URL_PATH;
  // The demo images are files of this repository: the list is fixed while the server runs.
  const demoFiles = new Set(fs.existsSync(demoImagesDir) ? fs.readdirSync(demoImagesDir) : []);

  const isUpload = (url: string, prefix: string) =>
    url.startsWith(prefix) && imageFileNamePattern.test(url.slice(prefix.length));

  const isOwn = (url: string) =>
    isUpload(url, IMAGE_URL_PATH) ||
    isUpload(url, publicImagePath) ||
    (url.startsWith(DEMO_IMAGE_PATH) && demoFiles.has(url.slice(DEMO_IMAGE_PATH.length)));

  return {
    isOwn,
    refine(schema, field) {
      return schema.refine(
        (value) => {
          const url = (value as Record<string, unknown>)[field];
          return typeof url !== 'string' || isOwn(url);
        },
        {
          error: FOREIGN_IMAGE_MESSAGE,
          path: [field],
          when: (payload) => {
            const value = payload.value;
            return typeof value === 'object' && value !== null && field in value;
          },
        },
      );
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Which image URLs products and profiles may carry (see ImageUrlRule). */
    imageUrls: ImageUrlRule;
  }
}

/** One rule for every image field of the API and of sign-up; register before any route. */
export function registerImageUrls(app: FastifyInstance, demoImagesDir: string): void {
  app.decorate('imageUrls', createImageUrlRule(app.config, demoImagesDir));
}
