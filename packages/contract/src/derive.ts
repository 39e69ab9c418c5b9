/**
 * Derived values declared as expressions, so one declaration serves both a single record (the API's
 * view of it) and SQL (counts by severity, the worst reading, ordering by ΔT): the server compiles
 * the same expression to SQL, and the two cannot disagree on a band's edge (docs/architecture-engine.md).
 */
export type Expr =
  | { op: 'field'; key: string }
  | { op: 'number'; value: number }
  | { op: 'add' | 'sub' | 'mul'; a: Expr; b: Expr }
  /** Half up to `digits` decimals, as Math.round does (SQL: floor(x·10ⁿ + 0.5) / 10ⁿ). */
  | { op: 'round'; a: Expr; digits: number }
  /**
   * The first band the value falls in, checked in order (`gt`: above the limit, `gte`: at or
   * above), else `otherwise`: NETA's priorities, ISO 20816's zones, a potential criterion.
   */
  | { op: 'bands'; a: Expr; bands: readonly Band[]; otherwise: string };

export type Band = { when: 'gt' | 'gte'; limit: number; value: string };

/** Builders of derived-value expressions: `d.round(d.sub(d.field('max'), d.field('ref')), 1)`. */
export const d = {
  field: (key: string): Expr => ({ op: 'field', key }),
  number: (value: number): Expr => ({ op: 'number', value }),
  add: (a: Expr, b: Expr): Expr => ({ op: 'add', a, b }),
  sub: (a: Expr, b: Expr): Expr => ({ op: 'sub', a, b }),
  mul: (a: Expr, b: Expr): Expr => ({ op: 'mul', a, b }),
  round: (a: Expr, digits: number): Expr => ({ op: 'round', a, digits }),
  bands: (a: Expr, bands: readonly Band[], otherwise: string): Expr => ({ op: 'bands', a, bands, otherwise }),
};

/** The value of an expression over a record; null when a field it reads is empty. */
export function evaluate(expr: Expr, record: Record<string, unknown>): number | string | null {
  switch (expr.op) {
    case 'field': {
      const value = record[expr.key];
      return typeof value === 'number' ? value : null;
    }
    case 'number':
      return expr.value;
    case 'add':
    case 'sub':
    case 'mul': {
      const a = evaluate(expr.a, record);
      const b = evaluate(expr.b, record);
      if (typeof a !== 'number' || typeof b !== 'number') return null;
      return expr.op === 'add' ? a + b : expr.op === 'sub' ? a - b : a * b;
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
  }
}
