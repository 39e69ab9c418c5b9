import {
  equipment,
  op,
  route,
  thermalMeasurement,
  walkthroughSummary,
  workOrderSpk,
} from '@inspectra/contract';
import type { EntityDefinition } from '@inspectra/contract';
import { describe, expect, it } from 'vitest';
import { buildPayload, filesOfForm, queryEntries, routeBody } from './payload.ts';

const measurement = thermalMeasurement as unknown as EntityDefinition;
const workOrder = workOrderSpk as unknown as EntityDefinition;
const finding = walkthroughSummary as unknown as EntityDefinition;
const png = () => new File([new Uint8Array([137, 80, 78, 71])], 'hot-spot.png', { type: 'image/png' });

const newMeasurement = {
  thermalAnalysisId: '7d1c1d35-4a5e-4f0e-9a55-0f3d2d7a8a11',
  date: '2025-03-04',
  tagNumber: '  P-101  ',
  equipmentName: '',
  component: '   ',
  location: null,
  maxTemperatureC: 78.5,
  referenceTemperatureC: 40,
  ambientTemperatureC: undefined,
  emissivity: null,
  remarks: '',
};

function formEntries(form: FormData): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  form.forEach((value, key) => {
    out[key] = value;
  });
  return out;
}

describe('buildPayload: JSON', () => {
  it('sends JSON on a json-or-multipart route without a file; empty optional text is left out on create', () => {
    const body = buildPayload(measurement, { values: newMeasurement }, 'json-or-multipart');
    expect(body).not.toBeInstanceOf(FormData);
    expect(body).toEqual({
      thermalAnalysisId: '7d1c1d35-4a5e-4f0e-9a55-0f3d2d7a8a11',
      date: '2025-03-04',
      tagNumber: 'P-101',
      maxTemperatureC: 78.5,
      referenceTemperatureC: 40,
      emissivity: null,
    });
  });

  it('sends null for optional text the user cleared on edit, and leaves untouched empties out', () => {
    const previous = { remarks: 'Loose lug', location: 'Bay 3', equipmentName: null, tagNumber: 'P-101' };
    const body = buildPayload(
      measurement,
      {
        values: { remarks: '  ', location: null, equipmentName: '', tagNumber: 'P-102', version: 3 },
        previous,
      },
      'json-or-multipart',
    );
    expect(body).toEqual({ remarks: null, location: null, tagNumber: 'P-102', version: 3 });
  });

  it('sends a cleared number as null on edit, a numeric text as a number, and leaves an empty one out on create', () => {
    const previous = { ambientTemperatureC: 31 };
    expect(buildPayload(measurement, { values: { ambientTemperatureC: '' }, previous }, 'json')).toEqual({
      ambientTemperatureC: null,
    });
    expect(buildPayload(measurement, { values: { ambientTemperatureC: '' } }, 'json')).toEqual({});
    expect(buildPayload(measurement, { values: { loadPercent: ' 85.5 ' } }, 'json')).toEqual({
      loadPercent: 85.5,
    });
  });

  it('reads a blank number input as empty, never as 0', () => {
    const previous = { ambientTemperatureC: 31 };
    expect(buildPayload(measurement, { values: { ambientTemperatureC: '  ' } }, 'json')).toEqual({});
    expect(buildPayload(measurement, { values: { ambientTemperatureC: ' ' }, previous }, 'json')).toEqual({
      ambientTemperatureC: null,
    });
    expect(buildPayload(measurement, { values: { maxTemperatureC: '  ' } }, 'json')).toEqual({
      maxTemperatureC: null,
    });
  });

  it('always sends required fields, even empty, so the server can say what is missing', () => {
    expect(buildPayload(workOrder, { values: { woNumber: ' ', title: 'Pump overhaul' } }, 'json')).toEqual({
      woNumber: '',
      title: 'Pump overhaul',
    });
    expect(buildPayload(measurement, { values: { maxTemperatureC: '' } }, 'json')).toEqual({
      maxTemperatureC: null,
    });
  });

  it('sends a removed image as null and leaves an unchanged one out', () => {
    const body = buildPayload(
      measurement,
      { values: { remarks: 'ok' }, images: { thermalImage: null, visualImage: undefined } },
      'json-or-multipart',
    );
    expect(body).toEqual({ remarks: 'ok', thermalImage: null });
  });

  it('refuses a file on a JSON-only route', () => {
    expect(() => buildPayload(measurement, { values: {}, images: { thermalImage: png() } }, 'json')).toThrow(
      /cannot carry an image/,
    );
  });
});

describe('buildPayload: multipart', () => {
  it('sends a form when a file is present, numbers as text, the file under its slot name', () => {
    const file = png();
    const body = buildPayload(
      measurement,
      { values: newMeasurement, images: { thermalImage: file } },
      'json-or-multipart',
    );
    expect(body).toBeInstanceOf(FormData);
    const form = body as FormData;
    expect(form.get('thermalImage')).toBe(file);
    expect(form.has('visualImage')).toBe(false);
    expect(formEntries(form)).toMatchObject({
      thermalAnalysisId: '7d1c1d35-4a5e-4f0e-9a55-0f3d2d7a8a11',
      maxTemperatureC: '78.5',
      referenceTemperatureC: '40',
      tagNumber: 'P-101',
      emissivity: '',
    });
    for (const left of ['equipmentName', 'component', 'location', 'remarks', 'ambientTemperatureC']) {
      expect(form.has(left)).toBe(false);
    }
  });

  it('writes a date value as ISO text in a form, as JSON would', () => {
    const form = buildPayload(
      workOrder,
      { values: { plannedAt: new Date('2025-01-02T03:04:05.000Z') } },
      'multipart',
    ) as FormData;
    expect(formEntries(form)).toEqual({ plannedAt: '2025-01-02T03:04:05.000Z' });
  });

  it("sends a cleared text and a removed image as '' in a form; booleans and version as text", () => {
    const body = buildPayload(
      workOrder,
      {
        values: { description: '', isEmergency: false, version: 2 },
        images: { companyLogo: null },
        previous: { description: 'Old' },
      },
      'multipart',
    ) as FormData;
    expect(body).toBeInstanceOf(FormData);
    expect(formEntries(body)).toEqual({
      description: '',
      isEmergency: 'false',
      version: '2',
      companyLogo: '',
    });
  });
});

describe('buildPayload: image lists', () => {
  const kept = '0b6f7c1e-8c1d-4c57-9d55-2a4f1f7e9a01';
  const jpeg = (name: string) => new File([new Uint8Array([0xff, 0xd8, 0xff])], name, { type: 'image/jpeg' });

  it('sends the kept list as JSON entries, in order, when no new photo is added', () => {
    const body = buildPayload(
      finding,
      {
        values: { remarks: 'ok' },
        imageLists: { summaryImages: [{ id: kept, imageType: 'leak', displayName: '  Flange drip ' }] },
      },
      'json-or-multipart',
    );
    expect(body).toEqual({
      remarks: 'ok',
      summaryImages: [{ id: kept, imageType: 'leak', displayName: 'Flange drip' }],
    });
  });

  it('sends an emptied list as [] and leaves an unchanged list out', () => {
    expect(
      buildPayload(finding, { values: {}, imageLists: { summaryImages: [] } }, 'json-or-multipart'),
    ).toEqual({ summaryImages: [] });
    expect(
      buildPayload(finding, { values: {}, imageLists: { summaryImages: undefined } }, 'json-or-multipart'),
    ).toEqual({});
  });

  it('sends new photos as file parts named after the list, and the list as one JSON part naming them by index', () => {
    const first = jpeg('IMG_1.jpg');
    const second = jpeg('IMG_2.jpg');
    const body = buildPayload(
      finding,
      {
        values: { inspectionArea: 'Rack 4' },
        imageLists: {
          summaryImages: [
            { file: first, imageType: 'overview', displayName: '' },
            { id: kept, imageType: 'closeUp', displayName: 'Old' },
            { file: second, imageType: 'leak', displayName: 'Drip at flange' },
          ],
        },
      },
      'json-or-multipart',
    );
    expect(body).toBeInstanceOf(FormData);
    const form = body as FormData;
    const parts = form.getAll('summaryImages');
    expect(parts).toHaveLength(3);
    expect(parts[0]).toBeInstanceOf(File);
    expect((parts[0] as File).name).toBe('IMG_1.jpg');
    expect((parts[1] as File).name).toBe('IMG_2.jpg');
    expect(JSON.parse(parts[2] as string)).toEqual([
      { file: 0, imageType: 'overview' },
      { id: kept, imageType: 'closeUp', displayName: 'Old' },
      { file: 1, imageType: 'leak', displayName: 'Drip at flange' },
    ]);
    expect(form.get('inspectionArea')).toBe('Rack 4');
  });

  it('never sends a missing type as null, and refuses photos on a JSON-only route', () => {
    expect(
      buildPayload(
        finding,
        { values: {}, imageLists: { summaryImages: [{ id: kept, imageType: null }] } },
        'json',
      ),
    ).toEqual({ summaryImages: [{ id: kept }] });
    expect(() =>
      buildPayload(finding, { values: {}, imageLists: { summaryImages: [{ file: jpeg('a.jpg') }] } }, 'json'),
    ).toThrow(/cannot carry an image/);
  });

  it('ignores a list the entity does not declare', () => {
    expect(
      buildPayload(finding, { values: {}, imageLists: { otherImages: [{ id: kept }] } }, 'json'),
    ).toEqual({});
  });
});

describe('queryEntries', () => {
  it('drops undefined, null and empty values; repeats arrays; writes dates as ISO', () => {
    expect(
      queryEntries({
        pageNumber: 1,
        search: '',
        id: undefined,
        tab: null,
        showEmergency: true,
        ids: ['a', 'b'],
        at: new Date('2025-01-02T03:04:05.000Z'),
      }),
    ).toEqual([
      ['pageNumber', '1'],
      ['showEmergency', 'true'],
      ['ids', 'a'],
      ['ids', 'b'],
      ['at', '2025-01-02T03:04:05.000Z'],
    ]);
  });
});

describe('routeBody: a keyed write of one record', () => {
  // A record made by its first write (ultrasound's analysis) is sent by its upsert, built as a create.
  const upsert = route('PUT', '/keyed', op.upsert(equipment), { summary: 'Keyed write', tag: 'Test' });

  it('builds one record as a create is built: empty optional text left out', () => {
    expect(
      routeBody(upsert, { values: { equipmentNo: ' 10001001 ', manufacturer: '', tagNumber: 'P-1' } }),
    ).toEqual({
      equipmentNo: '10001001',
      tagNumber: 'P-1',
    });
  });

  it('sends a bulk write (an array of rows) as given', () => {
    const rows = [{ equipmentNo: 'A' }, { equipmentNo: 'B' }];
    expect(routeBody(upsert, rows as never)).toBe(rows);
  });
});

describe('filesOfForm: the files a form carries, read back as a form hands them over', () => {
  it('gives back a slot’s photo and a list’s photos and kept images, in order, with their types', () => {
    const kept = '5f1d7c1e-8c1d-4c57-9d55-2a4f1f7e9a01';
    const first = new File([new Uint8Array([1])], 'F1.png', { type: 'image/png' });
    const second = new File([new Uint8Array([2])], 'F2.png', { type: 'image/png' });
    const list = [
      { file: first, imageType: 'overview' },
      { id: kept, imageType: 'leak', displayName: 'Flange drip' },
      { file: second, imageType: 'closeUp' },
    ];
    const form = buildPayload(finding, { values: {}, imageLists: { summaryImages: list } }, 'multipart');
    expect(filesOfForm(finding, form as FormData)).toEqual({
      images: {},
      imageLists: { summaryImages: list },
    });

    const photo = png();
    const measurementForm = buildPayload(
      measurement,
      { values: { tagNumber: 'P-101' }, images: { thermalImage: photo, visualImage: null } },
      'multipart',
    ) as FormData;
    const back = filesOfForm(measurement, measurementForm);
    expect(back.images).toEqual({ thermalImage: photo, visualImage: null });
    expect(back.imageLists).toEqual({});
  });
});
