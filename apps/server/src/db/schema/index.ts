import type { EntityDefinition, Field } from '@inspectra/contract';
import type { entityTable } from '../../engine/entity-table.ts';
import { entityTables } from './entities.ts';

export * from './system.ts';
export * from './entities.ts';

/** The table of a declared entity, with its declared fields as columns (for modules' own SQL). */
export function tableOf<F extends Record<string, Field>>(entity: EntityDefinition<F>) {
  const table = entityTables[entity.name];
  if (!table)
    throw new Error(`No table for entity ${entity.name}: run npm run generate -w @inspectra/server`);
  return table as unknown as ReturnType<typeof entityTable<F>>;
}
