import { defineEntity, f, thermalAnalysis, thermalMeasurement } from '@inspectra/contract';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { loadCurrentRecord } from './current-record.ts';
import { api, envelope, server, serveMockApi, setCookies } from './test-server.ts';

serveMockApi();

describe('loadCurrentRecord', () => {
  it('reads a record by its id, with the entity’s own read call', async () => {
    setCookies('a', 'r');
    server.use(
      http.get(api('/thermal-measurements/:id'), ({ params }) =>
        HttpResponse.json(envelope({ id: params.id, version: 3, tagNumber: 'TR-01' })),
      ),
    );

    const current = await loadCurrentRecord(thermalMeasurement, { id: 'm 1', version: 2 });

    expect(current).toEqual({ id: 'm 1', version: 3, tagNumber: 'TR-01' });
  });

  it('reads a record kept one per parent by its parent, and says undefined when it is gone', async () => {
    setCookies('a', 'r');
    const asked: (string | null)[] = [];
    server.use(
      http.get(api('/thermal-analysis/by-report'), ({ request }) => {
        const reportHeaderId = new URL(request.url).searchParams.get('reportHeaderId');
        asked.push(reportHeaderId);
        return HttpResponse.json(envelope(reportHeaderId === 'h1' ? { id: 'a1', version: 5 } : null));
      }),
    );

    expect(await loadCurrentRecord(thermalAnalysis, { id: 'a1', reportHeaderId: 'h1' })).toEqual({
      id: 'a1',
      version: 5,
    });
    expect(await loadCurrentRecord(thermalAnalysis, { id: 'a2', reportHeaderId: 'h2' })).toBeUndefined();
    expect(asked).toEqual(['h1', 'h2']);
  });

  it('is undefined, without a request, for an entity with no read call', async () => {
    const unreadable = defineEntity('unreadable', {
      label: 'Unreadable',
      module: 'thermal',
      fields: { a: f.text() },
    });
    expect(await loadCurrentRecord(unreadable, { id: 'x' })).toBeUndefined();
  });
});
