import { CreateBucketCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createS3FileStore } from '../src/storage/s3-file-store.ts';
import { describeFileStore } from './file-store-contract.ts';
import { startLocalS3 } from './s3-server.ts';
import type { LocalS3 } from './s3-server.ts';

let s3: LocalS3;
let bucketNumber = 0;
beforeAll(async () => {
  s3 = await startLocalS3([]);
});
afterAll(() => s3.close());

/** The bucket as the tests see it, besides the store: to make buckets and read what a store left. */
const direct = () => new S3Client({ ...s3.storeOptions('') });

/** Every object's key under a prefix, without it, read from the bucket itself. */
async function keysUnder(bucket: string, prefix: string): Promise<string[]> {
  const client = direct();
  try {
    const answer = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix }));
    return (answer.Contents ?? []).map((object) => object.Key!.slice(prefix.length));
  } finally {
    client.destroy();
  }
}

async function createBucket(bucket: string): Promise<void> {
  const client = direct();
  try {
    await client.send(new CreateBucketCommand({ Bucket: bucket }));
  } finally {
    client.destroy();
  }
}

// Each test on a bucket of its own, as the local store's each get a directory of their own.
describeFileStore('createS3FileStore', async () => {
  const bucket = `store-${bucketNumber++}`;
  await createBucket(bucket);
  return {
    store: await createS3FileStore(s3.storeOptions(bucket)),
    leftovers: async () => ({
      temps: await keysUnder(bucket, 'tmp/'),
      blobs: await keysUnder(bucket, 'blobs/'),
    }),
    close: async () => {},
  };
});

describe('createS3FileStore', () => {
  it('refuses to open a bucket that does not exist, naming it and its address', async () => {
    await expect(createS3FileStore(s3.storeOptions('no-such-bucket'))).rejects.toThrow(
      `The S3 bucket no-such-bucket at ${s3.endpoint} cannot be reached: it does not exist`,
    );
  });

  it('answers 503 naming the file store, with Retry-After, when the bucket goes out of reach', async () => {
    const away = await startLocalS3(['away']);
    const store = await createS3FileStore(away.storeOptions('away'));
    await away.close();
    const refusal = await store.get('0'.repeat(64)).catch((error: unknown) => error);
    expect(refusal).toMatchObject({
      code: 'SERVICE_UNAVAILABLE',
      message: 'The file store cannot be reached just now. Try again in a moment.',
      retryAfterSeconds: 5,
    });
    await expect(store.delete('0'.repeat(64))).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
  });
});
