import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import { api, grants, onePage, server, serveMockApi, signedInAs } from '../../api/test-server.ts';
import { auditFields } from '../../test/records.fixture.ts';
import { renderWithRouter } from '../../test/render.tsx';
import { DashboardPage } from './DashboardPage.tsx';

serveMockApi();

const report = {
  ...auditFields('2026-03-15T07:05:00Z'),
  id: 'b0000000-0000-4000-8000-000000000021',
  reportNumber: 'RPT-SRUT-2026-0003',
  title: 'SRUT of tank T-311 annular plate',
  equipmentNo: '10001158',
  status: 'approved',
  supersededBy: null,
};
const line = {
  ...report,
  id: 'b0000000-0000-4000-8000-000000000022',
  reportNumber: 'RPT-VCI-2026-0007',
  title: 'VCI of the top pumparound line',
  equipmentNo: '10001174',
  status: 'submitted',
};
const tank = {
  id: 'e0000000-0000-4000-8000-000000000011',
  equipmentNo: '10001158',
  tagNumber: 'T-311',
  description: 'Crude oil tank, floating roof',
};

describe('DashboardPage', () => {
  it("names the latest reports' equipment by tag and description, the SAP number after it", async () => {
    signedInAs({
      username: 'planner',
      fullName: 'Pak Planner',
      role: 'Planner',
      permissions: grants(['reportHeader', 'workOrder'], ['view']),
    });
    const asked: string[] = [];
    server.use(
      http.get(api('/work-order-spks'), () => HttpResponse.json(onePage([], 1))),
      http.get(api('/recommendations/counts'), () =>
        HttpResponse.json({
          data: {
            bySeverity: [
              { severity: 'high', count: 2 },
              { severity: 'critical', count: 1 },
            ],
            byArea: [{ area: 'CDU-1', count: 3 }],
            overdue: 1,
          },
          statusCode: 200,
          message: 'OK',
        }),
      ),
      http.get(api('/report-headers'), () => HttpResponse.json(onePage([report, line], 5))),
      http.get(api('/asset/equipment-numbers'), ({ request }) => {
        asked.push(new URL(request.url).searchParams.get('equipmentNo') ?? '');
        return HttpResponse.json(onePage([tank], 50));
      }),
    );
    renderWithRouter(
      {
        '/': () => (
          <Suspense fallback="loading">
            <DashboardPage />
          </Suspense>
        ),
      },
      '/',
    );

    const row = await screen.findByRole('row', { name: /RPT-SRUT-2026-0003/ }, { timeout: 5000 });
    expect(await within(row).findByText(/T-311 · Crude oil tank, floating roof/)).toBeVisible();
    expect(within(row).getByText('10001158')).toBeVisible();
    expect(row).toHaveTextContent('Approved');
    // A number the asset master does not hold is shown as it is.
    expect(
      within(screen.getByRole('row', { name: /RPT-VCI-2026-0007/ })).getByText('10001174'),
    ).toBeVisible();
    // The names of every row in one call, not one per row.
    expect(asked).toEqual(['10001158,10001174']);
    // The findings still to close: by severity, overdue marked, by area.
    expect(await screen.findByText('1 overdue')).toBeVisible();
    expect(screen.getByText(/By area: CDU-1 3/)).toBeVisible();
  });
});
