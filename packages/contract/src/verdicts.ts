import { z } from 'zod';

/**
 * A verdict the inspector records beside the one the product works out from a standard (UFD's
 * result beside its result by the code), over the same levels, least severe first: named once by a
 * technique's `findingGrade.standard` (STYLE 17, docs/verdict-pairs.md). Where both are set and
 * differ the row is an override: saved only with a reason, kept on the row in
 * `verdictOverrideReason`, counted at the stricter of the two until a reviewer accepts the
 * inspector's verdict at approval.
 */
export type VerdictPair = {
  /** The stored field the inspector records. */
  recorded: string;
  /** The derived value (or field) the standard gives. */
  standard: string;
  /** The levels both take, least severe first (the technique's finding grades). */
  levels: readonly string[];
};

/** The engine-owned column every row entity with a verdict pair gets: why the inspector differs. */
export const verdictOverrideReasonKey = 'verdictOverrideReason';

/** The longest reason kept. */
export const verdictOverrideReasonMax = 2000;

/** The warning (a rule id of its own) a save of an override raises until it carries a reason. */
export const verdictOverrideRule = 'verdictOverride';

/** A row's two verdicts when they are both set and differ; the stricter is the higher level. */
export type VerdictOverride = { recorded: string; standard: string; stricter: string };

/** The override a row's values make, or null when they agree or either is unset. */
export function verdictOverrideOf(
  pair: VerdictPair,
  values: Record<string, unknown>,
): VerdictOverride | null {
  const recorded = values[pair.recorded];
  const standard = values[pair.standard];
  if (typeof recorded !== 'string' || typeof standard !== 'string' || recorded === standard) return null;
  const stricter = pair.levels.indexOf(standard) > pair.levels.indexOf(recorded) ? standard : recorded;
  return { recorded, standard, stricter };
}

/** A reason as kept: trimmed, null when blank. */
export function overrideReason(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const text = value.trim();
  return text === '' ? null : text;
}

/** The reason as a create or update body sends it (blank reads as none). */
export const verdictOverrideReasonSchema = z
  .string()
  .max(verdictOverrideReasonMax, `At most ${verdictOverrideReasonMax} characters`)
  .nullable()
  .optional()
  .meta({
    description:
      'Why the recorded verdict differs from the one the standard gives (our addition, docs/verdict-pairs.md): required when they differ, cleared by the server when they agree',
  });

/**
 * One override on a report, as the approval, the whole report and the workspace show it: the row,
 * its two verdicts, the reason, and who accepted the inspector's verdict (null: nobody yet).
 */
export const verdictOverrideSchema = z
  .object({
    entity: z.string(),
    rowId: z.uuid(),
    /** What the row is, in its entity's first text (a finding's part examined). */
    title: z.string().nullable(),
    recorded: z.string(),
    standard: z.string(),
    /** The level counted: the stricter until accepted, then the recorded one. */
    counted: z.string(),
    reason: z.string().nullable(),
    acceptedBy: z.string().nullable(),
    acceptedByName: z.string().nullable(),
    acceptedAt: z.string().nullable(),
  })
  .meta({ id: 'verdictOverride' });
export type VerdictOverrideRow = z.infer<typeof verdictOverrideSchema>;
