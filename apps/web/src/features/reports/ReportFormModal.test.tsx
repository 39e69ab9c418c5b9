import { methodShortCode } from '@inspectra/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import {
  api,
  editActions,
  envelope,
  grants,
  onePage,
  server,
  serveMockApi,
  signedInAs,
} from '../../api/test-server.ts';
import { renderWithRouter } from '../../test/render.tsx';
import { ReportFormModal } from './ReportFormModal.tsx';
import type { WorkOrderStart } from './ReportFormModal.tsx';

serveMockApi();

const workOrderId = '7a1c2e3f-0000-4000-8000-0000000000bb';
const workOrder = {
  id: workOrderId,
  woNumber: 'WO-2026-0131',
  title: 'Shell scan of crude tank T-311',
  tagNumber: 'T-311',
  location: 'CDU1-TKF',
};
const tank = {
  id: 'e0000000-0000-4000-8000-000000000011',
  equipmentNo: '10001158',
  tagNumber: 'T-311',
  description: 'Crude oil tank, floating roof',
  categoryCode: 'storage-tank',
  objectTypeCode: 'TK-FLOAT',
};
const methods = [
  { id: 'f1', code: 'paut', name: 'PAUT', isActive: true, equipmentCategories: [] },
  { id: 'f2', code: 'vci', name: 'Visual crack inspection', isActive: true, equipmentCategories: [] },
];

/** The lists the dialog reads (the work order, the asset master, the methods); records what it creates. */
function serveLists() {
  signedInAs({
    username: 'planner',
    fullName: 'Pak Planner',
    role: 'Planner',
    permissions: grants(['reportHeader'], editActions),
  });
  const created: Record<string, unknown>[] = [];
  /** Records answering a list's key filters (`?equipmentNo=a,b`, `?id=`), as the lists do. */
  const matching =
    <R extends Record<string, unknown>>(records: R[]) =>
    ({ request }: { request: Request }) => {
      const query = new URL(request.url).searchParams;
      return HttpResponse.json(
        onePage(
          records.filter((r) =>
            [...query].every(
              ([param, value]) => !(param in r) || value.split(',').includes(String(r[param])),
            ),
          ),
          50,
        ),
      );
    };
  server.use(
    http.get(api('/work-order-spks'), matching([workOrder])),
    http.get(api('/asset/equipment-numbers'), matching([tank])),
    http.get(api('/asset'), matching([tank])),
    http.get(api('/asset/categories'), matching([{ id: 'c1', code: 'storage-tank', name: 'Storage tank' }])),
    http.get(
      api('/asset/object-types'),
      matching([{ id: 'o1', code: 'TK-FLOAT', name: 'Floating-roof tank' }]),
    ),
    http.get(api('/master-inspection-method'), matching(methods)),
    http.get(api('/master-inspection-method/all'), () => HttpResponse.json(envelope(methods))),
    http.post(api('/report-headers'), async ({ request }) => {
      const values = (await request.json()) as Record<string, unknown>;
      created.push(values);
      return HttpResponse.json(
        { ...envelope({ id: 'c0000000-0000-4000-8000-000000000031', ...values }), statusCode: 201 },
        { status: 201 },
      );
    }),
  );
  return created;
}

function renderDialog(start?: WorkOrderStart) {
  return renderWithRouter(
    {
      '/': () => <ReportFormModal opened onClose={() => {}} workOrderId={workOrderId} workOrder={start} />,
    },
    '/',
  );
}

const start = (...assigned: { code: string; name: string; made: number }[]): WorkOrderStart => ({
  woNumber: workOrder.woNumber,
  title: workOrder.title,
  methods: assigned,
});

describe("the work order's New report dialog", () => {
  it('starts as the task path does: the only method assigned, the equipment by tag, a number and title', async () => {
    const created = serveLists();
    const user = userEvent.setup();
    renderDialog(start({ code: 'paut', name: 'PAUT', made: 1 }));

    const dialog = await screen.findByRole('dialog', { name: 'New report' });
    expect(within(dialog).getByRole('combobox', { name: /Inspection method/ })).toHaveValue('PAUT');
    const number = await within(dialog).findByRole('textbox', { name: /Report number/ }, { timeout: 5000 });
    expect(number).toHaveValue(`RPT-WO-2026-0131-${methodShortCode('paut')}-2`);
    expect(within(dialog).getByRole('textbox', { name: /Title/ })).toHaveValue(
      'PAUT · Shell scan of crude tank T-311',
    );
    // The equipment by its tag and description, its number after it, never leading.
    await waitFor(() =>
      expect(within(dialog).getByRole('combobox', { name: /Equipment number/ })).toHaveValue(
        'T-311 · Crude oil tank, floating roof (10001158)',
      ),
    );
    await user.click(within(dialog).getByRole('button', { name: 'New report' }));

    await waitFor(() => expect(created).toHaveLength(1));
    expect(created[0]).toMatchObject({
      workOrderSPKId: workOrderId,
      inspectionMethod: 'paut',
      equipmentNo: '10001158',
      equipmentCategory: 'storage-tank',
      reportNumber: `RPT-WO-2026-0131-${methodShortCode('paut')}-2`,
      title: 'PAUT · Shell scan of crude tank T-311',
      location: 'CDU1-TKF',
    });
  });

  it('lists the assigned methods by name and starts the number and title of the one chosen', async () => {
    serveLists();
    const user = userEvent.setup();
    renderDialog(
      start(
        { code: 'paut', name: 'PAUT', made: 0 },
        { code: 'vci', name: 'Visual crack inspection', made: 0 },
      ),
    );

    const dialog = await screen.findByRole('dialog', { name: 'New report' });
    // Nothing to fill in before the method is chosen: the number and title come from it.
    expect(within(dialog).queryByRole('textbox', { name: /Report number/ })).toBeNull();
    await user.click(within(dialog).getByRole('combobox', { name: /Inspection method/ }));
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['PAUT', 'Visual crack inspection']);
    await user.click(screen.getByRole('option', { name: 'Visual crack inspection' }));

    expect(
      await within(dialog).findByRole('textbox', { name: /Report number/ }, { timeout: 5000 }),
    ).toHaveValue(`RPT-WO-2026-0131-${methodShortCode('vci')}-1`);
    expect(within(dialog).getByRole('textbox', { name: /Title/ })).toHaveValue(
      'Visual crack inspection · Shell scan of crude tank T-311',
    );
  });

  it('lists methods by name, not by code, where no method is assigned', async () => {
    serveLists();
    const user = userEvent.setup();
    renderDialog(start());

    const dialog = await screen.findByRole('dialog', { name: 'New report' });
    const picker = await within(dialog).findByRole(
      'combobox',
      { name: /Inspection method/ },
      { timeout: 5000 },
    );
    await user.click(picker);
    expect(await screen.findByRole('option', { name: 'PAUT' })).toBeVisible();
    expect(screen.queryByRole('option', { name: /paut · /i })).toBeNull();
  });
});
