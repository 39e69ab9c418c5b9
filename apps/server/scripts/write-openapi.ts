import { writeFile } from 'node:fs/promises';
import { openapiDocument, openapiFile } from './openapi-document.ts';

await writeFile(openapiFile, await openapiDocument());
console.log('Wrote apps/server/openapi.json');
