import { z } from 'zod';
import type { Field, FieldValue } from './fields.ts';

/**
 * Rules over a record's values, declared beside its fields as plain functions (never a zod refine:
 * the web narrows schemas with `pick`, which refined schemas refuse). The same declaration is judged
 * by the server before a write and by the browser before a save.
 *
 * - `error`: the values cannot be saved (400, the message on the first named field).
 * - `warning`: the values are implausible but possible; the inspector confirms them, and the
 *   warning is recorded with the record.
 */
export type RuleLevel = 'error' | 'warning';

/** The values a rule sees: the named fields are always present (a rule with one empty is not judged). */
type RuleValues<F extends Record<string, Field>, K extends keyof F> = {
  [P in keyof F]: F[P] extends { required: true } ? FieldValue<F[P]> : FieldValue<F[P]> | null;
} & { [P in K]: FieldValue<F[P]> };

export type EntityRule<F extends Record<string, Field> = Record<string, Field>> = {
  level: RuleLevel;
  /** Fields the rule reads; the first is where a form shows it. */
  fields: readonly (keyof F & string)[];
  /** True when the values break the rule. */
  when: (values: RuleValues<F, keyof F>) => boolean;
  /** English text; other languages translate it under `entities.<entity>.rules.<ruleId>`. */
  message: string;
};

/** Builders an entity's `rules` receive, typed by its fields: `rule.warning(['a', 'b'], (v) => v.a > v.b, '…')`. */
export type RuleBuilder<F extends Record<string, Field>> = Record<
  RuleLevel,
  <const K extends keyof F & string>(
    fields: readonly [K, ...K[]],
    when: (values: RuleValues<F, K>) => boolean,
    message: string,
  ) => EntityRule<F>
>;

function ruleOf(level: RuleLevel) {
  return (fields: readonly [string, ...string[]], when: (values: never) => boolean, message: string) =>
    ({ level, fields, when, message }) as unknown as EntityRule;
}

/** The builders, untyped; `defineEntity` hands them to a declaration typed by its fields. */
export const ruleBuilder = { error: ruleOf('error'), warning: ruleOf('warning') };

/**
 * Whether an ISO date (YYYY-MM-DD) is after today everywhere on Earth: later than today's date at
 * UTC+14, the first time zone into a new day. A plant in Jakarta at 06:00 is still yesterday on a
 * server in UTC; judged this way, the server and every browser refuse the same dates, and nobody
 * is refused today's. An actual date in the future is a typing slip, never a plan.
 */
export function isFutureDate(date: string, now: number = Date.now()): boolean {
  return date > new Date(now + 14 * 3_600_000).toISOString().slice(0, 10);
}

/** A rule the values break, with what it saw. */
export type RuleViolation = {
  rule: string;
  level: RuleLevel;
  fields: string[];
  message: string;
  /** The named fields' values as judged. */
  values: Record<string, unknown>;
};

const filled = (value: unknown) => value !== null && value !== undefined;

/**
 * Judges every rule of an entity over complete values (a create body, or a stored record merged with
 * an update). A rule whose named fields are not all filled is not judged: requiredness is the fields'
 * own business, and a rule about two temperatures says nothing while one is missing.
 */
export function judgeRules(
  rules: Record<string, EntityRule>,
  values: Record<string, unknown>,
): RuleViolation[] {
  const violations: RuleViolation[] = [];
  for (const [id, r] of Object.entries(rules)) {
    if (!r.fields.every((key) => filled(values[key]))) continue;
    if (!r.when(values as never)) continue;
    violations.push({
      rule: id,
      level: r.level,
      fields: [...r.fields],
      message: r.message,
      values: Object.fromEntries(r.fields.map((key) => [key, values[key]])),
    });
  }
  return violations;
}

/** A warning as stored with a record: what was seen, and who confirmed it when (null: nobody did). */
export const recordedWarningSchema = z
  .object({
    rule: z.string(),
    message: z.string(),
    fields: z.array(z.string()),
    values: z.record(z.string(), z.unknown()),
    acknowledgedBy: z.string().nullable(),
    acknowledgedByName: z.string().nullable(),
    acknowledgedAt: z.string().nullable(),
  })
  .meta({ id: 'recordedWarning' });
export type RecordedWarning = z.infer<typeof recordedWarningSchema>;

/** Same rule, same values: a warning confirmed once need not be confirmed again. */
function sameWarning(a: Pick<RuleViolation, 'rule' | 'values'>, b: Pick<RuleViolation, 'rule' | 'values'>) {
  if (a.rule !== b.rule) return false;
  const keys = new Set([...Object.keys(a.values), ...Object.keys(b.values)]);
  return [...keys].every((k) => a.values[k] === b.values[k]);
}

/** The confirmation `recorded` already holds for a warning (same rule, same values), if any. */
export function earlierConfirmation(
  recorded: readonly RecordedWarning[] | null | undefined,
  warning: Pick<RuleViolation, 'rule' | 'values'>,
): RecordedWarning | undefined {
  return (recorded ?? []).find((w) => w.acknowledgedAt !== null && sameWarning(w, warning));
}

/** Warnings among `violations` that `recorded` does not already hold as confirmed. */
export function unconfirmedWarnings(
  violations: RuleViolation[],
  recorded: readonly RecordedWarning[] | null | undefined,
): RuleViolation[] {
  return violations.filter((v) => v.level === 'warning' && !earlierConfirmation(recorded, v));
}

/**
 * The optional body field by which a client confirms warnings it has shown: rule ids, as a JSON array
 * or, in a multipart form, as one text (comma-separated, or the array as JSON).
 */
export function acknowledgedWarningsSchema(warningIds: readonly [string, ...string[]]) {
  const ids = z.array(z.enum(warningIds, { error: `Use rule ids among: ${warningIds.join(', ')}` }), {
    error: 'Send the rule ids of the confirmed warnings as a list',
  });
  return z
    .union([ids, z.string().max(2000)])
    .transform((value, ctx) => {
      if (Array.isArray(value)) return value;
      const text = value.trim();
      let list: unknown = [];
      if (text.startsWith('[')) {
        try {
          list = JSON.parse(text);
        } catch {
          list = null;
        }
      } else if (text !== '') {
        list = text.split(',').map((s) => s.trim());
      }
      const parsed = ids.safeParse(list);
      if (parsed.success) return parsed.data;
      ctx.addIssue({ code: 'custom', message: parsed.error.issues[0]?.message ?? 'Invalid rule ids' });
      return z.NEVER;
    })
    .optional()
    .meta({
      description:
        'Warnings the user saw and confirmed before saving (rule ids). Optional: without it the warnings are still recorded, as not confirmed.',
    });
}
