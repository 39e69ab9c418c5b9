import {
  drawnValue,
  entities,
  seriesBandKeys,
  seriesBands,
  seriesOf,
  seriesTimeField,
} from '@inspectra/contract';
import type { EntityDefinition, Field, TechniqueDefinition } from '@inspectra/contract';
import type { SQL } from 'drizzle-orm';
import type { Spec, TimeLocale } from 'vega';
import type { DbOrTx } from '../../db/client.ts';
import { trendAnswer, trendStatement } from '../../engine/series.ts';
import type { TrendRow } from '../../engine/series.ts';
import { gradeColour } from './report-pdf-grades.ts';
import { chartFrame, chartSize, limitMarks, lineMarks, seriesColours } from './report-pdf-profile.ts';
import type { Content, ValueText } from './report-pdf-types.ts';
import type { PdfWords } from './report-pdf-words.ts';

/**
 * A series' readings over the equipment's reports, printed after a rows table whose entity declares
 * a series (docs/series.md, docs/report-pdf.md "The trend"), as the workspace's `RowsTrend` draws
 * them: the value the grade is over on a date axis, a line per point, this report's readings
 * marked, the grade's bands across with their level names. Read after the walk, by the report, with
 * the engine's trend statement (as `GET …/trend?reportHeaderId=` answers), bounded as said on the
 * page. No technique is named here.
 */

/** What a trend draws: the report's first points (in key order) and each one's latest readings. */
export const trendBound = { points: 6, readings: 12 } as const;

/** A point's key as one text, the same from a row's values and from the statement's answer. */
const keyText = (key: readonly unknown[]) =>
  JSON.stringify(key.map((v) => (v === null || v === undefined ? '' : String(v))));

/** Day names and month names in the PDF's language for a date axis, from its own format. */
function timeLocale(locale: string): TimeLocale {
  const names = (n: number, at: (i: number) => number, o: Intl.DateTimeFormatOptions) => {
    const format = new Intl.DateTimeFormat(locale, { ...o, timeZone: 'UTC' });
    return Array.from({ length: n }, (_, i) => format.format(at(i)));
  };
  // 2 January 2000 was a Sunday.
  const day = (i: number) => Date.UTC(2000, 0, 2 + i);
  const month = (i: number) => Date.UTC(2000, i, 1);
  return {
    dateTime: '%x, %X',
    date: '%-d %b %Y',
    time: '%H:%M',
    periods: ['AM', 'PM'],
    days: names(7, day, { weekday: 'long' }),
    shortDays: names(7, day, { weekday: 'short' }),
    months: names(12, month, { month: 'long' }),
    shortMonths: names(12, month, { month: 'short' }),
  } as TimeLocale;
}

/**
 * The date axis' ticks for the readings' span: weeks over two months, months over about a year, a
 * quarter over three, else years, each labelled as a reader reads that step.
 */
function dateTicks(times: number[]) {
  const days = (Math.max(...times) - Math.min(...times)) / 86_400_000;
  if (days <= 62) return { tickCount: { interval: 'week' }, format: '%-d %b' };
  if (days <= 400) return { tickCount: { interval: 'month' }, format: '%b %Y' };
  if (days <= 3 * 366) return { tickCount: { interval: 'month', step: 3 }, format: '%b %Y' };
  return { tickCount: { interval: 'year' }, format: '%Y' };
}

/** A calendar day or a moment as milliseconds in UTC: where a reading sits on the date axis. */
const dayOf = (time: string) => Date.parse(time.length === 10 ? `${time}T00:00:00Z` : time);

/**
 * One rows list's trend: the report's points gathered as the layout lays its rows out (`add`), and a
 * node placed after their table that `fill` completes once the walk is over.
 */
export class TrendOfRows {
  /** Placed in the content by the layout; filled with the title, the chart or why none, the bound. */
  readonly node: { stack: Content[]; unbreakable?: boolean; margin?: number[] } = { stack: [] };
  /** This report's points, by key, in the order its rows name them. */
  private readonly points = new Set<string>();
  private readonly drawn: { value: string; bands: ReturnType<typeof drawnValue>['bands'] };

  constructor(
    private readonly words: PdfWords,
    private readonly values: ValueText,
    private readonly entity: EntityDefinition,
    private readonly grade: TechniqueDefinition['findingGrade'],
    /** The record the rows are under (an analysis): the words the grade's case of limits reads. */
    parent?: Record<string, unknown>,
  ) {
    // A verdict pair's limits are the standard's: the recorded verdict is a choice, not a limit.
    const gradeKey = grade?.standard ?? grade?.field;
    // The limits of the rows' own case (a vibration analysis's machine group and foundation), as
    // the trend call answers them for the record it is named by.
    const known = Object.fromEntries(
      seriesBandKeys(entity, gradeKey).map((key) => {
        const [ref, field] = key.split('.');
        return [key, ref === entity.parent ? parent?.[field!] : undefined];
      }),
    );
    const answered = Object.fromEntries(
      seriesOf(entity).values.flatMap((value) => {
        const limits = seriesBands(entity, gradeKey, value, known);
        return limits.length > 0 ? [[value, limits]] : [];
      }),
    );
    this.drawn = drawnValue(entity, gradeKey, answered);
  }

  /** A row of the report: its point. */
  add(values: Record<string, unknown>) {
    this.points.add(keyText(seriesOf(this.entity).key.map((k) => values[k])));
  }

  /**
   * Reads the report's trend (readings of superseded reports left out, up to the report's latest,
   * under the reader's company scope) and fills the node.
   */
  async fill(db: DbOrTx, report: { id: string; equipmentNo: string }, scope: SQL | undefined) {
    const { entity, words } = this;
    const series = seriesOf(entity);
    const statement = trendStatement(entity, {
      equipmentNo: report.equipmentNo,
      reportHeaderId: report.id,
      point: {},
      limit: trendBound.readings,
      scope,
    });
    const { rows } = await db.execute<TrendRow>(statement);
    const answer = trendAnswer(entity, rows, trendBound.readings);
    const own = answer.series.filter((p) => this.points.has(keyText(series.key.map((k) => p.key[k]))));
    const shown = own.slice(0, trendBound.points);
    const field = entity.fields[this.drawn.value] ?? entity.derived[this.drawn.value]!.field;
    const read = (r: { values: Record<string, number | null> }) => r.values[this.drawn.value];
    const trended = shown.some((p) => p.readings.filter((r) => typeof read(r) === 'number').length > 1);
    const said = [words.trend.bound(trendBound.points, trendBound.readings)];
    if (own.length > shown.length) said.push(words.trend.morePoints(shown.length, own.length));
    this.node.stack.push(
      {
        text: words.trend.title(words.labels.field(entity, this.drawn.value)),
        style: 'groupTitle',
      },
      trended
        ? { chart: this.chart(shown, report.id, field), width: chartSize.width, margin: [0, 2, 0, 4] }
        : { text: words.trend.single, style: 'note' },
      { text: said.join(' '), style: 'muted', margin: [0, 2, 0, 0] },
    );
    // Title, chart and words on one page.
    Object.assign(this.node, { unbreakable: true, margin: [0, 6, 0, 8] });
  }

  private pointName(key: Record<string, unknown>) {
    const named = seriesOf(this.entity)
      .key.map((k) => key[k])
      .filter((v) => v !== null && v !== undefined && v !== '')
      .join(' · ');
    return named || this.words.trend.unnamedPoint;
  }

  /** The drawing as a Vega specification: a line per point on a date axis, the bands, the legend. */
  private chart(shown: ReturnType<typeof trendAnswer>['series'], reportId: string, field: Field): Spec {
    const { entity, words, values } = this;
    const { value, bands } = this.drawn;
    const names = shown.map((p) => this.pointName(p.key));
    const points = shown.flatMap((p, i) =>
      p.readings.flatMap((r) => {
        const y = r.values[value];
        return typeof y === 'number'
          ? [{ x: dayOf(r.time), y, series: names[i], mine: r.reportHeaderId === reportId }]
          : [];
      }),
    );
    const levels = this.grade?.levels ?? [];
    const limits = bands.map((band) => ({
      y: band.limit,
      // "Repair immediately > 15 °C": the level beyond the line, and the line's value with its unit.
      text: [
        this.grade ? words.labels.value(entity, this.grade.field, band.level) : band.level,
        band.when === 'gt' ? '>' : '≥',
        values.of(entity, value, field, band.limit),
      ].join(' '),
      colour: gradeColour(levels, band.level)?.color ?? '#c92a2a',
    }));
    const unit = field.kind === 'number' || field.kind === 'integer' ? field.unit : undefined;
    const legend = { orient: 'bottom', direction: 'horizontal', labelLimit: 0, offset: 6, aria: false };
    return {
      ...chartFrame(words.locale, timeLocale(words.locale)),
      data: [
        { name: 'points', values: points },
        { name: 'mine', source: 'points', transform: [{ type: 'filter', expr: 'datum.mine' }] },
        { name: 'limits', values: limits },
      ],
      scales: [
        // Dates in UTC, as the readings' days are.
        {
          name: 'x',
          type: 'utc',
          domain: { data: 'points', field: 'x' },
          range: 'width',
          // Room for the first and last readings' rings.
          padding: 8,
        },
        {
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
        },
        { name: 'colour', type: 'ordinal', domain: names, range: seriesColours },
        { name: 'marked', type: 'ordinal', domain: [words.trend.thisReport], range: ['#212529'] },
      ],
      axes: [
        {
          orient: 'bottom',
          scale: 'x',
          title: timeTitle(entity, words),
          grid: true,
          aria: false,
          ...dateTicks(points.map((p) => p.x)),
        },
        { orient: 'left', scale: 'y', title: unit, grid: true, aria: false, tickCount: 6 },
      ],
      legends: [
        // Three points to a line: six side by side run off the page.
        { ...legend, stroke: 'colour', symbolType: 'stroke', columns: 3, columnPadding: 16 },
        // Above the chart: beside the points' legend it would run off the page.
        { ...legend, orient: 'top', stroke: 'marked', symbolType: 'circle', symbolStrokeWidth: 1.5 },
      ],
      marks: [
        lineMarks(true),
        // This report's readings ringed.
        {
          type: 'symbol',
          from: { data: 'mine' },
          aria: false,
          encode: {
            enter: {
              x: { scale: 'x', field: 'x' },
              y: { scale: 'y', field: 'y' },
              stroke: { value: '#212529' },
              strokeWidth: { value: 1.5 },
              size: { value: 70 },
            },
          },
        },
        ...limitMarks('limits'),
      ],
    } as Spec;
  }
}

/** The time axis's title: the label of the series' time, on the row or on the record it is under. */
function timeTitle(entity: EntityDefinition, words: PdfWords): string {
  const time = seriesTimeField(entity, (name) => entities[name]);
  return words.labels.field(entities[time.entity] ?? entity, time.key);
}
