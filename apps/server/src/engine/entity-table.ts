import {
  ownSeriesTime,
  columnName,
  keyFields,
  mayBeEmpty,
  referenceTarget,
  routeTable,
  techniques,
  verdictOverrideReasonKey,
} from '@inspectra/contract';
import type {
  EntityDefinition,
  Field,
  ListTab,
  RecordedWarning,
  RouteDefinition,
  TabCondition,
} from '@inspectra/contract';
import { and, getTableName, sql } from 'drizzle-orm';
import type { SQL, SQLWrapper } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  doublePrecision,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { AnyPgColumn, ExtraConfigColumn, PgColumnBuilderBase } from 'drizzle-orm/pg-core';
import { pgIdentifier } from './pg-identifier.ts';
import { rowGrade, rowGradeRank } from './row-grade.ts';
import type { RowGrade } from './row-grade.ts';

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
 * The order every list of an entity is read in: its declared sort, then newest first, then id, so
 * pages never overlap or skip rows. `records/list-order.ts` sorts by it and the list indexes below follow it.
 */
export function listOrder(entity: EntityDefinition) {
  const sort = entity.sort ?? { field: 'createdAt', direction: 'desc' as const };
  const keys: { key: string; direction: 'asc' | 'desc' }[] = [
    { key: sort.field, direction: sort.direction },
    ...('then' in sort ? (sort.then ?? []) : []).map((k) => ({ key: k.field, direction: k.direction })),
  ];
  if (sort.field !== 'createdAt') keys.push({ key: 'createdAt', direction: 'desc' });
  keys.push({ key: 'id', direction: 'asc' });
  return keys;
}

/** How the route table lists an entity: all of it (paged, searched) and/or by its parent. */
export function listAccess(entity: EntityDefinition, routes: readonly RouteDefinition[] = routeTable) {
  const lists = routes.map((r) => r.operation).filter((o) => 'entity' in o && o.entity.name === entity.name);
  const whole = lists.flatMap((o) => (o.kind === 'list' ? [o] : []));
  const tabs = new Map(whole.flatMap((o) => Object.entries(o.tabs ?? {})));
  // A tab of one `eq` or `in` condition is a slice by one field, as that field's filter is.
  const sliceField = (tab: ListTab) => {
    const [only, ...more] = Object.entries(tab.where);
    return only && more.length === 0 && !('notIn' in only[1]) ? only[0] : undefined;
  };
  return {
    all: whole.length > 0,
    byParent: lists.some((o) => o.kind === 'listByParent'),
    /**
     * The fields a whole-table list filters by equality (`eq`, `in`) or slices by in a one-field
     * tab, each needing its own index.
     */
    filteredBy: [
      ...new Set([
        ...whole.flatMap((o) =>
          Object.values(o.filters).flatMap((f) =>
            'field' in f && (f.op === 'eq' || f.op === 'in') ? [f.field] : [],
          ),
        ),
        ...[...tabs.values()].flatMap((tab) => sliceField(tab) ?? []),
      ]),
    ]
      // A key's filter matches as many records as it is given keys: the key's unique index serves it.
      // A filter on the field the list is ordered by first (a day's measurements, newest first) is a
      // range of the list's own index (without a variant to lead it).
      .filter(
        (field) =>
          field !== entity.parent &&
          !keyFields(entity).includes(field) &&
          (entity.variants !== undefined || listOrder(entity)[0]?.key !== field),
      ),
    /** The tabs of more than one condition or of a `not in`: each read off a partial index of its own. */
    partialTabs: [...tabs].filter(([, tab]) => !sliceField(tab)),
  };
}

/**
 * Whether a declared index (not a partial one) leads with the field and goes on in an order: the
 * given fields, each ascending (a natural key), or else the entity's list order (`withListOrder`).
 * A range of the field, or one value of it, is then read off the index in that order.
 */
export function declaredInOrder(entity: EntityDefinition, field: string, order?: readonly string[]): boolean {
  return Object.values(entity.indexes ?? {}).some(
    (i) =>
      'fields' in i &&
      !i.where &&
      i.fields[0] === field &&
      (order ? order.every((key, n) => i.fields[n + 1] === key) : i.fields.length === 1 && !!i.withListOrder),
  );
}

/**
 * A tab's conditions as SQL over the columns `column` names, its declared values written into the
 * statement as literals, not parameters: the same text in a list's query and in the tab's partial
 * index, so the planner knows the index holds exactly the tab's rows, under any plan. A `not in`
 * also takes the records without a value.
 */
export function tabConditions(tab: ListTab, column: (key: string) => SQLWrapper): SQL[] {
  const literal = (value: string | number | boolean) =>
    sql.raw(typeof value === 'string' ? `'${value.replaceAll("'", "''")}'` : String(value));
  const list = (values: readonly string[]) => sql.join(values.map(literal), sql`, `);
  return Object.entries(tab.where).map(([key, condition]) => {
    const c = column(key);
    if ('eq' in condition) return sql`${c} = ${literal(condition.eq)}`;
    if ('in' in condition) return sql`${c} in (${list(condition.in)})`;
    return sql`(${c} is null or ${c} not in (${list(condition.notIn)}))`;
  });
}

/** What a `references` field points at: the target's table (its columns by field key) and key column. */
export type ReferencedColumn = { table: Record<string, AnyPgColumn>; column: AnyPgColumn };

/** The unique index over fields other records name this one by together (`referenceScope`). */
export function scopedKeyName(entity: EntityDefinition, keys: readonly string[]): string {
  return pgIdentifier(`${entity.table}_${keys.map(columnName).join('_')}_key`);
}

/** The foreign key of a reference within a scope (an equipment's object type of its category). */
export function scopedReferenceName(entity: EntityDefinition, key: string): string {
  return pgIdentifier(`${entity.table}_${columnName(key)}_in_scope_fk`);
}

/**
 * The foreign key of a one-column reference: Drizzle's own form (`<table>_<column>_<target
 * table>_<target column>_fk`), kept to what PostgreSQL stores (`pgIdentifier`).
 */
export function referenceKeyName(entity: EntityDefinition, key: string, target: AnyPgColumn): string {
  return pgIdentifier(`${entity.table}_${columnName(key)}_${getTableName(target.table)}_${target.name}_fk`);
}

/**
 * Whether an index the engine builds anyway starts with the field over every row (not a partial
 * one): a reference's foreign-key check on delete reads it, so it needs no index of its own.
 */
function indexedFirst(entity: EntityDefinition, key: string): boolean {
  const lead = entity.variants ? 'variant' : undefined;
  return (
    Object.values(entity.indexes ?? {}).some((i) => 'fields' in i && i.fields[0] === key && !i.where) ||
    (!lead && entity.naturalKey?.[0] === key) ||
    (!lead && listAccess(entity).filteredBy.includes(key)) ||
    (entity.unique as string[]).includes(key)
  );
}

/**
 * The Drizzle table of an entity, derived from its declaration: one column per field, a foreign key
 * to the parent (deleting a parent with children is refused, not cascaded: reports are records) and
 * one for every other reference (`restrict`, or `setNull` where declared), each indexed,
 * unique indexes, trigram indexes for `search`, and an index for each way the route table lists it,
 * in list order, so a page is read straight off the index: (parent, order…) for lists by parent (it
 * also serves the foreign key), (order…) for whole-table lists. Changing an entity's sort changes
 * its indexes, and `npm run check:generated` fails until the migration is generated.
 */
export function entityTable<F extends Record<string, Field>>(
  entity: EntityDefinition<F>,
  parentTable?: { id: AnyPgColumn },
  /** The table and column a `references` text field points at (built before this table). */
  referencedTable: (references: string) => ReferencedColumn | undefined = () => undefined,
  /**
   * Field sets other records name this one by together (`categoryCode` + `code`, see
   * `referenceScope`): each gets a unique index, which their foreign keys need.
   */
  scopedKeys: readonly (readonly string[])[] = [],
  /**
   * The id column of a referenced entity's table, read when the foreign key is (after every table is
   * built): a reference may name a table built later, or its own (a report's revision of a report).
   */
  idOf?: (entity: string) => AnyPgColumn,
  /** The finding grade its own fields decide (`rowGrade`), indexed with its parent. */
  grade?: RowGrade,
) {
  const columns: Record<string, PgColumnBuilderBase> = recordColumns();
  for (const [key, field] of Object.entries(entity.fields)) {
    let column = columnFor(key, field) as ReturnType<typeof text>;
    if (!mayBeEmpty(field)) column = column.notNull() as typeof column;
    if (field.default !== undefined) column = column.default(field.default as string) as typeof column;
    columns[key] = column;
  }
  // Variants of one technique share a table (docs/architecture-engine.md, "Variants").
  if (entity.variants) columns.variant = text('variant').notNull();
  // Why the recorded verdict differs from the standard's (docs/verdict-pairs.md): the engine's.
  if ((entity as EntityDefinition).verdict)
    columns[verdictOverrideReasonKey] = text('verdict_override_reason');
  const access = listAccess(entity as EntityDefinition);
  // Field columns are typed loosely (as text): modules address them by name in SQL, and the
  // engine's validation, not the column type, guards values.
  type Columns = ReturnType<typeof recordColumns> & { [K in keyof F & string]: ReturnType<typeof text> };
  return pgTable(entity.table, columns as Columns, (t) => {
    const c = t as unknown as Record<string, ExtraConfigColumn>;
    // Built afresh for each index: Drizzle resets a column's order once an index has read it.
    // Nulls sort as in the lists' ORDER BY (PostgreSQL's defaults), or the index could not serve them.
    const ordered = () =>
      listOrder(entity as EntityDefinition).map(({ key, direction }) =>
        direction === 'desc' ? c[key]!.desc().nullsFirst() : c[key]!.asc().nullsLast(),
      );
    const ordering = listOrder(entity as EntityDefinition);
    const indexes = [];
    // A parent's children are all of its variant, so lists by parent need no variant column; whole
    // lists are always of one variant and lead with it.
    if (entity.parent) {
      const parent = c[entity.parent]!;
      indexes.push(
        entity.uniquePerParent
          ? uniqueIndex(pgIdentifier(`${entity.table}_parent_unique`)).on(
              parent,
              ...(entity.variants ? [c.variant!] : []),
            )
          : index(pgIdentifier(`${entity.table}_parent_list_idx`)).on(parent, ...ordered()),
      );
    }
    if (access.all) {
      const lead = entity.variants ? [c.variant!] : [];
      indexes.push(
        index(pgIdentifier(`${entity.table}_list_idx`)).on(
          ...([...lead, ...ordered()] as [ReturnType<typeof ordered>[number]]),
        ),
      );
    }
    // A page filtered by one value is read off (field, list order…), as the whole list is off the
    // list order; a field a declared index already leads with in list order needs none.
    for (const field of access.filteredBy) {
      if (declaredInOrder(entity as EntityDefinition, field)) continue;
      const lead = entity.variants ? [c.variant!] : [];
      indexes.push(
        index(pgIdentifier(`${entity.table}_${columnName(field)}_list_idx`)).on(
          ...([...lead, c[field]!, ...ordered()] as [ExtraConfigColumn]),
        ),
      );
    }
    // A tab of several conditions (open emergencies) is read off the list order of its rows alone:
    // through the field indexes the page walked past every closed emergency.
    for (const [name, tab] of access.partialTabs) {
      const lead = entity.variants ? [c.variant!] : [];
      indexes.push(
        index(pgIdentifier(`${entity.table}_${columnName(name)}_tab_idx`))
          .on(...([...lead, ...ordered()] as [ExtraConfigColumn]))
          .where(and(...tabConditions(tab, (key) => c[key]!))!),
      );
    }
    // A series' readings of one report's point, in time (docs/series.md): the trend read reaches the
    // equipment's reports by `report_header (equipment_no)` and walks down the parent chain to them.
    if (entity.series && entity.parent) {
      // A time read from the parent is not a column of the row: the index stops at the point, and
      // a sample's readings of one point are one or a few, sorted by the parent's date in the plan.
      const time = ownSeriesTime(entity.series);
      const named = [entity.parent, ...entity.series.key, ...(time ? [time] : [])];
      // A natural key of the very same columns is that index already, unique (an oil sample's
      // components by analysis and component).
      if (entity.variants || entity.naturalKey?.join() !== named.join()) {
        const keys = named.map((k) => c[k]!);
        indexes.push(index(pgIdentifier(`${entity.table}_series_idx`)).on(...(keys as [ExtraConfigColumn])));
      }
    }
    // A grade its own fields decide, by parent: a report's figures count its rows by grade off the
    // index alone (the fields it reads carried along, so the scan is index-only), in its order. The
    // queries write the very expression indexed (`gradeLaterals`), so the rank is read, not computed.
    if (grade && entity.parent) {
      const parts = [c[entity.parent]!, rowGradeRank(grade, c), ...grade.reads.map((k) => c[k]!)];
      indexes.push(index(pgIdentifier(`${entity.table}_grade_idx`)).on(...(parts as [ExtraConfigColumn])));
    }
    // What upserts and imports match by: unique together (per variant, for variants). A record
    // keyed by its parent alone, one per parent, has that unique index already (`_parent_unique`).
    const keyedByParentAlone =
      entity.uniquePerParent && !entity.variants && entity.naturalKey?.join() === entity.parent;
    if (entity.naturalKey?.length && !keyedByParentAlone) {
      const key = [...(entity.variants ? [c.variant!] : []), ...entity.naturalKey.map((k) => c[k]!)];
      indexes.push(
        uniqueIndex(pgIdentifier(`${entity.table}_natural_key`)).on(...(key as [ExtraConfigColumn])),
      );
    }
    for (const key of entity.unique as string[])
      indexes.push(uniqueIndex(pgIdentifier(`${entity.table}_${columnName(key)}_unique`)).on(c[key]!));
    for (const keys of scopedKeys)
      indexes.push(
        uniqueIndex(scopedKeyName(entity as EntityDefinition, keys)).on(
          ...(keys.map((k) => c[k]!) as [ExtraConfigColumn]),
        ),
      );
    // Foreign keys are declared here, not on their columns, to be named (`referenceKeyName`): a
    // parent's children keep it (deleting a parent with children is refused, not cascaded: reports
    // are records).
    if (entity.parent && parentTable) {
      indexes.push(
        foreignKey({
          name: referenceKeyName(entity as EntityDefinition, entity.parent, parentTable.id),
          columns: [c[entity.parent]!],
          foreignColumns: [parentTable.id],
        }).onDelete('restrict') as never,
      );
    }
    for (const [key, field] of Object.entries(entity.fields)) {
      if (field.kind === 'ref' && key !== entity.parent && idOf) {
        // A reference names its record for good: the record cannot go while it does (or, declared,
        // going clears it), so no record points at nothing (docs/architecture-engine.md). Read
        // here, once every table is built: it may name a later table, or its own.
        const target = idOf(field.entity);
        indexes.push(
          foreignKey({
            name: referenceKeyName(entity as EntityDefinition, key, target),
            columns: [c[key]!],
            foreignColumns: [target],
          }).onDelete(field.onDelete === 'setNull' ? 'set null' : 'restrict') as never,
        );
      }
      const target =
        field.kind === 'text' && field.references ? referencedTable(field.references)?.column : undefined;
      if (target) {
        // A renamed code follows into the records that name it; a code still named cannot be deleted.
        indexes.push(
          foreignKey({
            name: referenceKeyName(entity as EntityDefinition, key, target),
            columns: [c[key]!],
            foreignColumns: [target],
          })
            .onUpdate('cascade')
            .onDelete('restrict') as never,
        );
      }
    }
    // A reference within a scope: (scope…, field) must name a target record with the same values.
    for (const [key, field] of Object.entries(entity.fields)) {
      if (field.kind !== 'text' || !field.references || !field.referenceScope) continue;
      const target = referencedTable(field.references);
      if (!target) continue;
      const keys = [...field.referenceScope, key];
      indexes.push(
        foreignKey({
          name: scopedReferenceName(entity as EntityDefinition, key),
          columns: keys.map((k) => c[k]!) as never,
          foreignColumns: [...field.referenceScope.map((k) => target.table[k]!), target.column] as never,
        })
          .onUpdate('cascade')
          .onDelete('restrict') as never,
      );
    }
    // A delete of the record a reference names looks for rows still naming it: by index, not by
    // reading the table, unless an index the engine builds anyway starts with the reference.
    for (const [key, field] of Object.entries(entity.fields)) {
      if (field.kind !== 'ref' || key === entity.parent || !idOf) continue;
      if (indexedFirst(entity as EntityDefinition, key)) continue;
      indexes.push(index(pgIdentifier(`${entity.table}_${columnName(key)}_ref_idx`)).on(c[key]!));
    }
    // Declared for a module's own queries (the contains form serves `@>` on a JSON list).
    for (const [id, declared] of Object.entries(entity.indexes ?? {})) {
      const name = pgIdentifier(`${entity.table}_${columnName(id)}_idx`);
      if ('contains' in declared) {
        indexes.push(index(name).using('gin', sql`${c[declared.contains]!} jsonb_path_ops`));
        continue;
      }
      const built = (declared.unique ? uniqueIndex(name) : index(name)).on(
        ...([
          ...declared.fields.map((k) => c[k]!),
          ...(declared.withListOrder
            ? ordered().filter((_, i) => !declared.fields.includes(ordering[i]!.key as never))
            : []),
        ] as [ExtraConfigColumn]),
      );
      // Partial: its conditions as literals (`tabConditions`), so the planner matches a query's own.
      const where = declared.where as Record<string, TabCondition> | undefined;
      indexes.push(where ? built.where(and(...tabConditions({ label: id, where }, (k) => c[k]!))!) : built);
    }
    // Exactly one of the fields holds a value (`exactlyOne`): a check no write path can get round.
    for (const [id, keys] of Object.entries(entity.exactlyOne ?? {}))
      indexes.push(
        check(
          pgIdentifier(`${entity.table}_${columnName(id)}_one`),
          sql`num_nonnulls(${sql.join(
            keys.map((k) => c[k]!),
            sql`, `,
          )}) = 1`,
        ),
      );
    // A search over a field naming other records matches it against their keys found by the
    // search (reference-fields.ts `referencedSearch`): read by key off a btree.
    for (const key of entity.search as string[]) {
      const field = entity.fields[key];
      const led = Object.values(entity.indexes ?? {}).some((i) => 'fields' in i && i.fields[0] === key);
      if (
        field?.kind !== 'text' ||
        !field.references ||
        led ||
        keyFields(entity as EntityDefinition).includes(key)
      )
        continue;
      indexes.push(index(pgIdentifier(`${entity.table}_${columnName(key)}_key_idx`)).on(c[key]!));
    }
    for (const key of entity.search as string[]) {
      indexes.push(
        index(pgIdentifier(`${entity.table}_${columnName(key)}_trgm`)).using(
          'gin',
          sql`${c[key]!} gin_trgm_ops`,
        ),
      );
    }
    return indexes;
  });
}

export type EntityTable = ReturnType<typeof entityTable<Record<string, Field>>>;

/**
 * The table of every declared entity, built parents first (the catalogue's order) so each foreign key
 * can point at its parent's table. `db/schema/entities.ts` re-exports each one by name for
 * drizzle-kit; it is generated from this map (`npm run generate -w @inspectra/server`).
 */
export function buildEntityTables(list: Record<string, EntityDefinition>): Record<string, EntityTable> {
  const tables: Record<string, EntityTable> = {};
  // The field sets each entity is named by within a scope, found from the entities that name it.
  const scopedKeys = new Map<string, string[][]>();
  for (const entity of Object.values(list))
    for (const field of Object.values(entity.fields)) {
      if (field.kind !== 'text' || !field.references || !field.referenceScope) continue;
      const target = referenceTarget(field.references, (name) => list[name]);
      const missing = field.referenceScope.filter((k) => !target.entity.fields[k]);
      if (missing.length > 0)
        throw new Error(
          `${entity.name}: referenceScope ${missing.join(', ')} is not a field of ${target.entity.name}`,
        );
      const keys = scopedKeys.get(target.entity.name) ?? [];
      const wanted = [...field.referenceScope, target.field];
      if (!keys.some((k) => k.join() === wanted.join())) keys.push(wanted);
      scopedKeys.set(target.entity.name, keys);
    }
  // The grades decided by their own row's fields, by the entity graded (the catalogue's techniques).
  const graded = new Map(
    techniques.flatMap((technique) => {
      const grade = rowGrade(technique);
      return grade && list[grade.entity.name] === grade.entity ? [[grade.entity.name, grade] as const] : [];
    }),
  );
  for (const entity of Object.values(list)) {
    const ref = entity.parent ? entity.fields[entity.parent] : undefined;
    const parentTable = ref?.kind === 'ref' ? tables[ref.entity] : undefined;
    if (ref && !parentTable)
      throw new Error(`${entity.name}: parent table ${ref.kind === 'ref' ? ref.entity : ''} is built later`);
    const referenced = (references: string): ReferencedColumn => {
      const { entity: target, field } = referenceTarget(references, (name) => list[name]);
      const table = tables[target.name] as unknown as Record<string, AnyPgColumn> | undefined;
      if (!table) throw new Error(`${entity.name}: ${references} is built later`);
      return { table, column: table[field]! };
    };
    const idOf = (name: string) => {
      const table = tables[name];
      if (!table) throw new Error(`${entity.name}: references ${name}, which is not a declared entity`);
      return table.id;
    };
    const grade = graded.get(entity.name);
    tables[entity.name] = entityTable(
      entity,
      parentTable,
      referenced,
      scopedKeys.get(entity.name),
      idOf,
      grade,
    );
  }
  return tables;
}
