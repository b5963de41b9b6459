import zlib from 'node:zlib';
import type { FastifyReply } from 'fastify';
import { boundedMemo } from './bounded-memo.ts';

export type Encoding = 'br' | 'gzip';

/** Smaller answers gain too little from compression to pay for it. */
const MIN_BYTES = 1024;

/** Clients send a handful of distinct headers; each is parsed once. */
const parseAcceptEncoding = boundedMemo(100, (text): Encoding | null => {
  const accepted = new Set<string>();
  for (const part of text.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (q && Number(q.slice(2)) === 0) continue;
    accepted.add(name.trim());
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip') || accepted.has('*')) return 'gzip';
  return null;
});

/** The best encoding the client accepts (`q=0` refuses one), or null for none. */
export function acceptedEncoding(header: string | string[] | undefined): Encoding | null {
  return header ? parseAcceptEncoding(String(header)) : null;
}

/**
 * Brotli's quality for an answer that is kept and sent many times, and for one made for a single
 * request (a signed-in page): on a 67 KB page, quality 5 takes about 1.6 ms for 6.4 KB and
 * quality 4 about 1.1 ms for 6.9 KB.
 */
const BROTLI_QUALITY = { kept: 5, single: 4 } as const;

export function compress(body: Buffer, encoding: Encoding, use: 'kept' | 'single'): Buffer {
  return encoding === 'br'
    ? zlib.brotliCompressSync(body, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY[use],
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      })
    : zlib.gzipSync(body, { level: 6 });
}

/**
 * Sends a text answer compressed when the client accepts it. `variants` keeps the compressed
 * forms of an answer that is sent again and again (a cached answer), so each is made once.
 */
export function sendText(
  reply: FastifyReply,
  body: Buffer,
  variants?: Partial<Record<Encoding, Buffer>>,
): FastifyReply {
  if (body.length < MIN_BYTES) return reply.send(body);
  const vary = reply.getHeader('vary');
  void reply.header('vary', vary ? `${String(vary)}, accept-encoding` : 'accept-encoding');
  const encoding = acceptedEncoding(reply.request.headers['accept-encoding']);
  if (!encoding) return reply.send(body);
  let encoded = variants?.[encoding];
  if (!encoded) {
    encoded = compress(body, encoding, variants ? 'kept' : 'single');
    if (variants) variants[encoding] = encoded;
  }
  return reply.header('content-encoding', encoding).send(encoded);
}
