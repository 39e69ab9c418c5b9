// The app's shell starts the device's sync of queued changes, which reads its queue in IndexedDB.
import 'fake-indexeddb/auto';
import type { ApprovalQueueItem, ApprovalQueueSummary, Permission } from '@inspectra/contract';
import { MantineProvider } from '@mantine/core';
import { RouterProvider } from '@tanstack/react-router';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, envelope, grants, server, serveMockApi, signedInAs } from '../../api/test-server.ts';
import { queryClient } from '../../app/query-client.ts';
import { router } from '../../app/router.tsx';
import { theme } from '../../app/theme.ts';
import { stopChangeSync } from '../../engine/offline-queue/sync-runner.ts';
import { renderWithRouter, suspended } from '../../test/render.tsx';
import { ApprovalQueuePage, isSevere, severityChoices } from './ApprovalQueuePage.tsx';
import { i18n } from '../../i18n/index.ts';
import { windowOfWidth } from '../../test/window-width.ts';

serveMockApi();
afterEach(() => {
  queryClient.clear();
  // The shell's sync of queued changes ends with the test, as at sign-out.
  stopChangeSync();
});

const item = (o: Partial<ApprovalQueueItem> & Pick<ApprovalQueueItem, 'id' | 'reportNumber'>) =>
  ({
    title: 'Monthly survey',
    inspectionMethod: 'thermal',
    inspectionMethodName: 'Thermal analysis',
    status: 'submitted',
    approvalLevel: 1,
    approvalPosition: 'Area engineer',
    submittedBy: 'Rina Inspector',
    waitingSince: new Date(Date.now() - 3 * 24 * 3600_000).toISOString(),
    equipmentNo: '10001001',
    tagNumber: null,
    equipmentDescription: null,
    contractorCompanyId: null,
    contractorName: null,
    worstFinding: null,
    overrides: { total: 0, accepted: 0 },
    ...o,
  }) satisfies ApprovalQueueItem;

const companyId = '7c9e6679-7425-40de-944b-e07fc1f90ae7';
const hot = item({
  id: 'a0000000-0000-4000-8000-000000000001',
  reportNumber: 'RPT-101',
  tagNumber: 'P-101A',
  equipmentDescription: 'Crude charge pump',
  worstFinding: 'repairImmediately',
});
const mild = item({
  id: 'a0000000-0000-4000-8000-000000000002',
  reportNumber: 'RPT-102',
  contractorCompanyId: companyId,
  contractorName: 'PT Mitra Inspeksi',
  worstFinding: 'investigate',
  waitingSince: new Date(Date.now() - 5 * 3600_000).toISOString(),
});
const plain = item({
  id: 'a0000000-0000-4000-8000-000000000003',
  reportNumber: 'RPT-103',
  inspectionMethod: 'acousticEmission',
  inspectionMethodName: 'Acoustic emission testing',
});
const summary: ApprovalQueueSummary = {
  total: 3,
  byMethod: [
    { inspectionMethod: 'acousticEmission', name: 'Acoustic emission testing', count: 1 },
    { inspectionMethod: 'thermal', name: 'Thermal analysis', count: 2 },
  ],
  byCompany: [
    { contractorCompanyId: null, contractorName: null, count: 2 },
    { contractorCompanyId: companyId, contractorName: 'PT Mitra Inspeksi', count: 1 },
  ],
};

const reviewerGrants: Permission[] = [
  ...grants(['myTask', 'workOrder', 'taskAssignment', 'asset', 'inspectionMethod', 'approval'], ['view']),
  ...grants(['reportHeader'], ['view', 'approve']),
];

/** Serves the queue (all three, whatever is asked) and its summary; returns the queries asked. */
function serveQueue(rows: ApprovalQueueItem[] = [hot, mild, plain]) {
  const asked: URLSearchParams[] = [];
  server.use(
    http.get(api('/report-approval-paths/queue'), ({ request }) => {
      const query = new URL(request.url).searchParams;
      asked.push(query);
      const pageSize = Number(query.get('pageSize') ?? 20);
      return HttpResponse.json({
        ...envelope(rows.slice(0, pageSize)),
        meta: {
          pageNumber: 1,
          pageSize,
          totalCount: rows.length,
          totalPages: Math.ceil(rows.length / pageSize),
          totalCountExact: true,
        },
      });
    }),
    http.get(api('/report-approval-paths/queue/summary'), () => HttpResponse.json(envelope(summary))),
  );
  return asked;
}

describe('the approvals queue page', () => {
  it('shows severity, equipment, method, company and how long each report has waited', async () => {
    signedInAs({ username: 'reviewer1', role: 'Reviewer', permissions: reviewerGrants });
    serveQueue();
    renderWithRouter({ '/approvals': suspended(ApprovalQueuePage) }, '/approvals');
    const table = await screen.findByRole('table', { name: 'Approvals' }, { timeout: 8000 });
    await within(table).findByRole('link', { name: 'RPT-101' });
    // From the md breakpoint, a table (scrolling in its box on a narrow desktop window).
    expect(table).not.toHaveAttribute('data-stacked');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);

    // The severe report: its words, and marked beside its colour.
    const first = within(rows[0]!);
    expect(first.getByText('Repair immediately')).toBeVisible();
    expect(rows[0]).toHaveAttribute('data-severe', 'true');
    expect(first.getByRole('link', { name: 'RPT-101' })).toHaveAttribute('href', `/reports/${hot.id}`);
    expect(first.getByText('P-101A')).toBeVisible();
    expect(first.getByText('Crude charge pump')).toBeVisible();
    expect(first.getByText("Plant owner's staff")).toBeVisible();
    expect(first.getByText('3 days')).toBeVisible();

    const second = within(rows[1]!);
    expect(rows[1]).not.toHaveAttribute('data-severe');
    expect(second.getByText('Investigate')).toBeVisible();
    expect(second.getByText('PT Mitra Inspeksi')).toBeVisible();
    expect(second.getByText('5 hours')).toBeVisible();
    // Without a tag in the master, the equipment number stands in.
    expect(second.getByText('10001001')).toBeVisible();

    const third = within(rows[2]!);
    expect(third.getByText('No graded finding')).toBeVisible();
    expect(third.getByText('Acoustic emission testing')).toBeVisible();
  });

  it('sends the chosen method, severity, company and search, and says when nothing matches', async () => {
    signedInAs({ username: 'reviewer1', role: 'Reviewer', permissions: reviewerGrants });
    const asked = serveQueue();
    const user = userEvent.setup();
    renderWithRouter({ '/approvals': suspended(ApprovalQueuePage) }, '/approvals');
    await screen.findByRole('table', { name: 'Approvals' }, { timeout: 8000 });
    const filters = screen.getByRole('search', { name: 'Filter the queue' });

    await user.click(within(filters).getByRole('combobox', { name: 'Severity' }));
    await user.click(
      await screen.findByRole('option', {
        name: 'Repair immediately / Critical / Reject / Underprotected / Danger / Below minimum / D / Severe / Several bars broken',
      }),
    );
    await waitFor(() =>
      expect(asked.at(-1)?.get('severity')).toBe(
        'repairImmediately,critical,reject,underprotected,danger,belowMinimum,D,severe,multipleBarsBroken',
      ),
    );

    await user.click(within(filters).getByRole('combobox', { name: 'Company' }));
    await user.click(await screen.findByRole('option', { name: 'PT Mitra Inspeksi (1)' }));
    await waitFor(() => expect(asked.at(-1)?.get('contractorCompanyId')).toBe(companyId));

    await user.click(within(filters).getByRole('combobox', { name: 'Method' }));
    await user.click(await screen.findByRole('option', { name: 'Thermal analysis (2)' }));
    await waitFor(() => expect(asked.at(-1)?.get('inspectionMethod')).toBe('thermal'));

    await user.type(within(filters).getByRole('textbox', { name: 'Search' }), 'P-101A');
    await waitFor(() => expect(asked.at(-1)?.get('search')).toBe('P-101A'));
    expect(asked.at(-1)?.get('severity')).toBe(
      'repairImmediately,critical,reject,underprotected,danger,belowMinimum,D,severe,multipleBarsBroken',
    );
    expect(asked.at(-1)?.get('pageNumber')).toBe('1');

    serveQueue([]);
    await user.type(within(filters).getByRole('textbox', { name: 'Search' }), 'X');
    expect(
      await screen.findByText('No waiting report matches these filters.', undefined, { timeout: 5000 }),
    ).toBeVisible();
  });

  it('stacks each report into a card below the md breakpoint, every part in view', async () => {
    // An upright tablet: 800 px wide, below md (62em), where the queue as a table scrolled sideways.
    windowOfWidth(800);
    signedInAs({ username: 'reviewer1', role: 'Reviewer', permissions: reviewerGrants });
    serveQueue();
    renderWithRouter({ '/approvals': suspended(ApprovalQueuePage) }, '/approvals');
    const table = await screen.findByRole('table', { name: 'Approvals' }, { timeout: 8000 });
    expect(table).toHaveAttribute('data-stacked');
    // Nothing wider than the screen: no sideways scroll box around the cards.
    expect(table.closest('[class*="scrollContainer"]')).toBeNull();

    // The same rows at every width, found by role (the e2e journeys' `getByRole('row')` too).
    const card = await within(table).findByRole('row', { name: /RPT-101/ });
    expect(within(table).getAllByRole('row').slice(1)).toHaveLength(3);
    expect(card).toHaveAttribute('data-severe', 'true');
    expect(within(card).getByRole('link', { name: 'RPT-101' })).toHaveAttribute('href', `/reports/${hot.id}`);
    const cells = within(card).getAllByRole('cell');
    expect(within(card).getByText('Repair immediately')).toBeVisible();
    for (const [label, value] of [
      ['Equipment', 'Crude charge pump'],
      ['Method', 'Thermal analysis'],
      ['Company', "Plant owner's staff"],
      ['Level', 'Level 1 · Area engineer'],
      ['Waiting for', '3 days'],
    ]) {
      const cell = cells.find((c) => c.textContent?.includes(value!))!;
      expect(cell, value).toBeDefined();
      expect(within(cell).getByText(label!)).toHaveAttribute('aria-hidden', 'true');
    }
  });

  it('puts the levels of every grading technique on one scale, most severe first', () => {
    const choices = severityChoices(i18n.t);
    // A two-level grade (UFD's and PAUT's accept or reject) takes the ends of the scale; SACP's
    // three its ends and the step below the worst; motion magnification's five the ends, the steps
    // between them, and marginal beside correction; vibration's ISO 20816-3 zones A to D one a step;
    // ultrasound's rise bands and lube oil's three grades alike; MCSA's seven rotor conditions
    // (graded on its tests) spread over the four steps, its severe beside ultrasound's.
    expect(choices.map((c) => c.value)).toEqual([
      'repairImmediately,critical,reject,underprotected,danger,belowMinimum,D,severe,multipleBarsBroken',
      'repairAsTimePermits,high,overprotected,marginal,correction,C,damageDeveloping,crackDeveloping,barsBroken,caution',
      'investigate,medium,aboveDesign,B,lubricate,good,moderate',
      'normal,low,accept,protected,acceptable,A,excellent',
      'none',
    ]);
    expect(isSevere({ inspectionMethod: 'ufd', worstFinding: 'reject' })).toBe(true);
    expect(isSevere(hot)).toBe(true);
    expect(isSevere({ inspectionMethod: 'vci', worstFinding: 'critical' })).toBe(true);
    expect(isSevere({ inspectionMethod: 'vci', worstFinding: 'high' })).toBe(false);
    expect(isSevere(plain)).toBe(false);
  });
});

describe("a reviewer's start", () => {
  it('lands on the approvals queue, whose menu entry says how many wait', async () => {
    signedInAs({ username: 'reviewer1', role: 'Reviewer', permissions: reviewerGrants });
    const asked = serveQueue();
    window.history.pushState({}, '', '/');
    render(
      <MantineProvider theme={theme} env="test">
        <RouterProvider router={router} />
      </MantineProvider>,
    );
    await router.navigate({ href: '/' });

    expect(await screen.findByRole('heading', { name: 'Approvals' }, { timeout: 8000 })).toBeVisible();
    expect(router.state.location.pathname).toBe('/approvals');
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    expect(await within(nav).findByRole('link', { name: /^Approvals\s*3\s*waiting$/ })).toBeVisible();
    // The count is a page of one: the queue's total, not its rows.
    expect(asked.some((q) => q.get('pageSize') === '1')).toBe(true);
    // The dashboard would only lead here again: the reviewer's menu does not offer it.
    expect(within(nav).queryByRole('link', { name: 'Dashboard' })).not.toBeInTheDocument();
  });
});

describe('the whole report from the queue', () => {
  it('downloads a waiting report’s PDF from its row, named by its number', async () => {
    signedInAs({ username: 'reviewer1', role: 'Reviewer', permissions: reviewerGrants });
    serveQueue();
    const asked: string[] = [];
    server.use(
      http.get(api(`/report-headers/${hot.id}/pdf`), ({ request }) => {
        asked.push(new URL(request.url).search);
        return new HttpResponse(new TextEncoder().encode('%PDF-1.3\n'), {
          headers: { 'content-type': 'application/pdf' },
        });
      }),
    );
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const user = userEvent.setup();
    renderWithRouter({ '/approvals': suspended(ApprovalQueuePage) }, '/approvals');
    const table = await screen.findByRole('table', { name: 'Approvals' }, { timeout: 8000 });
    const row = await within(table).findByRole('row', { name: /RPT-101/ });
    await user.click(within(row).getByRole('button', { name: 'Download PDF of RPT-101' }));
    await waitFor(() => expect(saved).toEqual(['RPT-101.pdf']));
    expect(asked).toEqual(['?lang=en']);
    expect(within(table).getAllByRole('button', { name: /^Download PDF of / })).toHaveLength(3);
  });
});
