import { entities } from '@inspectra/contract';

export const entitySchemaFile = new URL('../src/db/schema/entities.ts', import.meta.url);

/**
 * The source of `db/schema/entities.ts`: drizzle-kit sees only tables that are named exports of the
 * schema module, so each declared entity's table is re-exported under `<entity>Table`. Written from
 * the catalogue, never by hand; `check:generated` fails when it is stale.
 */
export function entitySchemaSource(): string {
  const lines = Object.keys(entities).map((name) => `export const ${name}Table = entityTables.${name}!;`);
  return `// Generated from the contract's catalogue by \`npm run generate -w @inspectra/server\`: do not edit.
// drizzle-kit sees only named exports, so every declared entity's table is exported here by name.
import { entities } from '@inspectra/contract';
import { buildEntityTables } from '../../engine/entity-table.ts';

/** Every declared entity's table, by entity name. */
export const entityTables = buildEntityTables(entities);
${lines.join('\n')}
`;
}
