import {
  countedRowKinds,
  formatCoordinate,
  galleryGroups,
  gradedEntity,
  itemsKeyOf,
  listOfText,
  readingKeys,
} from '@inspectra/contract';
import type { EntityDefinition, Field, TechniqueDefinition, WorkspaceGallery } from '@inspectra/contract';
import type { ReportTreeEntry, TreeAttachment, TreeRecord } from '../../engine/report-tree.ts';
import { leadField } from '../../engine/report-tree.ts';
import { gradeColour, overrideCell, overrideNote, printedVerdict, RowsByGrade } from './report-pdf-grades.ts';
import type { Acceptances, GradeSummary } from './report-pdf-grades.ts';
import { keepHeadingsWithNext, heading } from './report-pdf-keep.ts';
import type { Content } from './report-pdf-types.ts';
import { ProfileOfRows, profileOf } from './report-pdf-profile.ts';
import { TrendOfRows } from './report-pdf-trend.ts';
import type { PdfWords } from './report-pdf-words.ts';

/**
 * A report's PDF laid out from its tree and the declarations alone (docs/report-of-record.md
 * "Layout"): no technique is named here. A technique's section holds its lists in declared order:
 * a record with lists under it (an inspection) as titled blocks of its field groups, then its
 * files, then its lists; a list of rows as a table of its leading columns, then the profile its
 * technique declares of them (report-pdf-profile.ts), then each row's blocks. Every label
 * (technique, entity, field, group, value, image, variant) is read in the PDF's language through
 * one lookup (`words.labels`), the declaration's English where it has none.
 */

/** Photos are drawn when pdfkit can embed them; other images are named and described. */
const drawable = new Set(['image/jpeg', 'image/png']);
/** Most columns a rows table shows; every field is in the row's blocks below it. */
const maxColumns = 7;
/** Photos fit this box (points): two side by side across an A4 page's text width. */
const photoBox: [number, number] = [240, 180];

/** A photo to read before printing: its node is filled with the image or a placeholder. */
export type PendingImage = {
  attachment: Pick<TreeAttachment, 'id' | 'mediaType' | 'storageKey' | 'size'>;
  node: Record<string, unknown>;
  /** The placeholder the node holds until the image is read (kept to print without images). */
  placeholder?: Record<string, unknown>;
  box?: [number, number];
};

/** "1.2 MB": a file's size as a reader reads it. */
export function fileSize(bytes: number, locale: string): string {
  const units = ['bytes', 'KB', 'MB', 'GB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value.toLocaleString(locale, { maximumFractionDigits: unit === 0 ? 0 : 1 })} ${units[unit]}`;
}

/** Formats values in the PDF's language: dates, numbers with units, choices in words, names. */
export class ValueWords {
  private readonly date: Intl.DateTimeFormat;
  private readonly dateTime: Intl.DateTimeFormat;
  constructor(readonly words: PdfWords) {
    this.date = new Intl.DateTimeFormat(words.locale, {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      timeZone: 'UTC',
    });
    this.dateTime = new Intl.DateTimeFormat(words.locale, {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      timeZone: 'UTC',
      timeZoneName: 'short',
    });
  }

  /** A calendar date (`2026-11-20`) as written in the language. */
  day(value: string): string {
    const parsed = new Date(`${value.slice(0, 10)}T00:00:00Z`);
    return Number.isNaN(parsed.getTime()) ? value : this.date.format(parsed);
  }

  /** A moment, in UTC, said so. */
  moment(value: string | Date): string {
    const parsed = value instanceof Date ? value : new Date(value);
    return Number.isNaN(parsed.getTime()) ? String(value) : this.dateTime.format(parsed);
  }

  /** The value of an entity's field (or derived value) as text; empty when it has none. */
  of(
    entity: EntityDefinition,
    key: string,
    field: Field,
    value: unknown,
    named?: { name: string } | null,
  ): string {
    if (value === null || value === undefined || value === '')
      return this.words.labels.blank(entity, key) ?? '';
    switch (field.kind) {
      case 'number':
      case 'integer': {
        if (typeof value !== 'number') return String(value);
        // A position: degrees, minutes and seconds, the hemisphere in the reader's words, then decimal.
        if (field.kind === 'number' && field.format)
          return formatCoordinate(
            value,
            field.format,
            (n, digits) =>
              n.toLocaleString(this.words.locale, {
                minimumFractionDigits: digits.min,
                maximumFractionDigits: digits.max,
              }),
            (letter) => this.words.labels.value(entity, `${key}Hemisphere`, letter),
          );
        const text =
          field.kind === 'integer' && field.format === 'year'
            ? String(value)
            : value.toLocaleString(this.words.locale, { maximumFractionDigits: 6 });
        return field.unit ? `${text} ${field.unit}` : text;
      }
      case 'date':
        return this.day(String(value));
      case 'datetime':
        return this.moment(String(value));
      case 'boolean':
        return value ? this.words.yes : this.words.no;
      case 'enum':
        return this.words.labels.value(entity, key, String(value));
      case 'ref':
        return named?.name ?? String(value);
      case 'text':
        // A named record reads by its name, its key beside it when the name does not hold it.
        if (field.references && named)
          return named.name.includes(String(value)) ? named.name : `${named.name} (${String(value)})`;
        return String(value);
      case 'json': {
        // A list of typed objects: a line per item, each filled field with its label.
        const items = field.items;
        if (!items) return JSON.stringify(value);
        const listKey = itemsKeyOf(entity, key);
        return listOfText(value)
          .map((row, i) => {
            const parts = Object.entries(items).flatMap(([itemKey, item]) => {
              const v = (row as Record<string, unknown> | null)?.[itemKey];
              if (v === null || v === undefined || v === '') return [];
              const shown =
                item.kind === 'enum'
                  ? this.words.labels.itemValue(entity, listKey, itemKey, String(v))
                  : this.of(entity, itemKey, item, v);
              return [`${this.words.labels.itemField(entity, listKey, itemKey)} ${shown}`];
            });
            return `${i + 1}. ${parts.join(' · ')}`;
          })
          .join('\n');
      }
      default:
        return String(value);
    }
  }
}

/** What a record shows: its fields (the variant's, the parent and JSON aside), then its derived values. */
function shownKeys(entity: EntityDefinition, variant: string | null): [string, Field][] {
  const fields = Object.entries(entity.fieldsOf(variant ?? undefined))
    .filter(([key, field]) => key !== entity.parent && field.kind !== 'json')
    .map(([key]) => key);
  // A coordinate reads as one value where its parts were entered, then the other derived values.
  const keys = new Set([...readingKeys(fields, entity.fields), ...Object.keys(entity.derived)]);
  return [...keys].map((key) => [key, entity.fields[key] ?? entity.derived[key]!.field]);
}

const valueOf = (record: TreeRecord, key: string) =>
  key in record.derived ? record.derived[key] : record.values[key];

/** The field that names a row to a reader: its first required text, else its first text. */
const leadKey = (shown: [string, Field][]): string => leadField(shown)!;

/**
 * A rows table's columns: the naming field and the grade, the derived values, then required
 * values, choices and the rest, long texts never (they are in each row's blocks).
 */
function tableColumns(
  entity: EntityDefinition,
  variant: string | null,
  grade: string | undefined,
): [string, Field][] {
  const shown = shownKeys(entity, variant);
  // The columns the entity declares for print, those its variant has, in their order.
  if (entity.print) {
    const byKey = new Map(shown);
    return entity.print.columns.flatMap((key) => {
      const field = byKey.get(key);
      return field ? [[key, field] as [string, Field]] : [];
    });
  }
  const lead = leadKey(shown);
  const rank = ([key, field]: [string, Field]) =>
    key === lead
      ? 0
      : key === grade
        ? 1
        : key in entity.derived
          ? 2
          : field.required
            ? 3
            : field.kind === 'enum'
              ? 4
              : 5;
  return shown
    .filter(([, field]) => field.kind !== 'longText' && field.kind !== 'json')
    .map((entry, i) => ({ entry, i }))
    .sort((a, b) => rank(a.entry) - rank(b.entry) || a.i - b.i)
    .slice(0, maxColumns)
    .map(({ entry }) => entry);
}

/**
 * A technique's overall result as its section counted it, for the cover (report-pdf-cover.ts): its
 * entries (the rows its figures count) and each graded list's rows per level, as the rows-per-grade
 * line under each table says them, so a change to how grades count reaches the cover too.
 */
export type TechniqueResult = {
  technique: TechniqueDefinition;
  entries: number;
  grades: GradeSummary[];
  /**
   * Rows whose recorded verdict overrides the one worked out from the standard: undefined while
   * nothing counts them; a count is printed in the cover's "Overrides" column once set.
   */
  overrides?: { rows: number; accepted: number };
};

/**
 * The levels a value is coloured by: the technique's grade, and any choice over the same levels
 * (UFD's result by the code beside the recorded result), so a difference shows in colour.
 */
function gradedBy(
  key: string,
  field: Field,
  grade: { field: string; levels: readonly string[] } | undefined,
) {
  if (!grade) return undefined;
  if (key === grade.field) return grade.levels;
  const same =
    field.kind === 'enum' &&
    field.values.length === grade.levels.length &&
    field.values.every((v) => grade.levels.includes(v));
  return same ? grade.levels : undefined;
}

/**
 * A rows table's column widths: words (a tag, a component) share the room left, numbers, dates and
 * grades take their own width, so "8.5 °C" never breaks; the naming column takes the room when no
 * column holds words.
 */
function rowColumnWidths(columns: [string, Field][]): string[] {
  const words = columns.map(([, field]) => field.kind === 'text');
  const any = words.some(Boolean);
  return columns.map((_, i) => (words[i] || (!any && i === 0) ? '*' : 'auto'));
}

type OpenList = {
  entity: EntityDefinition;
  technique: TechniqueDefinition;
  nested: boolean;
  count: number;
  /** A leaf list's table rows and, after the table, each row's blocks. */
  rows: Content[][];
  details: Content[];
  columns?: [string, Field][];
  /** The rows' profile, when their technique declares one: printed after their table. */
  profile?: ProfileOfRows;
  /** The rows' trend over the equipment's reports, when they declare a series: after the profile. */
  trend?: TrendOfRows;
  /** The rows per level, when their technique grades them: said under their table. */
  byGrade?: RowsByGrade;
  /**
   * Rows its technique shows as a gallery (`workspace.lists`): printed as their pictures under a
   * heading per group, not as a table, each picture's cell by its group's value.
   */
  gallery?: { spec: WorkspaceGallery; cells: { group: unknown; cell: Content }[] };
};

/**
 * Builds the body of a report's PDF from its walk, one entry at a time (`add`), sections the
 * reader's role may not view left out with a line saying so (`mayView`).
 */
export class ReportPdfLayout {
  readonly content: Content[] = [];
  readonly images: PendingImage[] = [];
  /** The trends placed after their rows tables, to read once the walk is over (report-pdf-trend.ts). */
  readonly trends: TrendOfRows[] = [];
  private readonly values: ValueWords;
  private readonly lists: OpenList[] = [];
  private technique: TechniqueDefinition | undefined;
  private withheld = false;
  private sections = 0;
  /** Per technique laid out (not withheld), its overall result, in section order. */
  readonly results: TechniqueResult[] = [];
  /** Reviewers' acceptances of the report's overrides (report-pdf-grades.ts), read with its header. */
  acceptances: Acceptances = new Map();

  constructor(
    private readonly words: PdfWords,
    private readonly mayView: (technique: TechniqueDefinition) => boolean,
  ) {
    this.values = new ValueWords(words);
  }

  add(entry: ReportTreeEntry): void {
    switch (entry.kind) {
      case 'header':
        return;
      case 'section': {
        this.technique = entry.technique;
        this.withheld = !this.mayView(entry.technique);
        this.sections++;
        const label = this.words.labels.technique(entry.technique);
        this.content.push({ text: label, style: 'section', pageBreak: 'before' });
        if (this.withheld) this.content.push({ text: this.words.withheld(label), style: 'note' });
        else this.results.push({ technique: entry.technique, entries: 0, grades: [] });
        return;
      }
      case 'list': {
        if (this.withheld) return;
        const technique = this.technique!;
        const nested = technique.entities.some((e) => {
          const parent = e.parent ? e.fields[e.parent] : undefined;
          return parent?.kind === 'ref' && parent.entity === entry.entity.name && e !== entry.entity;
        });
        const profile = profileOf(technique, entry.entity, entry.parent.variant);
        const grade = gradedEntity(technique) === entry.entity ? technique.findingGrade : undefined;
        const gallery = technique.workspace?.lists?.find((l) => l.entity === entry.entity)?.gallery;
        this.lists[entry.depth - 1] = {
          entity: entry.entity,
          technique,
          nested,
          count: 0,
          rows: [],
          details: [],
          profile:
            profile &&
            new ProfileOfRows(this.words, this.values, entry.entity, profile, technique.findingGrade),
          byGrade: grade && new RowsByGrade(this.words, entry.entity, grade),
          gallery: gallery && { spec: gallery, cells: [] },
          trend:
            entry.entity.series && !nested && !gallery
              ? new TrendOfRows(
                  this.words,
                  this.values,
                  entry.entity,
                  technique.findingGrade,
                  entry.parent.values,
                )
              : undefined,
        };
        this.lists.length = entry.depth;
        return;
      }
      case 'records': {
        if (this.withheld) return;
        const list = this.lists[entry.depth - 1]!;
        for (const record of entry.records) {
          list.count++;
          if (list.nested) this.content.push(...this.recordBlock(record, list, true));
          else if (list.gallery) this.addPicture(list.gallery, record);
          else this.addRow(list, record);
        }
        return;
      }
      case 'endList': {
        if (this.withheld) return;
        const list = this.lists[entry.depth - 1]!;
        if (!list.nested && list.count > 0)
          this.content.push(...(list.gallery ? this.galleryOf(list) : this.rowsTable(list)));
        const result = this.results.at(-1);
        // The entries are the rows counted, or the inspections where they are the graded records.
        const counted =
          countedRowKinds(list.technique).has(list.entity) || gradedEntity(list.technique) === list.entity;
        if (result && counted) result.entries += list.count;
        if (result && list.byGrade) {
          const summary = list.byGrade.summary();
          result.grades.push(summary);
          // A technique with a verdict pair counts its overrides on the cover, none included.
          if (list.entity.verdict) {
            const counted = result.overrides ?? { rows: 0, accepted: 0 };
            result.overrides = {
              rows: counted.rows + summary.overrides.rows,
              accepted: counted.accepted + summary.overrides.accepted,
            };
          }
        }
        this.lists.length = entry.depth - 1;
        return;
      }
      case 'endSection':
        this.technique = undefined;
        this.withheld = false;
        return;
    }
  }

  /** Whether any technique's section was laid out (else the PDF says the report holds none). */
  get hasSections(): boolean {
    return this.sections > 0;
  }

  private heading(list: OpenList, record: TreeRecord, n: number): string {
    // One per parent (a report's inspection) needs no number.
    const labels = this.words.labels;
    const name = labels.entity(list.entity);
    const label = list.entity.uniquePerParent ? name : this.words.recordOf(name, n);
    return record.variant ? `${label} · ${labels.variant(list.entity, record.variant)}` : label;
  }

  /**
   * A record as titled blocks: its ungrouped fields, then each declared group, then its files.
   * Fields left empty are not printed; a line says how many. A row's block leaves out what its
   * table shows (`omit`).
   */
  private recordBlock(
    record: TreeRecord,
    list: OpenList,
    titled: boolean,
    omit?: ReadonlySet<string>,
    name?: string,
  ): Content[] {
    const parts = this.recordParts(record, list, omit);
    const blocks: Content[] = [];
    // A row is titled by its number and name (its class is its inspection's); a record by its heading.
    const title = !titled
      ? ''
      : name
        ? `${this.words.recordOf(this.words.labels.entity(list.entity), list.count)} · ${name}`
        : this.heading(list, record, list.count);
    // A technique's one inspection named as the technique itself is already titled by its section.
    if (title && title !== this.words.labels.technique(list.technique))
      blocks.push(heading({ text: title, style: 'recordTitle' }));
    blocks.push(...parts.shown);
    if (parts.empty > 0) blocks.push({ text: this.words.filed.emptyFields(parts.empty), style: 'emptyNote' });
    blocks.push(...this.files(record));
    return keepHeadingsWithNext(blocks);
  }

  /**
   * What a record prints of its values, by group: the filled ones (short values as a label/value
   * table, long texts as paragraphs, lists inside it as tables), and how many fields were left empty.
   */
  private recordParts(
    record: TreeRecord,
    list: OpenList,
    omit?: ReadonlySet<string>,
  ): { shown: Content[]; empty: number } {
    const entity = record.entity;
    const grade = this.gradeOf(list);
    const shown: Content[] = [];
    let empty = 0;
    const byGroup = new Map<string, [string, Field][]>();
    for (const entry of shownKeys(entity, record.variant)) {
      if (omit?.has(entry[0])) continue;
      const group = entry[1].group ?? '';
      byGroup.set(group, [...(byGroup.get(group) ?? []), entry]);
    }
    const grouped = byGroup.size > 1 || !byGroup.has('');
    for (const [group, entries] of byGroup) {
      const filled = entries.filter(([key, field]) => {
        const value = valueOf(record, key);
        const has =
          field.kind === 'json'
            ? listOfText(value).length > 0
            : value !== null && value !== undefined && value !== '';
        // A field left empty is counted, not printed; a derived value without a value is simply not
        // shown, unless its emptiness reads as a word ("No flow measured").
        if (!has && key in entity.fields) empty++;
        return has || (!(key in entity.fields) && field.blank !== undefined);
      });
      if (filled.length === 0) continue;
      const title = group ? this.words.labels.group(entity, group) : grouped ? this.words.general : undefined;
      if (title) shown.push(heading({ text: title, style: 'groupTitle' }));
      const short = filled.filter(([, f]) => f.kind !== 'longText' && f.kind !== 'json');
      if (short.length > 0)
        shown.push({
          table: {
            // No header row: lightHorizontalLines would draw a heavy rule under the first fact.
            headerRows: 0,
            widths: [150, '*'],
            body: short.map(([key, field]) => [
              { text: this.words.labels.field(entity, key), style: 'label' },
              this.cell(record, key, field, gradedBy(key, field, grade)),
            ]),
          },
          layout: 'lightHorizontalLines',
          margin: [0, 0, 0, 4],
        });
      for (const [key, field] of filled) {
        if (field.kind === 'json' && field.items) {
          shown.push(
            heading({ text: this.words.labels.field(entity, key), style: 'label', margin: [0, 4, 0, 1] }),
          );
          shown.push(this.itemsTable(entity, key, field, valueOf(record, key), grade?.levels));
          continue;
        }
        if (field.kind !== 'longText' && field.kind !== 'json') continue;
        // Long texts are paragraphs, so a 20,000-character remark breaks across pages.
        const text = this.values.of(entity, key, field, valueOf(record, key));
        shown.push(
          heading({ text: this.words.labels.field(entity, key), style: 'label', margin: [0, 4, 0, 1] }),
        );
        shown.push({ text, style: 'longText' });
      }
    }
    return { shown, empty };
  }

  /**
   * A list inside a record (a scan's indications) as a table: a column per item field any item
   * fills, in declared order, a row per item, numbered.
   */
  private itemsTable(
    entity: EntityDefinition,
    key: string,
    field: Field & { kind: 'json' },
    value: unknown,
    levels?: readonly string[],
  ): Content {
    const items = field.items!;
    const listKey = itemsKeyOf(entity, key);
    const rows = listOfText(value) as (Record<string, unknown> | null)[];
    const filled = (itemKey: string) =>
      rows.some((row) => {
        const v = row?.[itemKey];
        return v !== null && v !== undefined && v !== '';
      });
    const columns = Object.entries(items).filter(([itemKey]) => filled(itemKey));
    return {
      table: {
        headerRows: 1,
        widths: ['auto', ...columns.map(() => '*')],
        body: [
          [
            { text: '#', style: 'tableHeader' },
            ...columns.map(([itemKey]) => ({
              text: this.words.labels.itemField(entity, listKey, itemKey),
              style: 'tableHeader',
            })),
          ],
          ...rows.map((row, i) => [
            { text: String(i + 1), style: 'muted' },
            ...columns.map(([itemKey, item]) => {
              const v = row?.[itemKey];
              if (v === null || v === undefined || v === '') return { text: '' };
              const text =
                item.kind === 'enum'
                  ? this.words.labels.itemValue(entity, listKey, itemKey, String(v))
                  : this.values.of(entity, itemKey, item, v);
              // An item judged on the technique's own grade (an indication's result) in its colour.
              const graded =
                levels &&
                item.kind === 'enum' &&
                item.values.length === levels.length &&
                item.values.every((l) => levels.includes(l));
              const colour = graded ? gradeColour(levels, v) : undefined;
              return colour ? { text, fillColor: colour.fill, color: colour.color, bold: true } : { text };
            }),
          ]),
        ],
      },
      layout: 'lightHorizontalLines',
      style: 'rowsTable',
    };
  }

  /** One value's cell; a graded value is filled with its level's colour. */
  private cell(record: TreeRecord, key: string, field: Field, levels?: readonly string[]): Content {
    const value = valueOf(record, key);
    const text = this.values.of(record.entity, key, field, value, record.named[key]);
    const colour = levels ? gradeColour(levels, value) : undefined;
    return colour ? { text, fillColor: colour.fill, color: colour.color, bold: true } : { text };
  }

  private gradeOf(list: OpenList) {
    const grade = list.technique.findingGrade;
    return grade && gradedEntity(list.technique) === list.entity ? grade : undefined;
  }

  private addRow(list: OpenList, record: TreeRecord) {
    const grade = this.gradeOf(list);
    list.columns ??= tableColumns(list.entity, record.variant, grade?.field);
    // With a verdict pair, an override prints both verdicts and counts the stricter (verdict-pairs.md).
    const verdict =
      grade && list.entity.verdict ? printedVerdict(list.entity, record, this.acceptances) : undefined;
    list.rows.push([
      { text: String(list.count), style: 'muted' },
      ...list.columns.map(([key, field]) =>
        key === grade?.field && verdict?.override
          ? overrideCell(this.words, list.entity, grade, verdict)
          : this.cell(record, key, field, gradedBy(key, field, grade)),
      ),
    ]);
    list.profile?.add(record.values);
    list.trend?.add(record.values);
    // A row is named as its table names it (its first column), else by its number there.
    const [key, field] = list.columns[0] ?? [];
    const name =
      key && field ? this.values.of(record.entity, key, field, valueOf(record, key), record.named[key]) : '';
    if (list.byGrade && grade)
      list.byGrade.add(
        name || `#${list.count}`,
        verdict ? verdict.counted : valueOf(record, grade.field),
        verdict,
      );
    // A row prints a block of its own only for what its table does not show: notes, a list inside
    // it, files, a value outside the columns, an override's reason; titled with its number and name
    // as in the table.
    const inTable = new Set(list.columns.map(([key]) => key));
    const parts = this.recordParts(record, list, inTable);
    const note = overrideNote(this.words, list.entity, verdict);
    if (parts.shown.length > 0 || record.attachments.length > 0 || note.length > 0)
      list.details.push({
        stack: [...this.recordBlock(record, list, true, inTable, name), ...note],
        margin: [0, 6, 0, 0],
      });
  }

  /** A gallery's row: its picture, captioned, under its group's value. */
  private addPicture(gallery: NonNullable<OpenList['gallery']>, record: TreeRecord) {
    const { spec, cells } = gallery;
    const picture = record.attachments.find((a) => a.slot === spec.image);
    const captionField = record.entity.fields[spec.caption];
    const caption = captionField
      ? this.values.of(record.entity, spec.caption, captionField, valueOf(record, spec.caption))
      : '';
    // The row's other values (a picture's type) in words beside its caption.
    const more = Object.entries(record.entity.fields)
      .filter(([key, field]) => field.kind === 'enum' && key !== spec.groupBy)
      .map(([key, field]) => this.values.of(record.entity, key, field, valueOf(record, key)))
      .filter(Boolean)
      .join(' · ');
    const cell = picture
      ? this.photoCell(record.entity, picture, { caption: caption || picture.displayName, more })
      : { text: [caption, more].filter(Boolean).join(' · '), style: 'muted', margin: [0, 0, 6, 8] };
    cells.push({ group: valueOf(record, spec.groupBy), cell });
  }

  /** A gallery: its title and count, then per group (in the field's declared order) its pictures two across. */
  private galleryOf(list: OpenList): Content[] {
    const { spec, cells } = list.gallery!;
    const out: Content[] = [
      heading({
        text: `${this.words.labels.entity(list.entity)} · ${this.words.records(list.count)}`,
        style: 'listTitle',
      }),
    ];
    for (const { value: group, rows } of galleryGroups(list.entity, spec, cells, (c) => c.group)) {
      const shown = rows.map((r) => r.cell);
      const title = group
        ? this.words.labels.value(list.entity, spec.groupBy, group)
        : `${this.words.labels.field(list.entity, spec.groupBy)}: —`;
      out.push(
        heading({
          text: `${title} (${shown.length.toLocaleString(this.words.locale)})`,
          style: 'groupTitle',
        }),
      );
      const body: Content[][] = [];
      for (let i = 0; i < shown.length; i += 2) body.push([shown[i]!, shown[i + 1] ?? { text: '' }]);
      out.push({ table: { widths: ['*', '*'], body, dontBreakRows: true }, layout: 'noBorders' });
    }
    return keepHeadingsWithNext(out);
  }

  /**
   * A list of rows: one table of its columns under its title and count (both repeated at the top of
   * every page the table runs onto, and kept with its first rows), then each row's block.
   */
  private rowsTable(list: OpenList): Content[] {
    const columns = list.columns!;
    if (list.trend) this.trends.push(list.trend);
    const span = columns.length + 1;
    const title = `${this.words.labels.entity(list.entity)} · ${this.words.records(list.count)}`;
    return [
      {
        table: {
          headerRows: 2,
          keepWithHeaderRows: 1,
          widths: ['auto', ...rowColumnWidths(columns)],
          body: [
            [{ text: title, style: 'listTitle', colSpan: span }, ...columns.map(() => ({ text: '' }))],
            [
              { text: '#', style: 'tableHeader' },
              ...columns.map(([key]) => ({
                text: this.words.labels.field(list.entity, key),
                style: 'tableHeader',
              })),
            ],
            ...list.rows,
          ],
        },
        layout: 'lightHorizontalLines',
        style: 'rowsTable',
      },
      // The rows per grade and the profile under the table, as the workspace shows them, before
      // each row's blocks.
      ...(list.byGrade?.content() ?? []),
      ...(list.profile ? [list.profile.content()] : []),
      ...(list.trend ? [list.trend.node] : []),
      ...list.details,
    ];
  }

  /** A record's files: its photos two across with type and caption, its other files in a table. */
  private files(record: TreeRecord): Content[] {
    const entity = record.entity;
    // Images are drawn (or said to be unprintable); documents are listed with their hashes.
    const photos = record.attachments.filter((a) => a.mediaType.startsWith('image/'));
    const others = record.attachments.filter((a) => !photos.includes(a));
    const out: Content[] = [];
    if (photos.length > 0) {
      out.push(heading({ text: this.words.photos, style: 'groupTitle' }));
      const cells = photos.map((photo) => this.photoCell(entity, photo));
      const body: Content[][] = [];
      for (let i = 0; i < cells.length; i += 2) body.push([cells[i]!, cells[i + 1] ?? { text: '' }]);
      out.push({ table: { widths: ['*', '*'], body, dontBreakRows: true }, layout: 'noBorders' });
    }
    if (others.length > 0) {
      const w = this.words.fileColumns;
      out.push(heading({ text: this.words.files, style: 'groupTitle' }));
      out.push({
        table: {
          headerRows: 1,
          widths: ['*', 'auto', 'auto', 'auto'],
          body: [
            [w.name, w.type, w.size, w.sha256].map((text) => ({ text, style: 'tableHeader' })),
            ...others.map((a) => [
              `${[
                this.words.labels.image(entity, a.slot),
                a.category ? this.words.labels.imageCategory(entity, a.slot, a.category) : null,
              ]
                .filter(Boolean)
                .join(' · ')}: ${a.displayName}`,
              a.mediaType,
              fileSize(a.size, this.words.locale),
              { text: a.sha256, style: 'hash' },
            ]),
          ],
        },
        layout: 'lightHorizontalLines',
      });
    }
    return out;
  }

  /** A photo and its caption: by default its slot and type, then its file's name. */
  private photoCell(
    entity: EntityDefinition,
    photo: TreeAttachment,
    words?: { caption: string; more: string },
  ): Content {
    const labels = this.words.labels;
    const caption =
      words?.caption ??
      [
        labels.image(entity, photo.slot),
        photo.imageType ? labels.imageType(entity, photo.slot, photo.imageType) : null,
      ]
        .filter(Boolean)
        .join(' · ');
    const node: Record<string, unknown> = drawable.has(photo.mediaType)
      ? { text: this.words.imageMissing, style: 'placeholder' }
      : { text: this.words.imageUnprintable(photo.mediaType), style: 'placeholder' };
    if (drawable.has(photo.mediaType)) this.images.push({ attachment: photo, node });
    return {
      stack: [
        node,
        { text: caption, style: 'caption' },
        { text: words ? words.more : photo.displayName, style: 'muted' },
      ],
      margin: [0, 0, 6, 8],
    };
  }
}

/**
 * Fills a pending image's node with its image (by its name among `printPdf`'s images), or, with no
 * name, puts its placeholder back ("Image missing").
 */
export function placeImage(pending: PendingImage, name: string | undefined) {
  pending.placeholder ??= { ...pending.node };
  for (const key of Object.keys(pending.node)) delete pending.node[key];
  Object.assign(pending.node, name ? { image: name, fit: pending.box ?? photoBox } : pending.placeholder);
}
