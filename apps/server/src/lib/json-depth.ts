import { JSON_MAX_DEPTH } from '@market/shared';
import type { FastifyInstance } from 'fastify';
import { badRequest } from './errors.ts';

const OPEN_OBJECT = 0x7b;
const OPEN_ARRAY = 0x5b;
const CLOSE_OBJECT = 0x7d;
const CLOSE_ARRAY = 0x5d;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/**
 * Whether JSON text nests objects and lists deeper than `max`, found in one pass over the text
 * without parsing it (a deep body would otherwise overflow the stack of whatever walks it later).
 */
export function jsonNestsDeeperThan(text: string | Buffer, max: number): boolean {
  const bytes = typeof text === 'string' ? Buffer.from(text) : text;
  let depth = 0;
  let inString = false;
  for (let i = 0; i < bytes.length; i++) {
    const byte = bytes[i];
    if (inString) {
      if (byte === BACKSLASH) i++;
      else if (byte === QUOTE) inString = false;
    } else if (byte === QUOTE) inString = true;
    else if (byte === OPEN_OBJECT || byte === OPEN_ARRAY) {
      if (++depth > max) return true;
    } else if (byte === CLOSE_OBJECT || byte === CLOSE_ARRAY) depth--;
  }
  return false;
}

/** The refusal of a body nested deeper than JSON_MAX_DEPTH. */
export const tooDeep = () => badRequest('common.tooDeep');

/**
 * JSON bodies of every route are refused (400) past JSON_MAX_DEPTH levels before they are
 * parsed; the rest is Fastify's own parser, with its guards against prototype poisoning.
 */
export function registerJsonDepthLimit(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (jsonNestsDeeperThan(body, JSON_MAX_DEPTH)) {
      done(tooDeep(), undefined);
      return;
    }
    parse(request, body.toString(), done);
  });
}
