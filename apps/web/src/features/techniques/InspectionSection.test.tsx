import 'fake-indexeddb/auto';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import {
  api,
  editActions,
  envelope,
  grants,
  server,
  serveMockApi,
  signedInAs,
} from '../../api/test-server.ts';
import { ChangeQueue } from '../../engine/offline-queue/change-queue.ts';
import { reportRecord, thermalMeasurementRecord } from '../../test/records.fixture.ts';
import { renderWithRouter, suspended } from '../../test/render.tsx';
import { thermalReportHandlers } from '../../test/thermal-report.fixture.ts';
import { ReportLockScope } from '../reports/ReportLock.tsx';
import { TechniqueWorkspacePage } from './TechniqueWorkspacePage.tsx';
import { backOnlineAfterEach, offlineSyncOf } from '../../test/offline.ts';

/*
 * An inspection started with no network (docs/offline-capture.md, "What the screens show until the
 * sync"): its create goes into the device's queue, and the workspace then shows it with what its
 * reads will answer once synced.
 */

serveMockApi();
backOnlineAfterEach();

describe('starting an inspection offline', () => {
  it('queues its create, says so, and opens it: no rows yet, the server’s figures not on the device', async () => {
    const user = 'start-offline-user';
    const report = reportRecord();
    signedInAs({ id: user, permissions: grants(['thermal', 'reportHeader'], editActions) });
    server.use(...thermalReportHandlers(report, thermalMeasurementRecord()));
    // Nothing recorded on the report yet (used last: msw asks the latest handlers first).
    server.use(
      http.get(api('/thermal-analysis/by-report'), () => HttpResponse.json(envelope(null))),
      http.get(api(`/report-headers/${report.id}/techniques`), () => HttpResponse.json(envelope([]))),
    );
    const Shown = suspended(TechniqueWorkspacePage);
    const { queryClient } = renderWithRouter(
      {
        '/reports/$reportId/$slug': () => (
          <ReportLockScope>
            <Shown />
          </ReportLockScope>
        ),
      },
      `/reports/${report.id}/thermal`,
    );
    const start = await screen.findByRole('button', { name: 'Start thermal analysis' }, { timeout: 5000 });
    // The network gone, the user's sync started over the screens' cache (as the shell does).
    offlineSyncOf(user, queryClient);

    await userEvent.click(start);
    expect(
      await screen.findByText('Saved on this device — it will be sent when the connection is back'),
    ).toBeVisible();
    const [create] = await new ChangeQueue(user).list();
    expect(create).toMatchObject({ method: 'POST', path: '/thermal-analysis', state: 'waiting' });
    // Opened on the device: its findings form, its table with no rows (not "Not on this device"),
    // and the figures only the server counts said to be missing.
    expect(await screen.findByRole('button', { name: 'Save findings' })).toBeVisible();
    const table = screen.getByRole('table');
    expect(within(table).queryByText('Not on this device — shown when online')).toBeNull();
    expect(await screen.findByText(/No measurements yet/)).toBeVisible();
    expect(screen.getAllByText('Not on this device — shown when online').length).toBeGreaterThan(0);
  });
});
