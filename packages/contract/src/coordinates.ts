import { d } from './derive.ts';
import type { Expr } from './derive.ts';
import type { EnumField, Field, IntegerField, NumberField } from './fields.ts';
import type { EntityRule } from './rules.ts';

/**
 * A position written as surveyors and GPS units give it: degrees, minutes and seconds, and the
 * hemisphere. One field kind in a declaration (`...f.coordinate('latitude', 'latitude')`): its
 * parts are what a client sends and the database keeps (`latitudeDegree`, `latitudeMinutes`,
 * `latitudeSeconds`, `latitudeHemisphere`), the form edits them as one input, and every reader
 * sees one value, the position in decimal degrees (a derived value under the coordinate's name,
 * shown as `6° 12′ 30.5″ S · −6.208472°`). See docs/architecture-engine.md "Coordinates".
 */
export type Axis = 'latitude' | 'longitude';
export type CoordinatePartName = 'degree' | 'minutes' | 'seconds' | 'hemisphere';

/** What marks a field as one part of a coordinate. */
export type CoordinatePart = { of: string; axis: Axis; part: CoordinatePartName };

const limits: Record<Axis, { degrees: number; hemispheres: readonly [string, string] }> = {
  latitude: { degrees: 90, hemispheres: ['N', 'S'] },
  longitude: { degrees: 180, hemispheres: ['E', 'W'] },
};

/** The hemispheres of an axis: the positive one first (N, E). */
export const hemispheresOf = (axis: Axis) => limits[axis].hemispheres;

/** The keys of a coordinate's parts: `latitude` → `latitudeDegree`… */
export const coordinateKeys = <N extends string>(name: N) =>
  ({
    degree: `${name}Degree`,
    minutes: `${name}Minutes`,
    seconds: `${name}Seconds`,
    hemisphere: `${name}Hemisphere`,
  }) as const;

type CoordinateOptions = {
  label?: string;
  group?: string;
  variants?: readonly string[];
  description?: string;
  /**
   * How it is stored: `'dms'` (the default) as four parts, `'decimal'` as one number in decimal
   * degrees under the coordinate's name (PAUT's `gpsCoordinateLatitude`). Entered, read and found
   * by the device alike either way (positions.ts).
   */
  notation?: 'dms' | 'decimal';
};

/** The fields of a coordinate stored as its parts (`latitudeDegree`…). */
type DmsFields<N extends string> = {
  [K in `${N}Degree`]: IntegerField & { coordinate: { of: N; part: 'degree' } };
} & { [K in `${N}Minutes`]: IntegerField } & { [K in `${N}Seconds`]: NumberField } & {
  [K in `${N}Hemisphere`]: EnumField & { values: readonly ['N', 'S'] | readonly ['E', 'W'] };
};

/** The one field of a coordinate stored in decimal degrees. */
type DecimalField<N extends string> = { [K in N]: NumberField & { format: Axis } };

/**
 * A coordinate's fields, to spread into an entity's: its parts, or with `notation: 'decimal'` the
 * one number.
 */
export function coordinateFields<const N extends string>(
  name: N,
  axis: Axis,
  o: CoordinateOptions & { notation: 'decimal' },
): DecimalField<N>;
export function coordinateFields<const N extends string>(
  name: N,
  axis: Axis,
  o?: CoordinateOptions & { notation?: 'dms' },
): DmsFields<N>;
export function coordinateFields(
  name: string,
  axis: Axis,
  o: CoordinateOptions = {},
): Record<string, IntegerField | NumberField | EnumField> {
  const max = limits[axis].degrees;
  const label = o.label ?? (axis === 'latitude' ? 'Latitude' : 'Longitude');
  if (o.notation === 'decimal')
    return {
      [name]: {
        kind: 'number',
        label,
        unit: '°',
        min: -max,
        max,
        format: axis,
        ...(o.description ? { description: o.description } : {}),
        ...(o.group ? { group: o.group } : {}),
        ...(o.variants ? { variants: o.variants } : {}),
      } satisfies NumberField,
    };
  const keys = coordinateKeys(name);
  const common = { group: o.group, variants: o.variants } as const;
  const part = (p: CoordinatePartName): { coordinate: CoordinatePart } => ({
    coordinate: { of: name, axis, part: p },
  });
  return {
    [keys.degree]: {
      kind: 'integer',
      label,
      ...(o.description ? { description: o.description } : {}),
      min: -max,
      max,
      unit: '°',
      ...common,
      ...part('degree'),
    } satisfies IntegerField,
    [keys.minutes]: {
      kind: 'integer',
      min: 0,
      max: 59,
      unit: '′',
      ...common,
      ...part('minutes'),
    } satisfies IntegerField,
    // To a thousandth of a second (3 cm on the ground): below 60, so a minute is never written as 60″.
    [keys.seconds]: {
      kind: 'number',
      min: 0,
      max: 59.999,
      unit: '″',
      ...common,
      ...part('seconds'),
    } satisfies NumberField,
    [keys.hemisphere]: {
      kind: 'enum',
      values: limits[axis].hemispheres,
      ...common,
      ...part('hemisphere'),
    } satisfies EnumField,
  };
}

/** The ids of a coordinate's rules (`coordinateRules`), for the translation keys. */
export type CoordinateRuleId<N extends string> = `${N}${'Range' | 'Sign' | 'MinutesAlone' | 'SecondsAlone'}`;

/** The coordinates an entity's fields declare, by name (as a type: from their degree parts). */
export type CoordinateNames<F> = {
  [K in keyof F]: F[K] extends { coordinate: { of: infer N extends string; part: 'degree' } } ? N : never;
}[keyof F];

/** The coordinates an entity's fields declare, by name. */
export function coordinatesOf(fields: Record<string, Field>): Map<string, Axis> {
  const found = new Map<string, Axis>();
  for (const field of Object.values(fields))
    if (field.coordinate) found.set(field.coordinate.of, field.coordinate.axis);
  return found;
}

/**
 * The position in decimal degrees, six decimals (a tenth of a metre), negative south and west: by the
 * hemisphere when given, else by the degrees' sign (SPEC's clients send signed degrees). Empty until
 * the degrees, minutes and seconds are all there.
 */
export function decimalDegrees(name: string, axis: Axis): Expr {
  const keys = coordinateKeys(name);
  const degree = d.field(keys.degree);
  const magnitude = d.add(
    d.max(degree, d.mul(degree, d.number(-1))),
    d.add(d.div(d.field(keys.minutes), d.number(60)), d.div(d.field(keys.seconds), d.number(3600))),
  );
  const negative = d.or(d.oneOf(keys.hemisphere, [limits[axis].hemispheres[1]]), d.lt(degree, d.number(0)));
  return d.round(d.if(negative, d.mul(magnitude, d.number(-1)), magnitude), 6);
}

/**
 * A coordinate's checks across its parts, by rule id: within ±90° (±180°) whole, degrees given
 * whenever minutes or seconds are, and a named hemisphere with unsigned degrees.
 */
export function coordinateRules(name: string, axis: Axis, label: string): Record<string, EntityRule> {
  const keys = coordinateKeys(name);
  const max = limits[axis].degrees;
  const num = (v: unknown) => (typeof v === 'number' ? v : 0);
  const rule = (fields: string[], when: (v: Record<string, unknown>) => boolean, message: string) =>
    ({ level: 'error', fields, when, message }) as EntityRule;
  return {
    [`${name}Range`]: rule(
      [keys.degree],
      (v) => Math.abs(num(v[keys.degree])) + num(v[keys.minutes]) / 60 + num(v[keys.seconds]) / 3600 > max,
      `${label} is at most ${max}°`,
    ),
    [`${name}Sign`]: rule(
      [keys.degree, keys.hemisphere],
      (v) => num(v[keys.degree]) < 0,
      `Give the degrees of the ${label.toLowerCase()} without a sign when its hemisphere is named`,
    ),
    [`${name}MinutesAlone`]: rule(
      [keys.minutes],
      (v) => v[keys.degree] === null || v[keys.degree] === undefined,
      `Give the degrees of the ${label.toLowerCase()} with its minutes`,
    ),
    [`${name}SecondsAlone`]: rule(
      [keys.seconds],
      (v) => v[keys.degree] === null || v[keys.degree] === undefined,
      `Give the degrees of the ${label.toLowerCase()} with its seconds`,
    ),
  };
}

/**
 * Keys as a reader reads a record (a table's columns, a PDF's rows): each coordinate's parts
 * replaced, where its degrees were, by the coordinate itself (its derived decimal degrees).
 */
export function readingKeys(keys: readonly string[], fields: Record<string, Field>): string[] {
  return keys.flatMap((key) => {
    const part = fields[key]?.coordinate;
    return !part ? [key] : part.part === 'degree' ? [part.of] : [];
  });
}

/**
 * A position in decimal degrees as it reads: degrees, minutes, seconds and hemisphere, then the
 * decimal degrees (`6° 12′ 30.5″ S · −6.208472°`). `number` formats a number in the reader's
 * language (decimal comma in Indonesian), `hemisphere` names a hemisphere in it (`S` → `LS`).
 */
export function formatCoordinate(
  value: number,
  axis: Axis,
  number: (n: number, fractionDigits: { min: number; max: number }) => string,
  hemisphere: (letter: string) => string = (letter) => letter,
): string {
  const [positive, negative] = limits[axis].hemispheres;
  // To a hundredth of a second (0.3 m): what six decimals of a degree hold, so 30.5″ reads back as typed.
  const totalSeconds = Math.round(Math.abs(value) * 3600 * 100) / 100;
  const degrees = Math.floor(totalSeconds / 3600);
  const minutes = Math.floor((totalSeconds - degrees * 3600) / 60);
  const seconds = Math.round((totalSeconds - degrees * 3600 - minutes * 60) * 100) / 100;
  const side = hemisphere(value < 0 ? negative! : positive!);
  const decimal = number(value, { min: 6, max: 6 });
  return `${degrees}° ${minutes}′ ${number(seconds, { min: 0, max: 2 })}″ ${side} · ${decimal}°`;
}
