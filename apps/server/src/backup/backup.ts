import { execFile } from 'node:child_process';
import { createReadStream, createWriteStream } from 'node:fs';
import { cp, mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import pg from 'pg';
import { documentMediaTypes, drawingMediaTypes, imageMediaTypes, videoMediaTypes } from '@inspectra/contract';
import type { Config } from '../config.ts';
import { lockDataDir } from '../data-dir.ts';
import { openDatabase } from '../db/client.ts';
import { openFileStore } from '../storage/open-file-store.ts';

/** What a backup or restore reads of the configuration: where the database, the files and the keys are. */
export type Deployment = Pick<Config, 'dataDir' | 'databaseUrl' | 'objectStorage'>;

type Manifest = {
  format: 'inspectra-backup';
  version: 1;
  createdAt: string;
  database: 'pglite' | 'postgres';
  files: number;
};

/** What of DATA_DIR besides the database a deployment needs: the token secret and the report-signing keys. */
const keptFromDataDir = ['jwt-secret', 'report-signing'];

const run = promisify(execFile);

/**
 * pg_dump and pg_restore take the database's address without its password, which goes in their
 * environment: a password on the command line is visible to every user of the machine (`ps`).
 */
function pgConnection(databaseUrl: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  return { dbname: url.toString(), env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) } };
}

async function isEmptyDirectory(dir: string): Promise<boolean> {
  const entries = await readdir(dir).catch(() => undefined);
  return entries === undefined || entries.length === 0;
}

/**
 * Backs up a deployment into the directory `out` (absent or empty): the database (`database.tar`,
 * the embedded database's own archive, or `database.dump`, pg_dump's custom format), every stored
 * file under its key (`files/`), the token secret and report-signing keys (`data/`), and
 * `manifest.json`. The embedded database is backed up stopped (its data directory is locked, so a
 * running server makes this stop with a message naming it); PostgreSQL while it serves: the dump is
 * one consistent snapshot and the files are copied after it, so every file a dumped record points
 * at is there (a file uploaded since is extra, and swept after a restore).
 */
export async function backup(
  deployment: Deployment,
  out: string,
  log: (line: string) => void,
): Promise<Manifest> {
  if (!(await isEmptyDirectory(out))) throw new Error(`${out} is not empty: back up into a new directory`);
  await mkdir(out, { recursive: true, mode: 0o700 });
  const { dataDir, databaseUrl } = deployment;
  const release = databaseUrl ? async () => {} : await lockDataDir(dataDir);
  try {
    if (databaseUrl) {
      const { dbname, env } = pgConnection(databaseUrl);
      await run(
        'pg_dump',
        ['--format=custom', '--no-owner', `--file=${path.join(out, 'database.dump')}`, `--dbname=${dbname}`],
        { env },
      );
    } else {
      const dbDir = path.join(dataDir, 'db');
      if (await isEmptyDirectory(dbDir))
        throw new Error(`There is no embedded database in ${dbDir} to back up`);
      const database = await openDatabase({ pgliteDir: dbDir });
      try {
        await writeFile(path.join(out, 'database.tar'), await database.dump!(), { mode: 0o600 });
      } finally {
        await database.close();
      }
    }
    log(`Database backed up (${databaseUrl ? 'PostgreSQL, pg_dump' : 'embedded'})`);

    const files = await openFileStore(deployment);
    const filesDir = path.join(out, 'files');
    await mkdir(filesDir, { mode: 0o700 });
    let count = 0;
    for await (const { key } of files.list()) {
      await pipeline(await files.get(key), createWriteStream(path.join(filesDir, key), { mode: 0o600 }));
      count++;
    }
    log(`${count} files backed up`);

    for (const name of keptFromDataDir) {
      const source = path.join(dataDir, name);
      await cp(source, path.join(out, 'data', name), { recursive: true }).catch(
        (error: NodeJS.ErrnoException) => {
          if (error.code !== 'ENOENT') throw error;
        },
      );
    }
    const manifest: Manifest = {
      format: 'inspectra-backup',
      version: 1,
      createdAt: new Date().toISOString(),
      database: databaseUrl ? 'postgres' : 'pglite',
      files: count,
    };
    await writeFile(path.join(out, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`, {
      mode: 0o600,
    });
    return manifest;
  } finally {
    await release();
  }
}

async function readManifest(from: string): Promise<Manifest> {
  const text = await readFile(path.join(from, 'manifest.json'), 'utf8').catch(() => undefined);
  const manifest = text === undefined ? undefined : (JSON.parse(text) as Partial<Manifest>);
  if (manifest?.format !== 'inspectra-backup' || manifest.version !== 1) {
    throw new Error(`${from} is not an Inspectra backup (no manifest.json of version 1)`);
  }
  return manifest as Manifest;
}

/** Whether a PostgreSQL database holds no tables of its own yet. */
async function postgresIsEmpty(databaseUrl: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>(
      `select count(*)::int as n from pg_tables where schemaname not in ('pg_catalog', 'information_schema')`,
    );
    return rows[0]!.n === 0;
  } finally {
    await client.end();
  }
}

/**
 * Restores a backup made by `backup` into the configured deployment, which must be empty: an
 * embedded database into a DATA_DIR without one, a PostgreSQL dump into an empty database (created
 * beforehand), each of the same kind as the backup's. Every file is stored again through the store,
 * which hashes it: a file whose bytes no longer match its name stops the restore as damaged.
 */
export async function restore(
  deployment: Deployment,
  from: string,
  log: (line: string) => void,
): Promise<void> {
  const manifest = await readManifest(from);
  const { dataDir, databaseUrl } = deployment;
  const kind = databaseUrl ? 'postgres' : 'pglite';
  if (manifest.database !== kind) {
    const words = { pglite: 'the embedded database', postgres: 'PostgreSQL' };
    throw new Error(
      `The backup holds ${words[manifest.database]}, but the configuration names ${words[kind]}`,
    );
  }
  const release = databaseUrl ? async () => {} : await lockDataDir(dataDir);
  try {
    if (databaseUrl) {
      if (!(await postgresIsEmpty(databaseUrl))) {
        throw new Error(
          'The database named by DATABASE_URL is not empty: restore into a new, empty database',
        );
      }
      const { dbname, env } = pgConnection(databaseUrl);
      await run(
        'pg_restore',
        ['--no-owner', '--exit-on-error', `--dbname=${dbname}`, path.join(from, 'database.dump')],
        { env },
      );
    } else {
      const dbDir = path.join(dataDir, 'db');
      if (!(await isEmptyDirectory(dbDir))) {
        throw new Error(`${dbDir} already holds a database: restore into an empty DATA_DIR`);
      }
      // Unpacked beside its place and renamed into it, so a restore cut short leaves no half a database.
      const staging = `${dbDir}.restoring`;
      await rm(staging, { recursive: true, force: true });
      const database = await openDatabase({
        pgliteDir: staging,
        copyOf: await readFile(path.join(from, 'database.tar')),
      });
      await database.close();
      await rm(dbDir, { recursive: true, force: true });
      await rename(staging, dbDir);
    }
    log('Database restored');

    const files = await openFileStore(deployment);
    const everyType = [...imageMediaTypes, ...documentMediaTypes, ...drawingMediaTypes, ...videoMediaTypes];
    let count = 0;
    for (const name of await readdir(path.join(from, 'files'))) {
      const stored = await files.put(createReadStream(path.join(from, 'files', name)), {
        maxBytes: Number.MAX_SAFE_INTEGER,
        allowedMediaTypes: everyType,
      });
      if (stored.key !== name)
        throw new Error(`The backup's file ${name} is damaged: its bytes hash to ${stored.key}`);
      count++;
    }
    log(`${count} files restored`);

    for (const name of keptFromDataDir) {
      await cp(path.join(from, 'data', name), path.join(dataDir, name), {
        recursive: true,
        force: false,
      }).catch((error: NodeJS.ErrnoException) => {
        if (error.code !== 'ENOENT') throw error;
      });
    }
  } finally {
    await release();
  }
}
