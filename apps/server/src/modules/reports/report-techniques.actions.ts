import { countedRowKinds, gradedEntity, reportHeader, reportIdParams, techniques } from '@inspectra/contract';
import type { GradeCount, ReportTechniqueSummary, TechniqueDefinition } from '@inspectra/contract';
import { and, sql } from 'drizzle-orm';
import type { Placeholder, SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import { tableOf } from '../../db/schema/index.ts';
import { can } from '../../engine/access.ts';
import { callerScope } from '../../engine/record-scope.ts';
import type { ReadScope } from '../../engine/record-scope.ts';
import type { RecordRepository } from '../../engine/records/repository.ts';
import { AppError } from '../../errors.ts';
import { typedAction } from '../../engine/action-handler.ts';
import { BoundedMap } from '../../engine/bounded-map.ts';
import { gradeLaterals } from '../../engine/finding-grade.ts';
import type { ActionHandler } from '../../engine/action-handler.ts';
import { SqlStatements } from '../../engine/records/statements.ts';

type Table = PgTable & Record<string, AnyPgColumn>;

/** The techniques whose generated workspace hangs an inspection off a report, with a card. */
const summarised = techniques.filter((technique) => {
  const inspection = technique.workspace?.inspection;
  const parent = inspection?.parent ? inspection.fields[inspection.parent] : undefined;
  return technique.reportCard !== false && parent?.kind === 'ref' && parent.entity === reportHeader.name;
});

/** The report figures' statements, by technique and by the techniques looked for (the definitions, not their names). */
const statements = new SqlStatements('report_techniques');
const reportSlot = sql.placeholder('reportId');

/** One technique's figures on a report as `summaryOf` reads them. */
type SummaryRow = {
  variant: string | null;
  inspections: number | string;
  rows: number | string;
  worst: number | null;
  per_inspection: { id: string; rows: number | string; grades: [number, number | string][] }[];
};

/**
 * One technique's figures on a report, per equipment class, in one statement built once per
 * technique and prepared by name (`SqlStatements`, the report a placeholder: its grades are compiled
 * from the declarations once, not per request): its inspections by the parent index; each kind of
 * row read once, off the rows' parent index (a grade the row's own fields decide, off its grade
 * index alone: `gradeLaterals`), and counted grouped by inspection and grade (the rows, the worst
 * grade and the rows per grade all follow from those counts). Bounded by what the one report holds,
 * never by the table. Counting, grading and ranking the rows in separate subqueries per inspection
 * read them three times; counting their photos read every photo of every row, which no screen
 * showed (docs/engine-performance.md, "The grade indexed").
 * An inspection graded as its own record (an MCSA test) counts once, at its own level.
 */
export async function summaryOf(
  db: DbOrTx,
  technique: TechniqueDefinition,
  reportId: string,
): Promise<ReportTechniqueSummary[]> {
  const found = await statements.execute<SummaryRow>(
    db,
    ['summary', technique],
    () => summarySql(technique),
    { reportId },
    // One report's inspections and their rows off the parents' indexes, whichever report.
    'shared',
  );
  return summariesOf(technique, found);
}

/** One technique's figures as the report page shows them, from its statement's rows. */
function summariesOf(technique: TechniqueDefinition, found: readonly SummaryRow[]): ReportTechniqueSummary[] {
  const grade = technique.findingGrade;
  const levels = grade?.levels ?? [];
  /** Counts by a level's place (1 = least severe) as levels, in the grade's order. */
  const byGrade = (pairs: Iterable<[number, number]>): GradeCount[] => {
    const counts = new Map<number, number>();
    for (const [at, n] of pairs) counts.set(at, (counts.get(at) ?? 0) + n);
    return levels.flatMap((level, i) => (counts.get(i + 1) ? [{ level, rows: counts.get(i + 1)! }] : []));
  };
  return found.map((row) => {
    const perInspection = row.per_inspection.map((one) => ({
      id: one.id,
      rows: Number(one.rows),
      grades: one.grades.map(([at, n]) => [Number(at), Number(n)] as [number, number]),
    }));
    return {
      technique: technique.module,
      variant: row.variant,
      inspections: Number(row.inspections),
      rows: Number(row.rows),
      worstFinding: grade && row.worst != null ? (grade.levels[Number(row.worst) - 1] ?? null) : null,
      byGrade: byGrade(perInspection.flatMap((one) => one.grades)),
      perInspection: perInspection.map((one) => ({
        id: one.id,
        rows: one.rows,
        byGrade: byGrade(one.grades),
      })),
    };
  });
}

/**
 * `summaryOf`'s statement for one technique, the report a placeholder (`reportId`) unless given
 * (a test's plan check names one).
 */
export function summarySql(technique: TechniqueDefinition, report: SQL | Placeholder = reportSlot): SQL {
  const entity = technique.workspace!.inspection;
  const rowsEntity = technique.workspace!.rows;
  const i = tableOf(entity) as unknown as Table;
  const variant = entity.variants ? sql`${i.variant!}` : sql`null::text`;
  const grade = technique.findingGrade;
  // Where classes hold different rows (`rowsVariants`), each inspection's rows are of its class's
  // kind; a kind is never under another class's inspection, so each is counted under every one.
  const kinds = rowsEntity ? [...countedRowKinds(technique).keys()] : [];
  const r = rowsEntity ? (tableOf(rowsEntity) as unknown as Table) : undefined;
  // The rows' grade computed once per row, in laterals after their table (`gradeLaterals`).
  const graded = r ? gradeLaterals(technique, r) : undefined;
  const rank = graded?.rank;
  // One grouped pass over each kind of row (and over the graded rows, should they not be counted):
  // per inspection and level (null: ungraded), the rows counted (`n`) and the rows of the level (`c`).
  const read = [...new Set([...kinds, ...(rank ? [rowsEntity!] : [])])];
  // Under each inspection on its own (a lateral per inspection): its rows come off the parent's
  // index in the index's order, so a grade indexed with its parent is counted as it is read, with
  // no hashing of (inspection, grade) pairs (docs/engine-performance.md, "in three statements").
  const passes = read.map((kind) => {
    const k = tableOf(kind) as unknown as Table;
    const ranked = kind === rowsEntity && graded ? graded : undefined;
    const counted = kinds.includes(kind) ? sql`count(*)` : sql`0::bigint`;
    return sql`select x.id as inspection, rc.g, rc.n, rc.c from inspection x cross join lateral (
      select ${ranked?.rank ?? sql`null::int`} as g, ${counted} as n, count(*) as c
      from ${k}${ranked?.from ?? sql``} where ${k[kind.parent!]!} = x.id group by 1) rc`;
  });
  const none = sql`select null::uuid as inspection, null::int as g, 0::bigint as n, 0::bigint as c where false`;
  // An inspection graded as its own record (an MCSA test): it counts once, at its own level.
  if (!rowsEntity && grade && gradedEntity(technique) === entity) {
    const own = gradeLaterals(technique, i)!;
    passes.push(sql`select ${i.id!} as inspection, ${own.rank} as g, 0::bigint as n, 1::bigint as c
      from ${i}${own.from} where ${i[entity.parent!]!} = ${report} and ${own.rank} is not null`);
  }
  return sql`with inspection as (
      select ${i.id!} as id, ${variant} as v, ${i.createdAt!} as created
      from ${i} where ${i[entity.parent!]!} = ${report}),
    row_counts as (${passes.length > 0 ? sql.join(passes, sql` union all `) : none}),
    per_inspection as (
      select x.v, x.id, x.created, coalesce(sum(rc.n), 0) as n, max(rc.g) as worst,
        coalesce(json_agg(json_build_array(rc.g, rc.c)) filter (where rc.g is not null), '[]'::json) as grades
      from inspection x left join row_counts rc on rc.inspection = x.id
      group by x.v, x.id, x.created)
    select v as variant, count(*) as inspections, coalesce(sum(n), 0) as rows, max(worst) as worst,
      json_agg(json_build_object('id', id::text, 'rows', n, 'grades', grades) order by created, id::text) as per_inspection
    from per_inspection group by v order by v`;
}

/**
 * Whether the report is there under the caller's scope, and the techniques with an inspection on it,
 * in one statement of one index probe each (the report's own read is not needed: the figures name
 * only its id): a report holds one or two techniques. One statement over all thirteen techniques'
 * figures instead would plan in 15 ms and run in 0.59 ms, against 1–7 ms and 0.26 ms for one
 * technique's (docs/engine-performance.md, "One statement for a report's figures?"). With a
 * technique expected (`expected`: the one this report held when last read here), the same
 * statement also answers that technique's figures (`summarySql`, joined to the probe only where
 * the report is visible and holds it): the page's figures in one statement, not two. Prepared by
 * shape (scoped or not, the techniques looked for, the one expected).
 */
async function presentOn(
  db: DbOrTx,
  reports: RecordRepository,
  scope: ReadScope,
  candidates: readonly TechniqueDefinition[],
  reportId: string,
  expected?: TechniqueDefinition,
): Promise<{ present: TechniqueDefinition[]; expectedFigures?: ReportTechniqueSummary[] }> {
  const scoped = reports.preparedScope(scope);
  const at = expected ? candidates.indexOf(expected) : -1;
  const rows = await statements.execute<Record<string, unknown> & SummaryRow>(
    db,
    ['present', scoped ? 'scoped' : 'whole', ...candidates, ...(at >= 0 ? ['with', expected!] : [])],
    () => {
      const h = reports.table as unknown as Table;
      const report = sql`exists (select 1 from ${h} where ${and(sql`${h.id!} = ${reportSlot}`, scoped?.where())}) as report`;
      const probe = sql`select ${sql.join(
        [
          report,
          ...candidates.map((technique, n) => {
            const entity = technique.workspace!.inspection;
            const i = tableOf(entity) as unknown as Table;
            return sql`exists (select 1 from ${i} where ${i[entity.parent!]!} = ${reportSlot}) as ${sql.identifier(`t${n}`)}`;
          }),
        ],
        sql`, `,
      )}`;
      if (at < 0) return probe;
      return sql`select probe.*, figures.* from (${probe}) probe
        left join (${summarySql(expected!)}) figures on probe.report and probe.${sql.identifier(`t${at}`)}
        order by figures.variant`;
    },
    { reportId, ...scoped?.values },
    'shared',
  );
  const [row] = rows;
  // Out of the caller's company scope the report is not found, and nothing of it is counted.
  if (row?.report !== true)
    throw new AppError('NOT_FOUND', `${reportHeader.label} ${reportId} was not found`);
  const present = candidates.filter((_, n) => row[`t${n}`] === true);
  if (at < 0 || row[`t${at}`] !== true) return { present };
  return {
    present,
    expectedFigures: summariesOf(
      expected!,
      rows.filter((one) => one.inspections !== null),
    ),
  };
}

/**
 * The technique each report held when its figures were last read by this process, the first of
 * them: expected again, its figures are read with the probe (`presentOn`). Only a guess, never
 * trusted: the probe always says what the report holds, and a wrong guess costs the figures'
 * statement it would have made anyway. Bounded; another process keeps its own.
 */
const lastHeld = new BoundedMap<string, TechniqueDefinition>(10_000);

function remember(reportId: string, technique: TechniqueDefinition | undefined) {
  if (technique) lastHeld.set(reportId, technique);
  else lastHeld.delete(reportId);
}

/** What the report page's cards show, for the techniques the caller's role may view. */
export const reportTechniqueActions: Record<string, ActionHandler> = {
  'reportHeader.techniques': typedAction({ params: reportIdParams }, async ({ params, deps, user }) => {
    const reports = deps.repositories.get(reportHeader.name)!;
    const visible = summarised.filter((t) => can(user!, { module: t.module, action: 'view' }));
    const expected = lastHeld.get(params.id);
    const { present, expectedFigures } = await presentOn(
      deps.db,
      reports,
      callerScope(user!),
      visible,
      params.id,
      expected,
    );
    remember(params.id, present[0]);
    const data: ReportTechniqueSummary[] = [];
    for (const technique of present)
      data.push(
        ...(technique === expected && expectedFigures
          ? expectedFigures
          : await summaryOf(deps.db, technique, params.id)),
      );
    return { data };
  }),
};
