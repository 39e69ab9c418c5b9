import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type { S3ClientConfig } from '@aws-sdk/client-s3';
import type { ByteRange, FileStore, PutOptions, StoredFile } from './file-store.ts';
import {
  checkedPieceName,
  checkedUploadId,
  checkUpload,
  keyPattern,
  newPieceName,
  notFound,
} from './checked-upload.ts';

export type S3StoreOptions = {
  bucket: string;
  /** An S3-compatible service's address; AWS itself when left out. */
  endpoint?: string;
  region: string;
  /** `https://endpoint/bucket/key` rather than `https://bucket.endpoint/key`, as most S3-compatible services want. */
  forcePathStyle: boolean;
  /** Left out, the AWS SDK's own chain finds them: AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY, a profile, a role. */
  credentials?: S3ClientConfig['credentials'];
};

/** Blobs live under this prefix, named by their sha256; uploads in progress under `tmp/`. */
const blobPrefix = 'blobs/';
const tmpPrefix = 'tmp/';
/** Pieces of resumable uploads: `uploads/<id>/<offset>-<uuid>`, one object a piece. */
const uploadsPrefix = 'uploads/';

/**
 * The part size of a multipart upload: S3's least (5 MiB). The SDK holds up to `queueSize` parts of
 * an upload in memory while they are sent, so a 512 MiB video costs about 10 MiB of memory, not 512.
 */
const partSize = 5 * 1024 * 1024;
const queueSize = 2;

/**
 * A temp object older than this is an upload cut short by a crash: no request lives longer than
 * REQUEST_TIMEOUT_MS, whose ceiling is a day. Several processes share a bucket, so a younger one
 * may be another process's upload in progress and is left alone.
 */
const tmpMaxAgeMs = 24 * 60 * 60 * 1000;

const errorName = (error: unknown) => (error instanceof Error ? error.name : '');

/** Why a bucket could not be reached, in the words an operator acts on. */
function reachFailure(error: unknown): string {
  const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
  if (status === 404 || errorName(error) === 'NotFound') return 'it does not exist';
  if (status === 403) return 'access is denied (check AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY)';
  if (status === 301) return 'it is in another region (check S3_REGION)';
  const message = error instanceof Error ? error.message : String(error);
  return message || errorName(error) || `status ${status ?? 'unknown'}`;
}

/**
 * A content-addressed store in an S3-compatible bucket, for several server processes sharing one
 * store. An upload streams through the same checks as the local store's (checked-upload.ts) into a
 * temp object, sent in parts as it arrives; once whole, it is copied (on the service, no bytes
 * through the server) under its hash and the temp object removed, so a half-written upload is never
 * visible under a key. Copying onto an existing blob of the same bytes refreshes its time, which
 * keeps the orphan sweep from removing it before the record pointing at it is written.
 */
export async function createS3FileStore(options: S3StoreOptions): Promise<FileStore> {
  // The SDK is loaded only for a store in a bucket: 4–5 MB of resident memory that a server keeping
  // its files on disk does not hold (docs/embedded-database.md).
  const [
    {
      CopyObjectCommand,
      DeleteObjectCommand,
      GetObjectCommand,
      HeadBucketCommand,
      paginateListObjectsV2,
      PutObjectCommand,
      S3Client,
    },
    { Upload },
  ] = await Promise.all([import('@aws-sdk/client-s3'), import('@aws-sdk/lib-storage')]);
  const { bucket } = options;
  const client = new S3Client({
    region: options.region,
    forcePathStyle: options.forcePathStyle,
    ...(options.endpoint ? { endpoint: options.endpoint } : {}),
    ...(options.credentials ? { credentials: options.credentials } : {}),
    // Checksums only where S3 requires them: the SDK's default (a trailing CRC32 on every upload,
    // sent as aws-chunked) is refused by many S3-compatible services. Content is verified by its
    // sha256 key anyway.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });

  try {
    await client.send(new HeadBucketCommand({ Bucket: bucket }));
  } catch (error) {
    client.destroy();
    const where = options.endpoint ? ` at ${options.endpoint}` : '';
    throw new Error(`The S3 bucket ${bucket}${where} cannot be reached: ${reachFailure(error)}`, {
      cause: error,
    });
  }
  await removeLeftTemps();

  async function put(source: Readable, putOptions: PutOptions): Promise<StoredFile> {
    const tmpKey = `${tmpPrefix}${process.pid}-${randomUUID()}`;
    const upload = checkUpload(source, putOptions);
    const body = Readable.from(upload.chunks, { objectMode: false });
    try {
      await new Upload({
        client,
        params: { Bucket: bucket, Key: tmpKey, Body: body },
        partSize,
        queueSize,
        leavePartsOnError: false,
      }).done();
      const stored = upload.stored();
      await client.send(
        new CopyObjectCommand({
          Bucket: bucket,
          Key: blobPrefix + stored.key,
          CopySource: `${bucket}/${tmpKey}`,
          MetadataDirective: 'REPLACE',
        }),
      );
      return stored;
    } catch (error) {
      // The SDK reports a failing body in its own words: a refusal is the user's answer.
      throw upload.refusal() ?? error;
    } finally {
      // After a failure on the service's side, the rest of the upload is not read.
      body.destroy();
      source.destroy();
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: tmpKey })).catch(() => undefined);
    }
  }

  async function get(key: string, range?: ByteRange): Promise<Readable> {
    if (!keyPattern.test(key)) throw notFound();
    try {
      const answer = await client.send(
        new GetObjectCommand({
          Bucket: bucket,
          Key: blobPrefix + key,
          ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
        }),
      );
      // In Node the body is the response's own stream: bytes pass through, never gathered.
      return answer.Body as Readable;
    } catch (error) {
      if (errorName(error) === 'NoSuchKey' || errorName(error) === 'NotFound') throw notFound();
      throw error;
    }
  }

  async function remove(key: string): Promise<void> {
    if (!keyPattern.test(key)) return;
    // S3 answers a delete of a missing key with success.
    await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: blobPrefix + key }));
  }

  async function* objects(prefix: string): AsyncGenerator<{ name: string; modifiedAt: Date }> {
    for await (const page of paginateListObjectsV2({ client }, { Bucket: bucket, Prefix: prefix })) {
      for (const object of page.Contents ?? []) {
        if (object.Key === undefined) continue;
        yield { name: object.Key.slice(prefix.length), modifiedAt: object.LastModified ?? new Date(0) };
      }
    }
  }

  async function* list(): AsyncGenerator<{ key: string; modifiedAt: Date }> {
    for await (const { name, modifiedAt } of objects(blobPrefix)) {
      if (keyPattern.test(name)) yield { key: name, modifiedAt };
    }
  }

  /** The temp objects of uploads a crash cut short (see `tmpMaxAgeMs`). */
  async function removeLeftTemps(): Promise<void> {
    const cutoff = Date.now() - tmpMaxAgeMs;
    for await (const { name, modifiedAt } of objects(tmpPrefix)) {
      if (modifiedAt.getTime() > cutoff) continue;
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: tmpPrefix + name }));
    }
  }

  const piecesPrefix = (uploadId: string) => `${uploadsPrefix}${checkedUploadId(uploadId)}/`;

  async function putPiece(uploadId: string, offset: number, bytes: Buffer): Promise<string> {
    const name = newPieceName(offset);
    // A piece is at most a few MiB: one PUT, durable on the service when it answers.
    await client.send(
      new PutObjectCommand({ Bucket: bucket, Key: piecesPrefix(uploadId) + name, Body: bytes }),
    );
    return name;
  }

  function readPieces(uploadId: string, names: readonly string[]): Readable {
    const keys = names.map((name) => piecesPrefix(uploadId) + checkedPieceName(name));
    return Readable.from(
      (async function* () {
        // One piece's response at a time, piped through: never the whole file in memory.
        for (const key of keys) {
          const answer = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
          yield* answer.Body as Readable;
        }
      })(),
      { objectMode: false },
    );
  }

  async function dropPieces(uploadId: string, names?: readonly string[]): Promise<void> {
    const prefix = piecesPrefix(uploadId);
    const keys: string[] = [];
    if (names !== undefined) for (const name of names) keys.push(prefix + checkedPieceName(name));
    else for await (const { name } of objects(prefix)) keys.push(prefix + name);
    for (const key of keys) await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
  }

  return { put, get, delete: remove, list, putPiece, readPieces, dropPieces };
}
