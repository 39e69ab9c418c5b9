import { reportHeader } from '@inspectra/contract';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { tableOf } from '../../db/schema/index.ts';
import type { AuthenticatedUser } from '../../engine/access.ts';
import { auditable } from '../../engine/auditable.ts';
import { writeAudit } from '../../engine/records.ts';
import type { StoredRecord } from '../../engine/records.ts';

const reports = tableOf(reportHeader);

/**
 * A revision approved at its last level supersedes the report it revises, in the approval's
 * transaction (docs/revisions-and-supersession.md): the original keeps its status (it was approved
 * and its version stands) and gets `supersededBy`, which every screen, list, history and PDF reads
 * as "Superseded". A workflow field, like the status: not content, so its fingerprint and version
 * still match. Written beside the lock (the original is approved, locked for good) because it
 * changes where the report stands, never what it says; its audit row names no content, so it makes
 * nobody an author for four eyes.
 */
export async function supersedeRevised(tx: DbOrTx, revision: StoredRecord, user: AuthenticatedUser) {
  const originalId = revision.revisionOf as string | null | undefined;
  if (!originalId) return;
  const [before] = await tx.select().from(reports).where(eq(reports.id, originalId)).limit(1);
  const [after] = await tx
    .update(reports)
    .set({
      supersededBy: revision.id,
      version: sql`${reports.version} + 1`,
      updatedAt: sql`now()`,
      updatedBy: user.id,
    } as never)
    .where(and(eq(reports.id, originalId), isNull(reports.supersededBy)))
    .returning();
  if (!before || !after) return;
  await writeAudit(tx, {
    entity: reportHeader.name,
    entityId: originalId,
    action: 'update',
    actorId: user.id,
    before: auditable(before as StoredRecord),
    after: auditable(after as StoredRecord),
    contentOf: null,
  });
}
