import {
  thicknessAssessment,
  thicknessLocation,
  thicknessLocationListQuery,
  thicknessLocationParams,
  thicknessReading,
  thicknessReadingChange,
  thicknessReadingsCap,
  thicknessLocationQuery,
  thicknessStatuses,
} from '@inspectra/contract';
import type { ThicknessLocationView, ThicknessReadingView } from '@inspectra/contract';
import { asc, eq, getTableColumns, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import { tableOf } from '../../db/schema/index.ts';
import { typedAction } from '../../engine/action-handler.ts';
import type { ActionHandler } from '../../engine/action-handler.ts';
import type { WriteCheck } from '../../engine/engine-deps.ts';
import { compile } from '../../engine/derived-compile.ts';
import { plantWide } from '../../engine/record-scope.ts';
import type { Actor, RecordScopes } from '../../engine/record-scope.ts';
import { recordView } from '../../engine/records.ts';
import type { KeptValues, StoredRecord } from '../../engine/records.ts';
import { notShownMeta } from '../../engine/page-meta.ts';
import { defineList, listPage } from '../../engine/records/declared-list.ts';
import { AppError, fieldRefusal } from '../../errors.ts';
import { openThicknessFindings } from '../recommendations/thickness-findings.ts';

/**
 * Thickness monitoring (docs/thickness-monitoring.md): each location keeps its first, previous and
 * latest readings and its status, brought up to date in every write's transaction of its readings
 * and of itself (`thicknessKeptValues`); the list filters and pages by the kept status off an
 * index, and every value answered is the contract's expressions (`thicknessAssessment`) over them.
 */

const readings = tableOf(thicknessReading);
const locations = tableOf(thicknessLocation);
const located = locations as unknown as Record<string, AnyPgColumn>;

/**
 * A location's series, read by its id (`location`): its latest two readings and its first, each
 * off the (location, date) unique index by one bounded scan, and its count. `offset 0` keeps the
 * reads a subquery of their own, so the expressions over them (which name each many times) do not
 * repeat them.
 */
function seriesInputs(location: SQL): SQL {
  const reading = (order: 'asc' | 'desc', skip: number, alias: string) =>
    sql`left join lateral (select ${readings.thicknessMm} as t, ${readings.date} as d from ${readings}
      where ${readings.thicknessLocationId} = ${location} order by ${readings.date} ${sql.raw(order)}
      limit 1 offset ${sql.raw(String(skip))}) as ${sql.identifier(alias)} on true`;
  return sql`(select "latest".t as latest_t, "latest".d as latest_d, "previous".t as previous_t,
      "previous".d as previous_d, "first".t as first_t, "first".d as first_d,
      (select count(*) from ${readings} where ${readings.thicknessLocationId} = ${location})::int as n
    from (select 1) as one ${reading('desc', 0, 'latest')} ${reading('desc', 1, 'previous')} ${reading('asc', 0, 'first')}
    offset 0) as inputs`;
}

/**
 * Brings the kept series (first, previous, latest, count) and assessment (`thicknessAssessment`:
 * rates, remaining life, dates, status, note) of the locations `where` picks up to date from their
 * readings as they stand in the transaction: one statement, each value compiled from the contract's
 * expression over the location's own fields and those readings. No value reads the calendar (the
 * remaining life counts from the latest reading), so what is kept stays true until the next write.
 * Answers how many locations it kept.
 */
async function keepLocations(tx: DbOrTx, where: SQL): Promise<number> {
  const of = (column: string) => sql`inputs.${sql.identifier(column)}`;
  const series = {
    readingCount: of('n'),
    firstThicknessMm: of('first_t'),
    firstDate: of('first_d'),
    previousThicknessMm: of('previous_t'),
    previousDate: of('previous_d'),
    latestThicknessMm: of('latest_t'),
    latestDate: of('latest_d'),
  };
  const inputs = {
    ...series,
    requiredThicknessMm: located.requiredThicknessMm!,
    code: located.code!,
    inspectionClass: located.inspectionClass!,
  };
  const kept: [string, SQL][] = [
    ...Object.entries(series),
    ...Object.entries(thicknessAssessment).map(([key, expr]): [string, SQL] => [key, compile(expr, inputs)]),
  ];
  const result = await tx.execute(sql`update ${locations} set (${sql.join(
    kept.map(([key]) => sql.identifier(located[key]!.name)),
    sql`, `,
  )}) = (select ${sql.join(
    kept.map(([, value]) => value),
    sql`, `,
  )} from ${seriesInputs(sql`${locations.id}`)})
    where ${where}`);
  return result.rowCount ?? 0;
}

/** Locations kept per statement at start: each statement stays well within a statement's time limit. */
const unkeptBatch = 2000;

/**
 * Locations stored before their series was kept (a database upgraded to this version, or rows
 * loaded by SQL): kept at start, a batch per statement. Answers how many it kept.
 */
export async function keepUnkeptLocations(db: DbOrTx): Promise<number> {
  // Asked first, as there are nearly always none: the keeping statement is over 100 KB of SQL (the
  // contract's expressions inlined), and planning it took 0.3 s and grew the embedded database's
  // WebAssembly memory, which never shrinks, by 30 MB on every start (docs/embedded-database.md).
  const unkept = await db.execute(
    sql`select 1 from ${locations} where ${locations.readingCount} is null limit 1`,
  );
  if (unkept.rows.length === 0) return 0;
  let kept = 0;
  for (;;) {
    const done = await keepLocations(
      db,
      sql`${locations.id} in (select ${locations.id} from ${locations} where ${locations.readingCount} is null limit ${unkeptBatch})`,
    );
    kept += done;
    if (done < unkeptBatch) return kept;
  }
}

/**
 * What each write keeps: a reading written, changed or removed brings its location up to date; a
 * location written (its required thickness, code or class) its own status. Either may open a
 * finding in the register.
 */
export const thicknessKeptValues: Record<string, KeptValues> = {
  [thicknessReading.name]: async (tx, rows, actor) => {
    await keepAndOpen(tx, [...new Set(rows.map((row) => row.thicknessLocationId as string))], actor);
  },
  [thicknessLocation.name]: async (tx, rows, actor) => {
    await keepAndOpen(
      tx,
      rows.map((row) => row.id),
      actor,
    );
  },
};

/**
 * Keeps the locations' status, then opens the register's findings of those now below required or
 * with under two years of life (recommendations/thickness-findings.ts), in the same transaction.
 */
async function keepAndOpen(tx: DbOrTx, ids: string[], actor: Actor) {
  await keepLocations(tx, sql`${locations.id} = any(${sql.param(ids)}::uuid[])`);
  await openThicknessFindings(tx, ids, actor);
}

const reading = (date: unknown, thicknessMm: unknown) =>
  date !== null && date !== undefined && thicknessMm !== null && thicknessMm !== undefined
    ? { date: String(date), thicknessMm: thicknessMm as number }
    : null;

/** A location answered: the record with its kept series and assessment, its readings as pairs. */
function locationView(record: Record<string, unknown>): ThicknessLocationView {
  return {
    ...(record as ThicknessLocationView),
    readingCount: (record.readingCount as number | null) ?? 0,
    firstReading: reading(record.firstDate, record.firstThicknessMm),
    previousReading: reading(record.previousDate, record.previousThicknessMm),
    latestReading: reading(record.latestDate, record.latestThicknessMm),
  };
}

/** A reading as the database writes it into a location's view (`reading` above): null unless whole. */
const readingJson = (date: AnyPgColumn, thicknessMm: AnyPgColumn) =>
  sql`case when ${date} is not null and ${thicknessMm} is not null
    then json_build_object('date', ${date}, 'thicknessMm', ${thicknessMm}) end`;

const locationList = defineList<ThicknessLocationView>(thicknessLocation, 'thicknessLocations', {
  conditions: {
    equipmentNo: { field: 'equipmentNo', value: 'key' },
    // The states asked for (one or more), as kept: off the (status, list order) index. Few
    // locations are below their required thickness, most are fine: each set asked for is a
    // statement of its own, planned for it (`DeclaredCondition`).
    status: { field: 'status', value: thicknessStatuses },
    id: { field: 'id', value: 'key' },
  },
  // By equipment, then location: the natural key, off its unique index.
  order: 'naturalKey',
  view: (row) => locationView(row as Record<string, unknown>),
  viewAnswersRecord: true,
  // `locationView` as the database builds it, for the plant list's pages.
  viewSql: (row) => ({
    readingCount: sql`coalesce(${row.readingCount!}, 0)`,
    firstReading: readingJson(row.firstDate!, row.firstThicknessMm!),
    previousReading: readingJson(row.previousDate!, row.previousThicknessMm!),
    latestReading: readingJson(row.latestDate!, row.latestThicknessMm!),
  }),
});

/**
 * A location's readings, oldest first, each with the reading before it (by date: one window over
 * the location's readings, off the (location, date) unique index) and the contract's change and
 * rate over that interval (`thicknessReadingChange`) compiled to SQL over the two: one statement,
 * at most `thicknessReadingsCap` readings (the answer says how many more).
 */
async function readingsOf(db: DbOrTx, locationId: string): Promise<[ThicknessReadingView[], number]> {
  const byDate = sql`over (order by ${readings.date})`;
  const lagged = db
    .select({
      ...getTableColumns(readings),
      previousThicknessMm: sql<number | null>`(lag(${readings.thicknessMm}) ${byDate})::float8`.as(
        'previous_t',
      ),
      previousDate: sql<string | null>`(lag(${readings.date}) ${byDate})::text`.as('previous_d'),
      matched: sql<number>`(count(*) over ())::int`.as('matched'),
    })
    .from(readings)
    .where(eq(readings.thicknessLocationId, locationId))
    .as('lagged');
  const columns = lagged as unknown as Record<string, AnyPgColumn>;
  const found = await db
    .select({
      ...Object.fromEntries(Object.keys(getTableColumns(readings)).map((key) => [key, columns[key]!])),
      previousThicknessMm: lagged.previousThicknessMm,
      previousDate: lagged.previousDate,
      matched: lagged.matched,
      ...Object.fromEntries(
        Object.entries(thicknessReadingChange).map(([key, expr]) => [
          key,
          sql<number | null>`${compile(expr, columns)}`,
        ]),
      ),
    })
    .from(lagged)
    .orderBy(asc(columns.date!))
    .limit(thicknessReadingsCap);
  const views = found.map((row) => {
    const values = row as Record<string, unknown>;
    return {
      ...(recordView(thicknessReading, values as StoredRecord) as ThicknessReadingView),
      previousReading: reading(values.previousDate, values.previousThicknessMm),
      changeMm: values.changeMm as number | null,
      rateMmPerYear: values.rateMmPerYear as number | null,
    };
  });
  return [views, (found[0]?.matched as number | undefined) ?? 0];
}

export const thicknessActions: Record<string, ActionHandler> = {
  'thickness.readings': typedAction({ query: thicknessLocationQuery }, async ({ query, deps }) => {
    const [location] = await deps.db
      .select({ id: locations.id })
      .from(locations)
      .where(eq(locations.id, query.thicknessLocationId));
    if (!location)
      throw new AppError('NOT_FOUND', `No thickness location has the id ${query.thicknessLocationId}`);
    const [data, matched] = await readingsOf(deps.db, location.id);
    return { data, meta: notShownMeta({ data: [data.length, matched] }) };
  }),

  'thickness.locations': typedAction({ query: thicknessLocationListQuery }, ({ query, deps, user }) =>
    listPage(deps, locationList, query, user!, { asText: true }),
  ),

  'thickness.location': typedAction({ params: thicknessLocationParams }, async ({ params, deps, user }) => {
    const page = await listPage(deps, locationList, { pageNumber: 1, pageSize: 1, id: params.id }, user!);
    const found = page.data[0];
    if (!found) throw new AppError('NOT_FOUND', `No thickness location has the id ${params.id}`);
    return { data: found };
  }),
};

/**
 * A reading thicker than its location's nominal wall is refused (400 on `thicknessMm`): a slip of
 * the keyboard or a reading of the wrong location, and it would read as metal growing back.
 */
const readingWithinNominal: WriteCheck = async ({ tx, values, before }) => {
  const thickness = (values.thicknessMm ?? before?.thicknessMm) as number | undefined;
  const locationId = (values.thicknessLocationId ?? before?.thicknessLocationId) as string | undefined;
  if (thickness === undefined || !locationId) return;
  const [location] = await tx
    .select({ nominal: locations.nominalThicknessMm })
    .from(locations)
    .where(eq(locations.id, locationId))
    .limit(1);
  const nominal = location?.nominal as number | undefined;
  if (nominal !== undefined && thickness > nominal) {
    const detail = fieldRefusal('thicknessMm', 'thickerThanNominal', { nominal });
    throw new AppError('VALIDATION_ERROR', detail.message, [detail]);
  }
};

export const thicknessWriteChecks: Record<string, WriteCheck> = {
  [thicknessReading.name]: readingWithinNominal,
};

export const thicknessScopes: RecordScopes = {
  [thicknessLocation.name]: plantWide(
    'thickness monitoring hangs on the asset master: the plant keeps one set of locations per equipment',
  ),
};
