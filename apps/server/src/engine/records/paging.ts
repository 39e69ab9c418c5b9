import { Column, SQL, Table, and, count, eq, getTableColumns, is, sql } from 'drizzle-orm';
import type { Placeholder } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import type { EntityDefinition } from '@inspectra/contract';
import type { DbOrTx } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { countAhead, countOf } from './bounded-count.ts';
import { listConditions } from './list-query.ts';
import type { BoundConditions } from './list-query.ts';
import { orderBy, orderKeys } from './list-order.ts';
import { withImages, rowsWithImages } from './listed-images.ts';
import { recordForView } from './views.ts';
import { declaredInOrder } from '../entity-table.ts';
import type { ListedAttachment } from './listed-images.ts';
import type { Page, PageWindow } from './page.ts';
import type { ListQuery, StoredRecord } from './read-shapes.ts';
import type { RecordTable } from './record-table.ts';
import { minIndexedSearch, searchDepth, shortSearchPage } from './short-search.ts';

/**
 * How many rows of the list order a page filtered by a date range reads before it reads the range's
 * matches instead (`readPage`): enough for a range holding a few percent of the rows, spread over
 * the order, to fill a page; little next to sorting a range's matches.
 */
export const walkAhead = 2000;

type PageForm = 'top' | 'walk' | 'bounded' | 'matchesFirst' | 'perValue';

/** Where a page is cut from the list: its size and start, each bound or written in (`readPage`). */
type PageCut = { limit: SQL | Placeholder; offset: SQL | Placeholder };

/**
 * The page sizes written into a first page's statement rather than bound (`readPage`): those the
 * screens ask for (a table's 10, 25 and 50, a reference picker's 20, one record) and the API's round
 * ones. Bound, the size is unknown to PostgreSQL when it weighs one plan for every parent: it takes
 * a tenth of an average parent's rows for the page, finds that plan dearer than one made for the
 * request's values, and so plans every request (docs/engine-performance.md, "Planned once where the
 * values cannot change the plan"). Written in, each size is a statement of its own: a few per list,
 * never more than these.
 */
const writtenPageSizes: ReadonlySet<number> = new Set([1, 10, 20, 25, 50, 100, 200]);

export function pageWindow(q: { pageNumber: number; pageSize: number; search?: string }): PageWindow {
  const offset = (q.pageNumber - 1) * q.pageSize;
  return {
    pageNumber: q.pageNumber,
    pageSize: q.pageSize,
    offset,
    countLimit: offset + (q.search ? countAhead.search : countAhead.list),
  };
}

export type PageOptions = {
  /**
   * The rows are for `recordView` only: their times come as ISO text (`recordForView`), not Dates.
   * Callers that work on the values (an export, a module's own view) leave it out.
   */
  forView?: boolean;
  /**
   * The page's records as the database builds their views (view-json.ts `viewJsonSql`), named by
   * what they were built for (`name`: the variant): `Page.json` holds one JSON text per row, and its
   * rows only their id and variant.
   */
  asJson?: { name: string; view: SQL };
};

/** A page of a list that holds nothing. */
const noRows: Page = { rows: [], attachments: [], totalCount: 0, exact: true };

/**
 * One page of records, with their images, and how many matched, in one statement. The page is read
 * off an index in list order (entity-table.ts); the count stops `countAhead` rows past the start
 * of the page, so it never scans more than the page needs plus that, and a larger total is
 * reported as a lower bound (`exact: false`). Page 500 of a 100,000-row list reads 21,000 index
 * entries, not 100,000 rows. The first page of a list by parent or of a whole list, with no other
 * condition, is one plain `order by … limit` (`top`); later pages pick their ids off the index
 * alone and join the rows back by key (`walk`), so skipped rows are never read from the table.
 *
 * A date range (a `gte`/`lte` filter) is the one condition where walking the list order can read
 * most of the table: the order is newest first and a range such as "finishing before June 2024"
 * matches only the oldest rows, which the planner, assuming no correlation, expects to meet early.
 * Such a page walks at most `walkAhead` rows of the list order first (`bounded`); when that does
 * not fill the page, it reads every match through the range's index and sorts them (`matchesFirst`),
 * a cost that grows with the matches, not the table (docs/engine-performance.md). The same page
 * asked again within minutes skips the walk that came up short (`RangeDensity.cameUpShort`).
 */
export async function readPage(
  repo: RecordTable,
  db: DbOrTx,
  q: ListQuery & { pageNumber: number; pageSize: number },
  o: PageOptions = {},
): Promise<Page> {
  const bound = listConditions(repo, q);
  const { where, values, shape, rangedFields, order: own, byParent } = bound;
  const { offset, countLimit } = pageWindow(q);
  if (bound.search && offset + q.pageSize > searchDepth)
    throw new AppError(
      'BAD_REQUEST',
      `A search pages through its first ${searchDepth.toLocaleString('en')} matches: narrow it (more of the words, a filter) to reach the rest`,
      [{ path: 'pageNumber', message: `At most page ${Math.floor(searchDepth / q.pageSize)} of a search` }],
    );
  if (bound.search && q.search!.trim().length < minIndexedSearch) {
    const page = await shortSearchPage(repo, db, bound, {
      offset,
      pageSize: q.pageSize,
      countLimit,
      sort: q.sort,
      forView: o.forView,
    });
    return bound.ofOtherVariant(page.rows) ? noRows : page;
  }
  const bounded = (limit: SQL | Placeholder = sql.placeholder('countLimit')) =>
    db
      .select({ one: sql`1` })
      .from(repo.table)
      .where(where)
      .limit(limit as unknown as number)
      .as('bounded');
  const read = (form: PageForm) => {
    // A first page has its start and its count's bound written in (the same for every first page
    // of the shape) and, where it is one of a few, its size (`writtenPageSizes`): what PostgreSQL
    // needs to keep one plan.
    const written =
      offset === 0
        ? { count: countLimit + 1, size: writtenPageSizes.has(q.pageSize) ? q.pageSize : 0 }
        : undefined;
    const cut: PageCut = {
      limit: written?.size ? sql.raw(String(written.size)) : sql.placeholder('limit'),
      offset: written ? sql.raw('0') : sql.placeholder('offset'),
    };
    return repo.statements.run<
      { record: StoredRecord; counted: number; images?: ListedAttachment[]; json?: string }[]
    >(
      db,
      `page:${form}${written ? `:${written.count}:${written.size}` : ''}:${o.asJson ? `json:${o.asJson.name}:` : o.forView ? 'view:' : ''}${shape}`,
      () => {
        const counted = sql<number>`(select count(*) from ${bounded(
          written ? sql.raw(String(written.count)) : undefined,
        )})`.mapWith(Number);
        const selected: SelectedFields = o.asJson
          ? {
              record: {
                id: repo.column('id'),
                ...(repo.entity.variants ? { variant: repo.column('variant') } : {}),
              },
              counted,
              json: o.asJson.view,
            }
          : {
              record: o.forView ? recordForView(repo) : repo.table,
              counted,
              ...withImages(repo.entity, { byParent }),
            };
        const order = orderBy(repo, q.sort, own);
        if (form === 'top') {
          const merged = mergedValues(repo, q, bound.oneOfSeveral, order, cut.limit);
          const rows = merged
            ? db.select(readFrom(selected)).from(merged)
            : db.select(selected).from(repo.table).where(where);
          return rows.orderBy(...order).limit(cut.limit as unknown as number);
        }
        const pageIds = sql`(${pageIdsOf(repo, form, where, { sort: q.sort, own, cut }, rangedFields[0])}) page_ids`;
        return db
          .select(selected)
          .from(pageIds)
          .innerJoin(repo.table, eq(repo.column('id'), sql`page_ids.page_id`))
          .orderBy(...order);
      },
      { ...values, limit: q.pageSize, offset, countLimit: countLimit + 1 },
      bound.planning,
    );
  };
  let found: Awaited<ReturnType<typeof read>>;
  // The first page of a list by parent (or of a whole list) is read straight off its list-order
  // index, rows and all: picking the ids first and joining back by key (`walk`) pays off only when
  // there are rows to skip, and cost page 1 twice the buffers and planning (docs/engine-performance.md).
  if (offset === 0 && bound.offIndex) found = await read('top');
  else if (rangedFields.length === 0 || q.search) found = await read('walk');
  else {
    // A page whose walk came up short moments ago (the same range asked again) reads its matches at once.
    const walk = `${shape}|${offset}|${q.pageSize}|${JSON.stringify(values)}`;
    const walked = offset + q.pageSize <= walkAhead && !repo.density.cameUpShort(walk);
    found = walked ? await read('bounded') : [];
    if (found.length < q.pageSize) {
      if (walked) repo.density.walkCameUpShort(walk);
      found = await read(
        (await repo.density.isDense(db, rangedFields, q.sort)) ? 'perValue' : 'matchesFirst',
      );
    }
  }
  if (bound.ofOtherVariant(found.map((f) => f.record))) return noRows;
  if (found.length > 0)
    return {
      ...rowsWithImages(found),
      ...countOf(found[0]!.counted, countLimit),
      ...(o.asJson ? { json: found.map((f) => f.json!) } : {}),
    };
  // Nothing on this page: past the end of the list, or nothing matched at all.
  if (offset === 0) return noRows;
  const [counted] = await repo.statements.run<{ n: number }[]>(
    db,
    `count:${shape}`,
    () => db.select({ n: count() }).from(bounded()),
    { ...values, countLimit: countLimit + 1 },
    bound.planning,
  );
  return { rows: [], attachments: [], ...countOf(counted?.n ?? 0, countLimit) };
}

/**
 * A first page's rows under a field condition of several values (`oneOfSeveral`), where an index
 * leads with the field and goes on in the list's order: each value's first rows off that index in
 * order, merged (PostgreSQL merges the branches of a `union all` in order: a Merge Append), under
 * the table's own name so the page's columns read them as its rows. As one condition of several
 * values, the index returns no order and the page walks the list's order filtering, or sorts every
 * match: the thickness plant list's two states read 269 buffers that way, 41 merged
 * (docs/engine-performance.md). Undefined where no such index is declared.
 */
function mergedValues(
  repo: RecordTable,
  q: ListQuery,
  several: BoundConditions['oneOfSeveral'],
  order: readonly SQL[],
  limit: SQL | Placeholder,
): SQL | undefined {
  if (!several || !inIndexOrder(repo.entity, several.field, q)) return undefined;
  const column = repo.column(several.field);
  const branches = several.values.map(
    (value) =>
      sql`(select * from ${repo.table} where ${and(several.others, sql`${column} = ${value}`)}
        order by ${sql.join([...order], sql`, `)} limit ${limit})`,
  );
  return sql`(${sql.join(branches, sql` union all `)}) ${sql.identifier(repo.entity.table)}`;
}

/**
 * A page's selection read from a source under the table's name that is not the table itself
 * (`mergedValues`): each column as SQL naming it, decoded as the column (Drizzle refuses a column
 * of a table the query does not name in its \`from\`).
 */
function readFrom(fields: SelectedFields): SelectedFields {
  return Object.fromEntries(
    Object.entries(fields).map(([key, field]) => [
      key,
      is(field, Column)
        ? sql`${field}`.mapWith(field)
        : is(field, Table)
          ? readFrom(getTableColumns(field))
          : is(field, SQL) || is(field, SQL.Aliased)
            ? field
            : readFrom(field as SelectedFields),
    ]),
  ) as SelectedFields;
}

/**
 * Whether an index the entity declares leads with `field` and goes on in the list's order
 * (`declaredInOrder`): the declared natural key's, or the entity's list order.
 */
function inIndexOrder(entity: EntityDefinition, field: string, q: ListQuery): boolean {
  if (q.sort) return false;
  if (q.declared?.order === 'naturalKey') return declaredInOrder(entity, field, entity.naturalKey);
  return !q.declared?.order && declaredInOrder(entity, field);
}

/**
 * The ids of a page, in list order, as `page_id` (see `readPage`): off the list-order index
 * (`walk`); from the first `walkAhead` rows of that order only (`bounded`); or from every match,
 * sorted (`matchesFirst`: `offset` keeps the planner from walking the list order instead). The
 * inner rows take the table's name, so the conditions and the order apply to them as written.
 */
function pageIdsOf(
  repo: RecordTable,
  form: PageForm,
  where: SQL | undefined,
  { sort, own, cut }: { sort: ListQuery['sort']; own: readonly SQL[] | undefined; cut: PageCut },
  rangedField: string | undefined,
) {
  const order = sql.join(orderBy(repo, sort, own), sql`, `);
  const page = sql`order by ${order} limit ${cut.limit} offset ${cut.offset}`;
  const name = sql.identifier(repo.entity.table);
  const matching = where ? sql`where ${where}` : sql``;
  // The id and the order's columns: what a page is cut by, read off an index alone. A declared
  // order's terms may read any column (and other tables): its rows are read whole.
  const keys = own
    ? sql`*`
    : sql.join(
        [...new Set(['id', ...orderKeys(repo, sort).map((k) => k.key)])].map((key) => repo.column(key)),
        sql`, `,
      );
  if (form === 'perValue' && rangedField) {
    // Each value of the ranged field in the range, found by skipping through its index one value
    // at a time; the page's rows of each value off (field, list order…); merged in list order.
    const field = repo.column(rangedField);
    const next = (after: SQL) =>
      sql`(select ${field} from ${repo.table} where ${and(where, after)} order by ${field} limit 1)`;
    return sql`select ${name}.id as page_id from (
          with recursive v(value) as (
            ${next(sql`true`)}
            union all
            select ${next(sql`${field} > v.value`)} from v where v.value is not null)
          select value from v where value is not null) v
        cross join lateral (select ${keys} from ${repo.table} where ${and(where, sql`${field} = v.value`)}
          order by ${order} limit ${cut.limit}::int + ${cut.offset}::int) ${name}
        ${page}`;
  }
  if (form === 'walk')
    return sql`select ${repo.column('id')} as page_id from ${repo.table} ${matching} ${page}`;
  if (form === 'bounded')
    return sql`select ${name}.id as page_id from (select * from ${repo.table}
        order by ${order} limit ${sql.raw(String(walkAhead))}) ${name} ${matching} ${page}`;
  return sql`select ${name}.id as page_id from (select ${keys} from ${repo.table} ${matching}
      offset 0) ${name} ${page}`;
}
