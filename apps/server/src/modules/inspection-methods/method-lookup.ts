import { inspectionMethod } from '@inspectra/contract';
import { asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { tableOf } from '../../db/schema/index.ts';

/**
 * Inspection methods read by their code, as other modules need them: a method's name as people know
 * it (messages, pickers), and the codes of the active ones. Methods are plant-wide reference data.
 */
const methods = tableOf(inspectionMethod);

/** The method with this code and its name, or undefined when there is none. */
export async function methodNamed(
  db: DbOrTx,
  code: string,
): Promise<{ code: string; name: string } | undefined> {
  const [row] = await db
    .select({ code: methods.code, name: methods.name })
    .from(methods)
    .where(eq(methods.code, code))
    .limit(1);
  return row ? { code: String(row.code), name: String(row.name) } : undefined;
}

/** The active methods' codes, in code order. */
export async function activeMethodCodes(db: DbOrTx): Promise<string[]> {
  const rows = await db
    .select({ code: methods.code })
    .from(methods)
    .where(sql`${methods.isActive}`)
    .orderBy(asc(methods.code));
  return rows.map((r) => String(r.code));
}
