import { ModalsProvider } from '@mantine/modals';
import { ufdSummary } from '@inspectra/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/errors.ts';
import { i18n } from '../i18n/index.ts';
import { renderWithProviders } from '../test/render.tsx';
import { EntityForm } from './EntityForm.tsx';
import type { EntitySubmission } from './EntityForm.tsx';

vi.mock('../api/files.ts', () => ({
  useAuthorizedObjectUrl: (url: string | null | undefined) => (url ? `blob:stored-${url}` : undefined),
}));

afterEach(async () => {
  await i18n.changeLanguage('en');
});

const renderInApp = (ui: ReactElement) => renderWithProviders(<ModalsProvider>{ui}</ModalsProvider>);

/** A UFD finding recorded as Accept where the code gives Reject. */
const finding = {
  id: 'a6f0c0de-0000-4000-8000-000000000001',
  version: 1,
  ufdInspectionId: 'a6f0c0de-0000-4000-8000-000000000002',
  measurementDate: '2026-11-12',
  partOfSubject: 'Circ seam C2',
  result: 'accept',
  proposedResult: 'reject',
  warnings: [],
};

/** The server's refusal of an override saved without a reason. */
const refusal = () =>
  new ApiError('The request needs a reason', {
    status: 400,
    code: 'VALIDATION_ERROR',
    details: [
      {
        path: 'verdictOverrideReason',
        code: 'verdictOverride',
        params: { recorded: 'accept', standard: 'reject' },
        message: 'The standard gives reject where accept is recorded: confirm the override with a reason',
      },
    ],
  });

const sent = (fn: ReturnType<typeof vi.fn>, call: number) =>
  (fn.mock.calls[call]![0] as EntitySubmission).values;

describe('the reason for an override', () => {
  it('is asked for when the server refuses the verdict, refused empty, and sent with the values', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn(async () => {
      if (onSubmit.mock.calls.length === 1) throw refusal();
    });
    renderInApp(
      <EntityForm
        entity={ufdSummary}
        fields={['partOfSubject', 'result']}
        record={finding}
        onSubmit={onSubmit}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Save' }));

    const dialog = await screen.findByRole('dialog', { name: 'The standard gives another verdict' });
    expect(within(dialog).getByText('You recorded Accept; Result by the code is Reject.')).toBeVisible();
    expect(within(dialog).getByText(/counts as Reject until a reviewer accepts your verdict/)).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Save as an override' }));
    expect(await within(dialog).findByText('Say why your verdict differs from the standard’s')).toBeVisible();
    expect(onSubmit).toHaveBeenCalledTimes(1);

    await user.type(
      within(dialog).getByRole('textbox', { name: /Reason for the override/ }),
      '  Geometry echo, confirmed with a 70° probe ',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Save as an override' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(2));
    expect(sent(onSubmit, 1)).toMatchObject({
      result: 'accept',
      verdictOverrideReason: 'Geometry echo, confirmed with a 70° probe',
    });
    expect(sent(onSubmit, 0)).not.toHaveProperty('verdictOverrideReason');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('sends nothing more when the inspector goes back, in their language', async () => {
    await i18n.changeLanguage('id');
    const user = userEvent.setup();
    const onSubmit = vi.fn(async () => {
      throw refusal();
    });
    renderInApp(
      <EntityForm
        entity={ufdSummary}
        fields={['partOfSubject', 'result']}
        record={finding}
        onSubmit={onSubmit}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Simpan' }));
    const dialog = await screen.findByRole('dialog', { name: 'Standar memberi putusan lain' });
    await user.click(within(dialog).getByRole('button', { name: 'Kembali' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });
});
