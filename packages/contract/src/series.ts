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
  /** When the reading was taken: a required date or datetime field of the row. */
  time: K;
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
  const time = fields[series.time];
  if ((time?.kind !== 'date' && time?.kind !== 'datetime') || !time.required)
    refuse(`time ${series.time} must be a required date or datetime field of ${name}`);
  if (series.key.includes(series.time)) refuse(`time ${series.time} is also in its key`);
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
