import type Sharp from 'sharp';
import type { fileTypeFromBuffer as FileTypeFromBuffer } from 'file-type';
import crypto from 'node:crypto';
import {
  IMAGE_FULL_EDGE,
  IMAGE_MAX_PIXELS,
  IMAGE_THUMBNAIL_EDGE,
  IMAGE_VARIANT_WIDTHS,
  type ImageVariantWidth,
} from '@market/shared';
import { badRequest, reason, unsupportedMediaType } from '../../lib/errors.ts';

/**
 * The image libraries, loaded on the first upload rather than at start: a server that only
 * serves pages and searches never needs them, and they are a good share of its start-up.
 */
let imageLibraries: Promise<{ sharp: typeof Sharp; fileTypeFromBuffer: typeof FileTypeFromBuffer }>;
function loadImageLibraries() {
  imageLibraries ??= Promise.all([import('sharp'), import('file-type')]).then(
    ([sharpModule, fileType]) => ({
      sharp: sharpModule.default,
      fileTypeFromBuffer: fileType.fileTypeFromBuffer,
    }),
  );
  return imageLibraries;
}

const ACCEPTED_TYPES = new Set([
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/gif',
  'image/avif',
]);

export interface ReencodedImage {
  /** SHA-256 (hex) of the full-size WebP: the image's id and file name. */
  hash: string;
  full: Buffer;
  thumbnail: Buffer;
  /** The same picture at each of IMAGE_VARIANT_WIDTHS (never wider than the full size). */
  variants: { width: ImageVariantWidth; data: Buffer }[];
  width: number;
  height: number;
}

/** The type as the bytes say it, whatever the file's name or the request's header claim. */
export async function assertAcceptedType(bytes: Buffer): Promise<void> {
  const { fileTypeFromBuffer } = await loadImageLibraries();
  const detected = await fileTypeFromBuffer(bytes);
  if (!detected || !ACCEPTED_TYPES.has(detected.mime)) {
    throw unsupportedMediaType('moderation.images.type');
  }
}

/**
 * Reads the size from the header only, so a small file that declares a huge canvas (a
 * decompression bomb) is refused before any pixel is decoded.
 */
export async function assertAcceptedSize(bytes: Buffer): Promise<void> {
  const { sharp } = await loadImageLibraries();
  let width: number | undefined;
  let height: number | undefined;
  try {
    // Only the header is read here, so no pixel limit is needed to read a bomb's real size.
    ({ width, height } = await sharp(bytes, { limitInputPixels: false }).metadata());
  } catch {
    throw badRequest('moderation.images.unreadable');
  }
  if (!width || !height) throw badRequest('moderation.images.unreadable');
  if (width * height > IMAGE_MAX_PIXELS) {
    const size = `${width}×${height}`;
    throw badRequest(
      reason('moderation.images.tooManyPixels', {
        max: IMAGE_MAX_PIXELS / 1_000_000,
        size: (texts) => texts.format.digits(size),
      }),
    );
  }
}

/**
 * Decodes once, turns the image upright (EXIF orientation) and shrinks it; both WebP files are
 * encoded from those pixels. sharp keeps no metadata (EXIF, GPS, ICC) unless asked to.
 */
export async function reencodeImage(bytes: Buffer): Promise<ReencodedImage> {
  const { sharp } = await loadImageLibraries();
  try {
    const upright = await sharp(bytes, { limitInputPixels: IMAGE_MAX_PIXELS })
      .rotate()
      .resize(IMAGE_FULL_EDGE, IMAGE_FULL_EDGE, { fit: 'inside', withoutEnlargement: true })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const { width, height, channels } = upright.info;
    const raw = { raw: { width, height, channels } };
    // Effort 2 encodes about three times faster than the default 4 for files within a few
    // percent of the same size: it keeps a 12-megapixel upload well inside its time budget.
    const webp = { effort: 2 };
    const [full, thumbnail, ...variants] = await Promise.all([
      sharp(upright.data, raw).webp(webp).toBuffer(),
      sharp(upright.data, raw)
        .resize(IMAGE_THUMBNAIL_EDGE, IMAGE_THUMBNAIL_EDGE, {
          fit: 'inside',
          withoutEnlargement: true,
        })
        .webp(webp)
        .toBuffer(),
      ...IMAGE_VARIANT_WIDTHS.map((w) =>
        sharp(upright.data, raw)
          .resize({ width: w, withoutEnlargement: true })
          .webp(webp)
          .toBuffer(),
      ),
    ]);
    const hash = crypto.createHash('sha256').update(full).digest('hex');
    return {
      hash,
      full,
      thumbnail,
      variants: variants.map((data, i) => ({ width: IMAGE_VARIANT_WIDTHS[i]!, data })),
      width,
      height,
    };
  } catch {
    throw badRequest('moderation.images.unreadable');
  }
}

/**
 * One width of an already stored full-size image, for uploads stored before their variants were
 * made. The input is our own WebP, so it is small and trusted.
 */
export async function resizeStoredImage(full: Buffer, width: ImageVariantWidth): Promise<Buffer> {
  const { sharp } = await loadImageLibraries();
  return sharp(full, { limitInputPixels: IMAGE_MAX_PIXELS })
    .resize({ width, withoutEnlargement: true })
    .webp({ effort: 2 })
    .toBuffer();
}
