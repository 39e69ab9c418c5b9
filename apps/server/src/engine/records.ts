import { createHash } from 'node:crypto';
import { deriveValue } from '@inspectra/contract';
import type { Attachment, EntityDefinition, Filter, ListTab } from '@inspectra/contract';
import { and, asc, count, desc, eq, gte, ilike, inArray, lte, or, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { attachments, auditLog } from '../db/schema/index.ts';
import type { DbOrTx } from '../db/client.ts';
import { AppError } from '../errors.ts';
import { declaredInListOrder, listOrder, tabConditions } from './entity-table.ts';
import { assertKnownItems } from './item-references.ts';
import { assertUnlocked } from './record-lock.ts';
import type { EntityTable } from './entity-table.ts';
import { unscoped } from './record-scope.ts';
import type { Actor, EntityScope, ReadScope } from './record-scope.ts';

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
};

/** `%`, `_` and `\` match themselves in a search, not as wildcards. */
export function likePattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * How far past the start of a page a list counts: an exact total up to this many more rows, a lower
 * bound beyond (docs/api-conventions.md, "Paging"). A free-text search counts less far: each row it
 * counts is a text match on every search field, not an index entry (a broad search counting 1,000
 * matches read 5,700 rows and took 8× its page).
 */
export const countAhead = { list: 1000, search: 200 };

/**
 * How many rows of the list order a page filtered by a date range reads before it reads the range's
 * matches instead (`RecordRepository.page`): enough for a range holding a few percent of the rows,
 * spread over the order, to fill a page; little next to sorting a range's matches.
 */
export const walkAhead = 2000;

/**
 * The most records a list without paging answers (`RecordRepository.every`); a longer one is
 * refused with 400 and asked for by page (docs/api-conventions.md).
 */
export const unpagedLimit = 20_000;
/** Rows an unpaged list reads, turns into JSON and sends at a time. */
export const unpagedBatch = 500;

/** One batch of an unpaged list: its rows in list order and their images. */
export type RecordBatch = { rows: StoredRecord[]; attachments: ListedAttachment[] };

/**
 * Search terms shorter than this cannot use a trigram index (a trigram is three characters): such a
 * search looks through the newest `shortSearchWalk` records of the list, and says so, rather than
 * through the whole table (a two-letter term matching nothing read 1.1 million rows: 3.4 s).
 */
export const minIndexedSearch = 3;
export const shortSearchWalk = 10_000;
/**
 * The deepest a search pages: past its first `searchDepth` matches a page is refused with a request
 * to narrow the search (page 9,500 of a 191,000-row search read 190,000 matches: 1.5 s).
 */
export const searchDepth = 10_000;

type PageForm = 'walk' | 'bounded' | 'matchesFirst' | 'perValue' | 'shortSearch';

/**
 * Rows per distinct value of a ranged field above which a range's page is merged from each value's
 * first rows (`perValue`) rather than read from every match: a probe per value costs about as much
 * as reading 70 matches (docs/engine-performance.md).
 */
export const denseValues = 50;
/** How long the planner's estimate of a field's rows per value is kept before it is read again. */
const densityMs = 10 * 60_000;

export type Page = {
  rows: StoredRecord[];
  attachments: ListedAttachment[];
  totalCount: number;
  /** False when more rows matched than were counted: `totalCount` is then a lower bound. */
  exact: boolean;
  /** A short search looked through only this many newest records, of a list holding more. */
  searchLimitedTo?: number;
};

function countOf(walked: number, countLimit: number) {
  return walked > countLimit ? { totalCount: countLimit, exact: false } : { totalCount: walked, exact: true };
}

/** Data access for one declared entity: the only place its SQL is written. */
export class RecordRepository {
  readonly entity: EntityDefinition;
  readonly table: EntityTable;
  private readonly columns: Record<string, AnyPgColumn>;
  /** How its records are scoped: by a condition, or plant-wide (record-scope.ts). */
  readonly scope: EntityScope;

  constructor(entity: EntityDefinition, table: EntityTable, o: { scope: EntityScope }) {
    this.entity = entity;
    this.table = table;
    this.columns = table as unknown as Record<string, AnyPgColumn>;
    this.scope = o.scope;
  }

  /** Whether a contractor company's user sees only some of its records. */
  get companyScoped(): boolean {
    return 'condition' in this.scope;
  }

  /** The company whose scope applies to a read, or undefined when the read sees every record. */
  private scopedCompany(scope: ReadScope): string | undefined {
    return 'companyId' in scope && scope.companyId && 'condition' in this.scope ? scope.companyId : undefined;
  }

  /** The scope's condition for a read, or undefined when the read sees every record. */
  scopeWhere(scope: ReadScope): SQL | undefined {
    const company = this.scopedCompany(scope);
    return company && 'condition' in this.scope ? this.scope.condition(sql`${company}::uuid`) : undefined;
  }

  /**
   * Plant-wide records are written by the plant owner's staff only: a contractor company's user
   * reads them and is refused any write, whatever the role grants (docs/company-scoping.md).
   */
  assertMayWrite(actor: Actor) {
    if (actor.companyId && 'plantWide' in this.scope)
      throw new AppError(
        'FORBIDDEN',
        `${this.entity.label} records are plant-wide reference data, kept by the plant owner's staff: a contractor company's users read them but cannot change them`,
      );
  }

  column(key: string): AnyPgColumn {
    const column = this.columns[key];
    if (!column) throw new Error(`${this.entity.name} has no column ${key}`);
    return column;
  }

  /**
   * The list order (entity-table.ts `listOrder`), which an index of every declared list follows, or
   * the caller's: that field, then the same ties as the declared order, so pages stay stable.
   */
  private order(sort?: ListQuery['sort']) {
    return this.orderKeys(sort).map(({ key, direction }) =>
      direction === 'asc' ? asc(this.column(key)) : desc(this.column(key)),
    );
  }

  private orderKeys(sort?: ListQuery['sort']) {
    return sort
      ? [
          { key: sort.field, direction: sort.direction },
          ...listOrder(this.entity).filter(
            (k) => k.key !== sort.field && (k.key === 'id' || k.key === 'createdAt'),
          ),
        ]
      : listOrder(this.entity);
  }

  /**
   * The conditions of a list with placeholders for its values, the values, and the statement's shape
   * (which conditions there are): one prepared statement serves every request of the same shape.
   */
  private boundWhere(q: ListQuery) {
    const conditions: SQL[] = [];
    const values: Record<string, unknown> = {};
    const shape: string[] = [];
    const rangedFields = new Set<string>();
    const bind = (name: string, value: unknown) => {
      values[name] = value;
      shape.push(name);
      return sql.placeholder(name);
    };
    if (q.id) conditions.push(eq(this.column('id'), bind('id', q.id)));
    const company = this.scopedCompany(q.scope);
    if (company && 'condition' in this.scope)
      conditions.push(this.scope.condition(sql`${bind('scopeCompany', company)}::uuid`));
    if (q.parentId && this.entity.parent)
      conditions.push(eq(this.column(this.entity.parent), bind('parentId', q.parentId)));
    if (q.variant) conditions.push(eq(this.column('variant'), bind('variant', q.variant)));
    let search: SQL | undefined;
    if (q.search && this.entity.search.length > 0) {
      const pattern = bind('search', likePattern(q.search));
      search = or(...this.entity.search.map((key) => ilike(this.column(key), pattern)))!;
    }
    for (const [param, filter] of Object.entries(q.filters ?? {})) {
      const value = q.filterValues?.[param];
      if (value === undefined) continue;
      if (filter.op === 'hasValues') {
        // Only `=true` narrows; `=false` is the whole list, as if the parameter were absent.
        if (value !== true) continue;
        shape.push(`has_${param}`);
        const present = filter.fields.map((key) => {
          const kind = this.entity.fields[key]?.kind;
          const column = this.column(key);
          return kind === 'text' || kind === 'longText' || kind === 'enum'
            ? sql`(${column} is not null and ${column} <> '')`
            : sql`${column} is not null`;
        });
        conditions.push(filter.match === 'any' ? or(...present)! : and(...present)!);
        continue;
      }
      const column = this.column(filter.field);
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
    const tab = q.tab ? q.tabs?.[q.tab] : undefined;
    if (tab) {
      // A tab's values are fixed by its declaration, so they are part of the statement, keyed by name.
      shape.push(`tab:${q.tab}`);
      conditions.push(...this.tabConditions(tab));
    }
    if (q.sort) shape.push(`sort:${q.sort.field}:${q.sort.direction}`);
    return {
      where: and(...conditions, search),
      /** Every condition but the search's: what a short search walks (`shortSearch`). */
      unsearched: and(...conditions),
      search,
      values,
      shape: shape.join(','),
      rangedFields: [...rangedFields],
    };
  }

  /** A tab's conditions as SQL, as its partial index has them (`tabConditions`). */
  private tabConditions(tab: ListTab): SQL[] {
    return tabConditions(tab, (key) => this.column(key));
  }

  private readonly statements = new WeakMap<
    object,
    Map<string, { execute(v: Record<string, unknown>): Promise<unknown> }>
  >();

  /**
   * A statement built and named once per database and shape, then executed with values: Drizzle does
   * not rebuild it per request, and PostgreSQL parses and plans it once per connection. A name
   * always stands for the same text, so a connection that has prepared it reuses it safely.
   */
  private async run<T>(
    db: DbOrTx,
    key: string,
    build: () => { prepare(name: string): { execute(v: Record<string, unknown>): Promise<unknown> } },
    values: Record<string, unknown>,
  ): Promise<T> {
    let byKey = this.statements.get(db);
    if (!byKey) this.statements.set(db, (byKey = new Map()));
    let statement = byKey.get(key);
    if (!statement) {
      // PostgreSQL names are at most 63 bytes: the shape is hashed into the name.
      const name = `${this.entity.table.slice(0, 30)}_${createHash('sha1').update(key).digest('hex').slice(0, 16)}`;
      statement = build().prepare(name);
      byKey.set(key, statement);
    }
    return (await statement.execute(values)) as T;
  }

  /**
   * One page of records, with their images, and how many matched, in one statement. The page is read
   * off an index in list order (entity-table.ts); the count stops `countAhead` rows past the start
   * of the page, so it never scans more than the page needs plus that, and a larger total is
   * reported as a lower bound (`exact: false`). Page 500 of a 100,000-row list reads 21,000 index
   * entries, not 100,000 rows.
   *
   * A date range (a `gte`/`lte` filter) is the one condition where walking the list order can read
   * most of the table: the order is newest first and a range such as "finishing before June 2024"
   * matches only the oldest rows, which the planner, assuming no correlation, expects to meet early.
   * Such a page walks at most `walkAhead` rows of the list order first (`bounded`); when that does
   * not fill the page, it reads every match through the range's index and sorts them (`matchesFirst`),
   * a cost that grows with the matches, not the table (docs/engine-performance.md).
   */
  async page(db: DbOrTx, q: ListQuery & { pageNumber: number; pageSize: number }): Promise<Page> {
    const bound = this.boundWhere(q);
    const { where, values, shape, rangedFields } = bound;
    const offset = (q.pageNumber - 1) * q.pageSize;
    const countLimit = offset + (q.search ? countAhead.search : countAhead.list);
    if (bound.search && offset + q.pageSize > searchDepth)
      throw new AppError(
        'BAD_REQUEST',
        `A search pages through its first ${searchDepth.toLocaleString('en')} matches: narrow it (more of the words, a filter) to reach the rest`,
        [{ path: 'pageNumber', message: `At most page ${Math.floor(searchDepth / q.pageSize)} of a search` }],
      );
    if (bound.search && q.search!.trim().length < minIndexedSearch)
      return this.shortSearchPage(db, bound, { offset, pageSize: q.pageSize, countLimit, sort: q.sort });
    const bounded = () =>
      db
        .select({ one: sql`1` })
        .from(this.table)
        .where(where)
        .limit(sql.placeholder('countLimit') as unknown as number)
        .as('bounded');
    const read = (form: PageForm) =>
      this.run<{ record: StoredRecord; counted: number; images?: ListedAttachment[] }[]>(
        db,
        `page:${form}:${shape}`,
        () => {
          const pageIds = sql`(${this.pageIds(db, form, where, q.sort, rangedFields[0])}) page_ids`;
          return db
            .select({
              record: this.table,
              counted: sql<number>`(select count(*) from ${bounded()})`.mapWith(Number),
              ...(this.hasImages ? { images: this.imagesOf() } : {}),
            })
            .from(pageIds)
            .innerJoin(this.table, eq(this.column('id'), sql`page_ids.page_id`))
            .orderBy(...this.order(q.sort));
        },
        { ...values, limit: q.pageSize, offset, countLimit: countLimit + 1, walkAhead },
      );
    let found: Awaited<ReturnType<typeof read>>;
    if (rangedFields.length === 0 || q.search) found = await read('walk');
    else {
      found = offset + q.pageSize > walkAhead ? [] : await read('bounded');
      if (found.length < q.pageSize)
        found = await read((await this.denseRange(db, rangedFields, q.sort)) ? 'perValue' : 'matchesFirst');
    }
    const rows = found.map((f) => f.record);
    const attachmentRows = found.flatMap((f) => (f.images ?? []).map(listedAttachment));
    if (found.length > 0)
      return { rows, attachments: attachmentRows, ...countOf(found[0]!.counted, countLimit) };
    // Nothing on this page: past the end of the list, or nothing matched at all.
    if (offset === 0) return { rows, attachments: [], totalCount: 0, exact: true };
    const [counted] = await this.run<{ n: number }[]>(
      db,
      `count:${shape}`,
      () => db.select({ n: count() }).from(bounded()),
      { ...values, countLimit: countLimit + 1 },
    );
    return { rows, attachments: [], ...countOf(counted?.n ?? 0, countLimit) };
  }

  /**
   * A page of a search too short for the trigram indexes (`minIndexedSearch`): the matches among the
   * newest `shortSearchWalk` records of the list (every other condition applied), counted among them.
   * The walk is read off the list-order index, so it costs the same at 10,000 records or 10 million;
   * when the list holds more, the page says how far it looked (`searchLimitedTo`).
   */
  private async shortSearchPage(
    db: DbOrTx,
    bound: ReturnType<RecordRepository['boundWhere']>,
    o: { offset: number; pageSize: number; countLimit: number; sort: ListQuery['sort'] },
  ): Promise<Page> {
    const name = sql.identifier(this.entity.table);
    const order = sql.join(this.order(o.sort), sql`, `);
    const unsearched = bound.unsearched ? sql`where ${bound.unsearched}` : sql``;
    // The walk takes the table's name, so the search's conditions apply to it as written.
    const walk = sql`(select * from ${this.table} ${unsearched} order by ${order}
      limit ${sql.placeholder('walk')}) ${name}`;
    const values = {
      ...bound.values,
      walk: shortSearchWalk,
      limit: o.pageSize,
      offset: o.offset,
      countLimit: o.countLimit + 1,
    };
    const found = await this.run<{ record: StoredRecord; images?: ListedAttachment[] }[]>(
      db,
      `page:shortSearch:${bound.shape}`,
      () =>
        db
          .select({ record: this.table, ...(this.hasImages ? { images: this.imagesOf() } : {}) })
          .from(
            sql`(select ${name}.id as page_id from ${walk} where ${bound.search} order by ${order}
              limit ${sql.placeholder('limit')} offset ${sql.placeholder('offset')}) page_ids`,
          )
          .innerJoin(this.table, eq(this.column('id'), sql`page_ids.page_id`))
          .orderBy(...this.order(o.sort)),
      values,
    );
    const [counts] = await this.run<{ counted: number; walked: number }[]>(
      db,
      `count:shortSearch:${bound.shape}`,
      () =>
        db
          .select({
            counted: sql<number>`(select count(*) from (select 1 from ${walk} where ${bound.search}
              limit ${sql.placeholder('countLimit')}) matched)`.mapWith(Number),
            walked: sql<number>`(select count(*) from (select 1 from ${this.table} ${unsearched}
              limit ${sql.placeholder('walk')}) walked)`.mapWith(Number),
          })
          .from(sql`(select 1) one`),
      values,
    );
    const limited = (counts?.walked ?? 0) >= shortSearchWalk;
    const counted = countOf(counts?.counted ?? 0, o.countLimit);
    return {
      rows: found.map((f) => f.record),
      attachments: found.flatMap((f) => (f.images ?? []).map(listedAttachment)),
      ...counted,
      ...(limited ? { exact: false, searchLimitedTo: shortSearchWalk } : {}),
    };
  }

  private readonly density = new Map<string, { perValue: number; at: number }>();

  /**
   * Whether a range's page is better merged from each value's first rows (`perValue`) than read from
   * every match: one ranged field with an index in list order (a declared `withListOrder` index), the
   * list's own order, and many rows per value by the planner's statistics (`denseValues`; none yet,
   * as in a fresh table, is not dense). Kept for `densityMs` once there are statistics.
   */
  private async denseRange(db: DbOrTx, fields: string[], sort: ListQuery['sort']): Promise<boolean> {
    const [field] = fields;
    if (fields.length !== 1 || !field || sort) return false;
    if (!declaredInListOrder(this.entity, field)) return false;
    const column = this.column(field).name;
    const known = this.density.get(column);
    if (known && Date.now() - known.at < densityMs) return known.perValue >= denseValues;
    // n_distinct: the number of values, or minus their share of the rows when it grows with them.
    const found = await db.execute<{ per_value: number | string | null }>(sql`select
        case when s.n_distinct < 0 then -1 / s.n_distinct
          else c.reltuples * (1 - s.null_frac) / nullif(s.n_distinct, 0) end as per_value
      from pg_stats s join pg_class c on c.oid = (quote_ident(s.schemaname) || '.' || quote_ident(s.tablename))::regclass
      where s.schemaname = current_schema() and s.tablename = ${this.entity.table} and s.attname = ${column}`);
    const perValue = Number(found.rows[0]?.per_value ?? 0);
    // No statistics yet (a new table): asked again next time rather than kept.
    if (found.rows.length > 0) this.density.set(column, { perValue, at: Date.now() });
    return perValue >= denseValues;
  }

  /**
   * The ids of a page, in list order, as `page_id` (see `page`): off the list-order index (`walk`);
   * from the first `walkAhead` rows of that order only (`bounded`); or from every match, sorted
   * (`matchesFirst`: `offset` keeps the planner from walking the list order instead). The inner
   * rows take the table's name, so the conditions and the order apply to them as written.
   */
  private pageIds(
    db: DbOrTx,
    form: PageForm,
    where: SQL | undefined,
    sort: ListQuery['sort'],
    rangedField: string | undefined,
  ) {
    const order = sql.join(this.order(sort), sql`, `);
    const page = sql`order by ${order} limit ${sql.placeholder('limit')} offset ${sql.placeholder('offset')}`;
    const name = sql.identifier(this.entity.table);
    const matching = where ? sql`where ${where}` : sql``;
    // The id and the order's columns: what a page is cut by, read off an index alone.
    const keys = sql.join(
      [...new Set(['id', ...this.orderKeys(sort).map((k) => k.key)])].map((key) => this.column(key)),
      sql`, `,
    );
    if (form === 'perValue' && rangedField) {
      // Each value of the ranged field in the range, found by skipping through its index one value
      // at a time; the page's rows of each value off (field, list order…); merged in list order.
      const field = this.column(rangedField);
      const next = (after: SQL) =>
        sql`(select ${field} from ${this.table} where ${and(where, after)} order by ${field} limit 1)`;
      return sql`select ${name}.id as page_id from (
          with recursive v(value) as (
            ${next(sql`true`)}
            union all
            select ${next(sql`${field} > v.value`)} from v where v.value is not null)
          select value from v where value is not null) v
        cross join lateral (select ${keys} from ${this.table} where ${and(where, sql`${field} = v.value`)}
          order by ${order} limit ${sql.placeholder('limit')}::int + ${sql.placeholder('offset')}::int) ${name}
        ${page}`;
    }
    if (form === 'walk')
      return sql`select ${this.column('id')} as page_id from ${this.table} ${matching} ${page}`;
    if (form === 'bounded')
      return sql`select ${name}.id as page_id from (select * from ${this.table}
        order by ${order} limit ${sql.placeholder('walkAhead')}) ${name} ${matching} ${page}`;
    return sql`select ${name}.id as page_id from (select ${keys} from ${this.table} ${matching}
      offset 0) ${name} ${page}`;
  }

  private get hasImages() {
    return hasFiles(this.entity);
  }

  /**
   * The record's images as a JSON array, in the same statement as the record. The record's id is
   * named with its table: a query over one table alone writes its columns unqualified, and `id`
   * inside this subquery would be the attachment's own.
   */
  private imagesOf() {
    return sql<ListedAttachment[]>`coalesce((select json_agg(json_build_object(
      'id', ${attachments.id}, 'ownerId', ${attachments.ownerId}, 'slot', ${attachments.slot},
      'imageType', ${attachments.imageType}, 'category', ${attachments.category},
      'position', ${attachments.position}, 'displayName', ${attachments.displayName},
      'mediaType', ${attachments.mediaType}, 'size', ${attachments.size}, 'createdAt', ${attachments.createdAt}))
      from ${attachments} where ${attachments.ownerEntity} = ${this.entity.name}
      and ${attachments.ownerId} = ${sql.identifier(this.entity.table)}.id), '[]'::json)`;
  }

  /**
   * Every record that matches, in list order, read in batches of `unpagedBatch` rows with their
   * images, so a long list never sits whole in the server's memory. The first batch is read at once
   * with its images (most lists end there: one statement). A longer list then reads the matching ids
   * (one walk of the list-order index, at most `unpagedLimit` + 1 of them): past the limit it is
   * refused with a 400 telling the caller to page, before anything is sent; it is never cut short in
   * silence. Rows deleted meanwhile are left out; a row added meanwhile comes after the first batch.
   */
  async every(db: DbOrTx, q: ListQuery): Promise<AsyncGenerator<RecordBatch>> {
    const { where, values, shape } = this.boundWhere(q);
    const head = await this.run<{ record: StoredRecord; images?: ListedAttachment[] }[]>(
      db,
      `every:head:${shape}`,
      () =>
        db
          .select({ record: this.table, ...(this.hasImages ? { images: this.imagesOf() } : {}) })
          .from(this.table)
          .where(where)
          .orderBy(...this.order(q.sort))
          .limit(sql.placeholder('limit') as unknown as number),
      { ...values, limit: unpagedBatch + 1 },
    );
    const first = batchOf(head.slice(0, unpagedBatch));
    if (head.length <= unpagedBatch)
      return (async function* () {
        yield first;
      })();
    const ids = await this.run<{ id: string }[]>(
      db,
      `every:${shape}`,
      () =>
        db
          .select({ id: this.column('id') })
          .from(this.table)
          .where(where)
          .orderBy(...this.order(q.sort))
          .limit(sql.placeholder('limit') as unknown as number),
      { ...values, limit: unpagedLimit + 1 },
    );
    if (ids.length > unpagedLimit)
      throw new AppError(
        'BAD_REQUEST',
        `This list holds more than ${unpagedLimit.toLocaleString('en')} ${this.entity.label.toLowerCase()} records: ask for it by page (pageNumber and pageSize)`,
      );
    const sent = new Set(first.rows.map((r) => r.id));
    const rest = this.batches(
      db,
      ids.map((r) => r.id).filter((id) => !sent.has(id)),
    );
    return (async function* () {
      yield first;
      yield* rest;
    })();
  }

  private async *batches(db: DbOrTx, ids: string[]): AsyncGenerator<RecordBatch> {
    for (let start = 0; start < ids.length; start += unpagedBatch) {
      const wanted = ids.slice(start, start + unpagedBatch);
      const found = await this.run<{ record: StoredRecord; images?: ListedAttachment[] }[]>(
        db,
        'batch',
        () =>
          db
            .select({ record: this.table, ...(this.hasImages ? { images: this.imagesOf() } : {}) })
            .from(this.table)
            .where(sql`${this.column('id')} = any(${sql.placeholder('ids')}::uuid[])`),
        { ids: wanted },
      );
      const byId = new Map(found.map((f) => [f.record.id, f]));
      yield batchOf(wanted.map((id) => byId.get(id)).filter((f) => f !== undefined));
    }
  }

  /**
   * Every record that matches, whole, for a module that works on them together (a group of
   * summaries, a work order's assignments): bounded as `every` is, refused past the limit.
   */
  async all(db: DbOrTx, q: ListQuery): Promise<StoredRecord[]> {
    const rows: StoredRecord[] = [];
    for await (const batch of await this.every(db, q)) rows.push(...batch.rows);
    return rows;
  }

  /** The first record that matches in list order (the one record of a parent), or undefined. */
  async first(db: DbOrTx, q: ListQuery): Promise<StoredRecord | undefined> {
    const { where, values, shape } = this.boundWhere(q);
    const [row] = await this.run<StoredRecord[]>(
      db,
      `first:${shape}`,
      () =>
        db
          .select()
          .from(this.table)
          .where(where)
          .orderBy(...this.order(q.sort))
          .limit(1),
      values,
    );
    return row;
  }

  /**
   * One record; `lock` holds it (FOR UPDATE) until the caller's transaction ends. Under the caller's
   * scope, a record outside their company's is not found, as if it did not exist.
   */
  async find(
    db: DbOrTx,
    id: string,
    scope: ReadScope,
    o: { lock?: boolean } = {},
  ): Promise<StoredRecord | undefined> {
    const query = db
      .select()
      .from(this.table)
      .where(and(eq(this.column('id'), id), this.scopeWhere(scope)))
      .limit(1);
    const [row] = o.lock ? await query.for('update') : await query;
    return row as StoredRecord | undefined;
  }

  async get(db: DbOrTx, id: string, scope: ReadScope, o: { lock?: boolean } = {}): Promise<StoredRecord> {
    const row = await this.find(db, id, scope, o);
    if (!row) throw new AppError('NOT_FOUND', `${this.entity.label} ${id} was not found`);
    return row;
  }

  /**
   * Every write goes through here first: a record under a locked one (an approved report) is refused
   * with 409, checked and held in the writer's transaction (record-lock.ts). No query for entities
   * that no lock reaches.
   */
  private async assertWritable(
    tx: DbOrTx,
    target: { recordId: string } | { values: Record<string, unknown> },
  ) {
    if ('recordId' in target) return assertUnlocked(tx, this.entity, target);
    const parentId = this.entity.parent ? target.values[this.entity.parent] : undefined;
    if (typeof parentId === 'string') await assertUnlocked(tx, this.entity, { parentId });
  }

  async insert(tx: DbOrTx, values: Record<string, unknown>, actor: Actor): Promise<StoredRecord> {
    this.assertMayWrite(actor);
    const actorId = actor.id;
    await this.assertWritable(tx, { values });
    await assertKnownItems(tx, this.entity, values);
    const [row] = await tx
      .insert(this.table)
      .values({ ...values, createdBy: actorId, updatedBy: actorId } as never)
      .returning();
    return row as StoredRecord;
  }

  /** Inserts unless a unique index already holds such a record (one per parent): undefined then. */
  async insertIfAbsent(
    tx: DbOrTx,
    values: Record<string, unknown>,
    actor: Actor,
  ): Promise<StoredRecord | undefined> {
    this.assertMayWrite(actor);
    const actorId = actor.id;
    await this.assertWritable(tx, { values });
    await assertKnownItems(tx, this.entity, values);
    const [row] = await tx
      .insert(this.table)
      .values({ ...values, createdBy: actorId, updatedBy: actorId } as never)
      .onConflictDoNothing()
      .returning();
    return row as StoredRecord | undefined;
  }

  /**
   * Applies changes when the stored version is still the one the client read; a stale version is
   * refused with CONFLICT and nothing is written.
   */
  async update(
    tx: DbOrTx,
    id: string,
    values: Record<string, unknown>,
    expectedVersion: number | undefined,
    actor: Actor,
  ): Promise<StoredRecord> {
    this.assertMayWrite(actor);
    const actorId = actor.id;
    await this.assertWritable(tx, { recordId: id });
    await assertKnownItems(tx, this.entity, values);
    const conditions = [eq(this.column('id'), id)];
    if (expectedVersion !== undefined) conditions.push(eq(this.column('version'), expectedVersion));
    const [row] = await tx
      .update(this.table)
      .set({
        ...values,
        version: sql`${this.column('version')} + 1`,
        updatedAt: sql`now()`,
        updatedBy: actorId,
      } as never)
      .where(and(...conditions))
      .returning();
    if (row) return row as StoredRecord;
    const current = await this.find(tx, id, unscoped('the caller has read it under their scope'));
    if (!current) throw new AppError('NOT_FOUND', `${this.entity.label} ${id} was not found`);
    throw new AppError(
      'CONFLICT',
      `${this.entity.label} was changed by someone else (now version ${current.version}, you sent ${expectedVersion}). Reload it and apply your change again.`,
    );
  }

  async delete(tx: DbOrTx, id: string, actor: Actor): Promise<StoredRecord> {
    this.assertMayWrite(actor);
    await this.assertWritable(tx, { recordId: id });
    const [row] = await tx
      .delete(this.table)
      .where(eq(this.column('id'), id))
      .returning();
    if (!row) throw new AppError('NOT_FOUND', `${this.entity.label} ${id} was not found`);
    return row as StoredRecord;
  }
}

/** Writes one audit row in the caller's transaction. */
export async function writeAudit(
  tx: DbOrTx,
  entry: {
    entity: string;
    entityId: string;
    /** A change to the record, or an event on it that stores no values (a password change). */
    action: 'create' | 'update' | 'delete' | 'passwordChange';
    actorId: string;
    before?: unknown;
    after?: unknown;
  },
) {
  await tx.insert(auditLog).values({
    entity: entry.entity,
    entityId: entry.entityId,
    action: entry.action,
    actorId: entry.actorId,
    before: entry.before ?? null,
    after: entry.after ?? null,
  });
}

export type AttachmentRow = typeof attachments.$inferSelect;
/** What a record view needs of an attachment. */
export type ListedAttachment = Pick<
  AttachmentRow,
  | 'id'
  | 'ownerId'
  | 'slot'
  | 'imageType'
  | 'category'
  | 'position'
  | 'displayName'
  | 'mediaType'
  | 'size'
  | 'createdAt'
>;

/** Whether records of the entity carry files (single slots or lists). */
export function hasFiles(entity: EntityDefinition): boolean {
  return Object.keys(entity.images).length > 0 || Object.keys(entity.imageLists).length > 0;
}

/** Rows read with their images as JSON, as a batch of an unpaged list. */
function batchOf(found: { record: StoredRecord; images?: ListedAttachment[] }[]): RecordBatch {
  return {
    rows: found.map((f) => f.record),
    attachments: found.flatMap((f) => (f.images ?? []).map(listedAttachment)),
  };
}

/** An attachment read back from JSON: its time is text there. */
function listedAttachment(a: ListedAttachment): ListedAttachment {
  return { ...a, createdAt: new Date(a.createdAt) };
}

export function attachmentView(row: ListedAttachment): Attachment {
  return {
    id: row.id,
    slot: row.slot,
    imageType: row.imageType,
    category: row.category,
    position: row.position,
    displayName: row.displayName,
    mediaType: row.mediaType,
    size: row.size,
    url: `/api/files/${row.id}`,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function attachmentsOf(db: DbOrTx, entity: EntityDefinition, ids: string[]) {
  if (ids.length === 0 || !hasFiles(entity)) return [];
  return db
    .select()
    .from(attachments)
    .where(and(eq(attachments.ownerEntity, entity.name), inArray(attachments.ownerId, ids)));
}

function jsonValue(value: unknown): unknown {
  return value instanceof Date ? value.toISOString() : value;
}

/** A stored record as the API returns it: ISO dates, derived values, images by slot, id alias. */
export function recordView(
  entity: EntityDefinition,
  row: StoredRecord,
  rowAttachments: ListedAttachment[] = [],
) {
  const view: Record<string, unknown> = {};
  // A variant's record shows only that variant's fields (the shared table has columns of all).
  const fields = entity.variants ? entity.fieldsOf(row.variant as string) : entity.fields;
  for (const [key, value] of Object.entries(row)) {
    if (key in entity.fields && !(key in fields)) continue;
    view[key] = jsonValue(value);
  }
  for (const [key, derived] of Object.entries(entity.derived)) {
    view[key] = deriveValue(derived, view) ?? null;
  }
  const own = rowAttachments.filter((x) => x.ownerId === row.id);
  for (const slot of Object.keys(entity.images)) {
    const a = own.find((x) => x.slot === slot);
    view[slot] = a ? attachmentView(a) : null;
  }
  for (const list of Object.keys(entity.imageLists)) {
    view[list] = own
      .filter((x) => x.slot === list)
      .sort((a, b) => a.position - b.position)
      .map(attachmentView);
  }
  if (entity.idAlias) view[entity.idAlias] = row.id;
  return view;
}

/** Views of several records, loading their attachments in one query. */
export async function recordViews(db: DbOrTx, entity: EntityDefinition, rows: StoredRecord[]) {
  const found = await attachmentsOf(
    db,
    entity,
    rows.map((r) => r.id),
  );
  return rows.map((row) => recordView(entity, row, found));
}
