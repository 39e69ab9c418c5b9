import path from 'node:path';
import type { Config } from '../config.ts';
import type { FileStore } from './file-store.ts';
import { createLocalFileStore } from './local-file-store.ts';
import { createS3FileStore } from './s3-file-store.ts';

/** The store the configuration names: the S3 bucket when S3_BUCKET is set, else `DATA_DIR/files`. */
export function openFileStore(config: Pick<Config, 'dataDir' | 'objectStorage'>): Promise<FileStore> {
  return config.objectStorage
    ? createS3FileStore(config.objectStorage)
    : createLocalFileStore(path.join(config.dataDir, 'files'));
}
