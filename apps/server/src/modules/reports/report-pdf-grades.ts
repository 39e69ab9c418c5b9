import { verdictOverrideOf, verdictOverrideReasonKey } from '@inspectra/contract';
import type { EntityDefinition } from '@inspectra/contract';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { verdictAcceptances } from '../../db/schema/index.ts';
import type { TreeRecord } from '../../engine/report-tree.ts';
import type { Content } from './report-pdf-types.ts';
import type { PdfWords } from './report-pdf-words.ts';

/**
 * Light fill and dark text for each level of a grade, least severe first: green, yellow, orange,
 * red, spread over however many levels the technique declares. No per-technique colours: a
 * grade's cell in a rows table and the limit beyond which a profile's rows take that grade are
 * coloured alike.
 */
const gradeColours = [
  { fill: '#d3f9d8', color: '#2b8a3e' },
  { fill: '#fff3bf', color: '#e67700' },
  { fill: '#ffe8cc', color: '#d9480f' },
  { fill: '#ffc9c9', color: '#c92a2a' },
];
export function gradeColour(levels: readonly string[], level: unknown) {
  const i = levels.indexOf(String(level));
  if (i < 0) return undefined;
  const at = levels.length === 1 ? 0 : Math.round((i * (gradeColours.length - 1)) / (levels.length - 1));
  return gradeColours[at]!;
}

/** An inspection's graded rows as counted under their table (`RowsByGrade.summary`). */
export type GradeSummary = {
  entity: EntityDefinition;
  field: string;
  levels: readonly string[];
  rows: number;
  byGrade: { level: string; rows: number }[];
  worst: { name: string; level: string } | undefined;
  /** Rows whose recorded verdict overrides the standard's (a verdict pair), and how many a reviewer accepted. */
  overrides: { rows: number; accepted: number };
};

/**
 * An inspection's graded rows counted as the layout lays them out (`add`), said after their table
 * (`content`) as the workspace says them under it: how many rows take each level, in the level's
 * colours, and the first row of the worst level met, by its name in the table.
 */
export class RowsByGrade {
  private readonly counts = new Map<string, number>();
  private worst: { name: string; rank: number } | undefined;
  private rows = 0;

  constructor(
    private readonly words: PdfWords,
    private readonly entity: EntityDefinition,
    private readonly grade: { field: string; levels: readonly string[] },
  ) {}

  private overrides = 0;
  private readonly acceptedBy: string[] = [];

  /**
   * A row: its name (its table's first column) and its level, if graded; with a verdict pair, the
   * level counted (`PrintedVerdict.counted`) and whether it is an override, accepted by whom.
   */
  add(name: string, level: unknown, verdict?: PrintedVerdict) {
    if (verdict?.override) {
      this.overrides++;
      if (verdict.acceptedBy) this.acceptedBy.push(verdict.acceptedBy);
    }
    this.rows++;
    const rank = this.grade.levels.indexOf(String(level));
    if (rank < 0) return;
    this.counts.set(String(level), (this.counts.get(String(level)) ?? 0) + 1);
    if (!this.worst || rank > this.worst.rank) this.worst = { name, rank };
  }

  /**
   * What the line says, as data for the cover's overall result (report-pdf-cover.ts): the rows
   * counted, the rows per level met (least severe first) and the first row of the worst level.
   */
  summary(): GradeSummary {
    const { levels } = this.grade;
    return {
      entity: this.entity,
      field: this.grade.field,
      levels,
      rows: this.rows,
      byGrade: levels.flatMap((level) => {
        const rows = this.counts.get(level);
        return rows ? [{ level, rows }] : [];
      }),
      worst: this.worst && { name: this.worst.name, level: levels[this.worst.rank]! },
      overrides: { rows: this.overrides, accepted: this.acceptedBy.length },
    };
  }

  /** The line of counts, or nothing when no row is graded. */
  content(): Content[] {
    if (this.counts.size === 0) return [];
    const { levels, field } = this.grade;
    const label = (level: string) => this.words.labels.value(this.entity, field, level);
    const said: Content[] = [`${this.words.grades.counts(this.rows)} `];
    for (const level of levels) {
      const count = this.counts.get(level);
      if (!count) continue;
      const colour = gradeColour(levels, level);
      said.push(
        { text: ` ${label(level)} `, background: colour?.fill, color: colour?.color, bold: true },
        ` ${count.toLocaleString(this.words.locale)}   `,
      );
    }
    if (this.worst)
      said.push({
        text: this.words.grades.worst(this.worst.name, label(levels[this.worst.rank]!)),
        color: '#555555',
      });
    if (this.overrides > 0)
      said.push({
        text: `   ${overridesLine(this.words, this.overrides, this.acceptedBy)}`,
        color: this.acceptedBy.length < this.overrides ? '#d9480f' : '#555555',
        bold: this.acceptedBy.length < this.overrides,
      });
    return [{ text: said, margin: [0, 2, 0, 6] }];
  }
}

/** Reviewers' acceptances of a report's overrides, by row (docs/verdict-pairs.md). */
export type Acceptances = ReadonlyMap<string, { recorded: string; standard: string; name: string }>;

/** What a print reads of a report's acceptances: one query when its header is met. */
export async function acceptancesOf(db: DbOrTx, reportId: string): Promise<Acceptances> {
  const rows = await db
    .select({
      rowId: verdictAcceptances.rowId,
      recorded: verdictAcceptances.recorded,
      standard: verdictAcceptances.standard,
      name: verdictAcceptances.acceptedByName,
    })
    .from(verdictAcceptances)
    .where(eq(verdictAcceptances.reportHeaderId, reportId));
  return new Map(rows.map((r) => [r.rowId, r]));
}

/** A graded row's verdicts as printed: the level counted, the override if any, who accepted it. */
export type PrintedVerdict = {
  counted: unknown;
  override: { recorded: string; standard: string; reason: string | null } | null;
  acceptedBy: string | null;
};

/**
 * A row's verdicts as the print counts them: with a verdict pair that differs, the stricter of the
 * two until a reviewer accepted the recorded one (the same rule as the grades in SQL).
 */
export function printedVerdict(
  entity: EntityDefinition,
  record: TreeRecord,
  acceptances: Acceptances,
): PrintedVerdict {
  const values = { ...record.values, ...record.derived };
  const pair = entity.verdict;
  const override = pair ? verdictOverrideOf(pair, values) : null;
  if (!pair || !override)
    // None recorded: the standard's counts, as the server's grade (finding-grade.ts).
    return {
      counted: pair ? (values[pair.recorded] ?? values[pair.standard]) : undefined,
      override: null,
      acceptedBy: null,
    };
  const accepted = acceptances.get(String(record.values.id));
  const acceptedBy =
    accepted && accepted.recorded === override.recorded && accepted.standard === override.standard
      ? accepted.name
      : null;
  const reason = record.values[verdictOverrideReasonKey];
  return {
    counted: acceptedBy ? override.recorded : override.stricter,
    override: { ...override, reason: typeof reason === 'string' ? reason : null },
    acceptedBy,
  };
}

/** An override's grade cell: both verdicts, in the colours of the level counted. */
export function overrideCell(
  words: PdfWords,
  entity: EntityDefinition,
  grade: { field: string; levels: readonly string[] },
  verdict: PrintedVerdict,
): Content {
  const label = (level: string) => words.labels.value(entity, grade.field, level);
  const colour = gradeColour(grade.levels, verdict.counted);
  return {
    text: words.verdicts.cell(label(verdict.override!.recorded), label(verdict.override!.standard)),
    fillColor: colour?.fill,
    color: colour?.color,
    bold: true,
  };
}

/** In an override's block: both verdicts and the reason; nothing for another row. */
export function overrideNote(
  words: PdfWords,
  entity: EntityDefinition,
  verdict: PrintedVerdict | undefined,
): Content[] {
  const override = verdict?.override;
  const pair = entity.verdict;
  if (!override || !pair) return [];
  const label = (level: string) => words.labels.value(entity, pair.recorded, level);
  return [
    {
      text: words.verdicts.block(label(override.recorded), label(override.standard), override.reason),
      style: 'note',
    },
  ];
}

/** "1 override, not yet accepted", "2 overrides, 1 accepted by X; 1 not yet accepted". */
function overridesLine(words: PdfWords, count: number, accepted: readonly string[]): string {
  const w = words.verdicts;
  const waiting = count - accepted.length;
  const parts = [
    ...(accepted.length > 0
      ? [`${waiting > 0 ? `${accepted.length} ` : ''}${w.acceptedBy([...new Set(accepted)].join(', '))}`]
      : []),
    ...(waiting > 0 ? [`${accepted.length > 0 ? `${waiting} ` : ''}${w.notAccepted}`] : []),
  ];
  return `${w.overrides(count)}, ${parts.join('; ')}`;
}
