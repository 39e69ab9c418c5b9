import { thermalMeasurement } from '@inspectra/contract';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../i18n/index.ts';
import { renderWithProviders } from '../test/render.tsx';
import { FieldInput } from './FieldInput.tsx';

afterEach(async () => {
  await i18n.changeLanguage('en');
});

/** The max-temperature input, showing what it reports to the form. */
function MaxTemperature({ initial }: { initial: unknown }) {
  const [value, setValue] = useState<unknown>(initial);
  return (
    <>
      <FieldInput
        entity={thermalMeasurement}
        fieldKey="maxTemperatureC"
        field={thermalMeasurement.fields.maxTemperatureC}
        value={value}
        onChange={setValue}
      />
      <output>{typeof value === 'number' ? `number ${String(value)}` : JSON.stringify(value)}</output>
      <button onClick={() => setValue(41.2)}>restore</button>
    </>
  );
}

describe('FieldInput for numbers', () => {
  it('reads Bahasa grouping and decimals: "1.234,5" is 1234.5', async () => {
    await i18n.changeLanguage('id');
    const user = userEvent.setup();
    renderWithProviders(<MaxTemperature initial="" />);
    const input = screen.getByLabelText(/Suhu maksimum|Max temperature/);

    await user.type(input, '1.234,5');
    expect(input).toHaveValue('1.234,5');
    expect(screen.getByRole('status')).toHaveTextContent('number 1234.5');
  });

  it('keeps "1e5" as typed and reports it as no number, never as 15', async () => {
    const user = userEvent.setup();
    renderWithProviders(<MaxTemperature initial={78.4} />);
    const input = screen.getByLabelText(/Max temperature/);
    expect(input).toHaveValue('78.4');

    await user.clear(input);
    expect(screen.getByRole('status')).toHaveTextContent('""');
    await user.type(input, '1e5');
    expect(input).toHaveValue('1e5');
    expect(screen.getByRole('status')).toHaveTextContent('number NaN');

    // A value set from outside (a restored draft) replaces the text.
    await user.click(screen.getByRole('button', { name: 'restore' }));
    expect(input).toHaveValue('41.2');
  });

  it('keeps a half-typed decimal while the number is complete so far', async () => {
    const user = userEvent.setup();
    renderWithProviders(<MaxTemperature initial="" />);
    const input = screen.getByLabelText(/Max temperature/);
    await user.type(input, '78.');
    expect(input).toHaveValue('78.');
    expect(screen.getByRole('status')).toHaveTextContent('number 78');
    await user.type(input, '4');
    expect(screen.getByRole('status')).toHaveTextContent('number 78.4');
  });
});
