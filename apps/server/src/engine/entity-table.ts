import { columnName } from '@inspectra/contract';
import type { EntityDefinition, Field, RecordedWarning } from '@inspectra/contract';
import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { AnyPgColumn, PgColumnBuilderBase } from 'drizzle-orm/pg-core';

function columnFor(key: string, field: Field) {
  const name = columnName(key);
  switch (field.kind) {
    case 'text':
    case 'longText':
    case 'enum':
      return text(name);
    case 'number':
      return doublePrecision(name);
    case 'integer':
      return integer(name);
    case 'date':
      return date(name, { mode: 'string' });
    case 'datetime':
      return timestamp(name, { withTimezone: true, mode: 'date' });
    case 'boolean':
      return boolean(name);
    case 'ref':
      return uuid(name);
    case 'json':
      return jsonb(name);
  }
}

/**
 * Columns every entity row has: identity, optimistic-concurrency version, who/when, and the soft
 * rules the values broke when last saved (with who confirmed them).
 */
export function recordColumns() {
  return {
    id: uuid('id').primaryKey().defaultRandom(),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    createdBy: uuid('created_by'),
    updatedBy: uuid('updated_by'),
    warnings: jsonb('warnings').$type<RecordedWarning[]>().notNull().default([]),
  };
}

/**
 * The Drizzle table of an entity, derived from its declaration: one column per field, a foreign key
 * to the parent (deleting a parent with children is refused, not cascaded: reports are records), an
 * index for listing by parent, unique indexes, and trigram indexes for `search`.
 */
export function entityTable<F extends Record<string, Field>>(
  entity: EntityDefinition<F>,
  parentTable?: { id: AnyPgColumn },
) {
  const columns: Record<string, PgColumnBuilderBase> = recordColumns();
  for (const [key, field] of Object.entries(entity.fields)) {
    let column = columnFor(key, field) as ReturnType<typeof text>;
    if (field.required || field.default !== undefined) column = column.notNull() as typeof column;
    if (field.default !== undefined) column = column.default(field.default as string) as typeof column;
    if (key === entity.parent && parentTable) {
      column = (column as unknown as ReturnType<typeof uuid>).references(() => parentTable.id, {
        onDelete: 'restrict',
      }) as unknown as typeof column;
    }
    columns[key] = column;
  }
  // Field columns are typed loosely (as text): modules address them by name in SQL, and the
  // engine's validation, not the column type, guards values.
  type Columns = ReturnType<typeof recordColumns> & { [K in keyof F & string]: ReturnType<typeof text> };
  return pgTable(entity.table, columns as Columns, (t) => {
    const c = t as unknown as Record<string, AnyPgColumn>;
    const indexes = [];
    if (entity.parent) {
      const parent = c[entity.parent]!;
      indexes.push(
        entity.uniquePerParent
          ? uniqueIndex(`${entity.table}_parent_unique`).on(parent)
          : index(`${entity.table}_parent_idx`).on(parent, c.createdAt!),
      );
    }
    for (const key of entity.unique as string[])
      indexes.push(uniqueIndex(`${entity.table}_${columnName(key)}_unique`).on(c[key]!));
    for (const key of entity.search as string[]) {
      indexes.push(
        index(`${entity.table}_${columnName(key)}_trgm`).using('gin', sql`${c[key]!} gin_trgm_ops`),
      );
    }
    if (entity.sort && entity.sort.field !== 'createdAt' && entity.sort.field !== 'updatedAt') {
      indexes.push(index(`${entity.table}_${columnName(entity.sort.field)}_idx`).on(c[entity.sort.field]!));
    }
    indexes.push(index(`${entity.table}_created_at_idx`).on(c.createdAt!));
    return indexes;
  });
}

export type EntityTable = ReturnType<typeof entityTable<Record<string, Field>>>;
