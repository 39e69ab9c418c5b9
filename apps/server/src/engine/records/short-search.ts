import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import type { BoundConditions } from './list-query.ts';
import { orderBy } from './list-order.ts';
import { rowsWithImages, withImages } from './listed-images.ts';
import type { ListedAttachment } from './listed-images.ts';
import { countOf } from './bounded-count.ts';
import type { Page } from './page.ts';
import type { ListQuery, StoredRecord } from './read-shapes.ts';
import type { RecordTable } from './record-table.ts';
import { recordForView } from './views.ts';

/**
 * Search terms shorter than this cannot use a trigram index (a trigram is three characters): such a
 * search looks through the newest `shortSearchWalk` records of the list, and says so, rather than
 * through the whole table (a two-letter term matching nothing read 1.1 million rows: 3.4 s).
 */
export const minIndexedSearch = 3;
export const shortSearchWalk = 2_000;
/**
 * The deepest a search pages: past its first `searchDepth` matches a page is refused with a request
 * to narrow the search (page 9,500 of a 191,000-row search read 190,000 matches: 1.5 s).
 */
export const searchDepth = 10_000;

/**
 * A page of a search too short for the trigram indexes (`minIndexedSearch`): the matches among the
 * newest `shortSearchWalk` records of the list (every other condition applied), counted among them.
 * The walk is read off the list-order index, so it costs the same at 10,000 records or 10 million;
 * when the list holds more, the page says how far it looked (`searchLimitedTo`).
 */
export async function shortSearchPage(
  repo: RecordTable,
  db: DbOrTx,
  bound: BoundConditions,
  o: {
    offset: number;
    pageSize: number;
    countLimit: number;
    sort: ListQuery['sort'];
    /** The rows are for views: times as ISO text (`PageOptions.forView`). */
    forView?: boolean;
  },
): Promise<Page> {
  const name = sql.identifier(repo.entity.table);
  const order = sql.join(orderBy(repo, o.sort, bound.order), sql`, `);
  const unsearched = bound.unsearched ? sql`where ${bound.unsearched}` : sql``;
  // The walk takes the table's name, so the search's conditions apply to it as written.
  const walk = sql`(select * from ${repo.table} ${unsearched} order by ${order}
      limit ${sql.placeholder('walk')}) ${name}`;
  const values = {
    ...bound.values,
    walk: shortSearchWalk,
    limit: o.pageSize,
    offset: o.offset,
    countLimit: o.countLimit + 1,
  };
  const found = await repo.statements.run<{ record: StoredRecord; images?: ListedAttachment[] }[]>(
    db,
    `page:shortSearch:${o.forView ? 'view:' : ''}${bound.shape}`,
    () =>
      db
        .select({ record: o.forView ? recordForView(repo) : repo.table, ...withImages(repo.entity) })
        .from(
          sql`(select ${name}.id as page_id from ${walk} where ${bound.search} order by ${order}
              limit ${sql.placeholder('limit')} offset ${sql.placeholder('offset')}) page_ids`,
        )
        .innerJoin(repo.table, eq(repo.column('id'), sql`page_ids.page_id`))
        .orderBy(...orderBy(repo, o.sort, bound.order)),
    values,
    bound.planning,
  );
  // A first page that is not full holds every match: the matches are counted from it, and only
  // the walk's own length is read (a term matching nothing then walks once, not twice).
  const pageIsAll = o.offset === 0 && found.length < o.pageSize;
  const walkedCount = sql<number>`(select count(*) from (select 1 from ${repo.table} ${unsearched}
      limit ${sql.placeholder('walk')}) walked)`.mapWith(Number);
  const [counts] = pageIsAll
    ? (
        await repo.statements.run<{ walked: number }[]>(
          db,
          `count:shortSearchWalked:${bound.shape}`,
          () => db.select({ walked: walkedCount }).from(sql`(select 1) one`),
          values,
          bound.planning,
        )
      ).map((c) => ({ ...c, counted: found.length }))
    : await repo.statements.run<{ counted: number; walked: number }[]>(
        db,
        `count:shortSearch:${bound.shape}`,
        () =>
          db
            .select({
              counted: sql<number>`(select count(*) from (select 1 from ${walk} where ${bound.search}
              limit ${sql.placeholder('countLimit')}) matched)`.mapWith(Number),
              walked: walkedCount,
            })
            .from(sql`(select 1) one`),
        values,
        bound.planning,
      );
  const limited = (counts?.walked ?? 0) >= shortSearchWalk;
  const counted = countOf(counts?.counted ?? 0, o.countLimit);
  return {
    ...rowsWithImages(found),
    ...counted,
    ...(limited ? { exact: false, searchLimitedTo: shortSearchWalk } : {}),
  };
}
