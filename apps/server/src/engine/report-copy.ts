import { reportHeader } from '@inspectra/contract';
import type { EntityDefinition, TechniqueDefinition } from '@inspectra/contract';
import { attachments } from '../db/schema/index.ts';
import type { DbOrTx } from '../db/client.ts';
import type { AuthenticatedUser } from './access.ts';
import { auditable } from './auditable.ts';
import { attachmentsOf, writeAudit } from './records.ts';
import type { RecordRepository, StoredRecord } from './records.ts';
import { unscoped } from './record-scope.ts';
import { childrenOf, reportTechniques } from './report-tree.ts';

/** The columns the database gives a new row: a copy never carries them over. */
const ownColumns = new Set(['id', 'version', 'createdAt', 'updatedAt', 'createdBy', 'updatedBy']);

const whole = unscoped('a revision copies the whole report it revises, which the caller has been shown');

/**
 * Copies everything under one report to another (a new revision, docs/report-of-record.md
 * "Revisions"), in the caller's transaction: every technique's records, depth first in the walk's
 * order, each with a new id under its copied parent, its stored values and warnings as they were,
 * and its files (new attachment rows naming the same stored bytes: the store is content-addressed,
 * and a file is removed only when no attachment names it). Written through the repositories, so the
 * lock, scope and reference checks hold, with an audit row per record naming the revision as the
 * content it wrote. Knows no technique by name.
 */
export async function copyReportContent(
  tx: DbOrTx,
  repositories: Map<string, RecordRepository>,
  fromReportId: string,
  toReportId: string,
  user: AuthenticatedUser,
): Promise<number> {
  let copied = 0;
  const copyList = async (
    technique: TechniqueDefinition,
    entity: EntityDefinition,
    fromParentId: string,
    toParentId: string,
  ): Promise<void> => {
    const repo = repositories.get(entity.name)!;
    const children = childrenOf(technique, entity);
    for await (const batch of await repo.every(tx, { scope: whole, parentId: fromParentId })) {
      const files = await attachmentsOf(
        tx,
        entity,
        batch.rows.map((r) => r.id),
      );
      for (const row of batch.rows) {
        const values = Object.fromEntries(Object.entries(row).filter(([key]) => !ownColumns.has(key)));
        const created = await repo.insert(tx, { ...values, [entity.parent!]: toParentId }, user);
        const own = files.filter((f) => f.ownerId === row.id);
        if (own.length > 0)
          await tx.insert(attachments).values(
            own.map(({ id: _id, createdAt: _at, ...file }) => ({
              ...file,
              ownerId: created.id,
              createdBy: user.id,
            })),
          );
        await writeAudit(tx, {
          entity: entity.name,
          entityId: created.id,
          action: 'create',
          actorId: user.id,
          after: auditable(created as StoredRecord),
          contentOf: toReportId,
        });
        copied++;
        for (const child of children) await copyList(technique, child, row.id, created.id);
      }
    }
  };
  const headerFiles = await attachmentsOf(tx, reportHeader, [fromReportId]);
  if (headerFiles.length > 0)
    await tx.insert(attachments).values(
      headerFiles.map(({ id: _id, createdAt: _at, ...file }) => ({
        ...file,
        ownerId: toReportId,
        createdBy: user.id,
      })),
    );
  for (const technique of reportTechniques)
    for (const entity of childrenOf(technique, reportHeader))
      await copyList(technique, entity, fromReportId, toReportId);
  return copied;
}
