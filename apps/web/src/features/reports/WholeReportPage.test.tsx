import type { ReportTreeJson, ReportTreeRecordJson } from '@inspectra/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  api,
  envelope,
  grants,
  onePage,
  pngResponse,
  server,
  serveMockApi,
  signedInAs,
} from '../../api/test-server.ts';
import { i18n } from '../../i18n/index.ts';
import { reportRecord, workOrderRecord } from '../../test/records.fixture.ts';
import { renderWithRouter, suspended } from '../../test/render.tsx';
import { tableColumns } from './report-tree-layout.ts';
import { WholeReportPage } from './WholeReportPage.tsx';
import { thermal, thermalMeasurement } from '@inspectra/contract';

serveMockApi();
afterEach(async () => {
  await i18n.changeLanguage('en');
});

const report = reportRecord({ reportNumber: 'RPT-0042', status: 'inReview', equipmentNo: 'TR-01' });
const analysisId = '1a2b3c4d-1111-4aaa-8bbb-000000000001';
const fingerprint = 'f'.repeat(64);

const record = (entity: string, fields: Record<string, unknown>, o: Partial<ReportTreeRecordJson> = {}) =>
  ({ entity, fields, derived: {}, attachments: [], lists: [], ...o }) satisfies ReportTreeRecordJson;

const measurement = (n: number, max: number, severity: string, o: Partial<ReportTreeRecordJson> = {}) =>
  record(
    'thermalMeasurement',
    {
      id: `9b1d1c3e-2b5f-4f57-9a33-00000000000${n}`,
      thermalAnalysisId: analysisId,
      date: '2026-11-20',
      tagNumber: `TR-01-L${n}`,
      equipmentName: 'Transformer 1',
      component: 'Phase R cable lug',
      location: null,
      maxTemperatureC: max,
      referenceTemperatureC: 30,
      ambientTemperatureC: null,
      emissivity: 0.95,
      loadPercent: null,
      distanceM: null,
      remarks: n === 1 ? 'Loose bolt on phase R\nRetighten at next outage' : null,
      recommendation: null,
    },
    { derived: { deltaTC: max - 30, severity }, ...o },
  );

const content: ReportTreeJson = {
  format: 'inspectra.report/1',
  header: record(
    'reportHeader',
    { ...report, approvalPath: [{ level: 1, position: 'Area engineer' }] },
    { names: { equipmentNo: 'TR-01 · Transformer 1' } },
  ),
  sections: [
    {
      key: 'thermal',
      lists: [
        {
          entity: 'thermalAnalysis',
          records: [
            record(
              'thermalAnalysis',
              { id: analysisId, reportHeaderId: report.id, summary: 'Two lugs hot', result: null },
              {
                lists: [
                  {
                    entity: 'thermalMeasurement',
                    records: [
                      measurement(1, 80, 'repairImmediately', {
                        attachments: [
                          {
                            id: 'a7a7a7a7-0000-4000-8000-000000000001',
                            slot: 'thermalImage',
                            imageType: null,
                            category: null,
                            position: 0,
                            displayName: 'IR_0001.jpg',
                            mediaType: 'image/jpeg',
                            size: 120_000,
                            sha256: 'e'.repeat(64),
                            storageKey: 'x/y',
                            createdAt: '2026-11-20T08:00:00.000Z',
                          },
                        ],
                      }),
                      measurement(2, 35, 'normal'),
                    ],
                  },
                ],
              },
            ),
          ],
        },
      ],
    },
  ],
};

function serveReport(tree: ReportTreeJson = content) {
  const files: string[] = [];
  server.use(
    http.get(api('/report-headers'), () => HttpResponse.json(onePage([report], 1))),
    http.get(api(`/work-order-spks/${workOrderRecord().id}`), () =>
      HttpResponse.json(envelope(workOrderRecord())),
    ),
    http.get(api(`/report-headers/${report.id}/content`), () =>
      HttpResponse.json(envelope({ fingerprint, content: tree })),
    ),
    http.get(api('/files/:id'), ({ params }) => {
      files.push(String(params.id));
      return pngResponse();
    }),
  );
  return files;
}

const renderPage = () =>
  renderWithRouter({ '/reports/$reportId/whole': suspended(WholeReportPage) }, `/reports/${report.id}/whole`);

describe('the whole report on one page', () => {
  it('lays every technique out from the declarations: groups, units, words, grades, rows as a table', async () => {
    signedInAs({ permissions: grants(['reportHeader', 'thermal'], ['view']) });
    const files = serveReport();
    renderPage();
    expect(
      await screen.findByRole('heading', { name: 'Whole report RPT-0042' }, { timeout: 8000 }),
    ).toBeVisible();
    expect(screen.getByText(fingerprint)).toBeVisible();
    expect(screen.getByRole('button', { name: 'Download PDF' })).toBeVisible();

    // The header: another record by its name, not its key; no approval path as JSON.
    const header = screen.getByRole('region', { name: 'Report' });
    expect(within(header).getByText('TR-01 · Transformer 1')).toBeVisible();
    expect(header).not.toHaveTextContent('Area engineer');

    const section = screen.getByRole('region', { name: 'Thermal analysis' });
    expect(within(section).getByRole('heading', { name: 'Thermal analysis', level: 2 })).toBeVisible();
    expect(within(section).getByText('Two lugs hot')).toBeVisible();

    // The rows as a table, the grade in words with its badge, numbers with their units.
    const table = within(section).getByRole('table', { name: 'Thermal measurement (2)' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(within(rows[0]!).getByRole('columnheader', { name: 'Tag number' })).toBeVisible();
    expect(rows[1]).toHaveTextContent('TR-01-L1');
    expect(rows[1]).toHaveTextContent('Repair immediately');
    expect(rows[1]).toHaveTextContent('50 °C');
    expect(rows[2]).toHaveTextContent('Normal');

    // Each row then whole: its field groups by their titles, its long text, its photo.
    const first = within(section).getByRole('article', { name: 'Thermal measurement 1' });
    for (const group of ['Equipment', 'Temperatures', 'Camera and conditions'])
      expect(within(first).getByText(group)).toBeVisible();
    expect(within(first).getByText(/Loose bolt on phase R/)).toBeVisible();
    expect(within(first).getByText('80 °C')).toBeVisible();
    expect(within(first).getByRole('button', { name: /Thermal image/ })).toBeVisible();
    await waitFor(() => expect(files).toEqual(['a7a7a7a7-0000-4000-8000-000000000001']));
  });

  it('says in Bahasa Indonesia what it shows, and names a technique the role may not view without showing it', async () => {
    await i18n.changeLanguage('id');
    signedInAs({ permissions: grants(['reportHeader'], ['view']) });
    serveReport();
    renderPage();
    expect(
      await screen.findByRole('heading', { name: 'Laporan utuh RPT-0042' }, { timeout: 8000 }),
    ).toBeVisible();
    const section = screen.getByRole('region', { name: 'Analisis termal' });
    expect(section).toHaveTextContent(
      'Peran Anda tidak memberi akses ke jenis inspeksi ini, jadi tidak ditampilkan.',
    );
    expect(within(section).queryByRole('table')).toBeNull();
  });

  it('says when nothing has been recorded', async () => {
    signedInAs({ permissions: grants(['reportHeader'], ['view']) });
    serveReport({ ...content, sections: [] });
    renderPage();
    expect(
      await screen.findByText('Nothing has been recorded in this report yet.', {}, { timeout: 8000 }),
    ).toBeVisible();
  });

  it('opens a photo full size', async () => {
    signedInAs({ permissions: grants(['reportHeader', 'thermal'], ['view']) });
    serveReport();
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: /Thermal image/ }, { timeout: 8000 }));
    expect(await screen.findByRole('dialog')).toBeVisible();
  });
});

describe('photos of a long report', () => {
  it('fetches a photo only once its place comes near the screen', async () => {
    const observed: ((entries: { isIntersecting: boolean }[]) => void)[] = [];
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(callback: (entries: { isIntersecting: boolean }[]) => void) {
          observed.push(callback);
        }
        observe() {}
        disconnect() {}
      },
    );
    try {
      signedInAs({ permissions: grants(['reportHeader', 'thermal'], ['view']) });
      const files = serveReport();
      renderPage();
      await screen.findByRole('table', { name: 'Thermal measurement (2)' }, { timeout: 8000 });
      await waitFor(() => expect(observed).toHaveLength(1));
      expect(files).toEqual([]);
      act(() => observed[0]!([{ isIntersecting: true }]));
      await waitFor(() => expect(files).toEqual(['a7a7a7a7-0000-4000-8000-000000000001']));
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

describe('a list’s table columns', () => {
  it('names the row first, then its grade and derived values, then required values; at most seven', () => {
    const records = [measurement(1, 80, 'repairImmediately')];
    expect(tableColumns(thermalMeasurement, records, thermal)).toEqual([
      'tagNumber',
      'severity',
      'deltaTC',
      'date',
      'maxTemperatureC',
      'referenceTemperatureC',
      'equipmentName',
    ]);
  });
});
