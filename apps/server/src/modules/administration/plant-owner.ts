import { plantOwner } from '@inspectra/contract';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import type { ActionHandler } from '../../engine/action-handler.ts';
import type { EngineDeps, WriteCheck } from '../../engine/engine-deps.ts';
import { recordViews } from '../../engine/records.ts';
import { plantWide } from '../../engine/record-scope.ts';
import type { RecordScopes } from '../../engine/record-scope.ts';
import { AppError } from '../../errors.ts';
import { tableOf } from '../../db/schema/index.ts';

/**
 * The plant owner (docs/report-pdf.md): one record, read by every signed-in user (the PDF's cover,
 * the shell) and written by holders of the `plantOwner` permission through the engine's create and
 * update; a second record is refused.
 */

/** The one plant owner's stored record, or undefined before it is set. */
export async function storedPlantOwner(deps: Pick<EngineDeps, 'db' | 'repositories'>, db: DbOrTx = deps.db) {
  return deps.repositories.get(plantOwner.name)!.first(db, {
    // Plant-wide (below): every company's users read the one record, so no company narrows it.
    scope: { companyId: null },
  });
}

/** A second plant owner is refused (409); two first saves at once are taken one after the other. */
const refuseSecondOwner: WriteCheck = async ({ tx, before }) => {
  if (before) return;
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('plantOwner'))`);
  const [found] = (
    await tx.execute<{ n: number }>(sql`select count(*)::int as n from ${tableOf(plantOwner)}`)
  ).rows;
  if (Number(found?.n ?? 0) > 0)
    throw new AppError('CONFLICT', 'The plant owner is already set: update it instead');
};

export const plantOwnerWriteChecks: Record<string, WriteCheck> = { [plantOwner.name]: refuseSecondOwner };

export const plantOwnerActions: Record<string, ActionHandler> = {
  /** The plant owner with its logo's attachment, or null before an administrator sets it. */
  'plantOwner.get': async ({ deps }) => {
    const row = await storedPlantOwner(deps);
    return { data: row ? (await recordViews(deps.db, plantOwner, [row]))[0] : null };
  },
};

export const plantOwnerScopes: RecordScopes = {
  plantOwner: plantWide('the plant owner: one record every report is filed under, whatever the company'),
};
