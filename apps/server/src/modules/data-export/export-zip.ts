import fs from 'node:fs';
import type { Readable } from 'node:stream';
import { strToU8, Zip, ZipDeflate, ZipPassThrough } from 'fflate';

/** Opens one stored photo as a stream, or null when it is gone. */
export type OpenPhoto = (name: string) => Promise<{ body: Readable } | null>;

const README = (missing: readonly string[]) =>
  [
    'Everything Phone Market holds about you, as of the time of this export.',
    '',
    'Each .json file is a list of your rows in one part of the marketplace:',
    '  profile.json              your account, how you sign in and your signed-in devices',
    '  settings.json             your area and which notifications also come by email',
    '  listings.json             your listings, their photos (in photos/), prices and states',
    '  orders.json               your requests and deals as a buyer, with your hand-over checks',
    '  my-buyers.json            requests for your listings, as My Buyers shows them',
    '  conversations.json        your conversations and their messages, as you read them',
    '  offers.json               offers you made or received',
    '  reviews-given.json        reviews you wrote',
    '  reviews-received.json     reviews of you as a seller',
    '  notifications.json        your notifications',
    '  emails.json               the emails we sent you',
    '  reports.json              reports you made',
    '  stolen-phone-reports.json your stolen-phone reports',
    '  wishlist.json             your wish list',
    '  saved-searches.json       your saved searches',
    '',
    "Other people's email addresses and phone numbers are masked, and nothing secret is",
    'included (passwords, sign-in tokens, IMEIs beyond their last four digits, hand-over codes).',
    ...(missing.length > 0
      ? ['', 'These photos could not be read when the export was made:', ...missing]
      : []),
    '',
  ].join('\n');

/**
 * Writes the export to `file` as a zip: the JSON documents, compressed, and the photos as they
 * are stored (already compressed WebP), streamed one after the other so that a large export
 * never sits in memory whole. Answers the zip's size in bytes; the file is synced to disk.
 */
export async function writeExportZip(
  file: string,
  documents: Record<string, unknown>,
  photos: readonly string[],
  openPhoto: OpenPhoto,
): Promise<number> {
  const fd = fs.openSync(file, 'wx', 0o600);
  let size = 0;
  try {
    let finished!: () => void;
    let failed!: (err: Error) => void;
    const done = new Promise<void>((resolve, reject) => {
      finished = resolve;
      failed = reject;
    });
    // Awaited below; a failure while a photo is read must not go unhandled meanwhile.
    done.catch(() => undefined);
    // fflate hands over each piece as it is made; a synchronous write keeps them in order and
    // keeps no more than one piece in memory.
    const zip = new Zip((err, chunk, final) => {
      if (err) return failed(err);
      try {
        fs.writeSync(fd, chunk);
        size += chunk.length;
      } catch (writeError) {
        return failed(writeError as Error);
      }
      if (final) finished();
    });
    const addText = (name: string, text: string) => {
      const entry = new ZipDeflate(name, { level: 6 });
      zip.add(entry);
      entry.push(strToU8(text), true);
    };
    for (const [name, value] of Object.entries(documents)) {
      addText(name, `${JSON.stringify(value, null, 2)}\n`);
    }
    const missing: string[] = [];
    for (const name of photos) {
      const stored = await openPhoto(name);
      if (!stored) {
        missing.push(name);
        continue;
      }
      const entry = new ZipPassThrough(`photos/${name}`);
      zip.add(entry);
      for await (const chunk of stored.body) {
        entry.push(chunk instanceof Uint8Array ? chunk : strToU8(String(chunk)));
      }
      entry.push(new Uint8Array(0), true);
    }
    addText('README.txt', README(missing));
    zip.end();
    await done;
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
  return size;
}
