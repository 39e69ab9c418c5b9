import type { EntityDefinition, Filter, PageMeta } from '@inspectra/contract';
import { count, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { JsonText } from '../json-text.ts';
import type { DbOrTx } from '../../db/client.ts';
import type { RecordScopes } from '../record-scope.ts';
import { pageMeta } from '../page-meta.ts';
import { callerScope } from '../record-scope.ts';
import { readAdditions } from './enrichment.ts';
import type { PageEnrichment } from './enrichment.ts';
import { listConditions } from './list-query.ts';
import type { DeclaredConditions, StoredRecord } from './read-shapes.ts';
import type { ListedAttachment } from './listed-images.ts';
import type { RecordRepository } from './repository.ts';
import type { UnpagedLimit } from './unpaged.ts';
import { viewJsonSql } from './view-json.ts';
import { recordView } from './views.ts';

/**
 * A list a module serves from its own route (a register with its history, reviewers with their
 * names), declared once and read by the engine: paging and bounded counts, the list order, company
 * scope, search and filters are the engine's (`RecordRepository.page`); the declaration says only
 * what is the list's own.
 */
export type DeclaredList<V = Record<string, unknown>> = DeclaredConditions & {
  entity: EntityDefinition;
  /** The entity's declared filters the list takes, by query parameter (`eq`, `in`, ranges…). */
  filters?: Record<string, Filter>;
  /** What a page adds to each row, read in one statement for the page (enrichment.ts). */
  adds?: PageEnrichment;
  /** A row as the list answers it: the record's view and what was added, by default. */
  view?: (row: StoredRecord, added: Readonly<Record<string, unknown>>, attachments: ListedAttachment[]) => V;
  /**
   * The list's own `view` answers the record's values as stored, times as ISO text: its page is
   * read for views (`PageOptions.forView`), as the default view's is, not as values to work on.
   */
  viewAnswersRecord?: boolean;
  /**
   * The list's own view as the database builds it (view-json.ts): the record's view with these
   * values, each in place of the field of its key or after the record's. Declared beside `view`,
   * answering what it answers; a page asked for as text (`listPage`'s `asText`) is then written by
   * the database and never parsed here, except on the embedded database (`pageViews`).
   */
  viewSql?: (row: Record<string, AnyPgColumn>) => Record<string, SQL>;
  /** The repository of a table outside the catalogue (the hand-written users); else the entity's. */
  repository?: RecordRepository;
};

/**
 * Every declared list, by its entity's table and its name. A list's statements are prepared by a
 * key that holds its name, not its conditions (`list:<name>`, engine/records/list-query.ts), so a
 * second list of the same table under the same name would be answered by the first one's statement:
 * the wrong rows, in silence. `defineList` refuses it as the modules load, at start.
 */
const declaredLists = new Map<string, DeclaredList<unknown>>();

/** The lists the modules loaded so far have declared (`defineList`), in the order declared. */
export const everyDeclaredList = (): readonly DeclaredList<unknown>[] => [...declaredLists.values()];

/**
 * Declares a module's list of an entity (`DeclaredList`); `name` keeps its statements apart, so it
 * must be the list's own among the lists of its entity's table: a second is an error at start.
 */
export function defineList<V = Record<string, unknown>>(
  entity: EntityDefinition,
  name: string,
  declaration: Omit<DeclaredList<V>, 'entity' | 'name'> = {},
): DeclaredList<V> {
  if (declaration.order === 'naturalKey' && !entity.naturalKey?.length)
    throw new Error(`The list "${name}" is ordered by the natural key of ${entity.name}, which has none`);
  for (const [param, condition] of Object.entries(declaration.conditions ?? {}))
    if (typeof condition !== 'function' && condition.field !== 'id' && !entity.fields[condition.field])
      throw new Error(
        `The list "${name}"'s condition ${param} compares ${entity.name}'s field ${condition.field}, which it has not`,
      );
  const list: DeclaredList<V> = { ...declaration, entity, name };
  const key = `${entity.table}\u0000${name}`;
  const other = declaredLists.get(key);
  if (other)
    throw new Error(
      `Two lists of ${entity.name} (table ${entity.table}) are named "${name}"` +
        (other.entity === entity ? '' : ` (the other of ${other.entity.name})`) +
        ': their prepared statements are named by it, so one would answer the other. Give each list a name of its own.',
    );
  declaredLists.set(key, list as DeclaredList<unknown>);
  return list;
}

/** What listing needs of the engine's dependencies (`EngineDeps`'s). */
type ListDeps = {
  db: DbOrTx;
  repositories: Map<string, RecordRepository>;
  scopes?: RecordScopes;
  pageViews?: 'database' | 'server';
};

/** A list's query: the page, the search, and values of its filters and conditions by parameter. */
type ListRequest = { pageNumber: number; pageSize: number; search?: string } & Record<string, unknown>;

/** Who asks: their company scopes the list; their values are what `caller(key)` reads. */
type ListCaller = Readonly<Record<string, unknown>> & { companyId: string | null };

/** The engine's query of a declared list for a caller: scope, filters, conditions and search. */
function listQuery(
  deps: ListDeps,
  list: DeclaredList<unknown>,
  query: Record<string, unknown>,
  user: ListCaller,
) {
  return {
    scope: callerScope(user),
    scopes: deps.scopes,
    caller: user,
    search: typeof query.search === 'string' ? query.search : undefined,
    filters: list.filters,
    filterValues: query,
    declared: list,
  };
}

const repositoryOf = (deps: ListDeps, list: DeclaredList<unknown>) =>
  list.repository ?? deps.repositories.get(list.entity.name)!;

/** A row as the list answers it: its own view, or the record's view with what was added. */
const viewOf = <V>(list: DeclaredList<V>) =>
  list.view ??
  ((row: StoredRecord, values: Readonly<Record<string, unknown>>, attachments: ListedAttachment[]) =>
    ({ ...recordView(list.entity, row, attachments), ...values }) as V);

/**
 * One page of a declared list for the caller, as its route answers it (`{ data, meta }`): the page
 * read by the engine under the caller's scope, then what the list adds to its rows in one statement.
 * Asked `asText`, a list whose view the database builds (`viewSql`) answers its rows as the JSON
 * text the page's statement wrote (`JsonText`).
 */
export async function listPage<V>(
  deps: ListDeps,
  list: DeclaredList<V>,
  query: ListRequest,
  user: ListCaller,
): Promise<{ data: V[]; meta: PageMeta }>;
export async function listPage<V>(
  deps: ListDeps,
  list: DeclaredList<V>,
  query: ListRequest,
  user: ListCaller,
  o: { asText: true },
): Promise<{ data: V[] | JsonText; meta: PageMeta }>;
export async function listPage<V>(
  deps: ListDeps,
  list: DeclaredList<V>,
  query: ListRequest,
  user: ListCaller,
  o: { asText?: boolean } = {},
): Promise<{ data: V[] | JsonText; meta: PageMeta }> {
  const repo = repositoryOf(deps, list as DeclaredList<unknown>);
  const reader = listQuery(deps, list as DeclaredList<unknown>, query, user);
  const built =
    o.asText && list.viewSql && !list.adds && deps.pageViews !== 'server'
      ? viewJsonSql(repo, undefined, { own: { name: list.name, values: list.viewSql } })
      : undefined;
  const page = await repo.page(
    deps.db,
    { ...reader, pageNumber: query.pageNumber, pageSize: query.pageSize },
    built
      ? { asJson: { name: `list:${list.name}`, view: built } }
      : // The default view only turns the rows into JSON; a list's own view may work on its values.
        { forView: !list.view || list.viewAnswersRecord === true },
  );
  const added = list.adds ? await readAdditions(repo, deps.db, page.rows, list.adds, reader) : new Map();
  const view = viewOf(list);
  return {
    data: page.json
      ? new JsonText(`[${page.json.join(',')}]`)
      : page.rows.map((row) => view(row, added.get(row.id) ?? {}, page.attachments)),
    meta: {
      ...pageMeta(query.pageNumber, query.pageSize, page.totalCount, page.exact),
      ...(page.searchLimitedTo ? { searchLimitedTo: page.searchLimitedTo } : {}),
    },
  };
}

/**
 * How many of a declared list's rows match the caller's query (its scope, conditions, filters and
 * search), counted by named values over the row (`by`: the queue's reports by method, by company),
 * in one statement, ordered by the values in the order named (nulls first). A value may read one
 * of `byValues` (`value(name)`, a placeholder: a findings' "overdue" reads today). Exact: for a
 * list its conditions keep small, whose page offers these counts as its filters' choices.
 */
export async function countListBy<K extends string>(
  deps: ListDeps,
  list: DeclaredList<unknown>,
  query: Record<string, unknown>,
  user: ListCaller,
  counted: {
    name: string;
    by: (row: Record<string, AnyPgColumn>, value: (name: string) => SQL) => Readonly<Record<K, SQL>>;
  },
  byValues: Record<string, unknown> = {},
): Promise<(Record<K, unknown> & { count: number })[]> {
  const repo = repositoryOf(deps, list);
  const bound = listConditions(repo, listQuery(deps, list, query, user));
  const by = Object.entries<SQL>(
    counted.by(repo.columns, (name) => sql`${sql.placeholder(`by_${name}`)}`),
  ) as [K, SQL][];
  return repo.statements.run<(Record<K, unknown> & { count: number })[]>(
    deps.db,
    `countBy:${counted.name}:${bound.shape}`,
    () => {
      // The values are named in a subquery first: a value read from another table is grouped as
      // the column it becomes, not as a subquery.
      const values = deps.db
        .select(Object.fromEntries(by.map(([key, value]) => [key, sql`${value}`.as(key)])))
        .from(repo.table)
        .where(bound.where)
        .as('counted_values');
      const column = (key: K) => (values as unknown as Record<K, SQL.Aliased>)[key];
      return deps.db
        .select({ ...Object.fromEntries(by.map(([key]) => [key, column(key)])), count: count() })
        .from(values)
        .groupBy(...by.map(([key]) => column(key)))
        .orderBy(...by.map(([key]) => sql`${column(key)} asc nulls first`));
    },
    {
      ...bound.values,
      ...Object.fromEntries(Object.entries(byValues).map(([name, value]) => [`by_${name}`, value])),
    },
    // The values counted by read no index: the list's conditions alone steer the plan.
    bound.planning,
  );
}

/**
 * A declared list whole for the caller (an export), in batches of rows as the list answers them,
 * each batch's additions read in one statement: the engine's unpaged read (unpaged.ts), refused
 * before anything is sent past the engine's limit or the list's own (`limit`, `tooMany`).
 */
export async function listEvery<V>(
  deps: ListDeps,
  list: DeclaredList<V>,
  query: Record<string, unknown>,
  user: ListCaller,
  o: UnpagedLimit = {},
): Promise<AsyncGenerator<V[]>> {
  const repo = repositoryOf(deps, list as DeclaredList<unknown>);
  const reader = listQuery(deps, list as DeclaredList<unknown>, query, user);
  const batches = await repo.every(deps.db, reader, o);
  const view = viewOf(list);
  return (async function* () {
    for await (const batch of batches) {
      const added = list.adds ? await readAdditions(repo, deps.db, batch.rows, list.adds, reader) : new Map();
      yield batch.rows.map((row) => view(row, added.get(row.id) ?? {}, batch.attachments));
    }
  })();
}
