import { entities } from '@inspectra/contract';
import { auditLog } from '../../db/schema/index.ts';
import type { DbOrTx } from '../../db/client.ts';
import { lockHolderOf } from '../record-lock.ts';

/** One entry of the audit log, as the writes below take it. */
export type AuditEntry = {
  entity: string;
  entityId: string;
  /** A change to the record, or an event on it that stores no values (a password change). */
  action: 'create' | 'update' | 'delete' | 'passwordChange';
  actorId: string;
  before?: unknown;
  after?: unknown;
  /**
   * Whose content the change wrote, when the caller says so; null when the change wrote no
   * content (a report's status move is the flow's act). Found from the record when left out.
   */
  contentOf?: string | null;
};

/** An entry as its row: the lock holder whose content it wrote found from the declarations when not given. */
async function auditRow(tx: DbOrTx, entry: AuditEntry) {
  const entity = entities[entry.entity];
  const values = (entry.after ?? entry.before) as Record<string, unknown> | null | undefined;
  const contentOf =
    entry.contentOf !== undefined
      ? entry.contentOf
      : entity && values && typeof values === 'object'
        ? ((await lockHolderOf(tx, entity, { id: entry.entityId, ...values })) ?? null)
        : null;
  return {
    entity: entry.entity,
    entityId: entry.entityId,
    action: entry.action,
    actorId: entry.actorId,
    before: entry.before ?? null,
    after: entry.after ?? null,
    contentOf,
  };
}

/**
 * Writes one audit row in the caller's transaction. A change of a record under a lock holder (a
 * report's header, any record of any technique under it, a supporting document) names the holder
 * whose content it wrote (`contentOf`, found from the declarations): who wrote a report is read
 * from these rows (four eyes, docs/approvals.md).
 */
export async function writeAudit(tx: DbOrTx, entry: AuditEntry) {
  await tx.insert(auditLog).values(await auditRow(tx, entry));
}

/** Writes many audit rows in one statement (the findings one approval opens), each as `writeAudit` would. */
export async function writeAudits(tx: DbOrTx, entries: readonly AuditEntry[]) {
  if (entries.length === 0) return;
  const rows = [];
  for (const entry of entries) rows.push(await auditRow(tx, entry));
  await tx.insert(auditLog).values(rows);
}
