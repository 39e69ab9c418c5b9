import { equipmentCategory, inspectionMethod, inspectionMethodCatalogue } from '@inspectra/contract';
import { inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { tableOf } from '../../db/schema/index.ts';

const methods = tableOf(inspectionMethod);
const categories = tableOf(equipmentCategory);

/**
 * Inserts the catalogue's inspection methods a database lacks (`insert … on conflict do nothing`):
 * run at every start, so a method added to the catalogue reaches every installation, planned ones
 * included. A method that exists is never touched: an administrator's name, description, categories
 * or deactivation stay. Its equipment categories are those of the catalogue the database still has
 * (an administrator may have renamed or removed one). Returns the codes inserted.
 */
export async function ensureCatalogueMethods(db: DbOrTx): Promise<string[]> {
  const wanted = [...new Set(inspectionMethodCatalogue.flatMap((m) => m.equipmentCategories))];
  const known = new Set(
    (await db.select({ code: categories.code }).from(categories).where(inArray(categories.code, wanted))).map(
      (c) => String(c.code),
    ),
  );
  const inserted = await db
    .insert(methods)
    .values(
      inspectionMethodCatalogue.map((m) => ({
        code: m.code,
        name: m.name,
        description: m.description,
        equipmentCategories: m.equipmentCategories.filter((c) => known.has(c)),
      })) as never,
    )
    .onConflictDoNothing()
    .returning({ code: methods.code });
  return inserted.map((m) => String(m.code));
}
