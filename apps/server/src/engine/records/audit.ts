import { auditLog } from '../../db/schema/index.ts';
import type { DbOrTx } from '../../db/client.ts';

/** Writes one audit row in the caller's transaction. */
export async function writeAudit(
  tx: DbOrTx,
  entry: {
    entity: string;
    entityId: string;
    /** A change to the record, or an event on it that stores no values (a password change). */
    action: 'create' | 'update' | 'delete' | 'passwordChange';
    actorId: string;
    before?: unknown;
    after?: unknown;
  },
) {
  await tx.insert(auditLog).values({
    entity: entry.entity,
    entityId: entry.entityId,
    action: entry.action,
    actorId: entry.actorId,
    before: entry.before ?? null,
    after: entry.after ?? null,
  });
}
