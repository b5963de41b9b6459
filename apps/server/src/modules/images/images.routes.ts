import type { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  errorResponseSchema,
  IMAGE_MAX_BYTES,
  imageFileParamsSchema,
  imageUploadResponseSchema,
} from '@market/shared';
import {
  AppError,
  badRequest,
  payloadTooLarge,
  reason,
  unsupportedMediaType,
} from '../../lib/errors.ts';
import { createUploadRateLimit } from './images.rate-limit.ts';
import { openImage, uploadImage } from './images.service.ts';
import type { ImageStorage } from './images.storage.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Room for the multipart boundaries and part headers around the file itself. */
const MULTIPART_OVERHEAD_BYTES = 16 * 1024;
const tooLarge = () =>
  payloadTooLarge(reason('moderation.images.tooLarge', { max: IMAGE_MAX_BYTES / 1024 / 1024 }));

/**
 * Refuses a declared oversize body before a byte of it is read, and closes the connection
 * rather than draining the rest of the upload.
 */
export async function rejectDeclaredOversizeBody(request: FastifyRequest, reply: FastifyReply) {
  const declared = Number(request.headers['content-length']);
  if (declared > IMAGE_MAX_BYTES + MULTIPART_OVERHEAD_BYTES) {
    void reply.header('connection', 'close');
    throw tooLarge();
  }
}

/** A 413 that also drops the connection once sent, so the rest of the body is never read. */
function cutOff(request: FastifyRequest, reply: FastifyReply): AppError {
  void reply.header('connection', 'close');
  reply.raw.once('finish', () => request.raw.destroy());
  return tooLarge();
}

/**
 * A body the multipart parser could not read (no boundary, a boundary cut short, a body that
 * ends inside a part) is the client's mistake. The parser throws plain errors for those, with
 * no status, and its own limit errors in words meant for developers.
 */
function unreadableUpload(err: unknown): AppError {
  if (err instanceof AppError) return err;
  const code = err instanceof Error && 'code' in err ? err.code : undefined;
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT') {
    return badRequest('moderation.images.oneImage');
  }
  return badRequest('moderation.images.uploadUnreadable');
}

/** The bytes of the multipart field `image`, cut off (413) the moment they pass the limit. */
export async function readImageField(
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<Buffer> {
  if (!request.isMultipart()) throw unsupportedMediaType('moderation.images.sendAsMultipart');
  try {
    return await readFirstFile(request, reply);
  } catch (err) {
    throw unreadableUpload(err);
  }
}

async function readFirstFile(request: FastifyRequest, reply: FastifyReply): Promise<Buffer> {
  const part = await request.file({
    limits: { fileSize: IMAGE_MAX_BYTES, files: 1, fields: 4, parts: 5, fieldSize: 1024 },
    // Checked here while streaming: the plugin's own check only fires after the whole part.
    throwFileSizeLimit: false,
  });
  if (!part || part.fieldname !== 'image') {
    part?.file.resume();
    throw badRequest('moderation.images.choose', 'image');
  }
  const chunks: Buffer[] = [];
  for await (const chunk of part.file) {
    // Leaving the loop destroys the file stream, which stops the multipart parser.
    if (part.file.truncated) throw cutOff(request, reply);
    chunks.push(chunk as Buffer);
  }
  if (part.file.truncated) throw cutOff(request, reply);
  return Buffer.concat(chunks);
}

/** The image routes, on the storage app.ts opens (and closes). */
export const imagesRoutes: FastifyPluginAsyncZod<{ storage: ImageStorage }> = async (
  app,
  { storage },
) => {
  // Scoped to this plugin; skipped when an enclosing scope already parses multipart bodies.
  if (!app.hasRequestDecorator('isMultipart')) await app.register(multipart);
  const uploadRateLimit = createUploadRateLimit(app);

  app.post(
    '/images',
    {
      onRequest: [uploadRateLimit, rejectDeclaredOversizeBody],
      // An image shows once a product or a profile refers to it, and that write says so.
      config: { changes: [] },
      schema: {
        tags: ['images'],
        summary: 'Upload an image (multipart field "image"); answers its URL and thumbnail URL',
        consumes: ['multipart/form-data'],
        response: {
          200: imageUploadResponseSchema,
          400: errorResponseSchema,
          413: errorResponseSchema,
          415: errorResponseSchema,
          429: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const bytes = await readImageField(request, reply);
      const data = await uploadImage(app.db, storage, bytes);
      return { success: true as const, data };
    },
  );

  app.get(
    '/images/:file',
    {
      schema: {
        tags: ['images'],
        summary: 'An uploaded image (WebP), cacheable forever',
        params: imageFileParamsSchema,
        response: {
          200: z.custom<Readable>().describe('The WebP image'),
          304: z.null().describe('Not modified: the cached copy is current'),
          400: errorResponseSchema,
          404: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const { file } = request.params;
      // The name holds the content hash, so it names these bytes forever.
      const etag = `"${file.slice(0, -'.webp'.length)}"`;
      const cacheForever = {
        'cache-control': IMMUTABLE,
        etag,
        'x-content-type-options': 'nosniff',
      };
      if (request.headers['if-none-match'] === etag) {
        return reply.status(304).headers(cacheForever).send(null);
      }
      // Opened before any cache header is set: a 404 must not be cached forever.
      const stored = await openImage(storage, file);
      void reply.headers(cacheForever).type('image/webp');
      if (stored.size !== undefined) void reply.header('content-length', stored.size);
      return reply.send(stored.body);
    },
  );
};
