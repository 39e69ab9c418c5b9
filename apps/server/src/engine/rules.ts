import { earlierConfirmation, judgeRules } from '@inspectra/contract';
import type { EntityDefinition, FieldError, RecordedWarning } from '@inspectra/contract';
import { AppError } from '../errors.ts';
import type { AuthenticatedUser } from './access.ts';

/** Stored values as the rules see them in the browser too: dates and times as ISO text. */
function asJudged(values: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(values).map(([k, v]) => [k, v instanceof Date ? v.toISOString() : v]),
  );
}

/**
 * Judges an entity's rules over the values a write would leave (a create body, or the stored record
 * merged with an update). A broken hard rule refuses the write with 400, its message on the first
 * field it names. Broken soft rules are returned as the record's warnings: confirmed by the caller
 * when its body names them in `acknowledgedWarnings`, still confirmed when an earlier save confirmed
 * the same rule over the same values, otherwise recorded as not confirmed.
 */
export function judgeWrite(o: {
  entity: EntityDefinition;
  values: Record<string, unknown>;
  acknowledged: readonly string[] | undefined;
  previous: readonly RecordedWarning[] | undefined;
  user: AuthenticatedUser;
  now: Date;
}): RecordedWarning[] {
  const violations = judgeRules(o.entity.rules, asJudged(o.values));
  const errors: FieldError[] = violations
    .filter((v) => v.level === 'error')
    .map((v) => ({ path: v.fields[0]!, message: v.message }));
  if (errors.length > 0) {
    const first = errors[0]!;
    throw new AppError(
      'VALIDATION_ERROR',
      `The request has ${errors.length === 1 ? 'an invalid value' : `${errors.length} invalid values`}: ${first.path} — ${first.message}`,
      errors,
    );
  }
  return violations
    .filter((v) => v.level === 'warning')
    .map((v) => {
      const confirmedNow = o.acknowledged?.includes(v.rule) ?? false;
      const earlier = earlierConfirmation(o.previous, v);
      return {
        rule: v.rule,
        message: v.message,
        fields: v.fields,
        values: v.values,
        acknowledgedBy: confirmedNow ? o.user.id : (earlier?.acknowledgedBy ?? null),
        acknowledgedByName: confirmedNow ? o.user.fullName : (earlier?.acknowledgedByName ?? null),
        acknowledgedAt: confirmedNow ? o.now.toISOString() : (earlier?.acknowledgedAt ?? null),
      };
    });
}
