import 'fake-indexeddb/auto';
import { act, waitFor } from '@testing-library/react';
import { onlineManager } from '@tanstack/react-query';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startChangeSync, stopChangeSync } from '../engine/offline-queue/sync-runner.ts';
import { callRoute, routeOf, wasQueued } from './calls.ts';
import { ApiError } from './errors.ts';
import { followUnansweredCalls, probeWaits, stopProbing } from './server-reach.ts';
import { api, envelope, server, serveMockApi } from './test-server.ts';

serveMockApi();
const waits = { ...probeWaits };
beforeEach(() => {
  followUnansweredCalls(true);
  Object.assign(probeWaits, { firstMs: 20, longestMs: 40 });
});
afterEach(() => {
  followUnansweredCalls(false);
  stopChangeSync();
  stopProbing();
  Object.assign(probeWaits, waits);
  act(() => onlineManager.setOnline(true));
});

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const analysisId = '11111111-1111-4111-8111-111111111111';
let users = 0;

/** Writes to the measurements as the server receives them: the body and its key. */
function receivedWrites(answer: () => Response) {
  const received: { key: string | null; body: Record<string, unknown> }[] = [];
  server.use(
    http.post(api('/thermal-measurements'), async ({ request }) => {
      received.push({
        key: request.headers.get('Idempotency-Key'),
        body: (await request.json()) as Record<string, unknown>,
      });
      return answer();
    }),
  );
  return received;
}

const save = () =>
  callRoute(routeOf('POST /thermal-measurements'), {
    body: { values: { thermalAnalysisId: analysisId, tag: 'P-101' } },
    queueOffline: 'Thermal measurement',
  });

describe('the server not reached while the device has a network', () => {
  it('turns the app offline, and back online once the server answers anything', async () => {
    let answering = false;
    server.use(
      http.get(api('/report-headers'), () => HttpResponse.error()),
      // The probe: any answer, a refusal included, is the server reached.
      http.get(api('/health'), () =>
        answering ? HttpResponse.json({ message: 'Unauthorized' }, { status: 401 }) : HttpResponse.error(),
      ),
    );
    const failed = await callRoute(routeOf('GET /report-headers')).catch((error: unknown) => error);
    expect(failed).toBeInstanceOf(ApiError);
    expect((failed as ApiError).status).toBe(0);
    expect(onlineManager.isOnline()).toBe(false);

    // Unanswered probes keep it offline…
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(onlineManager.isOnline()).toBe(false);
    // …until one is answered.
    answering = true;
    await waitFor(() => expect(onlineManager.isOnline()).toBe(true));
  });

  it('a refusal is an answer: the app stays online', async () => {
    server.use(http.get(api('/report-headers'), () => HttpResponse.json({ message: 'No' }, { status: 500 })));
    await callRoute(routeOf('GET /report-headers')).catch(() => undefined);
    expect(onlineManager.isOnline()).toBe(true);
  });
});

describe('a record saved online that gets no answer', () => {
  it('goes into the queue under the key and id its try went out with, and is sent with them again', async () => {
    const sync = startChangeSync(`reach-${++users}`, { probe: async () => false, retryByItself: false });
    let reached = false;
    const received = receivedWrites(() =>
      reached ? HttpResponse.json(envelope({ id: 'kept' }), { status: 201 }) : HttpResponse.error(),
    );
    server.use(http.get(api('/health'), () => HttpResponse.error()));

    const saved = await save();
    expect(wasQueued(saved)).toBe(true);
    const id = (saved.data as { id: string }).id;
    expect(id).toMatch(uuid);
    expect(received).toHaveLength(1);
    expect(received[0]!.key).toMatch(uuid);
    expect(received[0]!.body).toMatchObject({ id, tag: 'P-101' });

    const [change] = await sync.queue.list();
    expect(change).toMatchObject({ key: received[0]!.key, body: { id, tag: 'P-101' } });

    // Back: the sync sends the very request again, under the same key.
    reached = true;
    stopChangeSync();
    act(() => onlineManager.setOnline(true));
    const again = startChangeSync(sync.queue.userId, { probe: async () => true, retryByItself: false });
    await again.run();
    expect(received).toHaveLength(2);
    expect(received[1]).toEqual(received[0]);
    expect(await again.queue.list()).toEqual([]);
  });

  it('answered by the server (a refusal), it is not queued: the form shows the refusal', async () => {
    const sync = startChangeSync(`reach-${++users}`, { probe: async () => false, retryByItself: false });
    const received = receivedWrites(() =>
      HttpResponse.json(
        { message: 'Tag is required', statusCode: 422, error: { code: 'VALIDATION' } },
        { status: 422 },
      ),
    );
    const failed = await save().catch((error: unknown) => error);
    expect(failed).toBeInstanceOf(ApiError);
    expect((failed as ApiError).status).toBe(422);
    expect(received[0]!.key).toMatch(uuid);
    expect(await sync.queue.list()).toEqual([]);
    expect(onlineManager.isOnline()).toBe(true);
  });
});
