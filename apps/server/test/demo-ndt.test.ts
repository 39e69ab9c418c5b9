/** The demo's NDT register: seeded with the rest of the demo data, from its asset master, once. */
import { ndtEquipment } from '@inspectra/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tableOf } from '../src/db/schema/index.ts';
import { seedDemoData } from '../src/modules/seed/demo-data.ts';
import { seedDemoNdt } from '../src/modules/seed/demo-ndt.ts';
import { startTestApp } from './helpers.ts';
import type { TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

type Row = { equipmentNo: string; tagNumber: string; description: string; objectType: string };
const register = async () => (await t.call('GET', '/api/ndt-equipment-list?pageSize=50')).body.data as Row[];
const clearRegister = () => t.db.execute(sql`delete from ${tableOf(ndtEquipment)}`);
const by = { createdBy: null, updatedBy: null };

describe('the demo NDT register', () => {
  it('is seeded on a fresh installation from the asset master, named as the master names it', async () => {
    expect(await seedDemoData(t.db, t.files)).toBe(true);
    const rows = await register();
    expect(rows.length).toBeGreaterThanOrEqual(4);
    const master = (await t.call('GET', '/api/asset?pageSize=200')).body.data as (Row & {
      objectTypeCode: string;
    })[];
    for (const row of rows) {
      const piece = master.find((e) => e.equipmentNo === row.equipmentNo);
      expect(piece, row.equipmentNo).toBeDefined();
      expect(row).toMatchObject({
        tagNumber: piece!.tagNumber,
        description: piece!.description,
        objectType: piece!.objectTypeCode,
      });
    }
    // Lines, vessels and a tank: what NDT is done on.
    expect(new Set(rows.map((r) => r.objectType))).toEqual(
      new Set(['PIPE-PROC', 'PV-DRUM', 'PV-HX', 'TK-FIXED']),
    );
  });

  it('is seeded once: starting again adds nothing', async () => {
    const before = (await register()).map((r) => r.equipmentNo);
    expect(await seedDemoData(t.db, t.files)).toBe(false);
    expect(await seedDemoNdt(t.db, by)).toBe(0);
    expect((await register()).map((r) => r.equipmentNo)).toEqual(before);
  });

  it("never touches a register an administrator keeps, and fills an installation's empty one", async () => {
    await clearRegister();
    // The administrator's own choice from the asset master.
    const [piece] = (await t.call('GET', '/api/asset?pageSize=1')).body.data as Row[];
    const own = await t.call('POST', '/api/ndt-equipment-list', { equipmentNo: piece!.equipmentNo });
    expect(own.status, JSON.stringify(own.body)).toBe(201);
    expect(await seedDemoNdt(t.db, by)).toBe(0);
    expect((await register()).map((r) => r.equipmentNo)).toEqual([piece!.equipmentNo]);

    // An installation whose demo work was seeded before the register existed gets the register.
    await clearRegister();
    expect(await seedDemoData(t.db, t.files)).toBe(false);
    expect((await register()).length).toBeGreaterThanOrEqual(4);
  });
});
