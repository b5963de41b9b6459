import crypto from 'node:crypto';

/**
 * What is kept of an IMEI: a keyed hash to find the same phone again. No digit of it is kept:
 * published last digits, with a model's type code, narrowed the rest to a few guesses.
 */
export interface StoredImei {
  imeiHash: string;
  imeiLast4: null;
}

/**
 * IMEIs are kept as HMAC-SHA256 under a key derived from the auth secret: equal numbers give
 * equal hashes, so a second listing of one phone is found, while the 15 digits (whose 10^14
 * possibilities a plain hash would not hide) cannot be recovered from a copy of the database.
 */
export class ImeiHasher {
  private readonly key: Buffer;

  constructor(secret: string) {
    this.key = crypto.createHmac('sha256', secret).update('imei-hash').digest();
  }

  /** `digits`: the 15 digits, as the shared IMEI schema leaves them. */
  store(digits: string): StoredImei {
    return {
      imeiHash: crypto.createHmac('sha256', this.key).update(digits).digest('hex'),
      imeiLast4: null,
    };
  }
}
