import { buildApp } from '../src/app.ts';
import { openDatabase } from '../src/db/client.ts';
import { createLocalFileStore } from '../src/storage/local-file-store.ts';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

export const openapiFile = new URL('../openapi.json', import.meta.url);

/** The OpenAPI document as the server generates it from the route table, formatted for committing. */
export async function openapiDocument(): Promise<string> {
  const database = await openDatabase({ pgliteDir: undefined });
  const dir = await mkdtemp(path.join(os.tmpdir(), 'inspectra-openapi-'));
  try {
    const app = await buildApp({
      database,
      files: await createLocalFileStore(dir),
      jwtSecret: 'x'.repeat(32),
      maxUploadBytes: 1024,
    });
    await app.ready();
    const document = `${JSON.stringify(app.swagger(), null, 2)}\n`;
    await app.close();
    return document;
  } finally {
    await database.close();
    await rm(dir, { recursive: true, force: true });
  }
}
