import type { EntityDefinition, Field, RowsProfile, TechniqueDefinition } from '@inspectra/contract';
import type { Mark, NumberLocale, Spec, TimeLocale } from 'vega';
import { gradeColour } from './report-pdf-grades.ts';
import type { Content, ValueText } from './report-pdf-types.ts';
import type { PdfWords } from './report-pdf-words.ts';

/**
 * An inspection's rows drawn as its technique's profile declares (docs/architecture-engine.md "A
 * profile of the rows"), printed after their table as the workspace draws it under it: a line per
 * series along the x field, the evaluation's limits across when every drawn row shares the value
 * that chooses them (the rows per grade are said under the table, report-pdf-grades.ts). No
 * technique is named here. The chart is a Vega specification, plain data: the print's worker draws it as SVG
 * (pdf-print-worker.mjs), so the charting library's work stays off the server's thread.
 */

/** The chart's size in points: an A4 page's text width, low enough to share a page with its words. */
export const chartSize = { width: 515, height: 220 };
/**
 * The series' colours as the workspace draws them (indigo, cyan, grape, teal, pink, Mantine's shade
 * 6, and lime's 7).
 */
export const seriesColours = ['#4c6ef5', '#15aabf', '#be4bdb', '#12b886', '#e64980', '#74b816'];
/**
 * Each reading is marked with a dot, as on the screen, up to this many rows drawn. Past it the dots
 * are under two points apart and merge into a thicker line, and each is a drawing of its own that
 * pdfkit writes: 1,000 rows' dots cost a print about half a second more (docs/report-of-record.md).
 */
const dottedUpTo = 200;
/** The PDF's typeface: pdfmake sets an SVG's text in the font of the family it names. */
export const font = 'Roboto';

const numberOf = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : null);

/** A domain around the one value all of `values` share, else nothing (the data decide). */
function flatAround(values: number[]): { domainMin?: number; domainMax?: number } {
  if (values.length === 0 || values.some((v) => v !== values[0])) return {};
  const pad = Math.max(1, Math.abs(values[0]!) * 0.1);
  return { domainMin: values[0]! - pad, domainMax: values[0]! + pad };
}

/** The profile its technique declares for these rows under an inspection of this variant, if any. */
export function profileOf(
  technique: TechniqueDefinition,
  entity: EntityDefinition,
  variant: string | null,
): RowsProfile | undefined {
  const profile = technique.workspace?.profile;
  if (!profile || technique.workspace?.rows !== entity) return undefined;
  return !profile.variants || profile.variants.includes(variant ?? '') ? profile : undefined;
}

/** Numbers on the axes as the PDF's language writes them ("-1,200"; "-1.200"), from its own format. */
export function numberLocale(locale: string): NumberLocale {
  const parts = new Intl.NumberFormat(locale).formatToParts(-12345.6);
  const part = (type: string, otherwise: string) => parts.find((p) => p.type === type)?.value ?? otherwise;
  return {
    decimal: part('decimal', '.'),
    thousands: part('group', ','),
    grouping: [3],
    currency: ['', ''],
    minus: part('minusSign', '-'),
  };
}

/** A chart's size, padding and words (axes and legend in the PDF's font, numbers in its language). */
export function chartFrame(locale: string, time?: TimeLocale) {
  const text = { labelFont: font, titleFont: font, labelFontSize: 8, titleFontSize: 8 };
  return {
    ...chartSize,
    autosize: { type: 'fit', contains: 'padding' },
    padding: { left: 0, right: 4, top: 6, bottom: 0 },
    config: {
      locale: { number: numberLocale(locale), ...(time ? { time } : {}) },
      axis: { ...text, labelColor: '#333333', titleColor: '#333333', gridColor: '#e9ecef' },
      legend: { ...text, labelColor: '#333333' },
      text: { font },
    },
  } satisfies Partial<Spec>;
}

/**
 * Limits drawn across a chart from the data `data` (`{ y, text, colour }`): a dashed line each, its
 * label over it at the right.
 */
export function limitMarks(data: string): Mark[] {
  return [
    {
      type: 'rule',
      from: { data },
      aria: false,
      encode: {
        enter: {
          x: { value: 0 },
          x2: { signal: 'width' },
          y: { scale: 'y', field: 'y' },
          stroke: { field: 'colour' },
          strokeDash: { value: [4, 3] },
        },
      },
    },
    // Each limit's label over its line, on a white halo so a line through it leaves it legible.
    ...[{ stroke: { value: 'white' }, strokeWidth: { value: 3 } }, {}].map((halo): Mark => ({
      type: 'text',
      from: { data },
      aria: false,
      encode: {
        enter: {
          x: { signal: 'width' },
          y: { scale: 'y', field: 'y' },
          dy: { value: -3 },
          align: { value: 'right' },
          text: { field: 'text' },
          fill: { field: 'colour' },
          fontSize: { value: 8 },
          ...halo,
        },
      },
    })),
  ];
}

/**
 * A line per series through the data `points` (`{ x, y, series }`), coloured by the scale `colour`,
 * each reading dotted when `dotted`.
 */
export function lineMarks(dotted: boolean): Mark {
  const place = { x: { scale: 'x', field: 'x' }, y: { scale: 'y', field: 'y' } };
  const lines: Mark[] = [
    {
      type: 'line',
      from: { data: 'series' },
      aria: false,
      encode: {
        enter: {
          ...place,
          stroke: { scale: 'colour', field: 'series' },
          strokeWidth: { value: 1.5 },
          // Straight segments between the readings: a curve would imply values nobody read.
          interpolate: { value: 'linear' },
        },
      },
    },
  ];
  if (dotted)
    lines.push({
      type: 'symbol',
      from: { data: 'series' },
      aria: false,
      encode: { enter: { ...place, fill: { scale: 'colour', field: 'series' }, size: { value: 10 } } },
    });
  return {
    type: 'group',
    aria: false,
    from: { facet: { name: 'series', data: 'points', groupby: 'series' } },
    marks: lines,
  };
}

/**
 * One inspection's rows read for its profile as the layout lays them out (`add`), then printed
 * after their table (`content`). Holds the drawn values only (numbers), never the rows.
 */
export class ProfileOfRows {
  /** Each drawn row (one with an x and a value): its x, then each series' value, null where not read. */
  private readonly drawn: (number | null)[][] = [];
  /** The values, among the drawn rows, of the field that chooses the limits. */
  private readonly chosenBy = new Set<string>();

  constructor(
    private readonly words: PdfWords,
    private readonly values: ValueText,
    private readonly entity: EntityDefinition,
    private readonly profile: RowsProfile,
    private readonly grade: { field: string; levels: readonly string[] } | undefined,
  ) {}

  /** A row: its stored values. */
  add(values: Record<string, unknown>) {
    const { x, series, limits } = this.profile;
    const at = numberOf(values[x]);
    const read = series.map((key) => numberOf(values[key]));
    // A row without a value of any series is not drawn (never at 0): blanks stay blank.
    if (at === null || read.every((y) => y === null)) return;
    this.drawn.push([at, ...read]);
    if (limits) this.chosenBy.add(String(values[limits.by]));
  }

  /** Its title, the chart (or why there is none), and why no limit is drawn when so. */
  content(): Content {
    const label = (key: string) => this.words.labels.field(this.entity, key);
    const { x, series, limits } = this.profile;
    const shown: Content[] = [
      { text: this.words.profile.title(series.map(label).join(', '), label(x)), style: 'groupTitle' },
      this.drawn.length === 0
        ? { text: this.words.profile.empty(label(x)), style: 'note' }
        : { chart: this.chart(), width: chartSize.width, margin: [0, 2, 0, 4] },
    ];
    if (limits && this.chosenBy.size > 1)
      shown.push({ text: this.words.profile.mixed(label(limits.by)), margin: [0, 2, 0, 0] });
    // Title, chart and words on one page.
    return { stack: shown, unbreakable: true, margin: [0, 6, 0, 8] };
  }

  private levelLabel(level: string) {
    return this.grade ? this.words.labels.value(this.entity, this.grade.field, level) : level;
  }

  /** The drawing as a Vega specification: lines, limits, axes titled with labels and units, legend. */
  private chart(): Spec {
    const { entity, profile, words } = this;
    const unitOf = (key: string) => {
      const field: Field | undefined = entity.fields[key];
      return field?.kind === 'number' || field?.kind === 'integer' ? field.unit : undefined;
    };
    const titled = (text: string, unit: string | undefined) => (unit ? `${text} (${unit})` : text);
    const names = profile.series.map((key) => words.labels.field(entity, key));
    const rows = [...this.drawn].sort((a, b) => a[0]! - b[0]!);
    // A series leaves out the rows it has no value for: its line joins the readings either side, as
    // the workspace's does.
    const points = rows.flatMap(([at, ...values]) =>
      values.flatMap((y, i) => (y === null ? [] : [{ x: at, y, series: names[i] }])),
    );
    // The limits of the value every drawn row shares; none when they differ (said in words).
    const [shared] = this.chosenBy;
    const chosen = profile.limits && this.chosenBy.size === 1 ? profile.limits.cases[shared!] : undefined;
    const first = profile.series[0];
    const levels = this.grade?.levels ?? [];
    const limits = (chosen ?? []).map((limit) => ({
      y: limit.value,
      // "Underprotected > -850 mV": the grade beyond the line, and the line's value with its unit.
      text: [
        this.levelLabel(limit.level),
        limit.beyond === 'above' ? '>' : '<',
        this.values.of(entity, first, entity.fields[first]!, limit.value),
      ].join(' '),
      colour: gradeColour(levels, limit.level)?.color ?? '#c92a2a',
    }));
    return {
      ...chartFrame(words.locale),
      data: [
        { name: 'points', values: points },
        { name: 'limits', values: limits },
      ],
      scales: [
        // From the first reading to the last, as the workspace does.
        { name: 'x', type: 'linear', domain: { data: 'points', field: 'x' }, range: 'width', zero: false },
        {
          // Both limits within reach, even where every reading lies between them.
          name: 'y',
          type: 'linear',
          domain: {
            fields: [
              { data: 'points', field: 'y' },
              ...(limits.length ? [{ data: 'limits', field: 'y' }] : []),
            ],
          },
          range: 'height',
          zero: false,
          nice: true,
          // One value throughout (every attempt at the same flow): a band around it, not a zero-wide
          // domain whose ticks print with six decimals.
          ...flatAround([...points.map((p) => p.y), ...limits.map((l) => l.y)]),
        },
        { name: 'colour', type: 'ordinal', domain: names, range: seriesColours },
      ],
      axes: [
        {
          orient: 'bottom',
          scale: 'x',
          title: titled(words.labels.field(entity, profile.x), unitOf(profile.x)),
          grid: true,
          aria: false,
          // Counted along (an attempt's number): whole ticks only.
          ...(entity.fields[profile.x]?.kind === 'integer' ? { tickMinStep: 1, format: 'd' } : {}),
        },
        { orient: 'left', scale: 'y', title: unitOf(first), grid: true, aria: false },
      ],
      legends: [
        {
          stroke: 'colour',
          orient: 'bottom',
          direction: 'horizontal',
          symbolType: 'stroke',
          labelLimit: 0,
          offset: 6,
          aria: false,
        },
      ],
      marks: [lineMarks(rows.length <= dottedUpTo), ...limitMarks('limits')],
    };
  }
}
