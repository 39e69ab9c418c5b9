import { gradedEntity, partsOf } from '@inspectra/contract';
import type { Condition, EntityDefinition, Expr, TechniqueDefinition } from '@inspectra/contract';
import { sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import { column, compile, conditionOps, text } from './derived-compile.ts';
import type { Columns } from './derived-compile.ts';

/**
 * A technique's finding grade that its graded record's own stored fields decide alone (`rowGrade`):
 * a stored field, or a value derived from stored fields of the same row by arithmetic, bands and
 * conditions (thermal's severity from its two temperatures). Such a grade is indexed with its
 * parent (`<table>_grade_idx`, entity-table.ts): a report's figures, its worst finding and its
 * findings read its rank off the index, where grading each row when asked read the whole table
 * (docs/engine-performance.md, "The grade indexed").
 */
export type RowGrade = {
  entity: EntityDefinition;
  field: string;
  levels: readonly string[];
  /** The stored fields the grade reads, carried in its index so a count never reads the table. */
  reads: string[];
};

/**
 * What a row's own fields compute in SQL that PostgreSQL can index (immutable, no subquery): no
 * value read through a reference or from a series, no list counted, no date or day of today.
 */
const rowLocalOps = new Set<string>([
  ...['field', 'number', 'text', 'add', 'sub', 'mul', 'div', 'min', 'max', 'round', 'bands', 'if', 'byValue'],
  ...conditionOps,
]);

/** The stored fields an expression reads, or undefined when it reads anything but its own row. */
function ownReads(entity: EntityDefinition, expr: Expr | Condition): string[] | undefined {
  if (!rowLocalOps.has(expr.op)) return undefined;
  const own = 'key' in expr && typeof expr.key === 'string' ? [expr.key] : [];
  if (own.some((key) => !entity.fields[key])) return undefined;
  const below = partsOf(expr).map((part) => ownReads(entity, part));
  if (below.some((reads) => !reads)) return undefined;
  return [...new Set([...own, ...below.flatMap((reads) => reads!)])];
}

/**
 * The technique's grade when its graded record's own stored fields decide it and the record has a
 * parent to count it under; undefined for a grade read through a reference or from a series (UFD's,
 * SRUT's, ultrasound's), one counted from a verdict pair (a reviewer's acceptance is another
 * table's), or a technique that grades nothing.
 */
export function rowGrade(technique: TechniqueDefinition): RowGrade | undefined {
  const grade = technique.findingGrade;
  const entity = gradedEntity(technique);
  if (!grade || !entity?.parent || entity.verdict) return undefined;
  if (entity.fields[grade.field])
    return { entity, field: grade.field, levels: grade.levels, reads: [grade.field] };
  const expr = entity.derived[grade.field]?.expr;
  const reads = expr ? ownReads(entity, expr) : undefined;
  return reads ? { entity, field: grade.field, levels: grade.levels, reads } : undefined;
}

/**
 * A grade's rank among its levels (1 = least severe, null for no level) as SQL, the levels written
 * as literals (declarations, never input), so the same text indexes it and reads it.
 */
export function rankAmong(levels: readonly string[], grade: SQL): SQL {
  return sql`array_position(${levelsArray(levels)}, (${grade})::text)`;
}

/** A grade's levels as an SQL text array of literals, least severe first: `(…)[rank]` is a level. */
export function levelsArray(levels: readonly string[]): SQL {
  return sql`array[${sql.join(levels.map(text), sql`, `)}]::text[]`;
}

/** A row grade's value as SQL over the row's columns: its stored column, or its expression inline. */
export function rowGradeValue(grade: RowGrade, columns: Columns): SQL {
  const expr = grade.entity.derived[grade.field]?.expr;
  return expr ? compile(expr, columns) : sql`${column(columns, grade.field)}`;
}

/** A row grade's rank over the row's columns: the expression its index holds (`<table>_grade_idx`). */
export function rowGradeRank(grade: RowGrade, columns: Columns): SQL {
  return rankAmong(grade.levels, rowGradeValue(grade, columns));
}
