import { ModalsProvider } from '@mantine/modals';
import { defineEntity, entities, f, thermalMeasurement } from '@inspectra/contract';
import type { RecordedWarning } from '@inspectra/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../i18n/index.ts';
import { renderWithProviders } from '../test/render.tsx';
import { EntityForm } from './EntityForm.tsx';
import type { EntitySubmission } from './EntityForm.tsx';
import { RecordedWarningsNotice, WarningsMark } from './RecordedWarnings.tsx';

vi.mock('../api/files.ts', () => ({
  useAuthorizedObjectUrl: (url: string | null | undefined) => (url ? `blob:stored-${url}` : undefined),
}));

afterEach(async () => {
  await i18n.changeLanguage('en');
});

/** The form's confirmation is a modal of the app's modal manager. */
const renderInApp = (ui: ReactElement) => renderWithProviders(<ModalsProvider>{ui}</ModalsProvider>);

/** Two readings with a hard rule across them and a soft one on the second. */
const gauge = defineEntity('gaugeCheck', {
  label: 'Gauge check',
  module: 'thermal',
  fields: {
    name: f.text({ label: 'Name', required: true }),
    low: f.number({ label: 'Low' }),
    high: f.number({ label: 'High' }),
  },
  rules: (rule) => ({
    highBelowLow: rule.error(['high', 'low'], (v) => v.high < v.low, 'High is below low'),
    veryHigh: rule.warning(['high'], (v) => v.high > 100, 'High is unusually high'),
  }),
});

const textbox = (name: RegExp | string) => screen.getByRole('textbox', { name });
const submitted = (fn: ReturnType<typeof vi.fn>) => (fn.mock.calls[0]![0] as EntitySubmission).values;

describe('hard rules in the form', () => {
  it('shows a broken cross-field rule on its first field and sends nothing', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn(async () => {});
    renderInApp(<EntityForm entity={gauge} onSubmit={onSubmit} />);

    await user.type(textbox(/^Name/), 'G-1');
    await user.type(textbox(/^Low/), '50');
    await user.type(textbox(/^High/), '10');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(textbox(/^High/)).toHaveAccessibleDescription('High is below low'));
    expect(textbox(/^High/)).toHaveFocus();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('judges an edit against the stored values of fields the form does not show', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn(async () => {});
    const record = { id: 'a6f0c0de-0000-4000-8000-000000000001', version: 2, name: 'G-1', low: 50, high: 60 };
    renderInApp(<EntityForm entity={gauge} fields={['high']} record={record} onSubmit={onSubmit} />);

    await user.clear(textbox(/^High/));
    await user.type(textbox(/^High/), '40');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(textbox(/^High/)).toHaveAccessibleDescription('High is below low'));
    expect(onSubmit).not.toHaveBeenCalled();
  });
});

describe('warnings before saving', () => {
  const fillMeasurement = async (
    user: ReturnType<typeof userEvent.setup>,
    max: string,
    reference: string,
  ) => {
    await user.type(textbox(/Max temperature/), max);
    await user.type(textbox(/Reference temperature/), reference);
    await user.click(screen.getByRole('button', { name: 'Save' }));
  };

  it('lists the warnings; going back sends nothing and returns to the field to correct', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn(async () => {});
    renderInApp(
      <EntityForm entity={thermalMeasurement} defaults={{ date: '2026-11-20' }} onSubmit={onSubmit} />,
    );

    await fillMeasurement(user, '30', '45');

    const dialog = await screen.findByRole('dialog', { name: 'Check this value before saving' });
    expect(within(dialog).getByText(/reference temperature is above the maximum/)).toBeVisible();
    expect(within(dialog).getByRole('button', { name: 'Go back and correct' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Go back and correct' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(textbox(/Reference temperature/)).toHaveFocus());
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('sends the confirmation with the values when the inspector saves anyway', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn(async () => {});
    renderInApp(
      <EntityForm entity={thermalMeasurement} defaults={{ date: '2026-11-20' }} onSubmit={onSubmit} />,
    );

    await fillMeasurement(user, '450', '460');
    const dialog = await screen.findByRole('dialog', { name: 'Check these values before saving' });
    expect(within(dialog).getAllByRole('listitem')).toHaveLength(2);
    await user.click(within(dialog).getByRole('button', { name: 'Save anyway' }));

    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(submitted(onSubmit)).toMatchObject({
      maxTemperatureC: 450,
      referenceTemperatureC: 460,
      acknowledgedWarnings: ['referenceAboveMax', 'maxAboveExpected'],
    });
  });

  it('saves plausible values without asking and without a confirmation', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn(async () => {});
    renderInApp(
      <EntityForm entity={thermalMeasurement} defaults={{ date: '2026-11-20' }} onSubmit={onSubmit} />,
    );

    await fillMeasurement(user, '85.5', '40');

    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(submitted(onSubmit)).not.toHaveProperty('acknowledgedWarnings');
  });

  it('speaks the user’s language', async () => {
    await i18n.changeLanguage('id');
    const user = userEvent.setup();
    renderInApp(
      <EntityForm entity={thermalMeasurement} defaults={{ date: '2026-11-20' }} onSubmit={vi.fn()} />,
    );

    await user.type(textbox(/Suhu maksimum/), '30');
    await user.type(textbox(/Suhu referensi/), '45');
    await user.click(screen.getByRole('button', { name: 'Simpan' }));

    const dialog = await screen.findByRole('dialog', { name: 'Periksa nilai sebelum menyimpan' });
    expect(within(dialog).getByText(/Suhu referensi lebih tinggi dari suhu maksimum/)).toBeVisible();
    expect(within(dialog).getByRole('button', { name: 'Tetap simpan' })).toBeVisible();
  });

  it('does not ask again for a warning already confirmed for the same values', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn(async () => {});
    const record = {
      id: '7d8a3c52-7c41-4a4f-9f3b-2a7a0b7e3c11',
      version: 1,
      date: '2026-11-20',
      maxTemperatureC: 30,
      referenceTemperatureC: 45,
      warnings: [confirmed],
    };
    renderInApp(<EntityForm entity={thermalMeasurement} record={record} onSubmit={onSubmit} />);

    await user.type(textbox(/Remarks/), 'Phase R');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(submitted(onSubmit)).not.toHaveProperty('acknowledgedWarnings');
  });
});

const confirmed: RecordedWarning = {
  rule: 'referenceAboveMax',
  message: thermalMeasurement.rules.referenceAboveMax!.message,
  fields: ['referenceTemperatureC', 'maxTemperatureC'],
  values: { referenceTemperatureC: 45, maxTemperatureC: 30 },
  acknowledgedBy: '0b0e6a53-8d3f-4b0e-9a52-8f5a7c9d1e22',
  acknowledgedByName: 'Ina Inspector',
  acknowledgedAt: '2026-11-20T08:00:00.000Z',
};

describe('rule messages', () => {
  const declared = Object.values(entities).flatMap((e) =>
    Object.keys(e.rules).map((id) => `${e.name}.${id}`),
  );

  it.each(declared)('%s has its own Indonesian text', (key) => {
    const [entity, id] = key.split('.');
    const path = `entities.${entity}.rules.${id}`;
    expect(i18n.getResource('id', 'translation', path)).toBeTruthy();
    expect(i18n.getResource('id', 'translation', path)).not.toBe(i18n.getResource('en', 'translation', path));
  });
});

describe('recorded warnings', () => {
  it('spell out who confirmed what, and what nobody confirmed', () => {
    const unconfirmed = {
      ...confirmed,
      rule: 'lowEmissivity',
      acknowledgedAt: null,
      acknowledgedByName: null,
    };
    renderWithProviders(
      <RecordedWarningsNotice entity={thermalMeasurement} record={{ warnings: [confirmed, unconfirmed] }} />,
    );
    const notice = screen.getByRole('alert');
    expect(within(notice).getByText('Saved with 2 warnings')).toBeVisible();
    expect(within(notice).getByText(/Confirmed by Ina Inspector on/)).toBeVisible();
    expect(within(notice).getByText(/Not confirmed/)).toBeVisible();
    expect(within(notice).getByText(/An emissivity below 0.5/)).toBeVisible();
  });

  it('mark a table row for screen readers too, and nothing without warnings', () => {
    const marked = renderWithProviders(
      <WarningsMark entity={thermalMeasurement} record={{ warnings: [confirmed] }} />,
    );
    expect(
      screen.getByRole('img', { name: /^Saved with a warning: The reference temperature is above/ }),
    ).toBeVisible();
    marked.unmount();
    renderWithProviders(<WarningsMark entity={thermalMeasurement} record={{ warnings: [] }} />);
    expect(screen.queryByRole('img')).toBeNull();
  });
});
