import { entities } from '@inspectra/contract';
import type { EntityDefinition } from '@inspectra/contract';
import { and, asc, eq, gte, ilike, isNull, lte, or, sql } from 'drizzle-orm';
import type { Placeholder, SQL, SQLWrapper } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { tabConditions } from '../entity-table.ts';
import { scopedCondition } from '../record-scope.ts';
import { referencedSearch } from '../reference-fields.ts';
import type { DeclaredConditions, ListQuery, RowContext } from './read-shapes.ts';
import type { RecordTable } from './record-table.ts';
import type { Planning } from './statements.ts';

/** `%`, `_` and `\` match themselves in a search, not as wildcards. */
export function likePattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The placeholder a list by parent binds its parent's id to (`listConditions`). */
export const parentIdParam = 'parentId';

/**
 * For a list by parent (`byParent`: asked for with a parent id), the SQL its rows' reference to
 * the parent is read through: the parent's id as the list binds it. Every row of the list holds
 * that id, and a read of the parent that names nothing of the row is made once for the statement
 * (PostgreSQL's InitPlan), not once per row: a page of UFD findings reads its inspection once, not
 * twenty times. Undefined for other references, and for a list not by parent.
 */
export function parentRefOf(
  entity: EntityDefinition,
  byParent: boolean,
): ((ref: string) => SQLWrapper | undefined) | undefined {
  const parent = byParent ? entity.parent : undefined;
  if (!parent) return undefined;
  return (ref) => (ref === parent ? sql.placeholder(parentIdParam) : undefined);
}

/** A list's conditions, bound (`listConditions`). */
export type BoundConditions = ReturnType<typeof listConditions>;

/** A declared list's ORDER BY terms (`DeclaredConditions.order`), or undefined for the entity's. */
function declaredOrder(
  repo: RecordTable,
  order: DeclaredConditions['order'],
  context: RowContext,
): readonly SQL[] | undefined {
  if (!order) return undefined;
  if (order !== 'naturalKey') return [...order(context), asc(repo.column('id'))];
  // `defineList` refused, at start, a list ordered by a natural key its entity does not have.
  return repo.entity.naturalKey!.map((field) => asc(repo.column(field)));
}

/**
 * A list statement's `Planning` by the values it binds: shared where they are keys alone (an id, a
 * parent's, a declared condition's `'key'`), or keys and the caller's company (the rows of one
 * record or parent come off its index, whichever company may see them; a whole list of one
 * company's rows does not).
 */
function planningOf(values: Record<string, unknown>, keys: ReadonlySet<string>): Planning {
  const keyed = Object.keys(values).some((name) => keys.has(name));
  return Object.keys(values).every((name) => keys.has(name) || (keyed && name === 'scopeCompany'))
    ? 'shared'
    : 'perValues';
}

/**
 * A declared condition's values written into the statement (`FieldCondition`'s closed set): those
 * asked for in the set's order, as SQL literals, with the shape's part that names them; undefined
 * when any is outside the set (then they are bound).
 */
function writtenValues(set: readonly string[], value: unknown): { sql: SQL[]; shape: string } | undefined {
  const asked = Array.isArray(value) ? value : [value];
  if (asked.length === 0 || !asked.every((v) => typeof v === 'string' && set.includes(v))) return undefined;
  // Only the declared values, each of letters and digits, ever reach the statement's text.
  const picked = set.filter((v) => asked.includes(v) && /^[A-Za-z0-9_]+$/.test(v));
  if (picked.length !== new Set(asked).size) return undefined;
  return { sql: picked.map((v) => sql.raw(`'${v}'`)), shape: picked.join('|') };
}

/**
 * A field equal to the caller's value, or to one of its values: written in (`writtenValues`) or
 * bound (`bound`, called only then).
 */
function fieldEquals(
  column: AnyPgColumn,
  written: readonly SQL[] | undefined,
  value: unknown,
  bound: () => SQL | Placeholder,
) {
  if (written)
    return written.length === 1
      ? sql`${column} = ${written[0]}`
      : sql`${column} in (${sql.join([...written], sql`, `)})`;
  return Array.isArray(value) ? sql`${column} = any(${bound()})` : sql`${column} = ${bound()}`;
}

/**
 * The conditions of a list with placeholders for its values, the values, and the statement's shape
 * (which conditions there are): one prepared statement serves every request of the same shape.
 */
export function listConditions(repo: RecordTable, q: ListQuery) {
  const { entity } = repo;
  const conditions: SQL[] = [];
  const values: Record<string, unknown> = {};
  const shape: string[] = [];
  // The values bound that are keys (`planningOf`): a record's id, its parent's, a declared key.
  const keys = new Set(['id', parentIdParam]);
  // The shape's parts whose conditions an index serves in the list's order, or leads to: a first
  // page under them alone is one plain `order by … limit` (paging.ts `top`).
  const indexed = new Set(['id', parentIdParam, 'variant']);
  const rangedFields = new Set<string>();
  // Field conditions of several values written in (`oneOfSeveral` below).
  const several: { field: string; values: readonly SQL[]; condition: SQL }[] = [];
  const bindValue = (name: string, value: unknown) => {
    values[name] = value;
    return sql.placeholder(name);
  };
  const bind = (name: string, value: unknown) => {
    shape.push(name);
    return bindValue(name, value);
  };
  if (q.id) conditions.push(eq(repo.column('id'), bind('id', q.id)));
  const company = repo.scopedCompany(q.scope);
  if (company && 'condition' in repo.scope)
    conditions.push(repo.scope.condition(sql`${bind('scopeCompany', company)}::uuid`));
  const parentId = q.parentId && entity.parent ? q.parentId : undefined;
  if (parentId) conditions.push(eq(repo.column(entity.parent!), bind(parentIdParam, parentId)));
  // Under a parent of variants the parent fixes the variant (a child is created only under a parent of
  // its own variant): the condition would only make the list read the table where its index serves.
  // The rows found are checked instead (`ofOtherVariant`).
  const checkVariant = !!q.variant && !!q.parentId && parentFixesVariant(entity);
  if (q.variant && !checkVariant) conditions.push(eq(repo.column('variant'), bind('variant', q.variant)));
  const context = declaredContext(repo, q, bind);
  let search: SQL | undefined;
  if (q.search && (entity.search.length > 0 || q.declared?.searchAlso)) {
    const pattern = bind('search', likePattern(q.search));
    search = or(
      ...entity.search.flatMap((key) => {
        // A field naming another record also matches by that record's search fields (a tag).
        const named = referencedSearch(entity.fields[key]!, pattern);
        const column = repo.column(key);
        return named ? [ilike(column, pattern), sql`${column} = ${named}`] : [ilike(column, pattern)];
      }),
      q.declared?.searchAlso?.({ ...context, value: () => pattern }),
    )!;
  }
  for (const [param, filter] of Object.entries(q.filters ?? {})) {
    const value = q.filterValues?.[param];
    if (filter.op === 'unlessIncluded') {
      // Left out unless asked for; a record asked for by id is answered whatever it holds.
      if (value === true || (value === undefined && q.id)) continue;
      shape.push(`without_${param}`);
      conditions.push(isNull(repo.column(filter.field)));
      continue;
    }
    if (value === undefined) continue;
    if (filter.op === 'hasValues') {
      // Only `=true` narrows; `=false` is the whole list, as if the parameter were absent.
      if (value !== true) continue;
      shape.push(`has_${param}`);
      const present = filter.fields.map((key) => {
        const kind = entity.fields[key]?.kind;
        const column = repo.column(key);
        return kind === 'text' || kind === 'longText' || kind === 'enum'
          ? sql`(${column} is not null and ${column} <> '')`
          : sql`${column} is not null`;
      });
      conditions.push(filter.match === 'any' ? or(...present)! : and(...present)!);
      continue;
    }
    const column = repo.column(filter.field);
    const bound = bind(`filter_${param}`, value);
    if (filter.op === 'gte' || filter.op === 'lte') rangedFields.add(filter.field);
    conditions.push(
      filter.op === 'in'
        ? sql`${column} = any(${bound})`
        : filter.op === 'eq'
          ? eq(column, bound)
          : filter.op === 'gte'
            ? gte(column, bound)
            : lte(column, bound),
    );
  }
  if (q.declared) {
    // The list's own conditions: its name keeps its statements apart from other lists of the entity.
    shape.push(`list:${q.declared.name}`);
    if (!q.declared.where) indexed.add(shape.at(-1)!);
    if (q.declared.where) conditions.push(q.declared.where(context));
    for (const [param, declared] of Object.entries(q.declared.conditions ?? {})) {
      const value = q.filterValues?.[param];
      if (value === undefined) continue;
      const name = `where_${param}`;
      if (typeof declared === 'function') {
        // Named in the shape, whether or not the condition reads its value.
        shape.push(name);
        conditions.push(declared({ ...context, value: () => bindValue(name, value) }));
        continue;
      }
      const written = Array.isArray(declared.value) ? writtenValues(declared.value, value) : undefined;
      // Bound, one value and several are statements of their own (`= $1`, `= any($1)`).
      shape.push(written ? `${name}=${written.shape}` : Array.isArray(value) ? `${name}[]` : name);
      indexed.add(shape.at(-1)!);
      if (!written && declared.value === 'key') keys.add(name);
      const condition = fieldEquals(repo.column(declared.field), written?.sql, value, () =>
        bindValue(name, value),
      );
      conditions.push(condition);
      if (written && written.sql.length > 1)
        several.push({ field: declared.field, values: written.sql, condition });
    }
  }
  const tab = q.tab ? q.tabs?.[q.tab] : undefined;
  if (tab) {
    // A tab's values are fixed by its declaration, so they are part of the statement, keyed by name.
    shape.push(`tab:${q.tab}`);
    conditions.push(...tabConditions(tab, (key) => repo.column(key)));
  }
  if (q.sort) shape.push(`sort:${q.sort.field}:${q.sort.direction}`);
  return {
    /**
     * The declared list's own order (`DeclaredConditions.order`), when it has one: its terms, then
     * the id breaking their ties; or its natural key's fields, which leave none.
     */
    order: declaredOrder(repo, q.declared?.order, context),
    where: and(...conditions, search),
    /**
     * Whether the statement's plan may be shared between values (`Planning`, statements.ts): only
     * when the values bound are a record's id or its parent's (and the caller's company), which the
     * same index serves whatever they are. A search, a filter, a whole list's company scope or a
     * declared list's values steer the plan: planned for each request's own.
     */
    planning: planningOf(values, keys),
    /** Every condition but the search's: what a short search walks (`shortSearch`). */
    unsearched: and(...conditions),
    search,
    values,
    shape: shape.join(','),
    /**
     * Whether every condition is one an index serves (a record's id, its parent's, its variant, a
     * declared list's field conditions): a first page is read straight off the index, rows and all.
     */
    offIndex: shape.every((part) => indexed.has(part)),
    /**
     * The one field condition of several values written in (a location in one of two states), and
     * every other condition: a first page may read each value's rows off an index that leads with
     * the field and goes on in list order, and merge them (paging.ts `mergedValues`).
     */
    oneOfSeveral:
      several.length === 1 && !search
        ? {
            field: several[0]!.field,
            values: several[0]!.values,
            others: and(...conditions.filter((c) => c !== several[0]!.condition)),
          }
        : undefined,
    rangedFields: [...rangedFields],
    /**
     * A list by parent: its parent's id is bound (`parentIdParam`), so what its rows read through
     * the parent is read by that id, once per statement (`parentRefOf`).
     */
    byParent: parentId !== undefined,
    /**
     * Whether rows found are of another variant than the one asked for, left out of the conditions
     * because the parent fixes it: such rows mean a parent of another variant, whose list under this
     * variant is empty. Every row under one parent is of its variant, so the first row tells.
     */
    ofOtherVariant: (rows: readonly Readonly<Record<string, unknown>>[]) =>
      checkVariant && rows.length > 0 && rows[0]!.variant !== q.variant,
  };
}

const fixedByParent = new Map<string, boolean>();

/**
 * Whether an entity's parent fixes its records' variant: both have variants, and a record is made
 * only under a parent of its own variant (served-entity.ts `parentOfNew`).
 */
export function parentFixesVariant(entity: EntityDefinition): boolean {
  let fixed = fixedByParent.get(entity.name);
  if (fixed === undefined) {
    const parent = entity.parent ? entity.fields[entity.parent] : undefined;
    fixed = !!entity.variants && parent?.kind === 'ref' && !!entities[parent.entity]?.variants;
    fixedByParent.set(entity.name, fixed);
  }
  return fixed;
}

/**
 * The row a declared condition is written against, and the caller's scope over other entities,
 * the company bound as a placeholder like the list's own scope.
 */
function declaredContext(
  repo: RecordTable,
  q: ListQuery,
  bind: (name: string, value: unknown) => Placeholder,
): RowContext {
  return {
    row: repo.columns,
    visible: visibleTo(repo, q, (company) => sql`${bind('callerCompany', company)}::uuid`),
    caller: (key) => sql`${bind(`caller_${key}`, q.caller?.[key] ?? null)}`,
  };
}

/**
 * The caller's company scope over another entity's rows (`RowContext.visible`), the company given
 * as SQL by `company`. Fails closed: a contractor's view of another entity needs the scopes.
 */
export function visibleTo(
  repo: RecordTable,
  q: Pick<ListQuery, 'scope' | 'scopes'>,
  company: (id: string) => SQL,
): RowContext['visible'] {
  const companyId = 'companyId' in q.scope ? q.scope.companyId : null;
  return (entity) => {
    if (!companyId) return undefined;
    if (!q.scopes) throw new Error(`${repo.entity.name}: a read of ${entity.name} needs the scopes`);
    return scopedCondition(q.scopes, entity)?.(company(companyId));
  };
}
