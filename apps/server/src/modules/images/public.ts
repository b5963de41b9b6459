/**
 * What other modules use of the image pipeline to take an upload of their own: reading the
 * multipart field with the same limits, and refusing a declared oversize body before it is read.
 */
export { readImageField, rejectDeclaredOversizeBody } from './images.routes.ts';
export type { ImageStorage } from './images.storage.ts';
