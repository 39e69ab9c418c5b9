import 'fake-indexeddb/auto';
import { Link } from '@tanstack/react-router';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/errors.ts';
import { apiRequest } from '../api/http-client.ts';
import {
  accessTokenFor,
  api,
  envelope,
  server,
  serveMockApi,
  setCookies,
  unauthenticated,
} from '../api/test-server.ts';
import { renderWithProviders, renderWithRouter } from '../test/render.tsx';
import { readDraft, readDraftImage, writeDraft } from './drafts.ts';
import { EntityForm } from './EntityForm.tsx';
import type { EntitySubmission } from './EntityForm.tsx';
import { sampleInspection } from './sample-inspection.fixture.ts';

vi.mock('../api/files.ts', () => ({
  useAuthorizedObjectUrl: (url: string | null | undefined) => (url ? `blob:stored-${url}` : undefined),
}));

serveMockApi();
// Unmounted first: a form leaving the page writes its draft, which must not reach the next test.
afterEach(() => {
  cleanup();
  localStorage.clear();
});

// Whole journeys through a long form, typed key by key: slower than one field's test on a busy machine.
const journey = { timeout: 30_000 };

const signedInAs = (userId: string) => setCookies(accessTokenFor(userId), `refresh-${userId}`);

const record = { id: 'r1', version: 1, name: 'Pump A', notes: null, pressure: 2, photo: null };
const draftOfR1 = (userId = 'user-1') => `inspectra.draft.${userId}.sampleInspection.r1`;

const pngFile = (name: string) =>
  new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 7, 7])], name, {
    type: 'image/png',
  });

const textbox = (name: RegExp | string) => screen.getByRole('textbox', { name });

function imagePicker(slotLabel: string) {
  return screen
    .getByRole('group', { name: slotLabel })
    .querySelector<HTMLInputElement>('input[type=file]:not([capture])')!;
}

function renderForm(props: Partial<Parameters<typeof EntityForm>[0]> = {}) {
  const onSubmit = vi.fn(async (_: EntitySubmission) => {});
  const view = renderWithProviders(
    <EntityForm entity={sampleInspection} record={record} onSubmit={onSubmit} {...props} />,
  );
  return { ...view, onSubmit };
}

describe('EntityForm drafts', journey, () => {
  it('keeps typed input on the device and offers it back, with a way to discard it', async () => {
    signedInAs('user-1');
    const user = userEvent.setup({ delay: null });
    const first = renderForm();

    await user.type(textbox(/Notes/), 'Hot lug');
    await waitFor(() => expect(readDraft(draftOfR1())?.inputs.notes).toBe('Hot lug'));
    first.unmount();

    // Opened again (a reload, or back after signing in): the input is there, and the user is told.
    renderForm();
    expect(await screen.findByText(/^Restored your unsaved changes from \d/)).toBeInTheDocument();
    expect(textbox(/Notes/)).toHaveValue('Hot lug');
    expect(textbox(/^Name/)).toHaveValue('Pump A');

    await user.click(screen.getByRole('button', { name: 'Discard' }));
    expect(textbox(/Notes/)).toHaveValue('');
    expect(screen.queryByText(/Restored your unsaved changes/)).not.toBeInTheDocument();
    await waitFor(() => expect(localStorage.getItem(draftOfR1())).toBeNull());
  });

  it('keeps a chosen photo that was not uploaded yet, and sends it when saved', async () => {
    signedInAs('user-1');
    const user = userEvent.setup({ delay: null });
    const first = renderForm();

    await user.upload(imagePicker('Photo'), pngFile('IR_0042.png'));
    await waitFor(() => expect(readDraft(draftOfR1())?.images).toEqual({ photo: 'file' }));
    await waitFor(async () => expect((await readDraftImage(draftOfR1(), 'photo'))?.name).toBe('IR_0042.png'));
    first.unmount();

    const { onSubmit } = renderForm();
    const slot = within(screen.getByRole('group', { name: 'Photo' }));
    expect(await slot.findByText('IR_0042.png')).toBeInTheDocument();
    expect(slot.getByText('New, not saved yet')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    const photo = onSubmit.mock.calls[0]![0].images.photo as File;
    expect(photo.name).toBe('IR_0042.png');
    expect(new Uint8Array(await photo.arrayBuffer())).toEqual(
      new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 7, 7]),
    );
    // Saved: the draft and its photo are gone.
    await waitFor(() => expect(localStorage.getItem(draftOfR1())).toBeNull());
    await waitFor(async () => expect(await readDraftImage(draftOfR1(), 'photo')).toBeUndefined());
  });

  it('keeps one user’s draft from another on a shared tablet', async () => {
    signedInAs('user-1');
    const user = userEvent.setup({ delay: null });
    const first = renderForm();
    await user.type(textbox(/Notes/), 'Crew A');
    await waitFor(() => expect(readDraft(draftOfR1())).toBeDefined());
    first.unmount();

    signedInAs('user-2');
    renderForm();
    expect(textbox(/Notes/)).toHaveValue('');
    expect(screen.queryByText(/Restored your unsaved changes/)).not.toBeInTheDocument();
    expect(readDraft(draftOfR1('user-1'))?.inputs.notes).toBe('Crew A');
  });

  it('offers a draft of an older version beside the newer one, field by field', async () => {
    signedInAs('user-1');
    writeDraft(draftOfR1(), {
      savedAt: '2026-11-20T08:30:00.000Z',
      baseVersion: 1,
      base: { name: 'Pump A', notes: '', pressure: 2 },
      inputs: { name: 'Pump A', notes: 'My note', pressure: 5 },
      images: {},
    });
    const user = userEvent.setup({ delay: null });
    // Someone else renamed the pump and wrote a note meanwhile: version 2.
    const { onSubmit } = renderForm({
      record: { ...record, version: 2, name: 'Pump B', notes: 'Their note' },
    });

    const panel = await screen.findByRole('region', { name: 'Changed by you and by someone else' });
    expect(within(panel).getByRole('group', { name: 'Notes' })).toHaveTextContent('My note');
    expect(within(panel).getByRole('group', { name: 'Notes' })).toHaveTextContent('Their note');
    // Only the user changed the pressure, only the other person the name: both kept, not asked.
    expect(textbox(/Pressure/)).toHaveValue('5');
    expect(textbox(/^Name/)).toHaveValue('Pump B');

    await user.click(within(panel).getByRole('button', { name: 'Use saved for Notes' }));
    expect(textbox(/Notes/)).toHaveValue('Their note');
    expect(screen.queryByRole('region', { name: /Changed by you/ })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![0].values).toMatchObject({
      version: 2,
      name: 'Pump B',
      notes: 'Their note',
      pressure: 5,
    });
  });
});

describe('EntityForm after a conflict (409)', journey, () => {
  it('loads the newer version beside the user’s changes and saves against it', async () => {
    const user = userEvent.setup({ delay: null });
    const onSubmit = vi
      .fn(async (_: EntitySubmission) => {})
      .mockRejectedValueOnce(
        new ApiError('The record was changed by someone else; reload it', { status: 409, code: 'CONFLICT' }),
      );
    const loadCurrent = vi.fn(async () => ({ ...record, version: 4, name: 'Pump Z', pressure: 3 }));
    renderForm({ onSubmit, loadCurrent });

    await user.clear(textbox(/^Name/));
    await user.type(textbox(/^Name/), 'Pump A2');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    const alert = await screen.findByRole('alert');
    await waitFor(() => expect(alert).toHaveFocus());
    await user.click(within(alert).getByRole('button', { name: 'Load the newer version beside my changes' }));

    const panel = await screen.findByRole('region', { name: 'Changed by you and by someone else' });
    await waitFor(() => expect(panel).toHaveFocus());
    expect(loadCurrent).toHaveBeenCalledWith(record);
    const name = within(panel).getByRole('group', { name: 'Name' });
    expect(name).toHaveTextContent('Pump A2');
    expect(name).toHaveTextContent('Pump Z');
    // The pressure only the other person changed is taken as it is.
    expect(textbox(/Pressure/)).toHaveValue('3');

    await user.click(within(name).getByRole('button', { name: 'Keep mine for Name' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(2));
    expect(onSubmit.mock.calls[1]![0].values).toMatchObject({ version: 4, name: 'Pump A2', pressure: 3 });
  });
});

describe('EntityForm save errors', journey, () => {
  it('ties a server error on an image to its slot and focuses it', async () => {
    const user = userEvent.setup({ delay: null });
    const message = 'The photo is not a JPEG, PNG, WebP or GIF';
    const onSubmit = vi.fn(async () => {
      throw new ApiError(message, {
        status: 415,
        code: 'UNSUPPORTED_MEDIA_TYPE',
        details: [{ path: 'photo', message }],
      });
    });
    renderForm({ onSubmit });

    await user.upload(imagePicker('Photo'), pngFile('photo.png'));
    await within(screen.getByRole('group', { name: 'Photo' })).findByText('photo.png');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    const slot = screen.getByRole('group', { name: 'Photo' });
    await waitFor(() => expect(slot).toHaveFocus());
    expect(slot).toHaveAccessibleDescription(message);
    expect(slot).toHaveAttribute('aria-invalid', 'true');
    // Said once more for screen readers, since no alert is drawn for an error beside its field: the
    // count, the field (focused) saying the rest.
    expect(screen.getByRole('status', { hidden: true })).toHaveTextContent(
      'Could not save: one field needs attention.',
    );
  });

  it('moves focus to the alert when the failure belongs to no field', async () => {
    const user = userEvent.setup({ delay: null });
    const onSubmit = vi.fn(async () => {
      throw new ApiError('The report is approved and can no longer change', { status: 409, code: 'LOCKED' });
    });
    renderForm({ record: null, onSubmit });

    await user.type(textbox(/^Name/), 'Pump A');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    const alert = await screen.findByRole('alert');
    await waitFor(() => expect(alert).toHaveFocus());
    expect(alert).toHaveTextContent('The report is approved and can no longer change');
    // A new record has no newer version to load.
    expect(within(alert).queryByRole('button', { name: /newer version/ })).not.toBeInTheDocument();
  });
});

describe('EntityForm when the session ends during a save', journey, () => {
  it('asks to sign in again on the page, then the save goes through', async () => {
    signedInAs('user-1');
    const user = userEvent.setup({ delay: null });
    const saves: unknown[] = [];
    server.use(
      http.post(api('/auth/refresh'), () => unauthenticated()),
      http.post(api('/auth/login'), async ({ request }) => {
        const body = (await request.json()) as { username: string; password: string };
        return body.password === 'right'
          ? HttpResponse.json(envelope({ accessToken: accessTokenFor('user-1'), refreshToken: 'r2' }))
          : unauthenticated();
      }),
      http.put(api('/records'), async ({ request }) => {
        if (request.headers.get('authorization') === 'Bearer expired') return unauthenticated();
        saves.push(await request.json());
        return HttpResponse.json(envelope({ id: 'r1' }));
      }),
    );
    const onSaved = vi.fn();
    renderForm({
      onSubmit: ({ values }) => apiRequest({ method: 'PUT', url: '/records', data: values }),
      onSaved,
    });
    await user.type(textbox(/Notes/), 'Typed');
    // Both tokens run out while the inspector is typing.
    setCookies('expired', 'spent');

    await user.click(screen.getByRole('button', { name: 'Save' }));

    const dialog = await screen.findByRole('dialog', { name: 'Sign in again to save' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Username' }), 'inspector');
    await user.type(within(dialog).getByLabelText('Password', { exact: true }), 'wrong');
    await user.click(within(dialog).getByRole('button', { name: 'Sign in' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Invalid username or password');

    await user.type(within(dialog).getByLabelText('Password', { exact: true }), 'right');
    await user.click(within(dialog).getByRole('button', { name: 'Sign in' }));

    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1));
    expect(saves).toEqual([expect.objectContaining({ notes: 'Typed', version: 1 })]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
  it("refuses another user's sign-in for these changes and ends that session on the server", async () => {
    signedInAs('user-1');
    const user = userEvent.setup({ delay: null });
    const signedOut: unknown[] = [];
    let saves = 0;
    server.use(
      http.post(api('/auth/refresh'), () => unauthenticated()),
      http.post(api('/auth/login'), () =>
        HttpResponse.json(envelope({ accessToken: accessTokenFor('user-2'), refreshToken: 'r-user-2' })),
      ),
      http.post(api('/auth/logout'), async ({ request }) => {
        signedOut.push(await request.json());
        return HttpResponse.json(envelope(null));
      }),
      http.put(api('/records'), ({ request }) => {
        if (request.headers.get('authorization') === 'Bearer expired') return unauthenticated();
        saves++;
        return HttpResponse.json(envelope({ id: 'r1' }));
      }),
    );
    renderForm({ onSubmit: ({ values }) => apiRequest({ method: 'PUT', url: '/records', data: values }) });
    await user.type(textbox(/Notes/), 'Typed');
    setCookies('expired', 'spent');

    await user.click(screen.getByRole('button', { name: 'Save' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign in again to save' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Username' }), 'someone-else');
    await user.type(within(dialog).getByLabelText('Password', { exact: true }), 'their-password');
    await user.click(within(dialog).getByRole('button', { name: 'Sign in' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'These changes belong to another user',
    );
    await waitFor(() => expect(signedOut).toEqual([{ refreshToken: 'r-user-2' }]));
    expect(saves).toBe(0);
    expect(textbox(/Notes/)).toHaveValue('Typed');
  });
});

describe('EntityForm in the app', journey, () => {
  it('asks before leaving unsaved changes, and discarding forgets the draft', async () => {
    signedInAs('user-1');
    const user = userEvent.setup({ delay: null });
    renderWithRouter(
      {
        '/edit': () => (
          <>
            <Link to={'/' as never}>Dashboard</Link>
            <EntityForm entity={sampleInspection} record={record} onSubmit={vi.fn()} />
          </>
        ),
        '/': () => <h1>Dashboard</h1>,
      },
      '/edit',
    );

    await user.type(await screen.findByRole('textbox', { name: /Notes/ }), 'Findings');
    await waitFor(() => expect(readDraft(draftOfR1())).toBeDefined());
    await user.click(screen.getByRole('link', { name: 'Dashboard' }));

    const ask = await screen.findByRole('dialog', { name: 'Discard unsaved changes?' });
    await user.click(within(ask).getByRole('button', { name: 'Stay' }));
    expect(textbox(/Notes/)).toHaveValue('Findings');

    await user.click(screen.getByRole('link', { name: 'Dashboard' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Discard unsaved changes?' })).getByRole('button', {
        name: 'Discard',
      }),
    );
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    await waitFor(() => expect(localStorage.getItem(draftOfR1())).toBeNull());
  });
});
