/**
 * Derived values declared as expressions, so one declaration serves both a single record (the API's
 * view of it) and SQL (counts by severity, the worst reading, ordering by ΔT): the server compiles
 * the same expression to SQL, and the two cannot disagree on a band's edge (docs/architecture-engine.md).
 *
 * Blanks stay blank: a value whose inputs are all missing is missing, never 0 and never a verdict
 * (docs/blanks.md; the conformance walk proves it of every declared derived value, in JS and SQL).
 * Empty values follow SQL: arithmetic over an empty value is empty, a comparison with one is
 * unknown, and a choice (`if`) whose condition is unknown takes its `else` (a coordinate without a
 * hemisphere reads its degrees' sign), so a verdict that needs a value puts its words in `then`
 * branches only. `bands` over an empty value is empty, as is `byValue` over an empty word.
 * Dividing by zero is empty, never infinite. The one value never empty is `countItems`: a missing
 * list has no items, and 0 items is a true count.
 */
export type Expr =
  /**
   * A number field of the record (empty when it is empty or not a number). A key may read through
   * the record's references (`ufdInspectionId.matThickness`, or further): see `readThrough`.
   */
  | { op: 'field'; key: string }
  | { op: 'number'; value: number }
  /** A declared word as the value (a grade, a verdict). */
  | { op: 'text'; value: string }
  | { op: 'add' | 'sub' | 'mul' | 'div' | 'min' | 'max'; a: Expr; b: Expr }
  /** Half up to `digits` decimals, as Math.round does (SQL: floor(x·10ⁿ + 0.5) / 10ⁿ). */
  | { op: 'round'; a: Expr; digits: number }
  /**
   * The first band the value falls in, checked in order (`gt`: above the limit, `gte`: at or
   * above), else `otherwise`: NETA's priorities, ISO 20816's zones, a potential criterion.
   */
  | { op: 'bands'; a: Expr; bands: readonly Band[]; otherwise: string }
  /** `then` where the condition holds, `else` (empty when absent) where it does not or is unknown. */
  | { op: 'if'; when: Condition; then: Expr; else?: Expr }
  /**
   * By the value of a text or enumerated field: a limit that depends on the reference electrode,
   * a rule that depends on the acceptance code. `otherwise` (empty when absent) for any other value;
   * empty for an empty one.
   */
  | { op: 'byValue'; key: string; cases: Readonly<Record<string, Expr>>; otherwise?: Expr }
  /**
   * How many items of a list field (`f.list`) have `field` among `values`: a summary's rejected
   * spots. 0 for an empty list.
   */
  | { op: 'countItems'; key: string; field: string; values: readonly [string, ...string[]] }
  /**
   * A date or date-and-time field as a calendar date (`YYYY-MM-DD`; a date and time is read as its
   * date in UTC, as the API writes it), empty when it is empty. May read through references.
   */
  | { op: 'date'; key: string }
  /** Years from date `a` to date `b`: their days apart / 365.25 (API 570's rates), negative when b is before a. */
  | { op: 'yearsBetween'; a: Expr; b: Expr }
  /**
   * Date `a` plus `years` (a fraction and negative too): the whole months of years × 12 on the
   * calendar (the 29th of February plus a year is the 28th, the 31st plus a month the month's last
   * day), then what is left of a month as days of 365.25 / 12, rounded down. Empty beyond the years
   * 1–9999, or when either is empty.
   */
  | { op: 'addYears'; a: Expr; years: Expr }
  /**
   * A number field of the same series' reading before this one (`previous`), or of its baseline
   * (`first`: the latest reading marked baseline at or before this one, else the point's first,
   * which may be this one), readings of superseded reports left out (docs/series.md). Read beside
   * the record, as a field read through a reference is (`seriesReadKey`); empty where there is none.
   */
  | { op: 'series'; of: 'previous' | 'first'; key: string }
  /**
   * The `part`-th (from 1) whole number of a text field written as numbers with slashes: an
   * ISO 4406 cleanliness code `18/16/13` read as its three scale numbers. Empty when the field is
   * empty or that part is not a whole number (`-/16/13`). May read through references.
   */
  | { op: 'codePart'; key: string; part: number };

/** The most digits a part of a code read by `codePart` has: longer is not a number read (SQL and JS alike). */
const codePartDigits = 9;

export type Band = { when: 'gt' | 'gte'; limit: number; value: string };

/** A condition over a record: true, false, or unknown (null) when what it reads is empty. */
export type Condition =
  /** Of two numbers. */
  | { op: 'lt' | 'lte' | 'gt' | 'gte' | 'eq'; a: Expr; b: Expr }
  /** A text or enumerated field holds one of `values`. */
  | { op: 'oneOf'; key: string; values: readonly [string, ...string[]] }
  /**
   * A text field mentions one of `words`, ignoring the case of A–Z only (so JavaScript and SQL
   * agree whatever the collation): an acceptance code written "ASME B31.3-2022" or "asme b31.3".
   */
  | { op: 'mentions'; key: string; words: readonly [string, ...string[]] }
  /** The value is not empty (never unknown). */
  | { op: 'isSet'; a: Expr }
  | { op: 'and' | 'or'; all: readonly [Condition, ...Condition[]] }
  | { op: 'not'; c: Condition };

/** Builders of derived-value expressions: `d.round(d.sub(d.field('max'), d.field('ref')), 1)`. */
export const d = {
  field: (key: string): Expr => ({ op: 'field', key }),
  number: (value: number): Expr => ({ op: 'number', value }),
  text: (value: string): Expr => ({ op: 'text', value }),
  add: (a: Expr, b: Expr): Expr => ({ op: 'add', a, b }),
  sub: (a: Expr, b: Expr): Expr => ({ op: 'sub', a, b }),
  mul: (a: Expr, b: Expr): Expr => ({ op: 'mul', a, b }),
  div: (a: Expr, b: Expr): Expr => ({ op: 'div', a, b }),
  min: (a: Expr, b: Expr): Expr => ({ op: 'min', a, b }),
  max: (a: Expr, b: Expr): Expr => ({ op: 'max', a, b }),
  round: (a: Expr, digits: number): Expr => ({ op: 'round', a, digits }),
  bands: (a: Expr, bands: readonly Band[], otherwise: string): Expr => ({ op: 'bands', a, bands, otherwise }),
  if: (when: Condition, then: Expr, otherwise?: Expr): Expr => ({
    op: 'if',
    when,
    then,
    ...(otherwise ? { else: otherwise } : {}),
  }),
  byValue: (key: string, cases: Readonly<Record<string, Expr>>, otherwise?: Expr): Expr => ({
    op: 'byValue',
    key,
    cases,
    ...(otherwise ? { otherwise } : {}),
  }),
  countItems: (key: string, field: string, values: readonly [string, ...string[]]): Expr => ({
    op: 'countItems',
    key,
    field,
    values,
  }),
  date: (key: string): Expr => ({ op: 'date', key }),
  yearsBetween: (a: Expr, b: Expr): Expr => ({ op: 'yearsBetween', a, b }),
  addYears: (a: Expr, years: Expr): Expr => ({ op: 'addYears', a, years }),
  previous: (key: string): Expr => ({ op: 'series', of: 'previous', key }),
  first: (key: string): Expr => ({ op: 'series', of: 'first', key }),
  codePart: (key: string, part: number): Expr => ({ op: 'codePart', key, part }),
  lt: (a: Expr, b: Expr): Condition => ({ op: 'lt', a, b }),
  lte: (a: Expr, b: Expr): Condition => ({ op: 'lte', a, b }),
  gt: (a: Expr, b: Expr): Condition => ({ op: 'gt', a, b }),
  gte: (a: Expr, b: Expr): Condition => ({ op: 'gte', a, b }),
  eq: (a: Expr, b: Expr): Condition => ({ op: 'eq', a, b }),
  oneOf: (key: string, values: readonly [string, ...string[]]): Condition => ({ op: 'oneOf', key, values }),
  mentions: (key: string, words: readonly [string, ...string[]]): Condition => ({
    op: 'mentions',
    key,
    words,
  }),
  isSet: (a: Expr): Condition => ({ op: 'isSet', a }),
  and: (...all: [Condition, ...Condition[]]): Condition => ({ op: 'and', all }),
  or: (...all: [Condition, ...Condition[]]): Condition => ({ op: 'or', all }),
  not: (c: Condition): Condition => ({ op: 'not', c }),
};

const arithmetic = {
  add: (a: number, b: number) => a + b,
  sub: (a: number, b: number) => a - b,
  mul: (a: number, b: number) => a * b,
  div: (a: number, b: number) => (b === 0 ? null : a / b),
  min: (a: number, b: number) => Math.min(a, b),
  max: (a: number, b: number) => Math.max(a, b),
};

/** The value of an expression over a record; null when a value it needs is empty. */
export function evaluate(expr: Expr, record: Record<string, unknown>): number | string | null {
  switch (expr.op) {
    case 'field': {
      const value = record[expr.key];
      return typeof value === 'number' ? value : null;
    }
    case 'number':
    case 'text':
      return expr.value;
    case 'add':
    case 'sub':
    case 'mul':
    case 'div':
    case 'min':
    case 'max': {
      const a = evaluate(expr.a, record);
      const b = evaluate(expr.b, record);
      // The earlier or later of two dates (`YYYY-MM-DD` orders as text), as SQL's least and greatest.
      if ((expr.op === 'min' || expr.op === 'max') && typeof a === 'string' && typeof b === 'string')
        return (expr.op === 'min' ? a <= b : a >= b) ? a : b;
      if (typeof a !== 'number' || typeof b !== 'number') return null;
      return arithmetic[expr.op](a, b);
    }
    case 'round': {
      const a = evaluate(expr.a, record);
      if (typeof a !== 'number') return null;
      const scale = 10 ** expr.digits;
      return Math.floor(a * scale + 0.5) / scale;
    }
    case 'bands': {
      const a = evaluate(expr.a, record);
      if (typeof a !== 'number') return null;
      const band = expr.bands.find((b) => (b.when === 'gt' ? a > b.limit : a >= b.limit));
      return band ? band.value : expr.otherwise;
    }
    case 'if': {
      const branch = holds(expr.when, record) === true ? expr.then : expr.else;
      return branch ? evaluate(branch, record) : null;
    }
    case 'countItems': {
      const items = listOfText(record[expr.key]);
      return items.filter((item) => {
        const value = (item as Record<string, unknown> | null)?.[expr.field];
        return typeof value === 'string' && expr.values.includes(value);
      }).length;
    }
    case 'series': {
      const value = record[seriesReadKey(expr.of, expr.key)];
      return typeof value === 'number' ? value : null;
    }
    case 'byValue': {
      const value = record[expr.key];
      if (typeof value !== 'string') return null;
      const chosen = Object.hasOwn(expr.cases, value) ? expr.cases[value] : undefined;
      const branch = chosen ?? expr.otherwise;
      return branch ? evaluate(branch, record) : null;
    }
    case 'date':
      return calendarDate(record[expr.key]);
    case 'codePart': {
      const value = record[expr.key];
      const part = typeof value === 'string' ? value.split('/')[expr.part - 1] : undefined;
      return part !== undefined && codePartPattern.test(part) ? Number(part) : null;
    }
    case 'yearsBetween': {
      const a = evaluate(expr.a, record);
      const b = evaluate(expr.b, record);
      if (typeof a !== 'string' || typeof b !== 'string') return null;
      return (dayNumber(b) - dayNumber(a)) / 365.25;
    }
    case 'addYears': {
      const a = evaluate(expr.a, record);
      const years = evaluate(expr.years, record);
      if (typeof a !== 'string' || typeof years !== 'number') return null;
      return addYears(a, years);
    }
  }
}

/** A part of a code `codePart` reads as a number (the server's SQL checks the same pattern). */
export const codePartPattern = new RegExp(`^[0-9]{1,${codePartDigits}}$`);

/** The longest span `addYears` takes: no date of the years 1–9999 is further from another. */
export const maxYearsAdded = 10_000;
const daysPerMonth = 365.25 / 12;
const msPerDay = 86_400_000;

/**
 * A field's value as a calendar date, `YYYY-MM-DD`: a date as it is, a date and time (ISO text or a
 * Date) as its date in UTC; null for anything else.
 */
export function calendarDate(value: unknown): string | null {
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) return value;
  const time = value instanceof Date ? value : typeof value === 'string' ? new Date(value) : undefined;
  return time && !Number.isNaN(time.getTime()) ? formatDay(Math.floor(time.getTime() / msPerDay)) : null;
}

/** Days since 1970-01-01 of a `YYYY-MM-DD` date (proleptic Gregorian, as PostgreSQL counts). */
function dayNumber(date: string): number {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return daysFromCivil(y, m, d);
}

function daysFromCivil(y: number, m: number, d: number): number {
  // setUTCFullYear, not Date.UTC: Date.UTC reads the years 0–99 as 1900–1999.
  const at = new Date(0);
  at.setUTCFullYear(y, m - 1, d);
  return Math.round(at.getTime() / msPerDay);
}

function formatDay(days: number): string {
  const at = new Date(days * msPerDay);
  const pad = (n: number, width: number) => String(n).padStart(width, '0');
  return `${pad(at.getUTCFullYear(), 4)}-${pad(at.getUTCMonth() + 1, 2)}-${pad(at.getUTCDate(), 2)}`;
}

/** `addYears` of one date (see the expression); SQL computes the same in the same order. */
function addYears(date: string, years: number): string | null {
  if (Math.abs(years) > maxYearsAdded) return null;
  const months = Math.trunc(years * 12);
  const days = Math.floor((years * 12 - months) * daysPerMonth);
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const month = y * 12 + (m - 1) + months;
  const year = Math.floor(month / 12);
  const monthOfYear = month - year * 12;
  const lastDay = new Date(0);
  lastDay.setUTCFullYear(year, monthOfYear + 1, 0);
  const result = daysFromCivil(year, monthOfYear + 1, Math.min(d, lastDay.getUTCDate())) + days;
  const formatted = formatDay(result);
  return formatted >= '0001-01-01' && formatted <= '9999-12-31' && formatted.length === 10 ? formatted : null;
}

/** The key a series read is kept under beside the record: `previous(ultrasoundValueDb)`. */
export function seriesReadKey(of: 'previous' | 'first', key: string): string {
  return `${of}(${key})`;
}

/**
 * A list kept as JSON, from what a record holds: the list itself, or its JSON text; an empty list
 * when it is missing or the text does not parse (SPEC 3: "empty list if missing or unparsable").
 */
export function listOfText(value: unknown): unknown[] {
  if (Array.isArray(value)) return value;
  if (typeof value !== 'string') return [];
  try {
    const parsed: unknown = JSON.parse(value);
    return Array.isArray(parsed) ? parsed : [];
  } catch {
    return [];
  }
}

const comparisons = {
  lt: (a: number, b: number) => a < b,
  lte: (a: number, b: number) => a <= b,
  gt: (a: number, b: number) => a > b,
  gte: (a: number, b: number) => a >= b,
  eq: (a: number, b: number) => a === b,
};

const dateComparisons = {
  lt: (a: string, b: string) => a < b,
  lte: (a: string, b: string) => a <= b,
  gt: (a: string, b: string) => a > b,
  gte: (a: string, b: string) => a >= b,
  eq: (a: string, b: string) => a === b,
};

/** Whether a condition holds over a record: true, false, or null when unknown (SQL's three values). */
export function holds(c: Condition, record: Record<string, unknown>): boolean | null {
  switch (c.op) {
    case 'lt':
    case 'lte':
    case 'gt':
    case 'gte':
    case 'eq': {
      // Numbers, or dates (`YYYY-MM-DD` orders as text): words are compared by `oneOf`, which needs
      // no collation to agree with SQL (`valueKind` refuses a comparison of words).
      const a = evaluate(c.a, record);
      const b = evaluate(c.b, record);
      if (typeof a === 'string' && typeof b === 'string') return dateComparisons[c.op](a, b);
      if (typeof a !== 'number' || typeof b !== 'number') return null;
      return comparisons[c.op](a, b);
    }
    case 'oneOf': {
      const value = record[c.key];
      return typeof value === 'string' ? c.values.includes(value) : null;
    }
    case 'mentions': {
      const value = record[c.key];
      if (typeof value !== 'string') return null;
      const folded = foldAsciiCase(value);
      return c.words.some((word) => folded.includes(foldAsciiCase(word)));
    }
    case 'isSet':
      return evaluate(c.a, record) !== null;
    case 'and': {
      const each = c.all.map((x) => holds(x, record));
      return each.includes(false) ? false : each.includes(null) ? null : true;
    }
    case 'or': {
      const each = c.all.map((x) => holds(x, record));
      return each.includes(true) ? true : each.includes(null) ? null : false;
    }
    case 'not': {
      const inner = holds(c.c, record);
      return inner === null ? null : !inner;
    }
  }
}

/**
 * A key an expression reads through the record's references (`ufdInspectionId.matThickness`: the
 * thickness of the inspection a finding is under; `thermalAnalysisId.reportHeaderId.equipmentNo.yearInstalled`:
 * the year its equipment was installed, through the report), or undefined for a field of the record
 * itself. `hops` are the reference fields followed in turn (`ref` the first), `field` the one read
 * at the end; each hop is checked with the catalogue (`checkReadsThrough`).
 */
export function readThrough(key: string): { ref: string; hops: string[]; field: string } | undefined {
  const steps = key.split('.');
  if (steps.length < 2) return undefined;
  const field = steps.pop()!;
  return { ref: steps[0]!, hops: steps, field };
}

/** A–Z as a–z, nothing else: what SQL's `translate` does alike under any collation. */
export function foldAsciiCase(text: string): string {
  return text.replace(/[A-Z]/g, (c) => c.toLowerCase());
}

/** The expressions and conditions directly inside one. */
export function partsOf(e: Expr | Condition): (Expr | Condition)[] {
  switch (e.op) {
    case 'field':
    case 'number':
    case 'text':
    case 'oneOf':
    case 'mentions':
    case 'countItems':
    case 'date':
    case 'series':
    case 'codePart':
      return [];
    case 'addYears':
      return [e.a, e.years];
    case 'byValue':
      return [...Object.values(e.cases), ...(e.otherwise ? [e.otherwise] : [])];
    case 'round':
    case 'bands':
    case 'isSet':
      return [e.a];
    case 'if':
      return [e.when, e.then, ...(e.else ? [e.else] : [])];
    case 'and':
    case 'or':
      return [...e.all];
    case 'not':
      return [e.c];
    default:
      return [e.a, e.b];
  }
}

/**
 * The fields an expression reads: as numbers (`field`), and as words it chooses by (`oneOf`,
 * `byValue`, which read a text or enumerated field).
 */
export function fieldsRead(expr: Expr | Condition): {
  numbers: string[];
  words: string[];
  /** Lists whose items are counted, each with the item field counted by. */
  lists: { key: string; field: string }[];
  /** Date or date-and-time fields read as dates (`date`). */
  dates: string[];
  /** Number fields read from the same series' other readings (`d.previous`, `d.first`). */
  series: { of: 'previous' | 'first'; key: string }[];
} {
  const dates = new Set<string>();
  const numbers = new Set<string>();
  const words = new Set<string>();
  const lists: { key: string; field: string }[] = [];
  const series: { of: 'previous' | 'first'; key: string }[] = [];
  const walk = (e: Expr | Condition): void => {
    if (e.op === 'field') numbers.add(e.key);
    if (e.op === 'oneOf' || e.op === 'byValue' || e.op === 'mentions' || e.op === 'codePart')
      words.add(e.key);
    if (e.op === 'countItems') lists.push({ key: e.key, field: e.field });
    if (e.op === 'date') dates.add(e.key);
    if (e.op === 'series' && !series.some((r) => r.of === e.of && r.key === e.key))
      series.push({ of: e.of, key: e.key });
    partsOf(e).forEach(walk);
  };
  walk(expr);
  return { numbers: [...numbers], words: [...words], lists, dates: [...dates], series };
}

/**
 * Whether an expression gives a number, a word or a date. A declaration that mixes them (branches
 * of both, arithmetic or a comparison over words, a date compared with a number) is refused: words
 * are compared only by `oneOf`, which needs no collation to agree with SQL.
 */
export function valueKind(expr: Expr): 'number' | 'text' | 'date' {
  const numbers = (e: Expr, what: string) => {
    if (valueKind(e) !== 'number') throw new Error(`${what} needs numbers, not words`);
  };
  const dates = (e: Expr, what: string) => {
    if (valueKind(e) !== 'date') throw new Error(`${what} needs dates`);
  };
  /** Two sides of one kind, numbers or dates: a comparison, the earlier or larger of two. */
  const alike = (a: Expr, b: Expr, what: string): 'number' | 'date' => {
    const kinds = [valueKind(a), valueKind(b)];
    if (kinds.includes('text')) throw new Error(`${what} needs numbers, not words`);
    if (kinds[0] !== kinds[1]) throw new Error(`${what} compares a date with a number`);
    return kinds[0] as 'number' | 'date';
  };
  const check = (c: Condition): void => {
    if (c.op === 'isSet') valueKind(c.a);
    else if ('a' in c) alike(c.a, c.b, c.op);
    else partsOf(c).forEach((x) => check(x as Condition));
  };
  switch (expr.op) {
    case 'text':
    case 'bands':
      if (expr.op === 'bands') numbers(expr.a, 'bands');
      return 'text';
    case 'if':
    case 'byValue': {
      if (expr.op === 'if') check(expr.when);
      const branches =
        expr.op === 'if' ? [expr.then, ...(expr.else ? [expr.else] : [])] : (partsOf(expr) as Expr[]);
      const kinds = new Set(branches.map(valueKind));
      if (kinds.size !== 1)
        throw new Error(`An ${expr.op} gives numbers in some branches and words in others`);
      return [...kinds][0]!;
    }
    case 'date':
      return 'date';
    case 'yearsBetween':
      dates(expr.a, expr.op);
      dates(expr.b, expr.op);
      return 'number';
    case 'addYears':
      dates(expr.a, expr.op);
      numbers(expr.years, expr.op);
      return 'date';
    case 'min':
    case 'max':
      return alike(expr.a, expr.b, expr.op);
    default:
      for (const part of partsOf(expr)) numbers(part as Expr, expr.op);
      return 'number';
  }
}
