import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { S3StoreOptions } from '../src/storage/s3-file-store.ts';

/** s3rver's fixed credentials: it checks signatures against them. */
export const s3rverCredentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

export type LocalS3 = {
  endpoint: string;
  /** Store options for one of its buckets (path-style, s3rver's credentials). */
  storeOptions(bucket: string): S3StoreOptions;
  close(): Promise<void>;
};

/**
 * An S3-compatible server (s3rver, from npm) in this process, on a free port, keeping its objects in
 * a temp directory removed at close; `buckets` exist from the start.
 */
export async function startLocalS3(buckets: string[]): Promise<LocalS3> {
  const directory = await mkdtemp(path.join(os.tmpdir(), 'inspectra-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: buckets.map((name) => ({ name })),
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    storeOptions: (bucket) => ({
      bucket,
      endpoint,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: s3rverCredentials,
    }),
    close: async () => {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
