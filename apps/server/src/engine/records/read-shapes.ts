import type { EntityDefinition, Filter, ListTab } from '@inspectra/contract';
import type { Placeholder, SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { ReadScope, RecordScopes } from '../record-scope.ts';

/**
 * What a read of records is asked (`ListQuery`, and the conditions a module's list declares) and
 * what it answers (`StoredRecord`): types only, below every other file of records/.
 */

export type StoredRecord = Record<string, unknown> & { id: string; version: number };

export type ListQuery = {
  search?: string;
  id?: string;
  /** Equality on the parent field. */
  parentId?: string;
  /** The variant a route serves: its lists hold only that variant's records. */
  variant?: string;
  /** The caller's order (`sortBy`, `sortDirection`) instead of the declared one. */
  sort?: { field: string; direction: 'asc' | 'desc' };
  /** Declared filters with the values the caller gave (undefined ones are ignored). */
  filters?: Record<string, Filter>;
  filterValues?: Record<string, unknown>;
  /** The list's declared tabs and the one asked for (`?tab=`); none asked, every record. */
  tabs?: Readonly<Record<string, ListTab>>;
  tab?: string;
  /**
   * Whose records (record-scope.ts): the caller's, which for a contractor company's user is a
   * condition and for the owner's staff none (they pay nothing for it), or every company's, with
   * the reason written at the call.
   */
  scope: ReadScope;
  /** A module's declared list (declared-list.ts): its own conditions, by query parameter. */
  declared?: DeclaredConditions;
  /**
   * Every entity's company scope: what a declared condition over another entity's rows sees of
   * them for the caller (`RowContext.visible`).
   */
  scopes?: RecordScopes;
  /** Who asks (the signed-in user): what a declared list's conditions read as `caller(key)`. */
  caller?: Readonly<Record<string, unknown>>;
};

/**
 * What a declared condition or addition is written against: the list's row (its table's columns
 * by field key) and the caller's view of other entities' rows.
 */
export type RowContext = {
  row: Record<string, AnyPgColumn>;
  /**
   * The caller's company scope over another entity's rows, as SQL over that entity's table, or
   * undefined when the caller sees them all: a plant-wide register shows only the caller's reports.
   */
  visible: (entity: EntityDefinition) => SQL | undefined;
  /**
   * A value of who asks (`caller('id')`, `caller('approvalPosition')`), null when they have none:
   * bound as a placeholder, so one prepared statement serves every caller (a reviewer's queue).
   */
  caller: (key: string) => SQL;
};

/** A condition on the list's rows; `value()` is the placeholder of the caller's value. */
export type RowCondition = (o: RowContext & { value: () => Placeholder | SQL }) => SQL;

/**
 * A declared list's condition on a query parameter: the condition alone (its value bound, planned
 * for each request: the value may steer the plan), or a field of the row equal to the value (one of
 * the values, when several are asked), with how the value reaches the statement:
 * - `'key'`: bound, and the rows it names come off one index whatever it is (an equipment, an
 *   id): the statement may keep one plan (`Planning`, statements.ts).
 * - a closed set of values (a status, a severity), the parameter one or more of them: written into
 *   the statement (`= 'a'` for one, `in ('a', 'b')` for several: one value is an equality an index
 *   returns in its order, an array of one is not), a statement for each set asked for, each
 *   planned for its own values once. A value outside the set is bound, as an undeclared one is.
 * Either kind is served by an index on the field (its own, or one it leads), so a first page under
 * it is read straight off that index (paging.ts `top`).
 */
export type DeclaredCondition = RowCondition | FieldCondition;

/** A declared list's condition that a field of the row equals the caller's value (`DeclaredCondition`). */
export type FieldCondition = { field: string; value: 'key' | readonly string[] };

/** The conditions a module's list declares beyond the entity's filters (declared-list.ts). */
export type DeclaredConditions = {
  /** The list's name: its statements are prepared apart from other lists of the entity. */
  name: string;
  /** Conditions by query parameter, applied when the caller gives a value (`filterValues`). */
  conditions?: Readonly<Record<string, DeclaredCondition>>;
  /** A condition every page of the list applies. */
  where?: (o: RowContext) => SQL;
  /** What a search matches besides the entity's search fields; `value()` is the search's pattern. */
  searchAlso?: RowCondition;
  /**
   * The list's own order instead of the entity's: terms over the row (`asc(waitingSince)`), the id
   * breaking ties. No index follows a computed term: the list's other conditions must bound it.
   */
  /**
   * Or `naturalKey`: the entity's natural key, each field ascending. No two rows tie there, so no id
   * is added, and the key's unique index gives the order alone (no sort of ties).
   */
  order?: ((o: RowContext) => readonly SQL[]) | 'naturalKey';
};
