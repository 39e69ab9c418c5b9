import { columnName, entities, routeTable } from '@inspectra/contract';
import { getTableConfig } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import * as schema from '../src/db/schema/index.ts';
import { listAccess, listOrder } from '../src/engine/entity-table.ts';
import type { EntityTable } from '../src/engine/entity-table.ts';

/** An index as "column direction" strings, in key order. */
function indexKeys(table: EntityTable) {
  return getTableConfig(table).indexes.map((i) => ({
    name: i.config.name,
    keys: i.config.columns.map((c) => {
      const column = c as unknown as { name: string; indexConfig?: { order?: string } };
      return `${column.name} ${column.indexConfig?.order ?? 'asc'}`;
    }),
  }));
}

describe('every list the route table declares has an index in its order', () => {
  for (const entity of Object.values(entities)) {
    const table = (schema as Record<string, unknown>)[`${entity.name}Table`] as EntityTable;
    const access = listAccess(entity, routeTable);
    const order = listOrder(entity).map((k) => `${columnName(k.key)} ${k.direction}`);
    if (access.all) {
      it(`${entity.name}: the whole-table list`, () => {
        // Variants share a table and are listed one at a time: their index leads with the variant.
        const lead = entity.variants ? ['variant asc'] : [];
        expect(indexKeys(table).map((i) => i.keys)).toContainEqual([...lead, ...order]);
      });
    }
    for (const field of access.filteredBy) {
      it(`${entity.name}: the whole-table list filtered by ${field}`, () => {
        const lead = entity.variants ? ['variant asc'] : [];
        const keys = indexKeys(table).map((i) => i.keys);
        const served = keys.some(
          (k) =>
            k.slice(0, lead.length + 1).join() === [...lead, `${columnName(field)} asc`].join() &&
            k.slice(-order.length).join() === order.join(),
        );
        expect(served, `an index (${field}, ${order.join(', ')})`).toBe(true);
      });
    }
    for (const [tab] of access.partialTabs) {
      it(`${entity.name}: the tab ${tab}, on the rows it holds alone`, () => {
        const lead = entity.variants ? ['variant asc'] : [];
        const index = getTableConfig(table).indexes.find((i) =>
          i.config.name?.endsWith(`_${columnName(tab)}_tab_idx`),
        );
        expect(index?.config.where, `a partial index for the tab ${tab}`).toBeDefined();
        expect(indexKeys(table).find((i) => i.name === index!.config.name)?.keys).toEqual([
          ...lead,
          ...order,
        ]);
      });
    }
    if (access.byParent && entity.parent && !entity.uniquePerParent) {
      it(`${entity.name}: the list by ${entity.parent}`, () => {
        expect(indexKeys(table).map((i) => i.keys)).toContainEqual([
          `${columnName(entity.parent!)} asc`,
          ...order,
        ]);
      });
    }
  }

  it('follows a sort when one is declared or changed', () => {
    const m = entities.thermalMeasurement!;
    expect(listOrder(m)).toEqual([
      { key: 'date', direction: 'desc' },
      { key: 'createdAt', direction: 'desc' },
      { key: 'id', direction: 'asc' },
    ]);
    expect(listOrder({ ...m, sort: { field: 'tagNumber', direction: 'asc' } })[0]).toEqual({
      key: 'tagNumber',
      direction: 'asc',
    });
    expect(listOrder({ ...m, sort: undefined })).toEqual([
      { key: 'createdAt', direction: 'desc' },
      { key: 'id', direction: 'asc' },
    ]);
  });
});
