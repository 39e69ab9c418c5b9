import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { api, envelope, server, serveMockApi } from '../api/test-server.ts';
import { pagedList } from './paged.ts';

serveMockApi();

describe('pagedList', () => {
  it("sends the table's sort and filters as the call's query, the page's own filters first", async () => {
    const queries: Record<string, string>[] = [];
    server.use(
      http.get(api('/report-headers'), ({ request }) => {
        queries.push(Object.fromEntries(new URL(request.url).searchParams));
        return HttpResponse.json(envelope([]));
      }),
    );
    const fetchPage = pagedList('GET /report-headers', { workOrderSPKId: 'wo-1' });
    expect(fetchPage.route?.path).toBe('/report-headers');
    expect(fetchPage.fixedParams).toEqual(['workOrderSPKId']);

    await fetchPage({
      pageNumber: 2,
      pageSize: 10,
      sortBy: 'reportNumber',
      sortDirection: 'desc',
      filters: { objectType: 'Pipeline', workOrderSPKId: 'wo-2' },
    });
    expect(queries).toEqual([
      {
        objectType: 'Pipeline',
        workOrderSPKId: 'wo-1',
        pageNumber: '2',
        pageSize: '10',
        sortBy: 'reportNumber',
        sortDirection: 'desc',
      },
    ]);
  });
});
