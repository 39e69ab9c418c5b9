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
   * the record's parent (`ufdInspectionId.matThickness`): see `parentReads`.
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
   * A number field of the same series' reading before this one (`previous`), or of its baseline
   * (`first`: the latest reading marked baseline at or before this one, else the point's first,
   * which may be this one), readings of superseded reports left out (docs/series.md). Read beside
   * the record, as a field read through a reference is (`seriesReadKey`); empty where there is none.
   */
  | { op: 'series'; of: 'previous' | 'first'; key: string };

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
  previous: (key: string): Expr => ({ op: 'series', of: 'previous', key }),
  first: (key: string): Expr => ({ op: 'series', of: 'first', key }),
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
  }
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

/** Whether a condition holds over a record: true, false, or null when unknown (SQL's three values). */
export function holds(c: Condition, record: Record<string, unknown>): boolean | null {
  switch (c.op) {
    case 'lt':
    case 'lte':
    case 'gt':
    case 'gte':
    case 'eq': {
      // Numbers only: words are compared by `oneOf`, which needs no collation to agree with SQL.
      const a = evaluate(c.a, record);
      const b = evaluate(c.b, record);
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
 * A key an expression reads through the record's reference to another (`ufdInspectionId.matThickness`:
 * the thickness of the inspection a finding is under), or undefined for a field of the record itself.
 * One step only: the referenced record's own field.
 */
export function readThrough(key: string): { ref: string; field: string } | undefined {
  const dot = key.indexOf('.');
  return dot < 0 ? undefined : { ref: key.slice(0, dot), field: key.slice(dot + 1) };
}

/** A–Z as a–z, nothing else: what SQL's `translate` does alike under any collation. */
export function foldAsciiCase(text: string): string {
  return text.replace(/[A-Z]/g, (c) => c.toLowerCase());
}

/** The expressions and conditions directly inside one. */
function partsOf(e: Expr | Condition): (Expr | Condition)[] {
  switch (e.op) {
    case 'field':
    case 'number':
    case 'text':
    case 'oneOf':
    case 'mentions':
    case 'countItems':
    case 'series':
      return [];
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
  /** Number fields read from the same series' other readings (`d.previous`, `d.first`). */
  series: { of: 'previous' | 'first'; key: string }[];
} {
  const numbers = new Set<string>();
  const words = new Set<string>();
  const lists: { key: string; field: string }[] = [];
  const series: { of: 'previous' | 'first'; key: string }[] = [];
  const walk = (e: Expr | Condition): void => {
    if (e.op === 'field') numbers.add(e.key);
    if (e.op === 'oneOf' || e.op === 'byValue' || e.op === 'mentions') words.add(e.key);
    if (e.op === 'countItems') lists.push({ key: e.key, field: e.field });
    if (e.op === 'series' && !series.some((r) => r.of === e.of && r.key === e.key))
      series.push({ of: e.of, key: e.key });
    partsOf(e).forEach(walk);
  };
  walk(expr);
  return { numbers: [...numbers], words: [...words], lists, series };
}

/**
 * Whether an expression gives a number or a word. A declaration that mixes them (branches of
 * both, arithmetic or a comparison over words) is refused: words are compared only by `oneOf`,
 * which needs no collation to agree with SQL.
 */
export function valueKind(expr: Expr): 'number' | 'text' {
  const numbers = (e: Expr, what: string) => {
    if (valueKind(e) !== 'number') throw new Error(`${what} needs numbers, not words`);
  };
  const check = (c: Condition): void => {
    if (c.op === 'isSet') valueKind(c.a);
    else if ('a' in c) [c.a, c.b].forEach((e) => numbers(e, c.op));
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
    default:
      for (const part of partsOf(expr)) numbers(part as Expr, expr.op);
      return 'number';
  }
}
