import { z } from 'zod';
import type { Field } from './fields.ts';

/**
 * A reading entity's series (docs/series.md): the readings of one point of one piece of equipment
 * over time. The equipment is the report's `equipmentNo`, reached up the entity's parent chain (a
 * thermal measurement → its analysis → its report), so no row repeats it; the point is the values of
 * `key` (a component; a measurement point and direction); the time is a date or datetime field of
 * the row. The engine derives the index (parent, key…, time), serves the bounded trend read
 * (`op.trend`) and the series expressions `d.previous` and `d.first` of derived values.
 */
export type EntitySeries<K extends string = string> = {
  /** The fields naming the point measured (text, choice or whole number), in index order. */
  key: readonly [K, ...K[]];
  /**
   * When the reading was taken: a required date or datetime field of the row, or of the record the
   * row is under (`{ from: 'lubeOilAnalysisId', field: 'sampleDate' }`: an oil sample's components
   * carry no date, the sample does). `from` is the row's parent field; the parent's field is checked
   * where the technique's entities are known (`seriesTimeField`).
   */
  time: K | SeriesTimeFromParent<K>;
  /** The numbers a trend answers per reading (number fields or derived numbers), each with its change. */
  values: readonly [string, ...string[]];
  /**
   * A yes/no field by which a reading marks itself as its point's baseline (after a repair, a new
   * bearing): `d.first` reads the latest such reading at or before the row, else the point's first.
   */
  baseline?: K;
  /** Most readings per point a trend answers (the latest ones); 60 (five years monthly) when absent. */
  limit?: number;
};

/** A series' time read from the record the row is under: its parent field, and the parent's date. */
export type SeriesTimeFromParent<K extends string = string> = { from: K; field: string };

/** The row's own time field, or undefined when the time is read from its parent. */
export const ownSeriesTime = (series: EntitySeries): string | undefined =>
  typeof series.time === 'string' ? series.time : undefined;

/** How a series' time reads in a message: `date`, or `lubeOilAnalysisId.sampleDate`. */
export const seriesTimeName = (series: EntitySeries): string =>
  typeof series.time === 'string' ? series.time : `${series.time.from}.${series.time.field}`;

/**
 * The field a series' time is (a required date or datetime), on the row or on its parent, with the
 * entity holding it; refused, naming the mistake, when the parent has no such field.
 */
export function seriesTimeField(
  entity: { name: string; fields: Record<string, Field>; series?: EntitySeries },
  lookup: (name: string) => { name: string; fields: Record<string, Field> } | undefined,
): { entity: string; key: string; field: Field; fromParent?: string } {
  const series = seriesOf(entity);
  if (typeof series.time === 'string')
    return { entity: entity.name, key: series.time, field: entity.fields[series.time]! };
  const ref = entity.fields[series.time.from];
  const parent = ref?.kind === 'ref' ? lookup(ref.entity) : undefined;
  if (!parent)
    throw new Error(
      `${entity.name}: series time reads ${seriesTimeName(series)}, but its parent is not known here`,
    );
  const field = parent.fields[series.time.field];
  if ((field?.kind !== 'date' && field?.kind !== 'datetime') || !field.required)
    throw new Error(
      `${entity.name}: series time ${seriesTimeName(series)} must be a required date or datetime field of ${parent.name}`,
    );
  return { entity: parent.name, key: series.time.field, field, fromParent: series.time.from };
}

/** Readings per point a trend answers when the series does not say. */
export const defaultSeriesLimit = 60;
/** The most a series may declare, or a call ask for: a point's twenty years monthly. */
export const maxSeriesLimit = 240;
/** The most points one trend answers; the answer says when an equipment has more. */
export const maxSeriesKeys = 100;

const keyKinds: readonly Field['kind'][] = ['text', 'enum', 'integer'];

/**
 * Refuses a series that cannot be served, at load, naming the mistake: its key, time, values and
 * baseline must be declared fields of the right kinds, and the entity must have a parent (its chain
 * up to the report is checked by `defineTechnique`, where the technique's entities are known).
 */
export function checkSeries(
  name: string,
  series: EntitySeries,
  fields: Record<string, Field>,
  derivedNumbers: (key: string) => boolean,
  parent: string | undefined,
): void {
  const refuse = (what: string) => {
    throw new Error(`${name}: series ${what}`);
  };
  if (!parent) refuse('needs a parent: the equipment is read through the parent chain to its report');
  if (series.key.length === 0) refuse('key names at least one field');
  for (const key of series.key) {
    const kind = fields[key]?.kind;
    if (!kind || !keyKinds.includes(kind))
      refuse(`key ${key} must be a text, choice or whole-number field of ${name}`);
  }
  if (new Set(series.key).size !== series.key.length) refuse('key names a field twice');
  if (typeof series.time === 'string') {
    const time = fields[series.time];
    if ((time?.kind !== 'date' && time?.kind !== 'datetime') || !time.required)
      refuse(`time ${series.time} must be a required date or datetime field of ${name}`);
    if (series.key.includes(series.time)) refuse(`time ${series.time} is also in its key`);
  } else {
    // Read from the record the row is under: through the row's parent field, whose date is
    // checked by `defineTechnique` (`seriesTimeField`), where the parent entity is known.
    const { from, field } = series.time;
    if (from !== parent || fields[from]?.kind !== 'ref')
      refuse(
        `time ${from}.${field} must be read through ${name}'s parent field${parent ? ` (${parent})` : ''}`,
      );
    if (typeof field !== 'string' || field.length === 0) refuse(`time ${from}: name the parent's date field`);
  }
  if (series.values.length === 0) refuse('values names at least one number');
  for (const value of series.values) {
    const kind = fields[value]?.kind;
    if (kind !== 'number' && kind !== 'integer' && !derivedNumbers(value))
      refuse(`value ${value} must be a number field or a derived number of ${name}`);
  }
  if (series.baseline !== undefined && fields[series.baseline]?.kind !== 'boolean')
    refuse(`baseline ${series.baseline} must be a yes/no field of ${name}`);
  const limit = series.limit ?? defaultSeriesLimit;
  if (!Number.isInteger(limit) || limit < 1 || limit > maxSeriesLimit)
    refuse(`limit must be a whole number from 1 to ${maxSeriesLimit}`);
}

/**
 * The entities from a series' row up to the report (`['thermalMeasurement', 'thermalAnalysis']`),
 * each with the ref field naming the next; refused when the chain does not reach the report.
 */
export function seriesChain(
  entity: { name: string; parent?: string; fields: Record<string, Field> },
  lookup: (name: string) => { name: string; parent?: string; fields: Record<string, Field> } | undefined,
): { entity: string; parent: string }[] {
  const chain: { entity: string; parent: string }[] = [];
  let at: typeof entity | undefined = entity;
  while (at) {
    const ref: Field | undefined = at.parent ? at.fields[at.parent] : undefined;
    if (ref?.kind !== 'ref' || chain.length > 8)
      throw new Error(`${entity.name}: series needs a parent chain up to its report`);
    chain.push({ entity: at.name, parent: at.parent! });
    if (ref.entity === 'reportHeader') return chain;
    at = lookup(ref.entity);
  }
  throw new Error(`${entity.name}: series needs a parent chain up to its report, through its technique`);
}

type SeriesEntity = {
  name: string;
  label: string;
  fields: Record<string, Field>;
  derived: Record<string, { field: Field }>;
  series?: EntitySeries;
};

/** The series an entity declares, or a load-time refusal naming the entity that has none. */
export function seriesOf(entity: Pick<SeriesEntity, 'name' | 'series'>): EntitySeries {
  if (!entity.series) throw new Error(`${entity.name}: a trend needs a declared series`);
  return entity.series;
}

/**
 * A trend call's query: the equipment (`equipmentNo`), or a report whose equipment and readings the
 * trend runs up to (`reportHeaderId`: its own readings, and the others' up to its latest time);
 * optionally a point (the key fields), an end date (`until`) and fewer readings per point (`limit`).
 */
export function trendQuerySchema(entity: SeriesEntity, by?: string) {
  const series = seriesOf(entity);
  const limit = series.limit ?? defaultSeriesLimit;
  const keys: Record<string, z.ZodType> = {};
  for (const key of series.key) {
    const field = entity.fields[key]!;
    keys[key] =
      field.kind === 'integer'
        ? z.coerce
            .number({ error: `${key} must be a whole number` })
            .int(`${key} must be a whole number`)
            .optional()
        : z
            .string()
            .trim()
            .min(1, `${key} needs a value`)
            .max(200, `${key}: at most 200 characters`)
            .optional();
  }
  return z
    .object({
      equipmentNo: z
        .string()
        .trim()
        .min(1, 'equipmentNo needs a value')
        .max(60, 'equipmentNo: at most 60 characters')
        .optional(),
      reportHeaderId: z.uuid({ error: 'reportHeaderId must be an identifier (UUID)' }).optional(),
      ...(by ? { [by]: z.uuid({ error: `${by} must be an identifier (UUID)` }).optional() } : {}),
      until: z.iso.date({ error: 'until must be a date (YYYY-MM-DD)' }).optional(),
      limit: z.coerce
        .number({ error: 'limit must be a whole number' })
        .int('limit must be a whole number')
        .min(1, 'limit is at least 1')
        .max(limit, `limit is at most ${limit}`)
        .optional(),
      ...keys,
    })
    .refine(
      (q) =>
        [q.equipmentNo, q.reportHeaderId, by ? (q as Record<string, unknown>)[by] : undefined].filter(
          (v) => v !== undefined,
        ).length === 1,
      {
        error: by
          ? `Name the equipment (equipmentNo), a report (reportHeaderId) or its ${by}, one of them`
          : 'Name the equipment (equipmentNo) or a report (reportHeaderId), one of them',
        path: [by ?? 'equipmentNo'],
      },
    );
}

/** The numbers of a trend's values, by value key. */
const numbersOf = (values: readonly string[]) =>
  z.object(Object.fromEntries(values.map((v) => [v, z.number().nullable()])));

/**
 * A trend's answer: per point, its readings in time (oldest first, the latest `limit` of them), each
 * with the previous reading's values and the change from them, and its latest; `bounded` says the
 * limit and whether any point, or the equipment's points, went past it.
 */
export function trendResponseSchema(entity: SeriesEntity) {
  const series = seriesOf(entity);
  const numbers = numbersOf(series.values);
  const reading = z.object({
    id: z.uuid(),
    reportHeaderId: z.uuid(),
    reportNumber: z.string(),
    time: z.string(),
    values: numbers,
    /** The point's reading before this one (null for its first), as far back as its history goes. */
    previous: numbers.nullable(),
    /** This reading's values less the previous one's (null where either is empty). */
    change: numbers,
  });
  const key = z.object(
    Object.fromEntries(series.key.map((k) => [k, z.union([z.string(), z.number()]).nullable()])),
  );
  return z
    .object({
      series: z.array(
        z.object({
          key,
          readings: z.array(reading),
          latest: reading,
          /** The point has readings before the first answered. */
          more: z.boolean(),
        }),
      ),
      /**
       * The grade's limits on each banded value (`seriesBands`), in the case of the records the
       * call named (an analysis's machine group and foundation): drawn across the trend.
       */
      bands: z.record(z.string(), z.array(seriesBandSchema)),
      bounded: z.object({
        limit: z.number().int(),
        more: z.boolean(),
        points: z.number().int(),
        morePoints: z.boolean(),
      }),
    })
    .meta({ id: `${entity.name}Trend` });
}

/** A grade's limit on a series value, from the grade's declaration (`d.bands`): drawn across its trend. */
export type SeriesBand = { limit: number; when: 'gt' | 'gte'; level: string };
const seriesBandSchema = z.object({ limit: z.number(), when: z.enum(['gt', 'gte']), level: z.string() });

/**
 * The limits of one case of a grade: the grade chooses its bands by the values of words
 * (`d.byValue`: ISO 20816-3's zones by machine group and foundation), `when` names them by key
 * (`vibrationAnalysisId.machineGroup`, as the expression reads it); `{}` for bands that hold always.
 */
export type SeriesBandCase = { when: Readonly<Record<string, string>>; bands: SeriesBand[] };

/**
 * Every case of limits the grade `gradeKey` (a derived `d.bands`, or `d.byValue` choosing among
 * them) sets on the series value `value`: those of the bands over the very expression the value is
 * (thermal's severity over ΔT), so a trend draws the zones from the one declaration that grades the
 * rows. None when the grade judges something else.
 */
export function seriesBandCases(
  entity: { fields: Record<string, Field>; derived: Record<string, { expr?: unknown }> },
  gradeKey: string | undefined,
  value: string,
): SeriesBandCase[] {
  const grade = gradeKey ? entity.derived[gradeKey]?.expr : undefined;
  const drawn = entity.fields[value] ? { op: 'field', key: value } : entity.derived[value]?.expr;
  if (!grade || drawn === undefined) return [];
  const walk = (expr: unknown, when: Record<string, string>): SeriesBandCase[] => {
    const e = expr as {
      op?: string;
      a?: unknown;
      bands?: readonly { when: 'gt' | 'gte'; limit: number; value: string }[];
      key?: string;
      cases?: Record<string, unknown>;
    };
    if (e?.op === 'bands')
      return JSON.stringify(drawn) === JSON.stringify(e.a)
        ? [{ when, bands: e.bands!.map((b) => ({ limit: b.limit, when: b.when, level: b.value })) }]
        : [];
    if (e?.op === 'byValue')
      return Object.entries(e.cases!).flatMap(([word, branch]) => walk(branch, { ...when, [e.key!]: word }));
    return [];
  };
  return walk(grade, {});
}

/**
 * The limits the grade `gradeKey` sets on the series value `value` (`seriesBandCases`), in the case
 * the words `known` name (`{ 'vibrationAnalysisId.machineGroup': 'group2', … }`): the bands whose
 * case every known word matches; none when no case or more than one does.
 */
export function seriesBands(
  entity: { fields: Record<string, Field>; derived: Record<string, { expr?: unknown }> },
  gradeKey: string | undefined,
  value: string,
  known: Readonly<Record<string, unknown>> = {},
): SeriesBand[] {
  const cases = seriesBandCases(entity, gradeKey, value).filter((c) =>
    Object.entries(c.when).every(([key, word]) => known[key] === word),
  );
  return cases.length === 1 ? cases[0]!.bands : [];
}

/** The words (`d.byValue` keys) the grade's cases of limits on a series' values are chosen by. */
export function seriesBandKeys(
  entity: SeriesEntity & { derived: Record<string, { field: Field; expr?: unknown }> },
  gradeKey: string | undefined,
): string[] {
  const keys = seriesOf(entity).values.flatMap((v) =>
    seriesBandCases(entity, gradeKey, v).flatMap((c) => Object.keys(c.when)),
  );
  return [...new Set(keys)];
}

/**
 * The value a trend draws, on the screen and in the PDF: the first of the series' values the grade
 * sets limits on (thermal: ΔT, graded by severity; vibration: the velocity, zoned by the analysis's
 * group and foundation), with the limits a trend answered for its case (`answered`, by value), else
 * those the grade always sets; else the first value, without limits.
 */
export function drawnValue(
  entity: Pick<SeriesEntity, 'name' | 'series'> & Parameters<typeof seriesBands>[0],
  grade: string | undefined,
  answered?: Readonly<Record<string, SeriesBand[]>>,
): { value: string; bands: SeriesBand[] } {
  const values = seriesOf(entity).values;
  const banded = values.find((v) => seriesBandCases(entity, grade, v).length > 0);
  const value = banded ?? values[0]!;
  return { value, bands: answered?.[value] ?? seriesBands(entity, grade, value) };
}
