import type { EntityDefinition, Filter, PageMeta } from '@inspectra/contract';
import type { DbOrTx } from '../../db/client.ts';
import { pageMeta } from '../page-meta.ts';
import { callerScope } from '../record-scope.ts';
import type { RecordScopes } from '../record-scope.ts';
import { readAdditions } from './enrichment.ts';
import type { PageEnrichment } from './enrichment.ts';
import type { DeclaredConditions } from './list-query.ts';
import type { ListedAttachment } from './listed-images.ts';
import type { RecordRepository, StoredRecord } from './repository.ts';
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
  /** The repository of a table outside the catalogue (the hand-written users); else the entity's. */
  repository?: RecordRepository;
};

/** Declares a module's list of an entity (`DeclaredList`); `name` keeps its statements apart. */
export function defineList<V = Record<string, unknown>>(
  entity: EntityDefinition,
  name: string,
  declaration: Omit<DeclaredList<V>, 'entity' | 'name'> = {},
): DeclaredList<V> {
  return { ...declaration, entity, name };
}

/** What listing needs of the engine's dependencies. */
type ListDeps = { db: DbOrTx; repositories: Map<string, RecordRepository>; scopes?: RecordScopes };

/** A list's query: the page, the search, and values of its filters and conditions by parameter. */
type ListRequest = { pageNumber: number; pageSize: number; search?: string } & Record<string, unknown>;

/**
 * One page of a declared list for the caller, as its route answers it (`{ data, meta }`): the page
 * read by the engine under the caller's scope, then what the list adds to its rows in one statement.
 */
export async function listPage<V>(
  deps: ListDeps,
  list: DeclaredList<V>,
  query: ListRequest,
  user: { companyId: string | null },
): Promise<{ data: V[]; meta: PageMeta }> {
  const repo = list.repository ?? deps.repositories.get(list.entity.name)!;
  const reader = { scope: callerScope(user), scopes: deps.scopes };
  const page = await repo.page(
    deps.db,
    {
      ...reader,
      search: query.search,
      filters: list.filters,
      filterValues: query,
      declared: list,
      pageNumber: query.pageNumber,
      pageSize: query.pageSize,
    },
    // The default view only turns the rows into JSON; a list's own view may work on its values.
    { forView: !list.view },
  );
  const added = list.adds ? await readAdditions(repo, deps.db, page.rows, list.adds, reader) : new Map();
  const view =
    list.view ??
    ((row: StoredRecord, values: Readonly<Record<string, unknown>>, attachments: ListedAttachment[]) =>
      ({ ...recordView(list.entity, row, attachments), ...values }) as V);
  return {
    data: page.rows.map((row) => view(row, added.get(row.id) ?? {}, page.attachments)),
    meta: {
      ...pageMeta(query.pageNumber, query.pageSize, page.totalCount, page.exact),
      ...(page.searchLimitedTo ? { searchLimitedTo: page.searchLimitedTo } : {}),
    },
  };
}
