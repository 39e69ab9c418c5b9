import { describe, expect, it } from 'vitest';
import { thermalAnalysis, thermalMeasurement } from '@inspectra/contract';
import type { QueuedChange } from './change-queue.ts';
import { queuedFormFields, queuedRecordChange } from './queued-record.ts';

const queued = (change: Partial<QueuedChange> & Pick<QueuedChange, 'method' | 'path'>): QueuedChange => ({
  key: 'k1',
  madeAt: '2026-12-04T03:00:00.000Z',
  order: 1,
  state: 'conflict',
  attempts: 0,
  ...change,
});

describe('the record a queued change writes, read from the route table', () => {
  it('an update addressed by ?id=: the route, the entity, the id, the values and the version', () => {
    const found = queuedRecordChange(
      queued({
        method: 'PUT',
        path: '/thermal-measurements?id=m-1',
        body: { tagNumber: 'F-07-R', maxTemperatureC: 52.1, version: 3, acknowledgedWarnings: ['x'] },
      }),
    );
    expect(found).toMatchObject({
      entity: thermalMeasurement,
      query: { id: 'm-1' },
      recordId: 'm-1',
      values: { tagNumber: 'F-07-R', maxTemperatureC: 52.1 },
      version: 3,
    });
    expect(`${found!.route.method} ${found!.route.path}`).toBe('PUT /thermal-measurements');
    // Only the record's own fields: no version, no acknowledgements.
    expect(Object.keys(found!.values)).toEqual(['tagNumber', 'maxTemperatureC']);
  });

  it('an update whose id is in its body, and the fields its form shows (no parent)', () => {
    const found = queuedRecordChange(
      queued({
        method: 'PUT',
        path: '/thermal-analysis',
        body: { id: 'a-1', reportHeaderId: 'r-1', summary: 'Scanned', result: 'Retorque', version: 2 },
      }),
    );
    expect(found).toMatchObject({ entity: thermalAnalysis, recordId: 'a-1', version: 2 });
    expect(queuedFormFields(found!)).toEqual(['summary', 'result']);
  });

  it('a create sent as a form: its client-made id, its text parts read back as the values they stand for', () => {
    const found = queuedRecordChange(
      queued({
        method: 'POST',
        path: '/thermal-measurements',
        state: 'refused',
        form: [
          ['id', '0b0c6a53-50f4-4c3e-9d5f-1b4f7b9f2a10'],
          ['thermalAnalysisId', 'a-1'],
          ['tagNumber', 'F-07-S'],
          ['maxTemperatureC', '52.1'],
          ['ambientTemperatureC', ''],
          ['thermalImage', { file: 0, meta: { name: 'f.png', type: 'image/png', size: 3 } }],
        ],
      }),
    );
    expect(found).toMatchObject({
      entity: thermalMeasurement,
      recordId: '0b0c6a53-50f4-4c3e-9d5f-1b4f7b9f2a10',
      values: {
        thermalAnalysisId: 'a-1',
        tagNumber: 'F-07-S',
        maxTemperatureC: 52.1,
        ambientTemperatureC: null,
      },
      version: undefined,
    });
    expect(queuedFormFields(found!)).toEqual(['tagNumber', 'maxTemperatureC', 'ambientTemperatureC']);
  });

  it('a path with its id in it; nothing for an address no create or update serves', () => {
    expect(
      queuedRecordChange(
        queued({ method: 'PUT', path: '/report-headers/r%2D1', body: { title: 'T', version: 1 } }),
      ),
    ).toMatchObject({ params: { id: 'r-1' }, recordId: 'r-1' });
    expect(queuedRecordChange(queued({ method: 'PUT', path: '/nowhere/1', body: {} }))).toBeUndefined();
    expect(
      queuedRecordChange(queued({ method: 'POST', path: '/thermal-measurements/trend' })),
    ).toBeUndefined();
  });
});
