import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEquipment, MultipartForm, startTestApp } from './helpers.ts';
import type { TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

/** An .xlsx with a header row and rows, as an administrator fills one in. */
async function sheet(header: string[], rows: unknown[][]): Promise<MultipartForm> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Equipment');
  ws.addRow(header);
  for (const row of rows) ws.addRow(row);
  const bytes = Buffer.from(await wb.xlsx.writeBuffer());
  const type = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
  return new MultipartForm({}, { file: { name: 'equipment.xlsx', type, bytes } });
}

/** A category of its own with one object type, so a test may rename or delete them freely. */
async function createCategory(code: string) {
  const category = await t.call('POST', '/api/asset/categories', { code, name: `Category ${code}` });
  expect(category.status).toBe(201);
  const type = await t.call('POST', '/api/asset/object-types', {
    code: `${code}-T1`,
    name: 'First type',
    categoryCode: code,
  });
  expect(type.status).toBe(201);
  return { category: category.body.data, objectType: type.body.data };
}

describe('equipment categories and object types', () => {
  it('lists every category in code order, with the seeded equipment classes', async () => {
    const r = await t.call('GET', '/api/equipment-categories');
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ statusCode: 200, message: 'OK' });
    const codes = r.body.data.map((c: { code: string }) => c.code);
    expect(codes).toEqual(expect.arrayContaining(['pipe', 'pipeline', 'storage-tank', 'electrical']));
    expect(codes).toEqual([...codes].sort());
    expect(r.body.data[0]).toHaveProperty('version', 1);
  });

  it('lists each category with its object types', async () => {
    const r = await t.call('GET', '/api/category-object-type');
    expect(r.status).toBe(200);
    const electrical = r.body.data.find((c: { code: string }) => c.code === 'electrical');
    expect(electrical.name).toBe('Electrical');
    expect(electrical.objectTypes.map((o: { code: string }) => o.code)).toEqual([
      'EL-MCC',
      'EL-PANEL',
      'EL-SWGR',
      'EL-TRAFO',
    ]);
  });

  it("lists one category's object types, and says when the category does not exist", async () => {
    const r = await t.call('GET', '/api/by-equipment-categories/storage-tank');
    expect(r.status).toBe(200);
    expect(r.body.data.map((o: { code: string }) => o.code)).toEqual(['TK-FIXED', 'TK-FLOAT', 'TK-SPHERE']);
    expect(r.body.data.every((o: { categoryCode: string }) => o.categoryCode === 'storage-tank')).toBe(true);

    const unknown = await t.call('GET', '/api/by-equipment-categories/boiler');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({
      data: null,
      statusCode: 404,
      message: 'No equipment category has the code boiler',
      error: { code: 'NOT_FOUND' },
    });
    const tooLong = await t.call('GET', `/api/by-equipment-categories/${'x'.repeat(61)}`);
    expect(tooLong.status).toBe(400);
  });

  it('filters object types by category on the paged list', async () => {
    const r = await t.call('GET', '/api/asset/object-types?categoryCode=pipeline&pageSize=2');
    expect(r.status).toBe(200);
    expect(r.body.data.map((o: { code: string }) => o.code)).toEqual(['PL-CRUDE', 'PL-GAS']);
    expect(r.body.meta).toMatchObject({ pageNumber: 1, pageSize: 2, totalCount: 3, totalPages: 2 });
  });

  it('refuses to delete a category its object types or equipment still name (409), and deletes it once free', async () => {
    const { category, objectType } = await createCategory('cat-del');
    const inUse = await t.call('DELETE', `/api/asset/categories/${category.id}`);
    expect(inUse.status).toBe(409);
    expect(inUse.body.message).toBe(
      'This equipment category is still named by object type records; change those first',
    );

    const equipment = await createEquipment(t, { categoryCode: 'cat-del', objectTypeCode: objectType.code });
    const typeInUse = await t.call('DELETE', `/api/asset/object-types/${objectType.id}`);
    expect(typeInUse.status).toBe(409);
    expect(typeInUse.body.message).toBe(
      'This object type is still named by equipment records; change those first',
    );

    expect((await t.call('DELETE', `/api/asset/${equipment.id}`)).status).toBe(200);
    expect((await t.call('DELETE', `/api/asset/object-types/${objectType.id}`)).status).toBe(200);
    expect((await t.call('DELETE', `/api/asset/categories/${category.id}`)).status).toBe(200);
  });

  it('carries a renamed category or object type code into the records that name it', async () => {
    const { category, objectType } = await createCategory('cat-old');
    const equipment = await createEquipment(t, { categoryCode: 'cat-old', objectTypeCode: objectType.code });

    const renamed = await t.call('PUT', `/api/asset/categories/${category.id}`, { code: 'cat-new' });
    expect(renamed.status).toBe(200);
    const type = await t.call('GET', `/api/asset/object-types/${objectType.id}`);
    expect(type.body.data.categoryCode).toBe('cat-new');
    const moved = await t.call('GET', `/api/asset/${equipment.id}`);
    expect(moved.body.data).toMatchObject({ categoryCode: 'cat-new', objectTypeCode: 'cat-old-T1' });

    expect(
      (await t.call('PUT', `/api/asset/object-types/${objectType.id}`, { code: 'cat-new-T9' })).status,
    ).toBe(200);
    expect((await t.call('GET', `/api/asset/${equipment.id}`)).body.data.objectTypeCode).toBe('cat-new-T9');

    // Moving an object type to another category takes its equipment along: it stays consistent.
    await createCategory('cat-other');
    expect(
      (await t.call('PUT', `/api/asset/object-types/${objectType.id}`, { categoryCode: 'cat-other' })).status,
    ).toBe(200);
    expect((await t.call('GET', `/api/asset/${equipment.id}`)).body.data).toMatchObject({
      categoryCode: 'cat-other',
      objectTypeCode: 'cat-new-T9',
    });
  });
});

describe('equipment', () => {
  it("refuses an object type of another category than the equipment's, on create and update", async () => {
    const r = await t.call('POST', '/api/asset', {
      equipmentNo: 'EQ-MISMATCH',
      tagNumber: 'P-999',
      description: 'Pump named as a pipe',
      categoryCode: 'pipe',
      objectTypeCode: 'RE-PUMP',
    });
    expect(r.status).toBe(400);
    expect(r.body.error.details).toEqual([
      { path: 'objectTypeCode', message: 'This object type is not one of this category', code: 'notInList' },
    ]);

    const pump = await createEquipment(t, { categoryCode: 'rotating-equipment', objectTypeCode: 'RE-PUMP' });
    const moved = await t.call('PUT', `/api/asset/${pump.id}`, { categoryCode: 'electrical' });
    expect(moved.status).toBe(400);
    expect(moved.body.error.details[0].path).toBe('objectTypeCode');
    const both = await t.call('PUT', `/api/asset/${pump.id}`, {
      categoryCode: 'electrical',
      objectTypeCode: 'EL-TRAFO',
    });
    expect(both.status).toBe(200);
  });

  it('refuses an unknown category, location or planner group by its field', async () => {
    const r = await t.call('POST', '/api/asset', {
      equipmentNo: 'EQ-UNKNOWN',
      tagNumber: 'X-1',
      description: 'Nowhere',
      categoryCode: 'pipe',
      objectTypeCode: 'PIPE-PROC',
      locationCode: 'NO-SUCH-AREA',
    });
    expect(r.status).toBe(400);
    expect(r.body.error.details).toEqual([
      { path: 'locationCode', message: 'No location has this code', code: 'notInList' },
    ]);
  });

  it('lists equipment by category, object type, location and planner group, paged', async () => {
    await t.call('POST', '/api/asset/locations', { code: 'CDU1-A', name: 'Crude unit, area A' });
    await t.call('POST', '/api/asset/planner-groups', { code: 'PG-ROT', name: 'Rotating' });
    for (const [no, category, type, location, group] of [
      ['LST-01', 'rotating-equipment', 'RE-PUMP', 'CDU1-A', 'PG-ROT'],
      ['LST-02', 'rotating-equipment', 'RE-PUMP', null, 'PG-ROT'],
      ['LST-03', 'rotating-equipment', 'RE-COMP', 'CDU1-A', null],
      ['LST-04', 'pipe', 'PIPE-PROC', 'CDU1-A', null],
    ] as const)
      await createEquipment(t, {
        equipmentNo: no,
        tagNumber: `T-${no}`,
        categoryCode: category,
        objectTypeCode: type,
        locationCode: location,
        plannerGroupCode: group,
      });
    const numbers = async (query: string) => {
      const r = await t.call('GET', `/api/asset?search=LST-&${query}`);
      expect(r.status).toBe(200);
      return r.body.data.map((e: { equipmentNo: string }) => e.equipmentNo);
    };
    expect(await numbers('category=rotating-equipment')).toEqual(['LST-01', 'LST-02', 'LST-03']);
    expect(await numbers('objectType=RE-PUMP')).toEqual(['LST-01', 'LST-02']);
    expect(await numbers('location=CDU1-A')).toEqual(['LST-01', 'LST-03', 'LST-04']);
    expect(await numbers('plannerGroup=PG-ROT&location=CDU1-A')).toEqual(['LST-01']);

    const paged = await t.call('GET', '/api/asset/equipment-numbers?search=LST-&pageSize=3&pageNumber=2');
    expect(paged.body.data.map((e: { equipmentNo: string }) => e.equipmentNo)).toEqual(['LST-04']);
    expect(paged.body.meta).toMatchObject({ pageNumber: 2, pageSize: 3, totalCount: 4, totalPages: 2 });
  });

  it("imports equipment from a sheet: an unknown category is its row's error, nothing is written; the same file again updates", async () => {
    const header = ['Equipment number', 'Tag number', 'Description', 'Category', 'Object type'];
    const bad = await sheet(header, [
      ['IMP-01', 'P-501A', 'Charge pump A', 'rotating-equipment', 'RE-PUMP'],
      ['IMP-02', 'P-501B', 'Charge pump B', 'pumps', 'RE-PUMP'],
    ]);
    const refused = await t.call('POST', '/api/asset/import', bad);
    expect(refused.status).toBe(400);
    expect(refused.body.error.details.some((d: { path: string }) => d.path.endsWith('categoryCode'))).toBe(
      true,
    );
    expect((await t.call('GET', '/api/asset?search=IMP-')).body.data).toEqual([]);

    const good = await sheet(header, [
      ['IMP-01', 'P-501A', 'Charge pump A', 'rotating-equipment', 'RE-PUMP'],
      ['IMP-02', 'P-501B', 'Charge pump B', 'rotating-equipment', 'RE-PUMP'],
    ]);
    const created = await t.call('POST', '/api/asset/import', good);
    expect(created.status).toBe(200);
    expect(created.body.data).toMatchObject({ created: 2, updated: 0 });

    const changed = await sheet(header, [
      ['IMP-01', 'P-501A', 'Charge pump A (spare)', 'rotating-equipment', 'RE-PUMP'],
      ['IMP-02', 'P-501B', 'Charge pump B', 'rotating-equipment', 'RE-PUMP'],
    ]);
    const again = await t.call('POST', '/api/asset/import', changed);
    expect(again.body.data).toMatchObject({ created: 0, updated: 2 });
    const listed = await t.call('GET', '/api/asset?search=IMP-');
    expect(listed.body.data.map((e: { description: string }) => e.description)).toEqual([
      'Charge pump A (spare)',
      'Charge pump B',
    ]);
  });
});

describe('inspection points', () => {
  it('lists points with their equipment for a filter, by equipment number and object type, bounded', async () => {
    const pump = await createEquipment(t, {
      equipmentNo: 'IP-PUMP',
      categoryCode: 'rotating-equipment',
      objectTypeCode: 'RE-PUMP',
    });
    const line = await createEquipment(t, {
      equipmentNo: 'IP-LINE',
      categoryCode: 'pipe',
      objectTypeCode: 'PIPE-PROC',
    });
    for (const [equipmentId, pointCode] of [
      [pump.id, 'DE-H'],
      [pump.id, 'NDE-V'],
      [line.id, 'TML-01'],
    ])
      expect((await t.call('POST', '/api/asset/inspection-points', { equipmentId, pointCode })).status).toBe(
        201,
      );

    const byNumber = await t.call('GET', '/api/inspection-point-equipment/for-filter?sapNumber=IP-PUMP');
    expect(byNumber.status).toBe(200);
    expect(byNumber.body.data).toEqual([
      expect.objectContaining({ pointCode: 'DE-H', equipmentNo: 'IP-PUMP', objectTypeCode: 'RE-PUMP' }),
      expect.objectContaining({ pointCode: 'NDE-V', equipmentNo: 'IP-PUMP', tagNumber: pump.tagNumber }),
    ]);
    const byType = await t.call('GET', '/api/inspection-point-equipment/for-filter?objectType=PIPE-PROC');
    expect(byType.body.data.map((p: { pointCode: string }) => p.pointCode)).toEqual(['TML-01']);
    const none = await t.call(
      'GET',
      '/api/inspection-point-equipment/for-filter?sapNumber=IP-PUMP&objectType=PIPE-PROC',
    );
    expect(none.body.data).toEqual([]);

    const ofPump = await t.call('GET', `/api/asset/inspection-points?equipmentId=${pump.id}`);
    expect(ofPump.body.meta).toMatchObject({ totalCount: 2 });
    const stillPoints = await t.call('DELETE', `/api/asset/${pump.id}`);
    expect(stillPoints.status).toBe(409);
  });
});

describe('isometric drawings by equipment number', () => {
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP4z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==',
    'base64',
  );
  async function drawing(ndtEquipmentId: string, fileName: string) {
    const r = await t.call(
      'POST',
      '/api/ndt-equipment-list/isometrics',
      new MultipartForm(
        { ndtEquipmentId, fileName },
        { drawing: { name: fileName, type: 'image/png', bytes: png } },
      ),
    );
    expect(r.status).toBe(201);
  }

  it('lists drawings with their equipment number, of one equipment or all, paged', async () => {
    // The register names the asset master's equipment.
    for (const equipmentNo of ['ISO-EQ-A', 'ISO-EQ-B']) await createEquipment(t, { equipmentNo });
    const a = (await t.call('POST', '/api/ndt-equipment-list', { equipmentNo: 'ISO-EQ-A' })).body.data;
    const b = (await t.call('POST', '/api/ndt-equipment-list', { equipmentNo: 'ISO-EQ-B' })).body.data;
    await drawing(a.id, 'iso-a-2.png');
    await drawing(a.id, 'iso-a-1.png');
    await drawing(b.id, 'iso-b-1.png');

    const ofA = await t.call('GET', '/api/equipment-isometric?equipmentNo=ISO-EQ-A');
    expect(ofA.status).toBe(200);
    expect(
      ofA.body.data.map((d: { fileName: string; equipmentNo: string }) => [d.fileName, d.equipmentNo]),
    ).toEqual([
      ['iso-a-1.png', 'ISO-EQ-A'],
      ['iso-a-2.png', 'ISO-EQ-A'],
    ]);
    expect(ofA.body.data[0].drawing).toMatchObject({ mediaType: 'image/png' });
    expect(ofA.body.meta).toMatchObject({ totalCount: 2, totalPages: 1, totalCountExact: true });

    const all = await t.call('GET', '/api/equipment-isometric?pageSize=2&pageNumber=2');
    expect(all.body.data.map((d: { fileName: string }) => d.fileName)).toEqual(['iso-b-1.png']);
    expect(all.body.meta).toMatchObject({ pageNumber: 2, pageSize: 2, totalCount: 3, totalPages: 2 });

    expect((await t.call('GET', '/api/equipment-isometric?equipmentNo=NOPE')).body.data).toEqual([]);
    expect((await t.call('GET', '/api/equipment-isometric?equipmentNo=../x')).status).toBe(400);
    expect((await t.call('GET', '/api/equipment-isometric?pageSize=500')).status).toBe(400);
  });
});
