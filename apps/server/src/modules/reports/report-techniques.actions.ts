import { countedRowKinds, gradedEntity, reportHeader, reportIdParams, techniques } from '@inspectra/contract';
import type {
  EntityDefinition,
  GradeCount,
  ReportTechniqueSummary,
  TechniqueDefinition,
} from '@inspectra/contract';
import { sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import { attachments, tableOf } from '../../db/schema/index.ts';
import { can } from '../../engine/access.ts';
import { callerScope } from '../../engine/record-scope.ts';
import { typedAction } from '../../engine/action-handler.ts';
import { gradeRank, gradeSql } from '../../engine/finding-grade.ts';
import type { ActionHandler } from '../../engine/action-handler.ts';

type Table = PgTable & Record<string, AnyPgColumn>;

/** The techniques whose generated workspace hangs an inspection off a report, with a card. */
const summarised = techniques.filter((technique) => {
  const inspection = technique.workspace?.inspection;
  const parent = inspection?.parent ? inspection.fields[inspection.parent] : undefined;
  return technique.reportCard !== false && parent?.kind === 'ref' && parent.entity === reportHeader.name;
});

/**
 * One technique's figures on a report, per equipment class, in one statement: its inspections by
 * the parent index, their rows counted and graded by the rows' parent index (or, for an inspection
 * graded as its own record, each inspection counted at its level), and the files of both by the
 * attachment owner index. Bounded by what the one report holds, never by the table.
 */
export async function summaryOf(
  db: DbOrTx,
  technique: TechniqueDefinition,
  reportId: string,
): Promise<ReportTechniqueSummary[]> {
  const entity = technique.workspace!.inspection;
  const rowsEntity = technique.workspace!.rows;
  const i = tableOf(entity) as unknown as Table;
  const variant = entity.variants ? sql`${i.variant!}` : sql`null::text`;
  const grade = technique.findingGrade;
  let perInspection = sql`0::bigint as n, null::int as worst, '[]'::json as grades, 0::bigint as row_files`;
  if (rowsEntity) {
    const r = tableOf(rowsEntity) as unknown as Table;
    const parent = r[rowsEntity.parent!]!;
    const graded = gradeSql(technique, r);
    const rank = graded ? gradeRank(technique, graded) : undefined;
    // Rows per level, by the level's place: one grouped count over the inspection's rows.
    const grades = rank
      ? sql`(select coalesce(json_agg(json_build_array(g, c)), '[]'::json)
          from (select ${rank} as g, count(*) as c from ${r} where ${parent} = ${i.id!} and ${rank} is not null
            group by 1) per_grade)`
      : sql`'[]'::json`;
    // Where classes hold different rows (`rowsVariants`), each inspection's rows are of its class's
    // kind; a kind is never under another class's inspection, so each is counted under every one.
    const kinds = [...countedRowKinds(technique).keys()];
    const counted = (of: (kind: EntityDefinition, k: Table) => SQL) =>
      sql.join(
        kinds.map((kind) => of(kind, tableOf(kind) as unknown as Table)),
        sql` + `,
      );
    const n = counted((kind, k) => sql`(select count(*) from ${k} where ${k[kind.parent!]!} = ${i.id!})`);
    const rowFiles = counted(
      (kind, k) => sql`(select count(*) from ${attachments} join ${k} on ${attachments.ownerId} = ${k.id!}
        where ${attachments.ownerEntity} = ${kind.name} and ${k[kind.parent!]!} = ${i.id!})`,
    );
    perInspection = sql`(${n}) as n,
      ${
        // Without a grade there is no worst row (a bare `select null` would answer one per row).
        rank ? sql`(select max(${rank}) from ${r} where ${parent} = ${i.id!})` : sql`null::int`
      } as worst,
      ${grades} as grades,
      (${rowFiles}) as row_files`;
  } else if (grade && gradedEntity(technique) === entity) {
    // An inspection graded as its own record (an MCSA test): it counts once, at its own level.
    const rank = gradeRank(technique, gradeSql(technique, i)!);
    perInspection = sql`0::bigint as n, ${rank} as worst,
      (case when ${rank} is null then '[]'::json else json_build_array(json_build_array(${rank}, 1)) end) as grades,
      0::bigint as row_files`;
  }
  const found = await db.execute<{
    variant: string | null;
    inspections: number | string;
    rows: number | string;
    worst: number | null;
    files: number | string;
    per_inspection: { id: string; rows: number | string; grades: [number, number | string][] }[];
  }>(sql`select v as variant, count(*) as inspections, coalesce(sum(n), 0) as rows, max(worst) as worst,
      coalesce(sum(own_files + row_files), 0) as files,
      json_agg(json_build_object('id', id, 'rows', n, 'grades', grades) order by created, id) as per_inspection
    from (select ${variant} as v, ${i.id!}::text as id, ${i.createdAt!} as created, ${perInspection},
        (select count(*) from ${attachments} where ${attachments.ownerEntity} = ${entity.name}
          and ${attachments.ownerId} = ${i.id!}) as own_files
      from ${i} where ${i[entity.parent!]!} = ${reportId}) per_inspection
    group by v order by v`);
  const levels = grade?.levels ?? [];
  /** Counts by a level's place (1 = least severe) as levels, in the grade's order. */
  const byGrade = (pairs: Iterable<[number, number]>): GradeCount[] => {
    const counts = new Map<number, number>();
    for (const [at, n] of pairs) counts.set(at, (counts.get(at) ?? 0) + n);
    return levels.flatMap((level, i) => (counts.get(i + 1) ? [{ level, rows: counts.get(i + 1)! }] : []));
  };
  return found.rows.map((row) => {
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
      files: Number(row.files),
      byGrade: byGrade(perInspection.flatMap((one) => one.grades)),
      perInspection: perInspection.map((one) => ({
        id: one.id,
        rows: one.rows,
        byGrade: byGrade(one.grades),
      })),
    };
  });
}

/** What the report page's cards show, for the techniques the caller's role may view. */
export const reportTechniqueActions: Record<string, ActionHandler> = {
  'reportHeader.techniques': typedAction({ params: reportIdParams }, async ({ params, deps, user }) => {
    // Out of the caller's company scope the report is not found, and nothing of it is counted.
    const report = await deps.repositories
      .get(reportHeader.name)!
      .get(deps.db, params.id, callerScope(user!));
    const visible = summarised.filter((t) => can(user!, { module: t.module, action: 'view' }));
    const data: ReportTechniqueSummary[] = [];
    for (const technique of visible) data.push(...(await summaryOf(deps.db, technique, report.id)));
    return { data };
  }),
};
