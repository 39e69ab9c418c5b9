/**
 * One migrated database per test run, copied for each test file: migrating took 2 to 5 s per file,
 * a copy takes under one (PGlite: its archive opened in memory; PostgreSQL: `create database …
 * template …`). The template holds what the server makes at start (main.ts): migrations, the
 * catalogue's inspection methods and the administrator. Vitest runs `setup` once before the files
 * (globalSetup) and hands each file the template through `inject('templateDatabase')`.
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client.ts';
import type { Database } from '../src/db/client.ts';
import { bootstrapAdministrator } from '../src/modules/auth/bootstrap.ts';
import { ensureCatalogueMethods } from '../src/modules/inspection-methods/catalogue-methods.ts';
// The administrator's password hashed at the tests' cost, as every hash of the run.
import './password-cost.ts';

export const adminPassword = 'correct horse battery staple';

/** A PGlite archive file, or the name of a PostgreSQL database to copy. */
export type TemplateDatabase = { pgliteArchive: string } | { postgresDatabase: string };

declare module 'vitest' {
  // Vitest's context is widened by declaration merging, which only an interface can do.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  export interface ProvidedContext {
    templateDatabase: TemplateDatabase;
  }
}

/** As the server does at start (main.ts). */
export async function prepare(database: Database) {
  await ensureCatalogueMethods(database.db);
  await bootstrapAdministrator(database.db, {
    username: 'admin',
    password: adminPassword,
    dataDir: undefined,
    log: () => {},
  });
}

/** A database URL with another database name. */
export function withDatabase(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Runs one statement on the server's maintenance database. */
export async function onServer(serverUrl: string, statement: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

export default async function setup(project: TestProject) {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const name = `inspectra_template_${randomUUID().replace(/-/g, '')}`;
    await onServer(serverUrl, `create database ${name}`);
    const database = await openDatabase({ url: withDatabase(serverUrl, name), poolSize: 1 });
    await prepare(database);
    await database.close();
    project.provide('templateDatabase', { postgresDatabase: name });
    return () => onServer(serverUrl, `drop database if exists ${name} with (force)`);
  }
  const database = await openDatabase({ pgliteDir: undefined });
  await prepare(database);
  const archive = await database.dump!();
  await database.close();
  const dir = await mkdtemp(path.join(os.tmpdir(), 'inspectra-template-'));
  const file = path.join(dir, 'database.tar');
  await writeFile(file, archive);
  project.provide('templateDatabase', { pgliteArchive: file });
  return () => rm(dir, { recursive: true, force: true });
}
