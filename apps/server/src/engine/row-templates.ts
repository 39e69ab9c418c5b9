import { templateRowValues, templatesFor, verdictOverrideReasonKey } from '@inspectra/contract';
import type { EntityDefinition } from '@inspectra/contract';
import type { DbOrTx } from '../db/client.ts';
import type { AuthenticatedUser } from './access.ts';
import { auditable } from './auditable.ts';
import type { EngineDeps } from './engine-deps.ts';
import { writeAudit } from './records.ts';
import type { StoredRecord } from './records.ts';
import { judgeWrite } from './rules.ts';
import { verdictOfWrite } from './verdicts.ts';

/**
 * Writes the rows a new record of `entity` starts with (its declared row templates whose variants
 * and condition fit it), in the transaction that created it: each row is an ordinary record of its
 * entity, read by its create schema, judged by its rules (warnings recorded, not confirmed) and by
 * the module's write check, with its audit row. A refused row refuses the new record with it:
 * nothing of either is stored. Only a create calls it, so an update of the parent writes no rows.
 */
export async function startTemplateRows(
  tx: DbOrTx,
  deps: EngineDeps,
  o: { entity: EntityDefinition; record: StoredRecord; user: AuthenticatedUser; actorId: string },
): Promise<void> {
  for (const template of templatesFor(deps.rowTemplates ?? [], o.entity, o.record)) {
    const { rows } = template;
    const variant = rows.variants ? String(o.record.variant) : undefined;
    const create = rows.schemasFor(variant).create;
    for (const start of templateRowValues(template, o.record)) {
      // Checked where the template is declared (checkRowTemplate): a failure here is a programming error.
      const { acknowledgedWarnings: _none, ...values } = create.parse(start) as Record<string, unknown>;
      const now = new Date();
      const warnings = judgeWrite({
        entity: rows,
        values,
        acknowledged: [],
        previous: undefined,
        user: o.user,
        now,
      });
      await deps.writeChecks?.[rows.name]?.({ tx, values, before: undefined, user: o.user });
      const verdict = await verdictOfWrite(tx, {
        entity: rows,
        values,
        sent: verdictOverrideReasonKey in values,
        user: o.user,
        now,
        warnings,
      });
      const repo = deps.repositories.get(rows.name)!;
      const created = await repo.insert(
        tx,
        { ...values, ...(variant ? { variant } : {}), warnings, ...verdict },
        o.user,
      );
      await writeAudit(tx, {
        entity: rows.name,
        entityId: created.id,
        action: 'create',
        actorId: o.actorId,
        after: auditable(created),
      });
    }
  }
}

/** What starts the template rows of records a write created, in its transaction. */
export type StartRows = (tx: DbOrTx, created: readonly StoredRecord[]) => Promise<void>;

/**
 * The start of template rows for the records of `entity` that an upsert or a sheet import creates,
 * as a create starts them (`startTemplateRows`); undefined when no template starts under `entity`,
 * so a write of an entity without templates reads nothing back. A record the write updates starts
 * none: it has had its rows since it was created.
 */
export function templateRowsStarter(
  deps: EngineDeps,
  entity: EntityDefinition,
  user: AuthenticatedUser,
): StartRows | undefined {
  if (!(deps.rowTemplates ?? []).some((t) => t.parent === entity)) return undefined;
  return async (tx, created) => {
    for (const record of created)
      await startTemplateRows(tx, deps, { entity, record, user, actorId: user.id });
  };
}
