import type { ApprovalCurrent, Permission } from '@inspectra/contract';
import { ModalsProvider } from '@mantine/modals';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { Suspense } from 'react';
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
import { detailText } from '../../ui/error-text.ts';
import { i18n } from '../../i18n/index.ts';
import { auditFields } from '../../test/records.fixture.ts';
import { renderWithRouter } from '../../test/render.tsx';
import { AssignmentsPanel } from './AssignmentsPanel.tsx';

serveMockApi();

const workOrderId = '7a1c2e3f-0000-4000-8000-0000000000aa';
const rina = { id: '11111111-1111-4111-8111-111111111111', username: 'rina', fullName: 'Rina Wulandari' };
const budi = { id: '22222222-2222-4222-8222-222222222222', username: 'budi', fullName: 'Budi Santoso' };
const dewi = { id: '33333333-3333-4333-8333-333333333333', username: 'dewi', fullName: 'Dewi Lestari' };

const full: Permission[] = [
  ...grants(['taskAssignment'], editActions),
  ...grants(['reportHeader'], ['update']),
];

const record = { ...auditFields('2026-03-15T07:05:00Z'), workOrderSPKId: workOrderId };
const thermal = {
  ...record,
  id: 'a0000000-0000-4000-8000-000000000001',
  inspectionMethod: 'thermal',
  inspectionMethodName: 'Thermal analysis',
  userPDMIds: [rina.id, budi.id],
  inspectors: [
    { ...rina, isActive: true },
    { ...budi, isActive: false },
  ],
  levelApprovals: [1, 2],
  positionLevels: ['Supervisor', 'Superintendent'],
  approvalStatus: false,
  approvalComment: 'Check phase T again',
  reports: [
    {
      id: 'b0000000-0000-4000-8000-000000000001',
      reportNumber: 'RPT-0042',
      title: 'Panel LP-3A',
      equipmentNo: 'EQ-1001',
      status: 'draft',
      updatedAt: '2026-03-16T08:00:00Z',
    },
  ],
};
/** The asset master's record of the reports' equipment: its tag is what a person reads. */
const equipment = [
  {
    id: 'e0000000-0000-4000-8000-000000000001',
    equipmentNo: 'EQ-1001',
    tagNumber: 'LP-3A',
    description: 'LV panel',
    categoryCode: 'electrical',
  },
];
const methods = [
  {
    ...record,
    id: 'c1',
    code: 'thermal',
    name: 'Thermal analysis',
    isActive: true,
    equipmentCategories: [],
  },
  {
    ...record,
    id: 'c2',
    code: 'vci',
    name: 'Visual crack inspection (VCI)',
    isActive: true,
    equipmentCategories: [],
  },
];

/** The approval of a report waiting at level 2, where the caller may act or not (with the reason). */
const waitingAtLevel2 = (canAct: boolean): ApprovalCurrent => ({
  reportHeaderId: thermal.reports[0]!.id,
  status: 'inReview',
  approvalLevel: 2,
  source: 'snapshot',
  path: [
    { level: 1, position: 'Supervisor', reviewers: [rina] },
    { level: 2, position: 'Superintendent', reviewers: [dewi] },
  ],
  canAct,
  reason: canAct ? null : 'Only the reviewers assigned to thermal at level 2 (Superintendent) may act now',
  wroteContent: false,
});

/**
 * The mock API of a work order with one thermal assignment (its report in `reportStatus`, its
 * approval `current`); records what the panel sends.
 */
function serveAssignments(
  permissions: Permission[] = full,
  o: { reportStatus?: string; current?: ApprovalCurrent } = {},
) {
  signedInAs({ username: 'planner', fullName: 'Pak Planner', role: 'Planner', permissions });
  const sent = {
    inspections: [] as URLSearchParams[],
    userSearches: [] as (string | null)[],
    /** The method each assignable-users call named. */
    userMethods: [] as (string | null)[],
    created: [] as unknown[],
    moves: [] as { id: string; query: URLSearchParams }[],
    deleted: [] as string[],
  };
  let stored: unknown[] = [
    { ...thermal, reports: thermal.reports.map((r) => ({ ...r, status: o.reportStatus ?? r.status })) },
  ];
  server.use(
    // The equipment's tag and description, read by number for the reports' equipment column.
    http.get(api('/asset/equipment-numbers'), ({ request }) => {
      const keys = (new URL(request.url).searchParams.get('equipmentNo') ?? '').split(',');
      return HttpResponse.json(envelope(equipment.filter((e) => keys.includes(e.equipmentNo))));
    }),
    http.get(api('/report-approval-paths/current'), () => HttpResponse.json(envelope(o.current))),
    http.get(api('/wo-task-assignments/inspections'), ({ request }) => {
      sent.inspections.push(new URL(request.url).searchParams);
      return HttpResponse.json(envelope(stored));
    }),
    http.get(api('/master-inspection-method/all'), () => HttpResponse.json(envelope(methods))),
    http.get(api('/wo-task-assignments/assignable-users'), ({ request }) => {
      const query = new URL(request.url).searchParams;
      const search = query.get('search');
      sent.userSearches.push(search);
      sent.userMethods.push(query.get('inspectionMethod'));
      const all = [rina, dewi];
      return HttpResponse.json(
        envelope(all.filter((u) => !search || u.fullName.toLowerCase().includes(search.toLowerCase()))),
      );
    }),
    http.post(api('/wo-task-assignments'), async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      sent.created.push(body);
      const created = {
        ...record,
        ...body,
        id: 'a0000000-0000-4000-8000-000000000002',
        inspectionMethodName: 'Visual crack inspection (VCI)',
        inspectors: [{ ...dewi, isActive: true }],
        approvalStatus: false,
        approvalComment: null,
        reports: [],
      };
      stored = [...stored, created];
      return HttpResponse.json({ ...envelope(created), statusCode: 201 }, { status: 201 });
    }),
    http.put(api('/wo-task-assignments/update-approval-status/:id'), ({ request, params }) => {
      sent.moves.push({ id: String(params.id), query: new URL(request.url).searchParams });
      return HttpResponse.json(envelope({ ...thermal, approvalComment: 'Ready' }));
    }),
    http.delete(api('/wo-task-assignments/:id'), ({ params }) => {
      sent.deleted.push(String(params.id));
      stored = stored.filter((a) => (a as { id: string }).id !== params.id);
      return HttpResponse.json(envelope({ id: params.id }));
    }),
  );
  return sent;
}

function renderPanel() {
  return renderWithRouter(
    {
      '/': () => (
        <ModalsProvider>
          <Suspense fallback="loading">
            <AssignmentsPanel workOrderId={workOrderId} />
          </Suspense>
        </ModalsProvider>
      ),
    },
    '/',
  );
}

describe('AssignmentsPanel', () => {
  it("shows each assignment's method, inspectors by name, levels, positions, approval and reports", async () => {
    const sent = serveAssignments();
    renderPanel();

    const card = await screen.findByRole('article', { name: 'Thermal analysis' }, { timeout: 5000 });
    expect(card).toHaveTextContent('Rina Wulandari (rina), Budi Santoso (budi) (inactive)');
    expect(card).toHaveTextContent('Approval levels: 1, 2');
    expect(card).toHaveTextContent('Supervisor, Superintendent');
    // The card says where its report stands, in the report page's words.
    expect(within(card).getByRole('group', { name: 'State of its reports' })).toHaveTextContent(/^Draft$/);
    expect(card).toHaveTextContent('Last comment: Check phase T again');
    const row = within(card).getByRole('row', { name: /RPT-0042/ });
    expect(row).toHaveTextContent('Panel LP-3A');
    // The equipment by its tag and description, its number after it.
    expect(await within(row).findByText(/LP-3A · LV panel/)).toBeVisible();
    expect(row).toHaveTextContent('EQ-1001');
    expect(row).toHaveTextContent('Draft');
    expect(within(row).getByRole('link', { name: 'RPT-0042' })).toHaveAttribute(
      'href',
      '/reports/b0000000-0000-4000-8000-000000000001',
    );
    expect(sent.inspections[0]?.get('workOrderSPKId')).toBe(workOrderId);
  });

  it('says "No report yet" of an assignment without reports, not that it is unapproved', async () => {
    serveAssignments();
    server.use(
      http.get(api('/wo-task-assignments/inspections'), () =>
        HttpResponse.json(envelope([{ ...thermal, reports: [] }])),
      ),
    );
    renderPanel();

    const card = await screen.findByRole('article', { name: 'Thermal analysis' }, { timeout: 5000 });
    expect(card).toHaveTextContent('No report yet');
    expect(card).not.toHaveTextContent('Draft');
  });

  it.each([
    ['draft', 'Draft'],
    ['submitted', 'Submitted'],
    ['inReview', 'In review'],
    ['returned', 'Returned'],
    ['approved', 'Approved'],
  ])('says a card whose report is %s as the report page does: "%s"', async (status, words) => {
    // The stored approvalStatus is not what the card reads: an approved report reads approved.
    serveAssignments(full, { reportStatus: status });
    renderPanel();

    const card = await screen.findByRole('article', { name: 'Thermal analysis' }, { timeout: 5000 });
    const states = within(card).getByRole('group', { name: 'State of its reports' });
    expect(states).toHaveTextContent(new RegExp(`^${words}$`));
    expect(card).not.toHaveTextContent(/not approved/i);
  });

  it('counts the reports in each state when a method has several', async () => {
    serveAssignments();
    const report = thermal.reports[0]!;
    server.use(
      http.get(api('/wo-task-assignments/inspections'), () =>
        HttpResponse.json(
          envelope([
            {
              ...thermal,
              reports: [
                { ...report, status: 'approved' },
                {
                  ...report,
                  id: 'b0000000-0000-4000-8000-000000000002',
                  reportNumber: 'RPT-0043',
                  status: 'approved',
                },
                { ...report, id: 'b0000000-0000-4000-8000-000000000003', reportNumber: 'RPT-0044' },
              ],
            },
          ]),
        ),
      ),
    );
    renderPanel();

    const card = await screen.findByRole('article', { name: 'Thermal analysis' }, { timeout: 5000 });
    const badges = within(within(card).getByRole('group', { name: 'State of its reports' })).getAllByText(
      /:/,
    );
    expect(badges.map((b) => b.textContent)).toEqual(['Draft: 1', 'Approved: 2']);
  });

  it("reads the words of a report's state in Indonesian too", async () => {
    serveAssignments(full, { reportStatus: 'approved' });
    await i18n.changeLanguage('id');
    try {
      renderPanel();
      const card = await screen.findByRole('article', { name: 'Thermal analysis' }, { timeout: 5000 });
      expect(within(card).getByRole('group', { name: 'Status laporannya' })).toHaveTextContent('Disetujui');
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it('assigns a method to inspectors found by name, with levels', async () => {
    // Setting levels is the approval settings' (docs/approvals.md): this planner may change them.
    const sent = serveAssignments([...full, ...grants(['approval'], ['update'])]);
    const user = userEvent.setup();
    renderPanel();

    await user.click(await screen.findByRole('button', { name: 'Assign a method' }, { timeout: 5000 }));
    const form = screen.getByRole('form', { name: 'Assign an inspection method' });
    await user.click(within(form).getByRole('combobox', { name: 'Inspection method' }));
    // A method already assigned is offered but cannot be chosen again.
    expect(
      await screen.findByRole('option', { name: 'Thermal analysis (already assigned)' }),
    ).toHaveAttribute('aria-disabled', 'true');
    await user.click(screen.getByRole('option', { name: 'Visual crack inspection (VCI)' }));

    await user.type(within(form).getByRole('combobox', { name: 'Inspectors' }), 'Dewi');
    await waitFor(() => expect(sent.userSearches).toContain('Dewi'));
    // Only users who may inspect the chosen method are asked for.
    expect(new Set(sent.userMethods)).toEqual(new Set(['vci']));
    await user.click(await screen.findByRole('option', { name: 'Dewi Lestari (dewi)' }));
    await user.click(within(form).getByRole('combobox', { name: 'Approval levels' }));
    await user.click(await screen.findByRole('option', { name: '1' }));
    await user.click(within(form).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(sent.created).toHaveLength(1));
    expect(sent.created[0]).toMatchObject({
      workOrderSPKId: workOrderId,
      inspectionMethod: 'vci',
      userPDMIds: [dewi.id],
      levelApprovals: [1],
      positionLevels: [],
    });
    expect(await screen.findByRole('article', { name: 'Visual crack inspection (VCI)' })).toBeVisible();
    expect(screen.queryByRole('form', { name: 'Assign an inspection method' })).toBeNull();
  });

  it('shows the levels and positions but offers no change of them to a planner without the approval settings', async () => {
    serveAssignments();
    const user = userEvent.setup();
    renderPanel();
    await user.click(await screen.findByRole('button', { name: 'Assign a method' }, { timeout: 5000 }));
    const form = screen.getByRole('form', { name: 'Assign an inspection method' });
    for (const name of ['Approval levels', 'Approval positions']) {
      const input = within(form)
        .getAllByLabelText(name)
        .find((element) => element.tagName === 'INPUT');
      expect(input, name).toBeDisabled();
    }
    expect(
      within(form).getAllByText(
        'Only a role that may change the approval settings can change the approval levels and positions',
      ),
    ).toHaveLength(2);
  });

  it('offers inspectors once a method is chosen, and shows on them whom the server refuses, by name', async () => {
    const sent = serveAssignments();
    const message =
      'Dewi Lestari (Reviewer) cannot be named as an inspector of Visual crack inspection (VCI): choose someone whose role writes Visual crack inspection (VCI) reports';
    server.use(
      http.post(api('/wo-task-assignments'), () =>
        HttpResponse.json(
          {
            data: null,
            statusCode: 400,
            message,
            error: {
              code: 'VALIDATION_ERROR',
              details: [
                {
                  path: 'userPDMIds',
                  message,
                  code: 'inspectorNotEligible',
                  params: { name: 'Dewi Lestari', role: 'Reviewer', method: 'Visual crack inspection (VCI)' },
                },
              ],
            },
          },
          { status: 400 },
        ),
      ),
    );
    const user = userEvent.setup();
    renderPanel();

    await user.click(await screen.findByRole('button', { name: 'Assign a method' }, { timeout: 5000 }));
    const form = screen.getByRole('form', { name: 'Assign an inspection method' });
    const inspectors = within(form).getByRole('combobox', { name: 'Inspectors' });
    // Nobody is offered before the method says whose role fits.
    expect(inspectors).toBeDisabled();
    expect(form).toHaveTextContent('Choose the method first');
    expect(sent.userMethods).toEqual([]);

    await user.click(within(form).getByRole('combobox', { name: 'Inspection method' }));
    await user.click(await screen.findByRole('option', { name: 'Visual crack inspection (VCI)' }));
    expect(inspectors).toBeEnabled();
    await user.click(inspectors);
    await user.click(await screen.findByRole('option', { name: 'Dewi Lestari (dewi)' }));
    expect(sent.userMethods).toContain('vci');
    expect(sent.userMethods).not.toContain(null);
    await user.click(within(form).getByRole('button', { name: 'Save' }));

    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'Could not save: one field needs attention.',
    );
    expect(inspectors).toHaveAttribute('aria-invalid', 'true');
    expect(form).toHaveTextContent(message);
    // The form stays open with the choice kept, to change it.
    expect(screen.getByRole('form', { name: 'Assign an inspection method' })).toBeVisible();
  });

  it('says the refusal in Bahasa Indonesia from its code', async () => {
    await i18n.changeLanguage('id');
    try {
      const text = detailText(
        {
          path: 'userPDMIds',
          message: 'English',
          code: 'inspectorNotEligible',
          params: { name: 'Dewi Lestari', role: 'Reviewer', method: 'VCI' },
        },
        i18n.t.bind(i18n),
      );
      expect(text).toBe(
        'Dewi Lestari (Reviewer) tidak dapat ditunjuk sebagai inspektur VCI: pilih orang yang perannya menulis laporan VCI',
      );
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it("moves a report's status with a comment, offering only the moves allowed", async () => {
    const sent = serveAssignments();
    const user = userEvent.setup();
    renderPanel();

    await user.click(
      await screen.findByRole('button', { name: 'Change the status of RPT-0042' }, { timeout: 5000 }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Change the status of report RPT-0042' });
    // From draft the only move is to submit (approving moves would need the approve permission).
    const status = within(dialog).getByRole('combobox', { name: 'New status' });
    // The one move allowed is chosen already.
    expect(status).toHaveValue('Submitted');
    await user.click(status);
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Submitted']);
    await user.click(screen.getByRole('option', { name: 'Submitted' }));
    expect(status).toHaveValue('Submitted');
    await user.type(within(dialog).getByRole('textbox', { name: 'Comment' }), 'Ready for review');
    await user.click(within(dialog).getByRole('button', { name: 'Change status' }));

    await waitFor(() => expect(sent.moves).toHaveLength(1));
    expect(sent.moves[0]!.id).toBe(thermal.id);
    expect(Object.fromEntries(sent.moves[0]!.query)).toEqual({
      reportHeaderId: thermal.reports[0]!.id,
      status: 'submitted',
      comment: 'Ready for review',
    });
    expect(await screen.findByText('Report RPT-0042 is now Submitted')).toBeVisible();
  });

  it('approves and returns only as the approval allows: the level seen sent, a reason to return', async () => {
    const reviewer: Permission[] = [
      ...full,
      { module: 'reportHeader', action: 'view' },
      { module: 'reportHeader', action: 'approve' },
    ];
    const sent = serveAssignments(reviewer, { reportStatus: 'inReview', current: waitingAtLevel2(true) });
    const user = userEvent.setup();
    renderPanel();

    await user.click(
      await screen.findByRole('button', { name: 'Change the status of RPT-0042' }, { timeout: 5000 }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Change the status of report RPT-0042' });
    expect(await within(dialog).findByText('Waits at level 2')).toBeVisible();
    // No status list: from review the only moves are the approval's.
    expect(within(dialog).queryByRole('combobox', { name: 'New status' })).toBeNull();
    expect(within(dialog).getByRole('link', { name: 'Open the approval of RPT-0042' })).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Return' }));

    const asked = await screen.findByRole('dialog', { name: 'Return RPT-0042 to the inspector' });
    await user.click(within(asked).getByRole('button', { name: 'Return' }));
    expect(await within(asked).findByRole('alert')).toHaveTextContent('Say why the report is returned');
    expect(sent.moves).toHaveLength(0);
    await user.type(within(asked).getByRole('textbox', { name: /Why it is returned/ }), 'Phase T unreadable');
    await user.click(within(asked).getByRole('button', { name: 'Return' }));

    await waitFor(() => expect(sent.moves).toHaveLength(1));
    expect(sent.moves[0]!.id).toBe(thermal.id);
    expect(Object.fromEntries(sent.moves[0]!.query)).toEqual({
      reportHeaderId: thermal.reports[0]!.id,
      status: 'returned',
      level: '2',
      comment: 'Phase T unreadable',
    });
    expect(await screen.findByText('Report RPT-0042 returned')).toBeVisible();
  });

  it('offers no approval to one who may not act at the level, and says why', async () => {
    const reviewer: Permission[] = [
      ...full,
      { module: 'reportHeader', action: 'view' },
      { module: 'reportHeader', action: 'approve' },
    ];
    serveAssignments(reviewer, { reportStatus: 'inReview', current: waitingAtLevel2(false) });
    const user = userEvent.setup();
    renderPanel();

    await user.click(
      await screen.findByRole('button', { name: 'Change the status of RPT-0042' }, { timeout: 5000 }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Change the status of report RPT-0042' });
    expect(
      await within(dialog).findByText(/Only the reviewers assigned to thermal at level 2/),
    ).toBeVisible();
    expect(within(dialog).queryByRole('button', { name: 'Approve' })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Return' })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Change status' })).toBeNull();
  });

  it('removes an assignment after asking', async () => {
    const sent = serveAssignments();
    const user = userEvent.setup();
    renderPanel();

    await user.click(
      await screen.findByRole(
        'button',
        { name: 'Remove the assignment of Thermal analysis' },
        { timeout: 5000 },
      ),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Remove this assignment?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(sent.deleted).toEqual([thermal.id]));
    expect(await screen.findByText('No inspection method is assigned yet.')).toBeVisible();
  });

  it('offers no changes to a role that may only view', async () => {
    serveAssignments([{ module: 'taskAssignment', action: 'view' }]);
    renderPanel();
    const card = await screen.findByRole('article', { name: 'Thermal analysis' }, { timeout: 5000 });
    expect(within(card).queryByRole('button')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Assign a method' })).toBeNull();
  });
});
