import { equipment, ndtEquipment } from '@inspectra/contract';
import { asc, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { tableOf } from '../../db/schema/index.ts';
import { demoLocations } from './demo-asset-master.ts';

/** The kinds of equipment NDT is done on (wall thickness, welds, shells), and how many of each. */
const ndtObjectTypes: Readonly<Record<string, number>> = {
  'PIPE-PROC': 3,
  'PV-DRUM': 1,
  'PV-HX': 1,
  'TK-FIXED': 1,
};

/**
 * The demo's NDT register: a few pieces of the demo asset master that NDT inspects (process lines,
 * a drum, an exchanger, a tank), named as the master names them, so the NDT screen of a new
 * installation is not empty. Seeds only an empty register (an administrator's own register is
 * never touched), and a second process starting at the same time adds nothing twice (the equipment
 * number is the register's natural key). Returns how many rows it added.
 */
export async function seedDemoNdt(db: DbOrTx, by: { createdBy: string | null; updatedBy: string | null }) {
  const register = tableOf(ndtEquipment);
  const [{ n } = { n: 0 }] = await db.select({ n: sql<number>`count(*)::int` }).from(register);
  if (n > 0) return 0;
  const master = tableOf(equipment);
  const candidates = await db
    .select({
      equipmentNo: master.equipmentNo,
      tagNumber: master.tagNumber,
      description: master.description,
      objectTypeCode: master.objectTypeCode,
      locationCode: master.locationCode,
    })
    .from(master)
    .where(inArray(master.objectTypeCode, Object.keys(ndtObjectTypes)))
    .orderBy(asc(master.equipmentNo));
  const rows = candidates as {
    equipmentNo: string;
    tagNumber: string;
    description: string;
    objectTypeCode: string;
    locationCode: string | null;
  }[];
  const chosen = Object.entries(ndtObjectTypes).flatMap(([type, count]) =>
    rows.filter((e) => e.objectTypeCode === type).slice(0, count),
  );
  if (chosen.length === 0) return 0;
  const added = await db
    .insert(register)
    .values(
      chosen.map((e) => ({
        equipmentNo: e.equipmentNo,
        tagNumber: e.tagNumber,
        description: e.description,
        objectType: e.objectTypeCode,
        location: demoLocations.find((l) => l.code === e.locationCode)?.name ?? null,
        ...by,
      })) as never,
    )
    .onConflictDoNothing()
    .returning({ id: register.id });
  return added.length;
}
