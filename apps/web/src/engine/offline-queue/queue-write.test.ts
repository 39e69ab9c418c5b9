import 'fake-indexeddb/auto';
import { act } from '@testing-library/react';
import { onlineManager } from '@tanstack/react-query';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { callApi, callRoute, routeOf, wasQueued } from '../../api/calls.ts';
import { api, server, serveMockApi } from '../../api/test-server.ts';
import type { ChangeQueue } from './change-queue.ts';
import { backOnlineAfterEach, offlineSyncOf } from '../../test/offline.ts';

serveMockApi();
backOnlineAfterEach();

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
let users = 0;

/** Offline, with the user's sync started and no server to send to. */
function offlineAs(): ChangeQueue {
  const user = `queue-write-${++users}`;
  const sync = offlineSyncOf(user);
  return sync.queue;
}

describe('a record written offline goes into the queue', () => {
  it('queues a create with a client-made id, and a change to it after it, carrying its version', async () => {
    const queue = offlineAs();
    const sent: string[] = [];
    server.use(http.all(api('/thermal-measurements'), ({ request }) => void sent.push(request.url)));

    const created = await callRoute(routeOf('POST /thermal-measurements'), {
      body: { values: { thermalAnalysisId: '11111111-1111-4111-8111-111111111111', tag: 'P-101' } },
      queueOffline: 'Thermal measurement',
    });
    expect(wasQueued(created)).toBe(true);
    const id = (created.data as { id: string }).id;
    expect(id).toMatch(uuid);

    const updated = await callApi('PUT /thermal-measurements', {
      query: { id },
      body: { values: { tag: 'P-102' }, previous: { id, version: 1, tag: 'P-101' } },
      queueOffline: 'Thermal measurement',
    });
    expect(wasQueued(updated)).toBe(true);

    const [create, update] = await queue.list();
    expect(create).toMatchObject({
      method: 'POST',
      path: '/thermal-measurements',
      body: { id, tag: 'P-101', thermalAnalysisId: '11111111-1111-4111-8111-111111111111' },
      label: 'Thermal measurement',
      state: 'waiting',
    });
    // The update names the record made offline: sent once its create is written.
    expect(update).toMatchObject({
      method: 'PUT',
      path: `/thermal-measurements?id=${id}`,
      body: { tag: 'P-102', version: 1 },
      dependsOn: [create!.key],
    });
    // Nothing reached the network.
    expect(sent).toEqual([]);
  });

  it('shows the derived values the change makes certain, worked out on the device', async () => {
    const queue = offlineAs();
    const created = await callRoute(routeOf('POST /thermal-measurements'), {
      body: { values: { tagNumber: 'Q1', maxTemperatureC: 78.4, referenceTemperatureC: 41.2 } },
      queueOffline: 'Thermal measurement',
    });
    const id = (created.data as { id: string }).id;
    // Corrected offline: the reading was 43.9, from the record as the screen shows it.
    await callApi('PUT /thermal-measurements', {
      query: { id },
      body: {
        values: { maxTemperatureC: 43.9 },
        previous: { id, version: 1, maxTemperatureC: 78.4, referenceTemperatureC: 41.2, deltaTC: 37.2 },
      },
      queueOffline: 'Thermal measurement',
    });
    const [create, update] = await queue.list();
    // ΔT and its severity (NETA) as the server will derive them; not sent (the server derives).
    expect(create!.shows!.values).toMatchObject({ deltaTC: 37.2, severity: 'repairImmediately' });
    expect(update!.shows!.values).toMatchObject({ deltaTC: 2.7, severity: 'investigate' });
    expect(update!.body).not.toHaveProperty('deltaTC');
  });

  it('keeps the name a reader finds the record by: a tag typed offline, or the one read', async () => {
    const queue = offlineAs();
    const created = await callRoute(routeOf('POST /thermal-measurements'), {
      body: { values: { tagNumber: 'PL-102-S03', maxTemperatureC: 78.4, referenceTemperatureC: 41.2 } },
      queueOffline: 'Thermal measurement',
    });
    const id = (created.data as { id: string }).id;
    // Its reading corrected: the tag is not sent, the record as read names it.
    await callApi('PUT /thermal-measurements', {
      query: { id },
      body: { values: { maxTemperatureC: 43.9 }, previous: { id, version: 1, tagNumber: 'PL-102-S03' } },
      queueOffline: 'Thermal measurement',
    });
    // A record with no name to read (no tag): the label alone will say it.
    await callRoute(routeOf('POST /thermal-measurements'), {
      body: { values: { maxTemperatureC: 50, referenceTemperatureC: 41.2 } },
      queueOffline: 'Thermal measurement',
    });
    const [create, update, unnamed] = await queue.list();
    expect(create!.name).toBe('PL-102-S03');
    expect(update!.name).toBe('PL-102-S03');
    expect(unnamed).not.toHaveProperty('name');
  });

  it('queues a form with its photo, kept as bytes', async () => {
    const queue = offlineAs();
    const photo = new File([new Uint8Array([1, 2, 3])], 'hot.jpg', { type: 'image/jpeg' });
    await callRoute(routeOf('POST /thermal-measurements'), {
      body: { values: { tag: 'P-101' }, images: { thermalImage: photo } },
      queueOffline: 'Thermal measurement',
    });
    const [change] = await queue.list();
    const form = (await queue.bodyOf(change!)) as FormData;
    expect(form.get('id')).toMatch(uuid);
    const kept = form.get('thermalImage') as File;
    expect([kept.name, kept.type, kept.size]).toEqual(['hot.jpg', 'image/jpeg', 3]);
  });

  it('an image list edited again before the sync sends the earlier change’s photos again as files, not their queue ids', async () => {
    const queue = offlineAs();
    const jpeg = (bytes: number[], name: string) =>
      new File([new Uint8Array(bytes)], name, { type: 'image/jpeg' });
    const made = await callRoute(routeOf('POST /walkthrough-summary-pipe'), {
      body: {
        values: { inspectionArea: 'Rack 4' },
        imageLists: { summaryImages: [{ file: jpeg([0xff, 0xd8, 1], 'drip.jpg'), imageType: 'leak' }] },
      },
      queueOffline: 'Walkthrough finding',
    });
    const id = (made.data as { id: string }).id;
    const [create] = await queue.list();
    const shown = create!.shows!.values.summaryImages as { id: string; displayName: string }[];
    expect(shown[0]!.id).toBe(`queued-file:${create!.key}:0`);
    // Reopened offline: the drip photo kept (by the id the screen shows) and a second one added.
    await callRoute(routeOf('PUT /walkthrough-summary-pipe'), {
      query: { id },
      body: {
        values: { inspectionArea: 'Rack 4' },
        previous: { id, version: 1, summaryImages: shown },
        imageLists: {
          summaryImages: [
            { id: shown[0]!.id, imageType: 'leak', displayName: 'Drip at flange' },
            { file: jpeg([0xff, 0xd8, 2], 'stain.jpg'), imageType: 'corrosion' },
          ],
        },
      },
      queueOffline: 'Walkthrough finding',
    });
    const [, update] = await queue.list();
    const form = (await queue.bodyOf(update!)) as FormData;
    const parts = form.getAll('summaryImages');
    const files = parts.filter((part): part is File => part instanceof File);
    expect(files.map((file) => file.name)).toEqual(['drip.jpg', 'stain.jpg']);
    expect([...new Uint8Array(await files[0]!.arrayBuffer())]).toEqual([0xff, 0xd8, 1]);
    const listed = JSON.parse(parts.find((part) => typeof part === 'string') as string) as unknown[];
    expect(listed).toEqual([
      { file: 0, imageType: 'leak', displayName: 'Drip at flange' },
      { file: 1, imageType: 'corrosion' },
    ]);
    expect(JSON.stringify(listed)).not.toContain('queued-file');
  });

  it('online, and for a call not made for the queue, sends as before', async () => {
    const queue = offlineAs();
    server.use(
      http.post(api('/thermal-measurements'), () =>
        HttpResponse.json({ data: { id: 'server-made' }, statusCode: 201, message: 'Created' }),
      ),
    );
    const unqueued = await callRoute(routeOf('POST /thermal-measurements'), {
      body: { values: { tag: 'P-101' } },
    });
    expect(wasQueued(unqueued)).toBe(false);

    act(() => onlineManager.setOnline(true));
    const online = await callRoute(routeOf('POST /thermal-measurements'), {
      body: { values: { tag: 'P-101' } },
      queueOffline: 'Thermal measurement',
    });
    expect(wasQueued(online)).toBe(false);
    expect(online.data).toEqual({ id: 'server-made' });
    expect(await queue.list()).toEqual([]);
  });
});
