import crypto from 'node:crypto';
import { boundedMemo } from '../../lib/bounded-memo.ts';

/** The Cookie headers read, per cookie name: a client sends the same one again and again. */
const readers = new Map<string, (header: string) => string | null>();

/** The value of one cookie in a Cookie header, or null. */
export function readCookie(header: string | undefined, name: string): string | null {
  if (!header) return null;
  let read = readers.get(name);
  if (!read) {
    read = boundedMemo(1_000, (text) => parseCookie(text, name));
    readers.set(name, read);
  }
  return read(header);
}

function parseCookie(header: string, name: string): string | null {
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq === -1) continue;
    if (part.slice(0, eq).trim() !== name) continue;
    const raw = part.slice(eq + 1).trim();
    try {
      return decodeURIComponent(raw);
    } catch {
      return null;
    }
  }
  return null;
}

/**
 * The session token from Better Auth's signed cookie (`<token>.<base64 HMAC-SHA256>`, the way
 * better-call signs cookies), or null when the signature does not match the secret. Checked
 * here with a synchronous HMAC so a forged cookie never reaches the database.
 */
export function verifySignedCookieValue(value: string, secret: string): string | null {
  const dot = value.lastIndexOf('.');
  if (dot < 1) return null;
  const token = value.slice(0, dot);
  const signature = value.slice(dot + 1);
  if (signature.length !== 44 || !signature.endsWith('=')) return null;
  const expected = crypto.createHmac('sha256', secret).update(token).digest();
  const given = Buffer.from(signature, 'base64');
  if (given.length !== expected.length) return null;
  return crypto.timingSafeEqual(given, expected) ? token : null;
}
