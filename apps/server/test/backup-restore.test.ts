import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { imageMediaTypes } from '@inspectra/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { backup, restore } from '../src/backup/backup.ts';
import type { Deployment } from '../src/backup/backup.ts';
import { jwtSecretFor } from '../src/data-dir.ts';
import { openDatabase } from '../src/db/client.ts';
import { attachments } from '../src/db/schema/index.ts';
import { openFileStore } from '../src/storage/open-file-store.ts';
import { pngBytes } from './helpers.ts';
import { onServer, prepare, withDatabase } from './template-database.ts';

const serverUrl = process.env.TEST_DATABASE_URL;
let scratch: string;
beforeAll(async () => {
  scratch = await mkdtemp(path.join(os.tmpdir(), 'inspectra-backup-'));
});
afterAll(() => rm(scratch, { recursive: true, force: true }));

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const databaseOf = (deployment: Deployment) =>
  openDatabase(
    deployment.databaseUrl
      ? { url: deployment.databaseUrl, poolSize: 2 }
      : { pgliteDir: path.join(deployment.dataDir, 'db') },
  );

/** A deployment with one photo attached to a record, as the server leaves it (database, files, token secret). */
async function deploymentWithAPhoto(deployment: Deployment): Promise<string> {
  await mkdir(deployment.dataDir, { recursive: true });
  await jwtSecretFor(deployment.dataDir, undefined);
  // The embedded database starts as a copy of the run's migrated template: creating and migrating
  // one in a directory takes most of a minute on a busy machine.
  const template = inject('templateDatabase');
  const database =
    deployment.databaseUrl || !('pgliteArchive' in template)
      ? await databaseOf(deployment)
      : await openDatabase({
          pgliteDir: path.join(deployment.dataDir, 'db'),
          copyOf: await readFile(template.pgliteArchive),
        });
  try {
    await prepare(database);
    const files = await openFileStore(deployment);
    const stored = await files.put(Readable.from([pngBytes]), {
      maxBytes: 1024 * 1024,
      allowedMediaTypes: imageMediaTypes,
    });
    const [row] = await database.db
      .insert(attachments)
      .values({
        ownerEntity: 'thermalMeasurement',
        ownerId: randomUUID(),
        slot: 'thermalImage',
        displayName: 'IR 0001.png',
        mediaType: stored.mediaType,
        size: stored.size,
        sha256: stored.sha256,
        storageKey: stored.key,
      })
      .returning();
    return row!.id;
  } finally {
    await database.close();
  }
}

/** Restores `from` into `deployment` and reads the photo back through the record that points at it. */
async function photoAfterRestore(
  deployment: Deployment,
  from: string,
  attachmentId: string,
): Promise<Buffer> {
  await restore(deployment, from, () => {});
  const database = await databaseOf(deployment);
  try {
    const [row] = await database.db.select().from(attachments).where(eq(attachments.id, attachmentId));
    expect(row).toMatchObject({ displayName: 'IR 0001.png', mediaType: 'image/png' });
    return await readAll(await (await openFileStore(deployment)).get(row!.storageKey));
  } finally {
    await database.close();
  }
}

describe('backup and restore', () => {
  it.skipIf(serverUrl)(
    'restores the embedded database and its files into an empty data directory',
    async () => {
      const source: Deployment = {
        dataDir: path.join(scratch, 'plant'),
        databaseUrl: undefined,
        objectStorage: undefined,
      };
      const id = await deploymentWithAPhoto(source);
      const out = path.join(scratch, 'backup-embedded');
      const manifest = await backup(source, out, () => {});
      expect(manifest).toMatchObject({ database: 'pglite', files: 1 });
      expect((await readdir(out)).sort()).toEqual(['data', 'database.tar', 'files', 'manifest.json']);

      const target: Deployment = { ...source, dataDir: path.join(scratch, 'restored') };
      expect((await photoAfterRestore(target, out, id)).equals(pngBytes)).toBe(true);
      // The token secret comes back with it: sessions signed before the backup stay valid.
      expect(await readFile(path.join(target.dataDir, 'jwt-secret'), 'utf8')).toBe(
        await readFile(path.join(source.dataDir, 'jwt-secret'), 'utf8'),
      );

      // Never over a database: a second restore into the same directory stops and changes nothing.
      await expect(restore(target, out, () => {})).rejects.toThrow(
        `${path.join(target.dataDir, 'db')} already holds a database`,
      );
      // Nor a backup into a directory that holds something, nor of the wrong kind.
      await expect(backup(source, out, () => {})).rejects.toThrow(`${out} is not empty`);
      await expect(
        restore({ ...target, databaseUrl: 'postgres://x@127.0.0.1:1/x' }, out, () => {}),
      ).rejects.toThrow('The backup holds the embedded database, but the configuration names PostgreSQL');
    },
    120_000,
  );

  it.runIf(serverUrl)(
    'restores a PostgreSQL dump and its files into an empty database',
    async () => {
      const names = [
        `inspectra_backup_${randomUUID().slice(0, 8)}`,
        `inspectra_restore_${randomUUID().slice(0, 8)}`,
      ];
      for (const name of names) await onServer(serverUrl!, `create database ${name}`);
      try {
        const source: Deployment = {
          dataDir: path.join(scratch, 'site'),
          databaseUrl: withDatabase(serverUrl!, names[0]!),
          objectStorage: undefined,
        };
        const id = await deploymentWithAPhoto(source);
        const out = path.join(scratch, 'backup-postgres');
        expect(await backup(source, out, () => {})).toMatchObject({ database: 'postgres', files: 1 });
        const target: Deployment = {
          dataDir: path.join(scratch, 'site-restored'),
          databaseUrl: withDatabase(serverUrl!, names[1]!),
          objectStorage: undefined,
        };
        expect((await photoAfterRestore(target, out, id)).equals(pngBytes)).toBe(true);
        await expect(restore(target, out, () => {})).rejects.toThrow('is not empty');
      } finally {
        for (const name of names) await onServer(serverUrl!, `drop database if exists ${name} with (force)`);
      }
    },
    120_000,
  );
});
