import { plantOwner } from '@inspectra/contract';
import type { DbOrTx } from '../../db/client.ts';
import type { ActionHandler } from '../../engine/action-handler.ts';
import type { EngineDeps } from '../../engine/engine-deps.ts';
import { recordViews } from '../../engine/records.ts';
import { plantWide } from '../../engine/record-scope.ts';
import type { RecordScopes } from '../../engine/record-scope.ts';

/**
 * The plant owner (docs/report-pdf.md): one record, read by every signed-in user (the PDF's cover,
 * the shell) and written by holders of the `plantOwner` permission through the engine's create and
 * update; the engine refuses a second record (`single`).
 */

/** The one plant owner's stored record, or undefined before it is set. */
export async function storedPlantOwner(deps: Pick<EngineDeps, 'db' | 'repositories'>, db: DbOrTx = deps.db) {
  return deps.repositories.get(plantOwner.name)!.first(db, {
    // Plant-wide (below): every company's users read the one record, so no company narrows it.
    scope: { companyId: null },
  });
}

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
