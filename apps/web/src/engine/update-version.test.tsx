import { routeTable } from '@inspectra/contract';
import type { EntityDefinition, RouteDefinition } from '@inspectra/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { callRoute } from '../api/calls.ts';
import {
  accessTokenFor,
  api,
  editActions,
  envelope,
  grants,
  onePage,
  server,
  serveMockApi,
  setCookies,
  signedInAs,
} from '../api/test-server.ts';
import { ReportFormModal } from '../features/reports/ReportFormModal.tsx';
import { RowFormPage } from '../features/techniques/RowFormPage.tsx';
import { TechniqueWorkspacePage } from '../features/techniques/TechniqueWorkspacePage.tsx';
import { idArguments } from '../features/techniques/technique-routes.ts';
import type { RouteOf } from '../features/techniques/technique-routes.ts';
import {
  reportRecord,
  testUserId,
  thermalMeasurementRecord,
  workOrderRecord,
} from '../test/records.fixture.ts';
import { thermalReportHandlers } from '../test/thermal-report.fixture.ts';
import { renderWithProviders, renderWithRouter, suspended } from '../test/render.tsx';
import { EntityForm } from './EntityForm.tsx';

/*
 * Every update the product sends carries the version of the record it read, so a change saved
 * meanwhile by someone else is refused (409) instead of overwritten. Walked here: every update call
 * the contract declares, through the engine's form, and the screens that update a record.
 */

vi.mock('../api/files.ts', () => ({
  useAuthorizedObjectUrl: (url: string | null | undefined) => (url ? `blob:stored-${url}` : undefined),
}));

serveMockApi();

const recordId = '7d8a3c52-7c41-4a4f-9f3b-2a7a0b7e3c11';

/** The body of a request as the server reads it, JSON or multipart (values as text). */
async function bodyOf(request: Request): Promise<Record<string, unknown>> {
  const type = request.headers.get('content-type') ?? '';
  if (type.includes('multipart/form-data')) return Object.fromEntries((await request.formData()).entries());
  return (await request.json()) as Record<string, unknown>;
}

/** Records the bodies sent to `method path` (a path with `:id` filled), answering the record saved. */
function receive(method: 'put' | 'post', path: string, answer: Record<string, unknown> = {}) {
  const bodies: Record<string, unknown>[] = [];
  server.use(
    http[method](api(path), async ({ request }) => {
      bodies.push(await bodyOf(request));
      return HttpResponse.json(envelope({ id: recordId, version: 8, ...answer }));
    }),
  );
  return bodies;
}

/** A free-text field a user may change without a picker: what the walk types into. */
function plainTextField(entity: EntityDefinition, variant: string | undefined): string | undefined {
  const fields = entity.fieldsOf(variant);
  return Object.keys(fields).find((key) => {
    const field = fields[key]!;
    if (key === entity.parent || field.serverOwned) return false;
    return field.kind === 'longText' || (field.kind === 'text' && !field.references && !field.pattern);
  });
}

const updateRoutes = (routeTable as RouteDefinition[]).filter(
  (r): r is RouteOf<'update'> => r.operation.kind === 'update',
);

describe('every update carries the version it read', () => {
  it('walks every update call of the contract', () => {
    // The walk below is over the whole route table: a new update call joins it by being declared.
    expect(updateRoutes.length).toBeGreaterThan(20);
  });

  it.each(updateRoutes.map((route) => [`${route.method} ${route.path}`, route] as const))(
    '%s, saved from the engine’s form',
    async (_, route) => {
      const { entity, variant } = route.operation;
      const key = plainTextField(entity, variant);
      const bodies = receive('put', route.path.replace(':id', recordId));
      const user = userEvent.setup();
      renderWithProviders(
        <EntityForm
          entity={entity}
          fields={key ? [key] : []}
          record={{ id: recordId, version: 7, ...(key ? { [key]: 'As read' } : {}) }}
          submitLabel="Save"
          onSubmit={async ({ values, images, imageLists }) =>
            (
              await callRoute(route, {
                ...idArguments(route, recordId),
                body: {
                  values: route.operation.id === 'body' ? { ...values, id: recordId } : values,
                  images,
                  imageLists,
                  previous: { id: recordId, version: 7 },
                },
              })
            ).data
          }
        />,
      );
      if (key) {
        const input = screen.getByDisplayValue('As read');
        await user.clear(input);
        await user.type(input, 'Changed');
      }
      await user.click(screen.getByRole('button', { name: 'Save' }));
      await waitFor(() => expect(bodies).toHaveLength(1), { timeout: 5000 });
      expect(String(bodies[0]!.version)).toBe('7');
      if (key) expect(bodies[0]![key]).toBe('Changed');
    },
  );
});

const report = reportRecord();
const reportId = report.id;
const measurement = thermalMeasurementRecord();
const analysisId = measurement.thermalAnalysisId;

function serveThermalReport() {
  signedInAs({
    username: 'ina',
    fullName: 'Ina Inspector',
    permissions: grants(['thermal', 'reportHeader'], editActions),
  });
  server.use(...thermalReportHandlers(report, measurement));
}

describe('the screens that update a record send the version they read', () => {
  it('thermal, in the generated workspace: its findings and a measurement', async () => {
    serveThermalReport();
    const analysisBodies = receive('put', '/thermal-analysis');
    const measurementBodies = receive('put', '/thermal-measurements', measurement);
    const user = userEvent.setup();
    renderWithRouter(
      {
        '/reports/$reportId/$slug': suspended(TechniqueWorkspacePage),
        '/reports/$reportId/$slug/rows/$rowId': suspended(RowFormPage),
      },
      `/reports/${reportId}/thermal`,
    );

    // Thermal's own parts, plugged into the generic workspace: its verdict, badge and words.
    expect(
      await screen.findByRole('heading', { name: 'Thermal analysis', level: 1 }, { timeout: 5000 }),
    ).toBeVisible();
    expect(await screen.findByText('Overall severity')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Add measurement' })).toBeVisible();
    const row = await screen.findByRole('row', { name: /TR-01/ });
    expect(within(row).getByText('Repair immediately')).toBeVisible();

    await user.type(screen.getByLabelText('Summary'), 'One hot lug');
    await user.click(screen.getByRole('button', { name: 'Save findings' }));
    await waitFor(() => expect(analysisBodies).toHaveLength(1), { timeout: 5000 });
    expect(analysisBodies[0]).toMatchObject({ id: analysisId, summary: 'One hot lug', version: 4 });

    await user.click(screen.getByRole('button', { name: 'Edit measurement TR-01' }));
    expect(
      await screen.findByRole('heading', { name: 'Edit measurement', level: 1 }, { timeout: 5000 }),
    ).toBeVisible();
    const max = screen.getByLabelText(/Max temperature/);
    await user.clear(max);
    await user.type(max, '43');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(measurementBodies).toHaveLength(1), { timeout: 5000 });
    expect(measurementBodies[0]).toMatchObject({ maxTemperatureC: 43, version: 3 });
    // Two screens typed into and saved in one test: past the default bound on a loaded machine.
  }, 30_000);

  it('a report’s header', async () => {
    setCookies(accessTokenFor(testUserId), 'refresh');
    const bodies = receive('put', `/report-headers/${reportId}`, report);
    // What the form reads: its work order and the options of its pickers (none beyond its values).
    const workOrder = workOrderRecord();
    server.use(
      http.get(api(`/work-order-spks/${workOrder.id}`), () => HttpResponse.json(envelope(workOrder))),
      ...['/asset/equipment-numbers', '/asset/categories', '/master-inspection-method'].map((path) =>
        http.get(api(path), () => HttpResponse.json(onePage([]))),
      ),
    );
    const user = userEvent.setup();
    renderWithProviders(<ReportFormModal opened onClose={() => undefined} report={report} />);
    const title = await screen.findByDisplayValue('Substation A survey', {}, { timeout: 5000 });
    await user.clear(title);
    await user.type(title, 'Substation A resurvey');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(bodies).toHaveLength(1), { timeout: 5000 });
    expect(bodies[0]).toMatchObject({ title: 'Substation A resurvey', version: 3 });
  });
});
