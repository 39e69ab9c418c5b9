import {
  deriveValue,
  entities,
  referenceHop,
  overrideReason,
  renderFieldMessage,
  verdictOverrideOf,
  verdictOverrideReasonKey,
  verdictOverrideRule,
} from '@inspectra/contract';
import type { EntityDefinition, RecordedWarning, VerdictOverride } from '@inspectra/contract';
import { getTableColumns, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../db/client.ts';
import { tableOf } from '../db/schema/index.ts';
import { readsThroughJson } from './derived-sql.ts';
import { seriesReadsOfRowSql } from './series.ts';
import { AppError, fieldRefusal } from '../errors.ts';
import type { AuthenticatedUser } from './access.ts';

type Values = Record<string, unknown>;

/**
 * What the standard's verdicts of `rows` read through their references (a finding's inspection's
 * acceptance code and thickness) and from their series (the point's baseline or previous reading,
 * as the write leaves the row), keyed as they read them, one object per row; one query per
 * reference of the row, through as many hops as the reads follow, and one per row reading its
 * series. Empty objects for an entity without a verdict pair or reading nothing.
 */
export async function verdictInputs(db: DbOrTx, entity: EntityDefinition, rows: Values[]): Promise<Values[]> {
  const found = rows.map((): Values => ({}));
  if (!entity.verdict) return found;
  const refs = [...new Set(entity.readsThrough.map((r) => r.ref))];
  for (const ref of refs) {
    const hop = referenceHop(entity, ref, (name) => entities[name]);
    if (!hop) continue;
    const keys = [...new Set(rows.map((r) => r[ref]).filter((id): id is string => typeof id === 'string'))];
    if (keys.length === 0) continue;
    const reads = entity.readsThrough.filter((r) => r.ref === ref);
    const type = (getTableColumns(tableOf(hop.entity)) as Record<string, AnyPgColumn>)[hop.key]!.getSQLType();
    const through = readsThroughJson(entity, { given: () => sql`given.key`, reads })!;
    const selected = await db.execute<{ key: string; through: Values }>(
      sql`select given.key::text as key, ${through} as through from unnest(${sql.param(keys)}::${sql.raw(type)}[]) as given(key)`,
    );
    const byKey = new Map(selected.rows.map((s) => [s.key, s.through]));
    rows.forEach((row, i) => {
      const values = byKey.get(row[ref] as string);
      for (const r of reads) found[i]![r.key] = values?.[r.key] ?? null;
    });
  }
  // The same point's other readings (`first`, `previous`), as the write leaves the row: one statement a row.
  if (entity.readsSeries.length > 0)
    for (const [i, row] of rows.entries()) {
      const selected = await db.execute<{ through: Values }>(seriesReadsOfRowSql(entity, row));
      Object.assign(found[i]!, selected.rows[0]?.through ?? {});
    }
  return found;
}

/** The row's override (its two verdicts, when set and different), the standard's worked out. */
export function overrideOfValues(
  entity: EntityDefinition,
  values: Values,
  through: Values,
): VerdictOverride | null {
  const pair = entity.verdict;
  if (!pair) return null;
  const derived = entity.derived[pair.standard];
  const standard = derived ? deriveValue(derived, { ...values, ...through }) : values[pair.standard];
  return verdictOverrideOf(pair, { ...values, [pair.standard]: standard ?? null });
}

/**
 * Judges a write of a row with a verdict pair (docs/verdict-pairs.md): what it adds to the write
 * (the reason kept, the override's warning beside the rules' ones), or a 400 when the verdicts
 * differ without a reason. The reason is the one sent (blank is none); a save that sends none keeps
 * the stored one while the override stays the same one it was given for; a row agreeing with the
 * standard keeps none. Nothing for an entity without a pair.
 */
export function judgeVerdict(o: {
  entity: EntityDefinition;
  /** The row as the write leaves it (a stored record merged with the changes). */
  values: Values;
  through: Values;
  /** Whether the body named the reason (then it is the answer, even blank). */
  sent: boolean;
  before?: Values;
  user: AuthenticatedUser;
  now: Date;
}): { reason: string | null; warning: RecordedWarning | null } | undefined {
  const pair = o.entity.verdict;
  if (!pair) return undefined;
  const override = overrideOfValues(o.entity, o.values, o.through);
  if (!override) return { reason: null, warning: null };
  const seen = { [pair.recorded]: override.recorded, [pair.standard]: override.standard };
  const earlier = ((o.before?.warnings ?? []) as RecordedWarning[]).find(
    (w) =>
      w.rule === verdictOverrideRule &&
      w.values[pair.recorded] === override.recorded &&
      w.values[pair.standard] === override.standard,
  );
  const stored = overrideReason(o.before?.[verdictOverrideReasonKey]);
  const sentReason = o.sent ? overrideReason(o.values[verdictOverrideReasonKey]) : null;
  const reason = sentReason ?? (!o.sent && earlier && stored ? stored : null);
  const params = { recorded: override.recorded, standard: override.standard };
  if (!reason)
    throw new AppError(
      'VALIDATION_ERROR',
      `The request needs a reason: ${verdictOverrideReasonKey} — ${renderFieldMessage('verdictOverride', params)}`,
      [fieldRefusal(verdictOverrideReasonKey, 'verdictOverride', params)],
    );
  const confirmedNow = sentReason !== null;
  return {
    reason,
    warning: {
      rule: verdictOverrideRule,
      message: renderFieldMessage('verdictOverride', params),
      fields: [pair.recorded],
      values: seen,
      acknowledgedBy: confirmedNow ? o.user.id : (earlier?.acknowledgedBy ?? null),
      acknowledgedByName: confirmedNow ? o.user.fullName : (earlier?.acknowledgedByName ?? null),
      acknowledgedAt: confirmedNow ? o.now.toISOString() : (earlier?.acknowledgedAt ?? null),
    },
  };
}

/** What a judged verdict adds to a write: the reason, and the warnings with the override's. */
export function verdictPatch(judged: ReturnType<typeof judgeVerdict>, warnings: RecordedWarning[]): Values {
  if (!judged) return {};
  return {
    [verdictOverrideReasonKey]: judged.reason,
    warnings: judged.warning ? [...warnings, judged.warning] : warnings,
  };
}

/**
 * `judgeVerdict` for one write, reading what the standard needs: returns what to write with the
 * row (the reason, and the warnings with the override's), nothing for an entity without a pair.
 */
export async function verdictOfWrite(
  db: DbOrTx,
  o: Omit<Parameters<typeof judgeVerdict>[0], 'through'> & { warnings: RecordedWarning[] },
): Promise<Values> {
  if (!o.entity.verdict) return {};
  const [through] = await verdictInputs(db, o.entity, [o.values]);
  return verdictPatch(judgeVerdict({ ...o, through: through! }), o.warnings);
}
