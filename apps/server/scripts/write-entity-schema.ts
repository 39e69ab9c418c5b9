import { writeFile } from 'node:fs/promises';
import { entitySchemaFile, entitySchemaSource } from './entity-schema.ts';

await writeFile(entitySchemaFile, entitySchemaSource());
console.log('Wrote apps/server/src/db/schema/entities.ts');
