import crypto from 'node:crypto';

/**
 * Small JSON values handed to a client and taken back unchanged: the value in base64url, a dot,
 * and its HMAC under a key derived from the auth secret for one purpose (so a value signed for
 * one use is refused by another).
 */
export class SignedValues {
  private readonly key: Buffer;

  constructor(secret: string, purpose: string) {
    this.key = crypto.createHmac('sha256', secret).update(purpose).digest();
  }

  private sign(payload: string): string {
    return crypto.createHmac('sha256', this.key).update(payload).digest('base64url');
  }

  issue(value: unknown): string {
    const payload = Buffer.from(JSON.stringify(value)).toString('base64url');
    return `${payload}.${this.sign(payload)}`;
  }

  /** The value a token carries, or undefined for anything not issued with this key. */
  read(token: string): unknown {
    const [payload, signature, ...rest] = token.split('.');
    if (!payload || !signature || rest.length > 0) return undefined;
    const expected = Buffer.from(this.sign(payload));
    const given = Buffer.from(signature);
    if (expected.length !== given.length || !crypto.timingSafeEqual(expected, given)) {
      return undefined;
    }
    try {
      return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as unknown;
    } catch {
      return undefined;
    }
  }
}
