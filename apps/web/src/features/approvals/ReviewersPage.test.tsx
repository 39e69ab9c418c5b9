import type { MethodApprovalPath } from '@inspectra/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { api, envelope, grants, server, serveMockApi, signedInAs } from '../../api/test-server.ts';
import { renderWithRouter, suspended } from '../../test/render.tsx';
import { ReviewersPage } from './ReviewersPage.tsx';

serveMockApi();

const thermalPath: MethodApprovalPath = {
  inspectionMethodId: '0d4c1d3e-2b5f-4f57-9a33-9f1f1c0c5a01',
  inspectionMethod: 'thermal',
  inspectionMethodName: 'Thermal analysis',
  levels: [
    { levelApproval: 1, approvalPosition: 'Area engineer' },
    { levelApproval: 2, approvalPosition: 'Integrity manager' },
  ],
};

function serve() {
  signedInAs({
    username: 'admin',
    fullName: 'Administrator',
    role: 'Administrator',
    permissions: grants(['approval'], ['view', 'create', 'update']),
  });
  const asked: (string | null)[] = [];
  server.use(
    http.get(api('/inspection-method-approvals/get-settings'), () =>
      HttpResponse.json(envelope([thermalPath])),
    ),
    http.get(api('/reviewer-assignment'), () => HttpResponse.json(envelope([]))),
    http.get(api('/reviewer-assignment/position-level-approvals'), () => HttpResponse.json(envelope([]))),
    http.get(api('/user-pdm/get-by-approval-position/by-company'), ({ request }) => {
      const position = new URL(request.url).searchParams.get('approvalPosition');
      asked.push(position);
      return HttpResponse.json(
        envelope([
          {
            contractorCompanyId: null,
            contractorName: null,
            users: [
              {
                id: 'a0000000-0000-4000-8000-000000000001',
                username: 'budi',
                fullName: `Budi (${position})`,
                approvalLevel: 2,
              },
            ],
          },
        ]),
      );
    }),
  );
  return asked;
}

describe('reviewers page', () => {
  it("offers the holders of the chosen level's position, grouped by company", async () => {
    const asked = serve();
    const user = userEvent.setup();
    renderWithRouter(
      {
        '/admin/reviewers': suspended(ReviewersPage),
      },
      '/admin/reviewers',
    );
    const form = await screen.findByRole('region', { name: 'Assign reviewers' }, { timeout: 5000 });
    expect(within(form).getByRole('combobox', { name: 'Users' })).toBeDisabled();
    await user.click(within(form).getByRole('combobox', { name: 'Method' }));
    await user.click(await screen.findByRole('option', { name: 'Thermal analysis' }));
    expect(within(form).getByText('Choose the level: its path has 2 levels.')).toBeVisible();
    await user.click(within(form).getByRole('combobox', { name: 'Level' }));
    await user.click(await screen.findByRole('option', { name: '2 · Integrity manager' }));
    expect(
      await within(form).findByText('Active users holding the position Integrity manager.'),
    ).toBeVisible();
    expect(asked).toEqual(['Integrity manager']);
    await user.click(within(form).getByRole('combobox', { name: 'Users' }));
    expect(await screen.findByRole('option', { name: 'Budi (Integrity manager) (budi)' })).toBeVisible();
    expect(screen.getByText("Plant owner's staff")).toBeVisible();
  });

  it('says what is missing before sending, and a refused reviewer under the users field', async () => {
    serve();
    const sent: unknown[] = [];
    server.use(
      http.post(api('/reviewer-assignment/assign-user'), async ({ request }) => {
        sent.push(await request.json());
        const message = 'Budi is inactive and cannot review';
        return HttpResponse.json(
          {
            data: null,
            statusCode: 400,
            message,
            error: {
              code: 'VALIDATION_ERROR',
              details: [{ path: 'userPdmId', message, code: 'reviewerInactive', params: { name: 'Budi' } }],
            },
          },
          { status: 400 },
        );
      }),
    );
    const user = userEvent.setup();
    renderWithRouter({ '/admin/reviewers': suspended(ReviewersPage) }, '/admin/reviewers');
    const form = await screen.findByRole('region', { name: 'Assign reviewers' }, { timeout: 5000 });
    await user.click(within(form).getByRole('button', { name: 'Assign' }));
    expect(sent).toEqual([]);
    expect(within(form).getByRole('combobox', { name: 'Method' })).toHaveAccessibleDescription(
      'Choose a method',
    );
    expect(within(form).getByRole('combobox', { name: 'Level' })).toHaveAccessibleDescription(
      'Choose a level',
    );
    expect(form.textContent).not.toMatch(/inspectionMethod|levelApproval|userPdmIds|Invalid input/);

    await user.click(within(form).getByRole('combobox', { name: 'Method' }));
    await user.click(await screen.findByRole('option', { name: 'Thermal analysis' }));
    await user.click(within(form).getByRole('combobox', { name: 'Level' }));
    await user.click(await screen.findByRole('option', { name: '1 · Area engineer' }));
    await user.click(within(form).getByRole('combobox', { name: 'Users' }));
    await user.click(await screen.findByRole('option', { name: 'Budi (Area engineer) (budi)' }));
    await user.click(within(form).getByRole('button', { name: 'Assign' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('one field needs attention');
    expect(sent).toEqual([
      { inspectionMethod: 'thermal', levelApproval: 1, userPdmIds: ['a0000000-0000-4000-8000-000000000001'] },
    ]);
    expect(within(form).getByText('Budi is inactive and cannot review')).toBeVisible();
  });
});
