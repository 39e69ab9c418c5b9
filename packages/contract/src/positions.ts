import { coordinateKeys, decimalDegrees, hemispheresOf } from './coordinates.ts';
import type { Axis } from './coordinates.ts';
import { evaluate } from './derive.ts';
import type { Field } from './fields.ts';

/**
 * Positions as people give them: one text per axis, in degrees, minutes and seconds or in decimal
 * degrees alike, or both axes at once as a phone copies them. Whatever was typed, a coordinate is
 * stored in the notation its declaration says: the four parts of `f.coordinate` or the one number of
 * `f.number({ format: axis })`. The form reads every text through here; the server keeps judging the
 * stored parts (docs/positions.md).
 */

/** A coordinate read from a text: decimal degrees and the same point in its parts. */
export type CoordinateReading = {
  /** Six decimals (a tenth of a metre), negative south and west. */
  decimal: number;
  /** Unsigned whole degrees; the hemisphere gives the side. */
  degree: number;
  minutes: number;
  /** To a thousandth of a second (3 cm), below 60. */
  seconds: number;
  hemisphere: string;
};

/** Why a text is not a coordinate: a catalogue code, with its English words. */
export type CoordinateProblem =
  'unreadable' | 'range' | 'minutes' | 'seconds' | 'hemisphere' | 'signAndHemisphere';

export type CoordinateRead =
  | { ok: true; reading: CoordinateReading | null }
  | { ok: false; problem: CoordinateProblem; message: string; max: number };

const maxDegrees: Record<Axis, number> = { latitude: 90, longitude: 180 };

/**
 * Hemisphere letters in English and in Indonesian (Utara, Selatan, Timur, Barat), and the
 * two-letter forms the Indonesian read-back shows (LU, LS, BT, BB).
 */
const hemisphereLetters: Record<string, string> = {
  N: 'N',
  U: 'N',
  LU: 'N',
  S: 'S',
  LS: 'S',
  E: 'E',
  T: 'E',
  BT: 'E',
  W: 'W',
  B: 'W',
  BB: 'W',
};

const axisOfHemisphere = (h: string): Axis => (h === 'N' || h === 'S' ? 'latitude' : 'longitude');

/** Typographic marks as a keyboard types them: primes, quotes, degree look-alikes, the minus sign. */
function plain(text: string): string {
  return text
    .trim()
    .replace(/[′’‘`´]/g, "'")
    .replace(/[″”“]/g, '"')
    .replace(/''/g, '"')
    .replace(/[º˚]/g, '°')
    .replace(/[−–]/g, '-');
}

const thousandthsPerDegree = 3_600_000;

/**
 * A point on an axis in whole thousandths of a second, signed: counted in integers, so 30.5″ stays
 * 30.5″ and a minute never reads as 60″.
 */
function readingOf(thousandths: number, axis: Axis): CoordinateReading {
  const size = Math.abs(thousandths);
  const decimal = Math.round((thousandths / thousandthsPerDegree) * 1e6) / 1e6;
  const [positive, negative] = hemispheresOf(axis);
  return {
    decimal: decimal === 0 ? 0 : decimal,
    degree: Math.floor(size / thousandthsPerDegree),
    minutes: Math.floor((size % thousandthsPerDegree) / 60_000),
    seconds: (size % 60_000) / 1000,
    hemisphere: thousandths < 0 ? negative! : positive!,
  };
}

function problem(code: CoordinateProblem, axis: Axis): CoordinateRead {
  const max = maxDegrees[axis];
  const label = axis === 'latitude' ? 'Latitude' : 'Longitude';
  const [positive, negative] = hemispheresOf(axis);
  const messages: Record<CoordinateProblem, string> = {
    unreadable: `Write the ${label.toLowerCase()} as 6°12′30.5″ ${negative}, 6 12 30.5 ${negative} or −6.208472`,
    range: `${label} is at most ${max}°`,
    minutes: 'Minutes are below 60',
    seconds: 'Seconds are below 60',
    hemisphere: `A ${label.toLowerCase()} is ${positive} or ${negative}`,
    signAndHemisphere: `Give either a minus sign or the hemisphere, not both`,
  };
  return { ok: false, problem: code, message: messages[code], max };
}

/**
 * Reads one coordinate: decimal degrees (`-6.208472`, `6,208472 S`), degrees and decimal minutes
 * (`6 12.508 S`), or degrees, minutes and seconds (`6°12'30.5"S`, `6 12 30.5 S`, `S 6 12 30.5`), with
 * the hemisphere as a letter in English or Indonesian (N/U, S, E/T, W/B) or as a minus sign. An
 * empty text reads as no coordinate; anything else that is not one is refused with the reason.
 */
export function readCoordinate(text: string, axis: Axis): CoordinateRead {
  const written = plain(text);
  if (written === '') return { ok: true, reading: null };
  const lettered = /^([A-Za-z]{1,2})\s*(.*)$/.exec(written) ?? /^(.*?)\s*([A-Za-z]{1,2})$/.exec(written);
  let hemisphere: string | undefined;
  let numbers = written;
  if (lettered) {
    const [letters, rest] = /^[A-Za-z]/.test(written)
      ? [lettered[1]!, lettered[2]!]
      : [lettered[2]!, lettered[1]!];
    hemisphere = hemisphereLetters[letters.toUpperCase()];
    if (!hemisphere) return problem('unreadable', axis);
    if (axisOfHemisphere(hemisphere) !== axis) return problem('hemisphere', axis);
    numbers = rest;
  }
  const tokens = numbers.split(/[\s°'":]+/).filter((t) => t !== '');
  if (tokens.length === 0 || tokens.length > 3) return problem('unreadable', axis);
  if (!tokens.every((t, i) => (i === 0 ? /^[+-]?\d+(?:[.,]\d+)?$/ : /^\d+(?:[.,]\d+)?$/).test(t)))
    return problem('unreadable', axis);
  // A decimal comma, as Indonesian writes it: the pair's comma was split off before (`readPosition`).
  const [first, ...rest] = tokens.map((t) => Number(t.replace(',', '.')));
  const negative = tokens[0]!.startsWith('-');
  if (negative && hemisphere) return problem('signAndHemisphere', axis);
  const degrees = Math.abs(first!);
  const [minutes = 0, seconds = 0] = rest;
  // Only the last part written may carry a fraction: 6.5° 30′ is no position.
  if (tokens.slice(0, -1).some((t) => /[.,]/.test(t))) return problem('unreadable', axis);
  if (minutes >= 60) return problem('minutes', axis);
  if (seconds >= 60) return problem('seconds', axis);
  const size = Math.round(degrees * thousandthsPerDegree + minutes * 60_000 + seconds * 1000);
  if (size > maxDegrees[axis] * thousandthsPerDegree) return problem('range', axis);
  const south = negative || hemisphere === hemispheresOf(axis)[1];
  return { ok: true, reading: readingOf(south ? -size : size, axis) };
}

/**
 * A coordinate in decimal degrees (the device's position) as its reading, to a thousandth of a
 * second; null when it is no coordinate of the axis.
 */
export function coordinateFromDecimal(decimal: number, axis: Axis): CoordinateReading | null {
  const thousandths = Math.round(decimal * thousandthsPerDegree);
  if (!Number.isFinite(decimal) || Math.abs(thousandths) > maxDegrees[axis] * thousandthsPerDegree)
    return null;
  return readingOf(thousandths, axis);
}

/**
 * Both axes written as one text, as phones and maps copy a position (`-6.208472, 106.845599`,
 * `-6.208472;106.845599`, `6°12'30.5"S 106°50'44.2"E`): the latitude's text and the longitude's,
 * swapped when the hemispheres say the longitude came first. Null when the text is one coordinate.
 */
export function splitPosition(text: string): { latitude: string; longitude: string } | null {
  const written = plain(text);
  const halves = (): [string, string] | null => {
    const by = (separator: RegExp) => {
      const parts = written.split(separator);
      return parts.length === 2 && parts.every((p) => /\d/.test(p)) ? (parts as [string, string]) : null;
    };
    if (written.includes(';')) return by(/\s*;\s*/);
    if (/,\s/.test(written)) return by(/\s*,\s+/);
    // One comma between numbers written with decimal points: the comma is the pair's.
    if (/\d,\s*[-+]?\d/.test(written) && written.includes('.') && written.split(',').length === 2)
      return by(/\s*,\s*/);
    // Two decimal numbers side by side, or a first coordinate closed by its hemisphere letter.
    const decimals = /^([-+]?\d+\.\d+)\s+([-+]?\d+\.\d+)$/.exec(written);
    if (decimals) return [decimals[1]!, decimals[2]!];
    const lettered = /^(.*\d.*?\s*(?:[NSEWUTB]|L[US]|B[TB]))\s+(\d.*)$/i.exec(written);
    return lettered ? [lettered[1]!, lettered[2]!] : null;
  };
  const found = halves();
  if (!found) return null;
  const [a, b] = found.map((s) => s.trim()) as [string, string];
  const longitudeFirst =
    /(?:^|[\d\s°'"])(?:[EWTB]|B[TB])$/i.test(a) && /(?:^|[\d\s°'"])(?:[NSU]|L[US])$/i.test(b);
  return longitudeFirst ? { latitude: b, longitude: a } : { latitude: a, longitude: b };
}

/** Where a coordinate is stored: four parts (`f.coordinate`) or one decimal number (`format: axis`). */
export type StoredCoordinate =
  | { notation: 'dms'; axis: Axis; name: string; anchor: string; keys: readonly string[] }
  | { notation: 'decimal'; axis: Axis; name: string; anchor: string; keys: readonly string[] };

/** A place on the ground: its latitude and longitude, edited together. */
export type Position = { latitude?: StoredCoordinate; longitude?: StoredCoordinate };

/**
 * The positions an entity's fields declare, in field order: each latitude with the longitude that
 * follows it (the first with the first), whatever the notation each is stored in. `anchor` is the
 * field where the position's input stands (the latitude's degrees or number).
 */
export function positionsOf(fields: Record<string, Field>): Position[] {
  const coordinates: StoredCoordinate[] = [];
  for (const [key, field] of Object.entries(fields)) {
    if (field.coordinate?.part === 'degree') {
      const keys = coordinateKeys(field.coordinate.of);
      coordinates.push({
        notation: 'dms',
        axis: field.coordinate.axis,
        name: field.coordinate.of,
        anchor: key,
        keys: [keys.degree, keys.minutes, keys.seconds, keys.hemisphere],
      });
    } else if (field.kind === 'number' && field.format) {
      coordinates.push({ notation: 'decimal', axis: field.format, name: key, anchor: key, keys: [key] });
    }
  }
  const positions: Position[] = [];
  for (const coordinate of coordinates) {
    const open = positions.find((p) => !p[coordinate.axis]);
    if (open) open[coordinate.axis] = coordinate;
    else positions.push({ [coordinate.axis]: coordinate });
  }
  return positions;
}

/** The values a coordinate stores for a reading (null: none), by field key. */
export function storedValues(coordinate: StoredCoordinate, reading: CoordinateReading | null) {
  if (coordinate.notation === 'decimal') return { [coordinate.name]: reading?.decimal ?? null };
  const keys = coordinateKeys(coordinate.name);
  return {
    [keys.degree]: reading?.degree ?? null,
    [keys.minutes]: reading?.minutes ?? null,
    [keys.seconds]: reading?.seconds ?? null,
    [keys.hemisphere]: reading?.hemisphere ?? null,
  };
}

/** A coordinate's decimal degrees from the values stored (null until they make one). */
export function storedDecimal(coordinate: StoredCoordinate, values: Record<string, unknown>): number | null {
  // As a form holds them too: an empty box is '', a number may still be its text.
  const held = Object.fromEntries(
    coordinate.keys.map((key) => {
      const v = values[key];
      const number = typeof v === 'string' && /^\s*-?\d/.test(v) ? Number(v.replace(',', '.')) : v;
      return [key, v === '' || v === undefined ? null : number];
    }),
  );
  const value =
    coordinate.notation === 'decimal'
      ? held[coordinate.name]
      : evaluate(decimalDegrees(coordinate.name, coordinate.axis), held);
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

/**
 * A coordinate as its input shows what is stored, in the notation it is stored in: `6° 12′ 30.5″ S`
 * for parts (from the parts themselves, so nothing is rounded through decimals; the parts there are
 * when a client sent only some, `6° S`), `-6.208472` for a decimal; empty when nothing is. It reads
 * back to the same point (`readCoordinate`).
 */
export function coordinateText(coordinate: StoredCoordinate, values: Record<string, unknown>): string {
  const decimal = storedDecimal(coordinate, values);
  if (coordinate.notation === 'decimal') return decimal === null ? '' : String(decimal);
  const keys = coordinateKeys(coordinate.name);
  const part = (key: string) => {
    const v = values[key];
    const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN;
    return Number.isFinite(n) ? n : null;
  };
  const degree = part(keys.degree);
  if (degree === null) return '';
  const [positive, negative] = hemispheresOf(coordinate.axis);
  const named = values[keys.hemisphere];
  const side = named === positive || named === negative ? named : degree < 0 ? negative : positive;
  const minutes = part(keys.minutes);
  const seconds = part(keys.seconds);
  return [
    `${Math.abs(degree)}°`,
    ...(minutes !== null || seconds !== null ? [`${minutes ?? 0}′`] : []),
    ...(seconds !== null ? [`${seconds}″`] : []),
    side,
  ].join(' ');
}
