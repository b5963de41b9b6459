import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';

/** The parts of s3rver (a local S3-compatible server, shipped without types) used here. */
interface S3rverServer {
  run(): Promise<AddressInfo>;
  close(): Promise<void>;
}
type S3rverConstructor = new (options: {
  address: string;
  port: number;
  silent: boolean;
  directory: string;
  configureBuckets: { name: string }[];
}) => S3rverServer;
const S3rver = createRequire(import.meta.url)('s3rver') as S3rverConstructor;

export interface LocalBucket {
  bucket: string;
  endpoint: string;
  credentials: { accessKeyId: string; secretAccessKey: string };
  /** The settings that point the app at this bucket. */
  env: Record<string, string>;
  close(): Promise<void>;
}

/** A local S3-compatible server on a free port with one bucket, kept in a temporary folder. */
export async function startLocalBucket(bucket = 'market-images'): Promise<LocalBucket> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'market-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
  return {
    bucket,
    endpoint,
    credentials,
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: credentials.accessKeyId,
      S3_SECRET_ACCESS_KEY: credentials.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
    },
    async close() {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
