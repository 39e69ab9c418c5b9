import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { accessTokenFor, api, envelope, server, serveMockApi, setCookies } from '../../api/test-server.ts';
import { renderWithProviders } from '../../test/render.tsx';
import type { QueuedChange } from './change-queue.ts';
import { ResolveQueuedChange } from './ResolveQueuedChange.tsx';

serveMockApi();

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
});
