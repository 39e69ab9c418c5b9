/**
 * Fails when a committed generated file no longer matches its source: the OpenAPI document (from
 * the route table) or the SQL migrations (from the Drizzle schema).
 */
import { execFileSync } from 'node:child_process';
import { cp, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { entitySchemaFile, entitySchemaSource } from './entity-schema.ts';
import { openapiDocument, openapiFile } from './openapi-document.ts';

const serverDir = fileURLToPath(new URL('..', import.meta.url));
const problems: string[] = [];

const regenerate = 'run `npm run generate -w @inspectra/server` and commit the result';
if ((await readFile(entitySchemaFile, 'utf8').catch(() => '')) !== entitySchemaSource()) {
  problems.push(`apps/server/src/db/schema/entities.ts is stale: ${regenerate}.`);
}

const committed = await readFile(openapiFile, 'utf8').catch(() => '');
if (committed !== (await openapiDocument())) {
  problems.push(`apps/server/openapi.json is stale: ${regenerate}.`);
}

const scratch = await mkdtemp(path.join(os.tmpdir(), 'inspectra-migrations-'));
try {
  await cp(path.join(serverDir, 'drizzle'), scratch, { recursive: true });
  const before = (await readdir(scratch)).sort().join();
  execFileSync(
    process.execPath,
    [
      path.join(serverDir, '../../node_modules/drizzle-kit/bin.cjs'),
      'generate',
      '--dialect=postgresql',
      '--schema=./src/db/schema/index.ts',
      // drizzle-kit reads `out` relative to the working directory.
      `--out=${path.relative(serverDir, scratch)}`,
    ],
    { cwd: serverDir, stdio: 'pipe' },
  );
  if ((await readdir(scratch)).sort().join() !== before) {
    problems.push(
      'The Drizzle schema has changes with no migration: run `npm run db:generate -w @inspectra/server -- --name <what changed>`, and commit it.',
    );
  }
} finally {
  await rm(scratch, { recursive: true, force: true });
}

if (problems.length > 0) {
  for (const p of problems) console.error(p);
  process.exit(1);
}
console.log('Generated files are up to date (entity tables, OpenAPI document, migrations).');
