import crypto from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Config } from '../../config.ts';
import { S3Folder } from '../../lib/file-store.ts';
import { indexedWords } from './search-text.ts';
import type { IndexContents } from './search-index.ts';

/**
 * A snapshot of the search index: its contents as they stood at a place in the search log, kept
 * when the server stops (a file of DATA_DIR, or an object of the S3-compatible bucket when one is
 * configured), so that the next start reads it and applies only the log written since, rather
 * than build the index from every document (decision 0017).
 *
 * The file: 8 bytes "PMSEARCH", the header's length (4 bytes, little-endian), the header (JSON),
 * then each section (a column, a list or a set of texts) at an offset of a multiple of 8 that
 * the header gives, with a SHA-256 of all the sections in the header.
 */

/** Bumped whenever the contents change shape: a snapshot of another format is not read. */
const FORMAT = 1;
const MAGIC = Buffer.from('PMSEARCH', 'latin1');

/**
 * How this build splits text into words, over a sample of every kind of text the tokenizer
 * treats apart: a snapshot made by a build that splits differently holds other words, and is not
 * read (the index is built from the documents instead).
 */
const WORDING = JSON.stringify(
  indexedWords('iPhone13 Pro 128GB ﬁne Ünïcödé ১২৮জিবি ফোন Привет мир مرحبا 5G-Galaxy'),
);

/** Where the index stood in the search log: the entries it had applied. */
export interface LogPosition {
  /** The last entry applied. */
  seq: number;
  /** PostgreSQL: the transactions running at the last read, and the first it did not cover. */
  pending?: string[];
  xmax?: string;
}

export interface Snapshot {
  contents: IndexContents;
  position: LogPosition;
  /** When the log was last read (epoch ms): the snapshot is as old as that read. */
  readAt: number;
}

type TypedArray = Float64Array | Int32Array | Int16Array | Uint8Array;
const ARRAYS = {
  f64: Float64Array,
  i32: Int32Array,
  i16: Int16Array,
  u8: Uint8Array,
} as const;
type ArrayKind = keyof typeof ARRAYS;

interface Section {
  name: string;
  kind: ArrayKind | 'json';
  offset: number;
  bytes: number;
}

interface Header {
  format: number;
  wording: string;
  position: LogPosition;
  readAt: number;
  size: number;
  sha256: string;
  sections: Section[];
}

const kindOf = (array: TypedArray): ArrayKind =>
  array instanceof Float64Array
    ? 'f64'
    : array instanceof Int32Array
      ? 'i32'
      : array instanceof Int16Array
        ? 'i16'
        : 'u8';

const pad8 = (n: number) => Math.ceil(n / 8) * 8;

/** The contents as named sections: typed arrays as they are, texts as JSON. */
function sectionsOf(c: IndexContents): Array<[string, TypedArray | string[]]> {
  return [
    ...Object.entries(c.columns).map(([name, column]) => [`columns.${name}`, column] as const),
    ['points', c.points],
    ['sellers', c.sellers],
    ['verified', c.verified],
    ['names', c.names],
    ['words', c.words],
    ['wordLengths', c.wordLengths],
    ['wordPostings', c.wordPostings],
    ['placeWords', c.placeWords],
    ['placeLengths', c.placeLengths],
    ['placePostings', c.placePostings],
  ] as Array<[string, TypedArray | string[]]>;
}

/** Writes a snapshot to `file`, whole or not at all (a new file renamed over the old one). */
export async function writeSnapshot(file: string, snapshot: Snapshot): Promise<void> {
  const parts: Buffer[] = [];
  const sections: Section[] = [];
  const hash = crypto.createHash('sha256');
  let offset = 0;
  for (const [name, value] of sectionsOf(snapshot.contents)) {
    const bytes = Array.isArray(value)
      ? Buffer.from(JSON.stringify(value))
      : Buffer.from(value.buffer, value.byteOffset, value.byteLength);
    const kind = Array.isArray(value) ? 'json' : kindOf(value);
    sections.push({ name, kind, offset, bytes: bytes.length });
    hash.update(bytes);
    parts.push(bytes, Buffer.alloc(pad8(bytes.length) - bytes.length));
    offset += pad8(bytes.length);
  }
  const header: Header = {
    format: FORMAT,
    wording: WORDING,
    position: snapshot.position,
    readAt: snapshot.readAt,
    size: snapshot.contents.size,
    sha256: hash.digest('hex'),
    sections,
  };
  const json = Buffer.from(JSON.stringify(header));
  const length = Buffer.alloc(4);
  length.writeUInt32LE(json.length);
  const lead = MAGIC.length + 4 + json.length;
  const temporary = `${file}.${process.pid}.tmp`;
  const handle = await fs.open(temporary, 'w');
  try {
    await handle.writev([MAGIC, length, json, Buffer.alloc(pad8(lead) - lead), ...parts]);
    await handle.sync();
  } finally {
    await handle.close();
  }
  await fs.rename(temporary, file);
}

/**
 * The snapshot in `file`, or null when there is none. Throws when it is of another format or
 * wording, damaged, or cut short: the caller builds the index from the documents instead.
 */
export async function readSnapshot(file: string): Promise<Snapshot | null> {
  let handle: fs.FileHandle;
  try {
    handle = await fs.open(file, 'r');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
  try {
    const lead = Buffer.alloc(MAGIC.length + 4);
    await readFully(handle, lead, 0);
    if (!lead.subarray(0, MAGIC.length).equals(MAGIC)) throw new Error('Not a search snapshot');
    const json = Buffer.alloc(lead.readUInt32LE(MAGIC.length));
    await readFully(handle, json, lead.length);
    const header = JSON.parse(json.toString('utf8')) as Header;
    if (header.format !== FORMAT) throw new Error(`A snapshot of format ${header.format}`);
    if (header.wording !== WORDING) throw new Error('A snapshot of words split another way');
    const start = pad8(lead.length + json.length);
    const hash = crypto.createHash('sha256');
    const values = new Map<string, TypedArray | string[]>();
    for (const section of header.sections) {
      // Each section in memory of its own: a column is copied into the index, postings are kept.
      const bytes = new Uint8Array(new ArrayBuffer(pad8(section.bytes)), 0, section.bytes);
      await readFully(handle, bytes, start + section.offset);
      hash.update(bytes);
      values.set(
        section.name,
        section.kind === 'json'
          ? (JSON.parse(Buffer.from(bytes).toString('utf8')) as string[])
          : new ARRAYS[section.kind](
              bytes.buffer,
              0,
              section.bytes / ARRAYS[section.kind].BYTES_PER_ELEMENT,
            ),
      );
    }
    if (hash.digest('hex') !== header.sha256) throw new Error('A damaged search snapshot');
    return {
      contents: contentsOf(header.size, values),
      position: header.position,
      readAt: header.readAt,
    };
  } finally {
    await handle.close();
  }
}

async function readFully(handle: fs.FileHandle, into: Uint8Array, position: number) {
  let done = 0;
  while (done < into.length) {
    const { bytesRead } = await handle.read(into, done, into.length - done, position + done);
    if (bytesRead === 0) throw new Error('A search snapshot cut short');
    done += bytesRead;
  }
}

/** The sections back as contents; throws on one missing or of the wrong kind. */
function contentsOf(size: number, values: Map<string, TypedArray | string[]>): IndexContents {
  function take<K extends ArrayKind>(name: string, kind: K): InstanceType<(typeof ARRAYS)[K]> {
    const value = values.get(name);
    if (!(value instanceof ARRAYS[kind])) throw new Error(`The snapshot's ${name} is missing`);
    return value as InstanceType<(typeof ARRAYS)[K]>;
  }
  function texts(name: string): string[] {
    const value = values.get(name);
    if (!Array.isArray(value) || value.some((text) => typeof text !== 'string')) {
      throw new Error(`The snapshot's ${name} is missing`);
    }
    return value;
  }
  return {
    size,
    columns: {
      docids: take('columns.docids', 'f64'),
      categories: take('columns.categories', 'u8'),
      prices: take('columns.prices', 'i32'),
      conditions: take('columns.conditions', 'u8'),
      storages: take('columns.storages', 'i32'),
      batteries: take('columns.batteries', 'i16'),
      locks: take('columns.locks', 'u8'),
      sellers: take('columns.sellers', 'i32'),
      alive: take('columns.alive', 'u8'),
      posted: take('columns.posted', 'f64'),
      pointOf: take('columns.pointOf', 'i32'),
      nameOf: take('columns.nameOf', 'i32'),
    },
    points: take('points', 'f64'),
    sellers: texts('sellers'),
    verified: take('verified', 'u8'),
    names: texts('names'),
    words: texts('words'),
    wordLengths: take('wordLengths', 'i32'),
    wordPostings: take('wordPostings', 'i32'),
    placeWords: texts('placeWords'),
    placeLengths: take('placeLengths', 'i32'),
    placePostings: take('placePostings', 'i32'),
  };
}

/** Where the snapshot is kept between a stop and the next start. */
export interface SnapshotPlace {
  /** Said in the logs. */
  readonly where: string;
  /** The snapshot kept there, or null when there is none; throws as `readSnapshot` does. */
  read(): Promise<Snapshot | null>;
  /** Keeps `snapshot` there in place of the one before, whole or not at all. */
  write(snapshot: Snapshot): Promise<void>;
}

/** A file of DATA_DIR: the place of a server that keeps its files on its own disk. */
export function snapshotFile(file: string): SnapshotPlace {
  return {
    where: file,
    read: () => readSnapshot(file),
    write: (snapshot) => writeSnapshot(file, snapshot),
  };
}

/**
 * An object of the bucket, under the folder's prefix: the place of instances whose disks do not
 * outlive them. The object passes through a file of `scratchDir` each way (a snapshot is read by
 * sections, and its length must be known before it is sent); an object is replaced whole, so a
 * start never reads one half written.
 */
export function snapshotObject(folder: S3Folder, name: string, scratchDir: string): SnapshotPlace {
  const scratch = (use: string) =>
    path.join(scratchDir, `${name}.${use}.${process.pid}.${crypto.randomUUID()}.tmp`);
  return {
    where: `the bucket's ${folder.keyOf(name)}`,
    async read() {
      const stored = await folder.get(name);
      if (!stored) return null;
      const file = scratch('read');
      try {
        await pipeline(stored.body, createWriteStream(file));
        return await readSnapshot(file);
      } finally {
        await fs.rm(file, { force: true });
      }
    },
    async write(snapshot) {
      const file = scratch('write');
      try {
        await writeSnapshot(file, snapshot);
        const { size } = await fs.stat(file);
        await folder.put(name, createReadStream(file), {
          contentType: 'application/octet-stream',
          cacheControl: 'no-store',
          contentLength: size,
        });
      } finally {
        await fs.rm(file, { force: true });
      }
    },
  };
}

/** The snapshot's name, as a file of DATA_DIR or an object under the bucket's `search/`. */
export const SEARCH_SNAPSHOT_FILE = 'search-index.snapshot';

/**
 * Where this server keeps its snapshot: the bucket when one is configured (every instance's next
 * start can read it), else DATA_DIR; nowhere with SEARCH_SNAPSHOT=false. `close` ends the
 * bucket's connections, once the snapshot is written.
 */
export function searchSnapshotPlace(config: Pick<Config, 'searchSnapshot' | 's3' | 'dataDir'>): {
  place: SnapshotPlace | null;
  close(): void;
} {
  if (!config.searchSnapshot) return { place: null, close: () => {} };
  if (!config.s3) {
    return {
      place: snapshotFile(path.join(config.dataDir, SEARCH_SNAPSHOT_FILE)),
      close: () => {},
    };
  }
  const folder = new S3Folder(config.s3, 'search/');
  return {
    place: snapshotObject(folder, SEARCH_SNAPSHOT_FILE, config.dataDir),
    close: () => folder.close(),
  };
}
