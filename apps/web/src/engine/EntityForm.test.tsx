import { thermalMeasurement } from '@inspectra/contract';
import { createBrowserHistory } from '@tanstack/react-router';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/errors.ts';
import { i18n } from '../i18n/index.ts';
import { thermalMeasurementRecord } from '../test/records.fixture.ts';
import { renderWithProviders, renderWithRouter } from '../test/render.tsx';
import { EntityForm } from './EntityForm.tsx';
import type { EntitySubmission } from './EntityForm.tsx';
import { sampleInspection } from './sample-inspection.fixture.ts';

// Stored images are fetched with the session; the tests only need a URL to show.
vi.mock('../api/files.ts', () => ({
  useAuthorizedObjectUrl: (url: string | null | undefined) => (url ? `blob:stored-${url}` : undefined),
}));

afterEach(async () => {
  await i18n.changeLanguage('en');
});

const storedImage = {
  id: 'a1b2c3d4-0000-4000-8000-000000000001',
  slot: 'thermalImage',
  imageType: null,
  displayName: 'IR_0001.jpg',
  mediaType: 'image/jpeg',
  size: 120_000,
  url: '/api/files/a1b2c3d4-0000-4000-8000-000000000001',
  createdAt: '2026-03-10T08:00:00.000Z',
};
const storedMeasurement = thermalMeasurementRecord({ thermalImage: storedImage });

/** Whether closing or reloading the tab now would make the browser ask first. */
function browserAsksBeforeUnload() {
  const unload = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(unload);
  return unload.defaultPrevented;
}

/** Files that start as real images do: the form judges images by their first bytes. */
const jpegFile = (name: string) =>
  new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3])], name, { type: 'image/jpeg' });
const pngFile = (name: string) =>
  new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0])], name, {
    type: 'image/png',
  });

function textbox(name: RegExp | string) {
  return screen.getByRole('textbox', { name });
}

/** The file input behind an image slot's "Choose image" button (the button opens it). */
function imagePicker(slotLabel: string) {
  return screen
    .getByRole('group', { name: slotLabel })
    .querySelector<HTMLInputElement>('input[type=file]:not([capture])')!;
}

/** An `onSubmit` whose request the server refuses. */
function refusedBy(error: ApiError) {
  return vi.fn(async (_: EntitySubmission) => {
    throw error;
  });
}

/** The form on a page whose record query refetches: the returned function delivers a newer record. */
function renderRefetchingPage(
  first: Record<string, unknown>,
  onSubmit: (submission: EntitySubmission) => Promise<unknown>,
) {
  let showRecord: (record: Record<string, unknown>) => void = () => {};
  function EditPage() {
    const [record, setRecord] = useState(first);
    showRecord = setRecord;
    return <EntityForm entity={sampleInspection} record={record} onSubmit={onSubmit} />;
  }
  renderWithProviders(<EditPage />);
  return (record: Record<string, unknown>) => showRecord(record);
}

describe('EntityForm', () => {
  it('refuses an empty required field beside it, without calling onSubmit', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn(async () => {});
    renderWithProviders(<EntityForm entity={sampleInspection} onSubmit={onSubmit} />);

    await user.click(screen.getByRole('button', { name: 'Save' }));

    const name = textbox(/^Name/);
    await waitFor(() => expect(name).toHaveAccessibleDescription('Required'));
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveFocus();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('says a number is above the maximum, with the unit, as soon as the field is left', async () => {
    const user = userEvent.setup();
    renderWithProviders(<EntityForm entity={thermalMeasurement} onSubmit={vi.fn()} />);

    const max = textbox(/Max temperature/);
    await user.type(max, '5000');
    await user.tab();

    expect(max).toHaveAccessibleDescription('At most 3,000 °C');

    // A percentage reads as it is shown everywhere else: no space before the sign.
    const load = textbox(/^Load/);
    await user.type(load, '500');
    await user.tab();
    expect(load).toHaveAccessibleDescription('At most 300%');
  });

  it('speaks Bahasa Indonesia with Indonesian number formats', async () => {
    await i18n.changeLanguage('id');
    const user = userEvent.setup();
    // Labels fall back to the contract's English: this entity has no translations.
    renderWithProviders(<EntityForm entity={sampleInspection} onSubmit={vi.fn()} />);

    await user.type(textbox(/Pressure/), '3000');
    await user.click(screen.getByRole('button', { name: 'Simpan' }));

    await waitFor(() => expect(textbox(/Pressure/)).toHaveAccessibleDescription('Maksimal 2.500 bar'));
    expect(textbox(/^Name/)).toHaveAccessibleDescription('Wajib diisi');
  });

  it('refuses text longer than the contract allows', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn(async () => {});
    renderWithProviders(<EntityForm entity={sampleInspection} onSubmit={onSubmit} />);

    await user.type(textbox(/^Name/), 'A name far too long for the field');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(textbox(/^Name/)).toHaveAccessibleDescription('At most 20 characters'));
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('submits the shown fields as API values: numbers, a date string, booleans, null for empty', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn(async (_: EntitySubmission) => {});
    renderWithProviders(<EntityForm entity={sampleInspection} onSubmit={onSubmit} />);

    // The parent reference is not an input: the page that owns the parent supplies it.
    expect(screen.queryByRole('textbox', { name: /Parent/ })).not.toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Readings' })).toBeInTheDocument();

    await user.type(textbox(/^Name/), '  Pump A  ');
    await user.type(textbox(/Pressure/), '12.5');
    await user.type(textbox(/Count/), '3');
    await user.type(textbox(/Inspected on/), '15/03/2026');
    await user.tab();
    expect(textbox(/Inspected on/)).toHaveValue('15 Mar 2026');
    await user.click(screen.getByRole('switch', { name: 'Passed' }));
    await user.click(screen.getByRole('combobox', { name: 'Condition' }));
    await user.click(await screen.findByRole('option', { name: 'poor' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit).toHaveBeenCalledWith({
      values: {
        name: 'Pump A',
        notes: null,
        pressure: 12.5,
        count: 3,
        inspectedOn: '2026-03-15',
        passed: true,
        condition: 'poor',
      },
      images: {},
      imageLists: {},
    });
  });

  it('on edit, sends the version and only the image slots that changed', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn(async (_: EntitySubmission) => {});
    renderWithProviders(
      <EntityForm entity={thermalMeasurement} record={storedMeasurement} onSubmit={onSubmit} />,
    );

    expect(textbox(/Measurement date/)).toHaveValue('10 Mar 2026');
    expect(screen.getByRole('img', { name: 'Preview of Thermal image' })).toHaveAttribute(
      'src',
      `blob:stored-${storedImage.url}`,
    );
    const max = textbox(/Max temperature/);
    await user.clear(max);
    await user.type(max, '91.2');
    await user.clear(textbox(/^Location/));
    const visual = within(screen.getByRole('group', { name: 'Visual image' }));
    const photo = jpegFile('panel.jpg');
    await user.upload(imagePicker('Visual image'), photo);
    expect(await visual.findByText('panel.jpg')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    const { values, images } = onSubmit.mock.calls[0]![0];
    expect(values).toMatchObject({
      version: 3,
      date: '2026-03-10',
      maxTemperatureC: 91.2,
      referenceTemperatureC: 40,
      location: null,
      emissivity: 0.95,
    });
    expect(values).not.toHaveProperty('thermalAnalysisId');
    expect(images).toEqual({ visualImage: photo });
  });

  it('puts the server’s field errors beside the fields and focuses the first', async () => {
    const user = userEvent.setup();
    const onSubmit = refusedBy(
      new ApiError('Validation failed', {
        status: 400,
        code: 'VALIDATION_ERROR',
        details: [{ path: 'name', message: 'Name is already used in this report' }],
      }),
    );
    renderWithProviders(<EntityForm entity={sampleInspection} onSubmit={onSubmit} />);

    await user.type(textbox(/^Name/), 'Pump A');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() =>
      expect(textbox(/^Name/)).toHaveAccessibleDescription('Name is already used in this report'),
    );
    expect(textbox(/^Name/)).toHaveFocus();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('lists server errors on fields the form does not show in the alert, and focuses it', async () => {
    const user = userEvent.setup();
    const onSubmit = refusedBy(
      new ApiError('Validation failed', {
        status: 400,
        code: 'VALIDATION_ERROR',
        details: [
          { path: 'name', message: 'Name is already used in this report' },
          { path: 'parentId', message: 'The report no longer exists' },
        ],
      }),
    );
    renderWithProviders(<EntityForm entity={sampleInspection} onSubmit={onSubmit} />);

    await user.type(textbox(/^Name/), 'Pump A');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    const alert = await screen.findByRole('alert');
    await waitFor(() => expect(alert).toHaveFocus());
    expect(within(alert).getByRole('listitem')).toHaveTextContent('Parent: The report no longer exists');
    expect(textbox(/^Name/)).toHaveAccessibleDescription('Name is already used in this report');
  });

  it('shows any other failure in an alert at the top', async () => {
    const user = userEvent.setup();
    const onSubmit = refusedBy(
      new ApiError('The record was changed by someone else; reload it', { status: 409, code: 'CONFLICT' }),
    );
    renderWithProviders(
      <EntityForm entity={thermalMeasurement} record={storedMeasurement} onSubmit={onSubmit} />,
    );

    await user.type(textbox(/^Location/), ' B');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not save');
    expect(alert).toHaveTextContent('The record was changed by someone else; reload it');
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
  });

  it('asks before the tab closes while values or images differ, and not after a save', async () => {
    const user = userEvent.setup();
    let finishSave = () => {};
    const onSubmit = vi.fn(() => new Promise<void>((resolve) => (finishSave = resolve)));
    window.history.replaceState(null, '', '/edit');
    const history = createBrowserHistory();
    renderWithRouter(
      {
        '/edit': () => (
          <EntityForm
            entity={sampleInspection}
            record={{ id: 'r1', version: 1, name: 'Pump A', pressure: 2, photo: null }}
            onSubmit={onSubmit}
            uploadProgress={40}
          />
        ),
      },
      history,
    );
    await screen.findByRole('textbox', { name: /^Name/ });
    expect(browserAsksBeforeUnload()).toBe(false);

    await user.type(textbox(/^Name/), ' B');
    expect(browserAsksBeforeUnload()).toBe(true);
    await user.clear(textbox(/^Name/));
    await user.type(textbox(/^Name/), 'Pump A');
    await waitFor(() => expect(browserAsksBeforeUnload()).toBe(false));

    await user.upload(imagePicker('Photo'), pngFile('photo.png'));
    await waitFor(() => expect(browserAsksBeforeUnload()).toBe(true));

    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(screen.getByRole('progressbar', { name: 'Upload progress' })).toHaveAttribute(
      'aria-valuenow',
      '40',
    );
    expect(textbox(/^Name/)).toBeDisabled();
    finishSave();
    await waitFor(() => expect(textbox(/^Name/)).toBeEnabled());
    expect(browserAsksBeforeUnload()).toBe(false);
    history.destroy();
  });

  it('takes a newer record while untouched, but not over the user’s changes', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn(async (_: EntitySubmission) => {});
    const showRecord = renderRefetchingPage({ id: 'r1', version: 1, name: null }, onSubmit);
    await user.click(textbox(/^Name/));
    await user.tab();
    expect(textbox(/^Name/)).toHaveAccessibleDescription('Required');

    // A refetch while the form is untouched: its values, and no error left over from the old ones.
    act(() => showRecord({ id: 'r1', version: 2, name: 'Pump B' }));
    expect(textbox(/^Name/)).toHaveValue('Pump B');
    expect(textbox(/^Name/)).not.toHaveAccessibleDescription();

    await user.type(textbox(/^Name/), ' (checked)');
    act(() => showRecord({ id: 'r1', version: 3, name: 'Pump C' }));
    expect(textbox(/^Name/)).toHaveValue('Pump B (checked)');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    // The version the user started from, so the server refuses (409) rather than undo version 3.
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![0].values).toMatchObject({ name: 'Pump B (checked)', version: 2 });
    // Saved and clean again: the newest record the page holds is what the form shows.
    await waitFor(() => expect(textbox(/^Name/)).toHaveValue('Pump C'));
  });

  it('takes the same version with a change of the device’s queue laid over it, its version kept', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn(async (_: EntitySubmission) => {});
    const showRecord = renderRefetchingPage({ id: 'r1', version: 4, name: 'Pump A' }, onSubmit);
    expect(textbox(/^Name/)).toHaveValue('Pump A');
    // The queue read after a reload (docs/offline-capture.md): the saved value, not the one last read.
    act(() => showRecord({ id: 'r1', version: 4, name: 'Pump A (offline)', $queued: 'change-1' }));
    expect(textbox(/^Name/)).toHaveValue('Pump A (offline)');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![0].values).toMatchObject({ name: 'Pump A (offline)', version: 4 });
    // The change discarded: the record as the server holds it again. An older version stays ignored.
    act(() => showRecord({ id: 'r1', version: 4, name: 'Pump A' }));
    await waitFor(() => expect(textbox(/^Name/)).toHaveValue('Pump A'));
    act(() => showRecord({ id: 'r1', version: 3, name: 'Pump 0' }));
    expect(textbox(/^Name/)).toHaveValue('Pump A');
  });

  it('after a conflict, dropping the changes shows the newer record without the stale alert', async () => {
    const user = userEvent.setup();
    const onSubmit = refusedBy(
      new ApiError('The record was changed by someone else; reload it', { status: 409, code: 'CONFLICT' }),
    );
    const showRecord = renderRefetchingPage({ id: 'r1', version: 1, name: 'Pump A' }, onSubmit);
    await user.type(textbox(/^Name/), ' B');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('changed by someone else');
    act(() => showRecord({ id: 'r1', version: 2, name: 'Pump C' }));

    await user.clear(textbox(/^Name/));
    await user.type(textbox(/^Name/), 'Pump A');

    await waitFor(() => expect(textbox(/^Name/)).toHaveValue('Pump C'));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('calls onCancel from the Cancel button', async () => {
    const user = userEvent.setup();
    const onCancel = vi.fn();
    renderWithProviders(<EntityForm entity={sampleInspection} onSubmit={vi.fn()} onCancel={onCancel} />);

    await user.click(screen.getByRole('button', { name: 'Cancel' }));

    expect(onCancel).toHaveBeenCalledTimes(1);
  });
});
