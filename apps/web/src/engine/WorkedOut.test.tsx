import { ufdSummary } from '@inspectra/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/render.tsx';
import { EntityForm } from './EntityForm.tsx';

vi.mock('../api/files.ts', () => ({
  useAuthorizedObjectUrl: (url: string | null | undefined) => (url ? `blob:stored-${url}` : undefined),
}));

/** The box of values worked out from the form's. */
const workedOut = () => screen.getByText('Worked out from what you entered').parentElement!;

describe('values worked out in the form', () => {
  it('gives the acceptance code’s result as the indication is described, reading the inspection it is under', async () => {
    const user = userEvent.setup();
    renderWithProviders(
      <EntityForm
        entity={ufdSummary}
        variant="pressure-vessel"
        fields={[
          'partOfSubject',
          'result',
          'decibelsDefectType',
          'decibelsDefectLength',
          'decibelsDefectHeightOfScreenPercentage',
        ]}
        parent={{ acceptanceCode: 'ASME VIII Div. 1 Appendix 12', matThickness: 25 }}
        onSubmit={async () => {}}
      />,
    );
    const box = () => within(workedOut());
    // Nothing to judge yet: the code's result is empty.
    expect(box().getByText('Result by the code').closest('div')).toHaveTextContent('—');

    await user.click(screen.getByRole('combobox', { name: /^Indication type/ }));
    await user.click(await screen.findByRole('option', { name: 'Slag inclusion' }));
    await user.type(screen.getByRole('textbox', { name: /^Echo height/ }), '90');
    await user.type(screen.getByRole('textbox', { name: /^Length/ }), '9');
    // 25 mm: above the reference level, 9 mm is longer than 25/3 mm.
    expect(box().getByText('Reject')).toBeInTheDocument();

    await user.clear(screen.getByRole('textbox', { name: /^Length/ }));
    await user.type(screen.getByRole('textbox', { name: /^Length/ }), '8');
    expect(box().getByText('Accept')).toBeInTheDocument();
  });

  it('gives nothing where the record is under an inspection of another code', async () => {
    const user = userEvent.setup();
    renderWithProviders(
      <EntityForm
        entity={ufdSummary}
        variant="pipe"
        fields={['partOfSubject', 'result', 'decibelsDefectType']}
        parent={{ acceptanceCode: 'API 1104', matThickness: 12 }}
        onSubmit={async () => {}}
      />,
    );
    await user.click(screen.getByRole('combobox', { name: /^Indication type/ }));
    await user.click(await screen.findByRole('option', { name: 'Crack' }));
    expect(within(workedOut()).queryByText('Reject')).not.toBeInTheDocument();
  });
});
