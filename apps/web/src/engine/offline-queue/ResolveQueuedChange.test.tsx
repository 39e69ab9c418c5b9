import 'fake-indexeddb/auto';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { routeOf } from '../../api/calls.ts';
import { routeBody } from '../../api/payload.ts';
import { accessTokenFor, api, envelope, server, serveMockApi, setCookies } from '../../api/test-server.ts';
import { renderWithProviders } from '../../test/render.tsx';
import type { QueuedChange } from './change-queue.ts';
import { ResolveQueuedChange } from './ResolveQueuedChange.tsx';
import { startChangeSync, stopChangeSync } from './sync-runner.ts';

serveMockApi();
afterEach(() => stopChangeSync());

const change = (
  o: Partial<QueuedChange> & Pick<QueuedChange, 'method' | 'path' | 'state'>,
): QueuedChange => ({
  key: 'change-1',
  madeAt: '2026-12-04T03:00:00.000Z',
  order: 1,
  attempts: 0,
  label: 'Thermal analysis',
  ...o,
});

/** Answers the writes with the record sent, and keeps each body to assert on. */
function keepWrites(method: 'put' | 'post', path: string) {
  const sent: Record<string, unknown>[] = [];
  server.use(
    http[method](api(path), async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      sent.push(body);
      return HttpResponse.json(envelope({ ...body, version: Number(body.version ?? 0) + 1 }), {
        status: method === 'post' ? 201 : 200,
      });
    }),
  );
  return sent;
}

describe('a refused or conflicting queued change, opened in its record’s form', () => {
  it('a conflict: the three-way comparison from the record as read, the queued values and the record now; saved online', async () => {
    const user = userEvent.setup();
    setCookies(accessTokenFor('resolver'), 'refresh');
    const base = {
      id: 'a-1',
      reportHeaderId: 'r-1',
      summary: 'Scanned at 80 %',
      result: 'Check F-07-R',
      version: 2,
    };
    const theirs = { ...base, summary: 'Rescanned at 90 %', result: 'Tightened by the crew', version: 3 };
    server.use(
      http.get(api('/thermal-analysis/by-report'), ({ request }) =>
        new URL(request.url).searchParams.get('reportHeaderId') === 'r-1'
          ? HttpResponse.json(envelope(theirs))
          : HttpResponse.json(envelope(null)),
      ),
    );
    const sent = keepWrites('put', '/thermal-analysis');
    const settle = vi.fn(async () => undefined);
    const onClose = vi.fn();
    renderWithProviders(
      <ResolveQueuedChange
        change={change({
          method: 'PUT',
          path: '/thermal-analysis',
          state: 'conflict',
          // The device's change: the result only (its summary as read).
          body: { id: 'a-1', summary: 'Scanned at 80 %', result: 'Retorque F-07-R', version: 2 },
          base,
          refusal: { status: 409, code: 'CONFLICT', message: 'changed by someone else', details: [] },
        })}
        settle={settle}
        onClose={onClose}
      />,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Resolve Thermal analysis' });
    const compare = await within(dialog).findByRole('region', { name: 'Changed by you and by someone else' });
    // Both changed the result: asked. Only they changed the summary: theirs, unasked.
    const result = within(compare).getByRole('group', { name: 'Result' });
    expect(result).toHaveTextContent('Retorque F-07-R');
    expect(result).toHaveTextContent('Tightened by the crew');
    expect(within(compare).getAllByRole('group')).toHaveLength(1);
    expect(within(dialog).getByLabelText('Summary')).toHaveValue('Rescanned at 90 %');

    await user.click(within(result).getByRole('button', { name: 'Keep mine for Result' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(settle).toHaveBeenCalledWith('change-1'));
    // Sent against the version stored now, with the decided values.
    expect(sent).toEqual([
      expect.objectContaining({
        id: 'a-1',
        summary: 'Rescanned at 90 %',
        result: 'Retorque F-07-R',
        version: 3,
      }),
    ]);
    expect(onClose).toHaveBeenCalled();
  });

  it('a refused create: the queued values with the server’s reason beside them; saved online under its own id', async () => {
    const user = userEvent.setup();
    setCookies(accessTokenFor('resolver'), 'refresh');
    const sent = keepWrites('post', '/thermal-measurements');
    const settle = vi.fn(async () => undefined);
    const id = '0b0c6a53-50f4-4c3e-9d5f-1b4f7b9f2a10';
    renderWithProviders(
      <ResolveQueuedChange
        change={change({
          method: 'POST',
          path: '/thermal-measurements',
          state: 'refused',
          label: 'Thermal measurement',
          body: {
            id,
            thermalAnalysisId: 'a-1',
            date: '2026-11-20',
            tagNumber: 'F-07-S',
            maxTemperatureC: 52.1,
            referenceTemperatureC: 40.9,
          },
          refusal: {
            status: 422,
            code: 'VALIDATION_ERROR',
            message: 'The measurement could not be recorded',
            details: [{ path: 'tagNumber', message: 'Another measurement has this tag' }],
          },
        })}
        settle={settle}
        onClose={() => undefined}
      />,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Edit Thermal measurement' });
    const reason = within(dialog).getByRole('region', { name: 'The server’s reason' });
    expect(reason).toHaveTextContent('The measurement could not be recorded');
    expect(reason).toHaveTextContent('Tag number: Another measurement has this tag');
    const tag = within(dialog).getByLabelText(/^Tag number/);
    expect(tag).toHaveValue('F-07-S');
    await user.clear(tag);
    await user.type(tag, 'F-07-T');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(settle).toHaveBeenCalledWith('change-1'));
    // The id made on the device, and the parent the form does not show, go as they were.
    expect(sent).toEqual([
      expect.objectContaining({ id, thermalAnalysisId: 'a-1', tagNumber: 'F-07-T', maxTemperatureC: 52.1 }),
    ]);
  });

  it('a refused create with a photo: saved online with the photo it was kept with', async () => {
    const user = userEvent.setup();
    setCookies(accessTokenFor('resolver'), 'refresh');
    const received: Record<string, FormDataEntryValue>[] = [];
    server.use(
      http.post(api('/thermal-measurements'), async ({ request }) => {
        const form = Object.fromEntries(await request.formData());
        received.push(form);
        return HttpResponse.json(envelope({ id: form.id, version: 1 }), { status: 201 });
      }),
    );
    // A measurement saved offline with its thermal image, refused at the sync (its report was
    // submitted meanwhile); the queue holds the photo's only copy.
    const sync = startChangeSync('resolver', { probe: async () => false, retryByItself: false });
    const photo = new File([new Uint8Array([0xff, 0xd8, 0xff, 7])], 'IR-F-07-S.jpg', { type: 'image/jpeg' });
    const id = '0b0c6a53-50f4-4c3e-9d5f-1b4f7b9f2a11';
    const values = { id, thermalAnalysisId: 'a-1', date: '2026-11-20', tagNumber: 'F-07-S' };
    const queued = await sync.queue.enqueue({
      method: 'POST',
      path: '/thermal-measurements',
      body: routeBody(routeOf('POST /thermal-measurements'), { values, images: { thermalImage: photo } }),
      label: 'Thermal measurement',
    });
    await sync.queue.update(queued.key, {
      state: 'refused',
      refusal: { status: 409, code: 'CONFLICT', message: 'The report is submitted', details: [] },
    });
    const settle = vi.fn(async () => undefined);
    renderWithProviders(
      <ResolveQueuedChange
        change={(await sync.queue.find(queued.key))!}
        settle={settle}
        onClose={() => undefined}
      />,
    );
    const dialog = await screen.findByRole('dialog', { name: /^Edit Thermal measurement/ });
    // The photo is shown before the save: the user sees what goes with it.
    expect(
      await within(dialog).findByRole('heading', { name: 'The photo saved with this change (sent with it)' }),
    ).toBeVisible();
    expect(within(dialog).getByRole('button', { name: /thermal image/i })).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(settle).toHaveBeenCalledWith(queued.key), { timeout: 5000 });
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({ id, tagNumber: 'F-07-S', thermalAnalysisId: 'a-1' });
    // The photo goes with it (jsdom's request keeps a part's type, not its name or bytes).
    expect(received[0]!.thermalImage).toMatchObject({ type: 'image/jpeg' });
  });
});
