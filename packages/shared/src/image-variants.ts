import { IMAGE_URL_PATH } from './constants.ts';

/*
 * Image addresses and their stored widths. Plain functions without schemas: cards use them on
 * the first screen, which loads no schema library.
 */

/**
 * The widths, in pixels, an uploaded image is also stored at (`<hash>-<width>.webp`), so that a
 * card or a thumbnail never downloads the full-size photo. Only these exist.
 */
export const IMAGE_VARIANT_WIDTHS = [320, 640, 960] as const;
export type ImageVariantWidth = (typeof IMAGE_VARIANT_WIDTHS)[number];

const UPLOAD_NAME = /^([0-9a-f]{64})\.webp$/;

/** The hash of an uploaded image's full-size URL (relative or with an origin), or null. */
function uploadHash(url: string): string | null {
  const at = url.indexOf(IMAGE_URL_PATH);
  if (at < 0) return null;
  return UPLOAD_NAME.exec(url.slice(at + IMAGE_URL_PATH.length))?.[1] ?? null;
}

/** The URL of an upload's stored variant of this width; other images have none (null). */
export function imageVariantUrl(url: string, width: ImageVariantWidth): string | null {
  const hash = uploadHash(url);
  return hash
    ? `${url.slice(0, url.indexOf(IMAGE_URL_PATH))}${IMAGE_URL_PATH}${hash}-${width}.webp`
    : null;
}

/**
 * The `srcset` of an image: its stored widths, and the full size (1600 px on the long edge)
 * unless `full` is false (a card, which must never download it). Undefined for images stored in
 * one size only (the demo photos, 600 px), which need none.
 */
export function imageSrcSet(
  url: string,
  { full = true }: { full?: boolean } = {},
): string | undefined {
  if (!uploadHash(url)) return undefined;
  const variants = IMAGE_VARIANT_WIDTHS.map((w) => `${imageVariantUrl(url, w)} ${w}w`);
  return (full ? [...variants, `${url} 1600w`] : variants).join(', ');
}
