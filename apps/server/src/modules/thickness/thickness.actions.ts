import {
  assessThickness,
  thicknessAssessment,
  thicknessLocation,
  thicknessLocationListQuery,
  thicknessLocationParams,
  thicknessReading,
} from '@inspectra/contract';
import type { ThicknessLocationView } from '@inspectra/contract';
import { asc, eq, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { tableOf } from '../../db/schema/index.ts';
import { typedAction } from '../../engine/action-handler.ts';
import type { ActionHandler } from '../../engine/action-handler.ts';
import type { WriteCheck } from '../../engine/engine-deps.ts';
import { compile } from '../../engine/derived-sql.ts';
import { plantWide } from '../../engine/record-scope.ts';
import type { RecordScopes } from '../../engine/record-scope.ts';
import { defineList, listPage } from '../../engine/records/declared-list.ts';
import { AppError, fieldRefusal } from '../../errors.ts';

/**
 * Thickness monitoring (docs/thickness-monitoring.md): each location answered with its first,
 * previous and latest readings and the assessment the contract declares as expressions
 * (`thicknessAssessment`), compiled to SQL here so the list filters by status in the statement.
 */

const readings = tableOf(thicknessReading);
const locations = tableOf(thicknessLocation);

/**
 * A location's series read beside it: its latest two readings and its first, each off the
 * (location, date) unique index by one bounded scan. `offset 0` keeps the three reads a subquery
 * of their own, so the expressions over them (which name each many times) do not repeat them.
 */
function seriesInputs(location: AnyPgColumn): SQL {
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

/** The assessment's inputs as the expressions name them, over a row and its series (`inputs`). */
function inputColumns(row: Record<string, AnyPgColumn>) {
  const of = (column: string) => sql`inputs.${sql.identifier(column)}`;
  return {
    requiredThicknessMm: row.requiredThicknessMm!,
    code: row.code!,
    inspectionClass: row.inspectionClass!,
    firstThicknessMm: of('first_t'),
    firstDate: of('first_d'),
    previousThicknessMm: of('previous_t'),
    previousDate: of('previous_d'),
    latestThicknessMm: of('latest_t'),
    latestDate: of('latest_d'),
  };
}

/** A location's status, in SQL: the contract's expression over its row and its series. */
const statusSql = (row: Record<string, AnyPgColumn>) =>
  sql`(select ${compile(thicknessAssessment.status, inputColumns(row))} from ${seriesInputs(row.id!)})`;

/**
 * One value of the contract's assessment (`thicknessAssessment`) in SQL over a location's row and
 * its series: what another read (the equipment health card's next due date) reuses.
 */
export const assessmentSql = (key: keyof typeof thicknessAssessment, row: Record<string, AnyPgColumn>) =>
  sql`(select ${compile(thicknessAssessment[key], inputColumns(row))} from ${seriesInputs(row.id!)})`;

/** What each location of a page carries beside its record: the series the assessment reads. */
const seriesJson = (row: Record<string, AnyPgColumn>) =>
  sql`(select json_build_object('n', inputs.n, 'latestThicknessMm', inputs.latest_t,
      'latestDate', inputs.latest_d::text, 'previousThicknessMm', inputs.previous_t,
      'previousDate', inputs.previous_d::text, 'firstThicknessMm', inputs.first_t,
      'firstDate', inputs.first_d::text) from ${seriesInputs(row.id!)})`;

type Series = {
  n: number;
  latestThicknessMm: number | null;
  latestDate: string | null;
  previousThicknessMm: number | null;
  previousDate: string | null;
  firstThicknessMm: number | null;
  firstDate: string | null;
};

const reading = (date: string | null, thicknessMm: number | null) =>
  date !== null && thicknessMm !== null ? { date, thicknessMm } : null;

/** A location answered: the record, its readings' summary, and its assessment (the same expressions as the SQL's). */
function locationView(record: Record<string, unknown>, series: Series): ThicknessLocationView {
  // With one reading, the first is the latest and there is no previous.
  const previous = series.n > 1 ? reading(series.previousDate, series.previousThicknessMm) : null;
  const inputs = {
    ...record,
    ...series,
    previousThicknessMm: previous?.thicknessMm ?? null,
    previousDate: previous?.date ?? null,
  };
  return {
    ...(record as ThicknessLocationView),
    readingCount: series.n,
    firstReading: reading(series.firstDate, series.firstThicknessMm),
    previousReading: previous,
    latestReading: reading(series.latestDate, series.latestThicknessMm),
    ...assessThickness(inputs),
  };
}

const locationList = defineList<ThicknessLocationView>(thicknessLocation, 'thicknessLocations', {
  conditions: {
    equipmentNo: ({ row, value }) => eq(row.equipmentNo!, value()),
    // The states asked for (one or more), worked out in the statement from the declared expression.
    status: ({ row, value }) => sql`${statusSql(row)} = any(${value()}::text[])`,
    id: ({ row, value }) => sql`${row.id!} = ${value()}::uuid`,
  },
  // By equipment, then location: the natural key's index.
  order: ({ row }) => [asc(row.equipmentNo!), asc(row.name!)],
  adds: ({ row }) => ({ series: seriesJson(row) }),
  view: (row, added) => locationView(row as Record<string, unknown>, added.series as Series),
});

export const thicknessActions: Record<string, ActionHandler> = {
  'thickness.locations': typedAction({ query: thicknessLocationListQuery }, ({ query, deps, user }) =>
    listPage(deps, locationList, query, user!),
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
