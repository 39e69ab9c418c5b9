import type { EntityDefinition } from '@inspectra/contract';
import type { Content } from './report-pdf-layout.ts';
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

  /** A row: its name (its table's first column) and its level, if graded. */
  add(name: string, level: unknown) {
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
    return [{ text: said, margin: [0, 2, 0, 6] }];
  }
}
