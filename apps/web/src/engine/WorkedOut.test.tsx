import { d, defineEntity, f, flowrateMeasurement, pautSummary, ufdSummary } from '@inspectra/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/render.tsx';
import { EntityForm } from './EntityForm.tsx';
import { formWorkedOutKeys } from './WorkedOut.tsx';

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

describe('a blank form', () => {
  it('works out nothing from nothing: no 0 gpm, no verdict, and says no flow is measured', () => {
    renderWithProviders(
      <EntityForm entity={flowrateMeasurement} variant="rotating-equipment" onSubmit={async () => {}} />,
    );
    // The numbers start blank, not at SPEC's 0.
    expect(screen.getByRole('textbox', { name: /^Flowrate \(GPM\)/ })).toHaveValue('');
    const box = workedOut();
    expect(within(box).getByText('BPD as GPM').closest('div')).toHaveTextContent('—');
    expect(within(box).getByText('Differential pressure').closest('div')).toHaveTextContent('—');
    expect(within(box).getByText('No flow measured')).toBeInTheDocument();
    expect(box).not.toHaveTextContent(/0 gpm|Agree|0 psi/);
  });

  it('takes an attempt’s label as the API does, and sends the numbers left empty as empty', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn(async () => {});
    renderWithProviders(
      <EntityForm
        entity={flowrateMeasurement}
        variant="rotating-equipment"
        fields={['attemp', 'flowrateBPD', 'flowrateGPM']}
        onSubmit={onSubmit}
      />,
    );
    const attempt = screen.getByRole('textbox', { name: /^Attempt/ });
    await user.clear(attempt);
    await user.type(attempt, 'Attempt 1');
    expect(screen.queryByText(/Enter a (whole )?number/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSubmit).toHaveBeenCalled();
    const { values } = (onSubmit.mock.calls[0] as unknown as [{ values: Record<string, unknown> }])[0];
    expect(values).toMatchObject({ attemp: 1, flowrateBPD: null, flowrateGPM: null });
  });

  it('shows what it can work out from the record and the one it is under, not from records further along', () => {
    expect(formWorkedOutKeys(pautSummary)).toContain('calibrationAtScan');
    const probe = defineEntity('formProbe', {
      label: 'Form probe',
      module: 'thermal',
      fields: { thermalAnalysisId: f.ref('thermalAnalysis'), reading: f.number() },
      parent: 'thermalAnalysisId',
      derived: {
        doubled: { field: f.number(), expr: d.mul(d.field('reading'), d.number(2)) },
        installed: {
          field: f.number(),
          expr: d.field('thermalAnalysisId.reportHeaderId.equipmentNo.yearInstalled'),
        },
      },
    });
    expect(formWorkedOutKeys(probe)).toEqual(['doubled']);
  });
});
