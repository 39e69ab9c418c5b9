import 'fake-indexeddb/auto';
import { screen, waitFor } from '@testing-library/react';
import { thermalMeasurement, walkthroughSummary } from '@inspectra/contract';
import type { Attachment } from '@inspectra/contract';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { callApi, callRoute, routeOf } from '../../api/calls.ts';
import { serveMockApi } from '../../api/test-server.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { readBytes } from '../image-bytes.ts';
import { openOfflineCopy } from '../offline-copy.ts';
import { RecordDrawer } from '../RecordDrawer.tsx';
import { queuedFilesShown } from './queued-files.ts';
import { backOnlineAfterEach, offlineSyncOf } from '../../test/offline.ts';

serveMockApi();
backOnlineAfterEach();

let users = 0;
const analysisId = '11111111-1111-4111-8111-111111111111';
const rowsKey = ['technique', 'thermal', 'report-1', '', 'rows', analysisId, 'thermalMeasurement'];
const pageKey = [...rowsKey, 'page', { pageNumber: 1, pageSize: 25 }];
const jpeg = (name: string, bytes = [0xff, 0xd8, 0xff, 1]) =>
  new File([new Uint8Array(bytes)], name, { type: 'image/jpeg' });

/** Offline, signed in as a new user (their copy open), the sync started over `cache`. */
async function offlineWith(cache: QueryClient) {
  const user = `queued-files-${++users}`;
  await openOfflineCopy(cache, user);
  const sync = offlineSyncOf(user, cache);
  return sync.queue;
}

const stored = (id: string, n: number): Attachment => ({
  id,
  slot: 'summaryImages',
  imageType: 'overview',
  category: null,
  position: n,
  displayName: `stored-${n}.jpg`,
  mediaType: 'image/jpeg',
  size: 10,
  url: `/api/files/${id}`,
  createdAt: '2026-12-01T08:00:00.000Z',
});

describe('photos saved offline show from the queue until the sync', () => {
  it('a measurement added with a photo is in its list with the photo, read from the queue’s bytes', async () => {
    const cache = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    // The user's copy opened first (as at sign-in: opening it for another user than the page's last
    // empties the cache), then the table's page read.
    const queue = await offlineWith(cache);
    cache.setQueryData(pageKey, { records: [], meta: { pageNumber: 1, pageSize: 25, totalCount: 0 } });
    await callRoute(routeOf('POST /thermal-measurements'), {
      body: {
        values: { thermalAnalysisId: analysisId, tagNumber: 'F-07-T' },
        images: { thermalImage: jpeg('hot.jpg') },
      },
      queueOffline: 'Thermal measurement',
      queuedIn: [rowsKey],
    });
    const [change] = await queue.list();
    const photo = { url: `queued-file:${change!.key}:0`, mediaType: 'image/jpeg', displayName: 'hot.jpg' };
    expect(change!.shows!.values.thermalImage).toMatchObject({ ...photo, size: 4 });

    // The table's page shows the row with it (what counts "1 image"), the queue holds its bytes.
    await waitFor(
      () =>
        expect(cache.getQueryData<{ records: Record<string, unknown>[] }>(pageKey)!.records[0]).toMatchObject(
          {
            tagNumber: 'F-07-T',
            thermalImage: photo,
          },
        ),
      { timeout: 5000 },
    );
    const bytes = await queue.file(change!.key, 0);
    expect(bytes?.type).toBe('image/jpeg');
    expect([...new Uint8Array(await readBytes(bytes!))]).toEqual([0xff, 0xd8, 0xff, 1]);

    // Its details draw it from those bytes: no "not on this device", no call to the server.
    vi.mocked(URL.createObjectURL).mockClear();
    const row = cache.getQueryData<{ records: Record<string, unknown>[] }>(pageKey)!.records[0]!;
    renderWithProviders(
      <RecordDrawer entity={thermalMeasurement} record={row} title="F-07-T" onClose={() => {}} />,
    );
    await waitFor(() => expect(URL.createObjectURL).toHaveBeenCalled(), { timeout: 5000 });
    const drawn = vi.mocked(URL.createObjectURL).mock.calls[0]![0] as Blob;
    expect([...new Uint8Array(await readBytes(drawn))]).toEqual([0xff, 0xd8, 0xff, 1]);
    expect(screen.queryByText('Photo not on this device — shown when online')).toBeNull();
  });

  it('a list shows the stored photos it keeps and the new ones, in order', () => {
    const kept = '0b6f7c1e-8c1d-4c57-9d55-2a4f1f7e9a01';
    const dropped = '0b6f7c1e-8c1d-4c57-9d55-2a4f1f7e9a02';
    const input = {
      values: { remarks: 'ok' },
      imageLists: {
        summaryImages: [
          { file: jpeg('new-1.jpg'), imageType: 'leak', displayName: '' },
          { id: kept, imageType: 'closeUp', displayName: 'Flange' },
          { file: jpeg('new-2.jpg'), imageType: 'overview', displayName: 'Rack' },
        ],
      },
      previous: { id: 'summary', summaryImages: [stored(kept, 0), stored(dropped, 1)] },
    };
    const form = new FormData();
    form.append('remarks', 'ok');
    form.append('summaryImages', input.imageLists.summaryImages[0]!.file!);
    form.append('summaryImages', input.imageLists.summaryImages[2]!.file!);
    const shown = queuedFilesShown(walkthroughSummary, 'k1', form, input, '2026-12-04T08:00:00.000Z');
    expect(
      (shown.summaryImages as Attachment[]).map((a) => [a.url, a.position, a.imageType, a.displayName]),
    ).toEqual([
      ['queued-file:k1:0', 0, 'leak', 'new-1.jpg'],
      [`/api/files/${kept}`, 1, 'closeUp', 'Flange'],
      ['queued-file:k1:1', 2, 'overview', 'Rack'],
    ]);
  });

  it('an edited resend of a refused change no longer shows the photos its form left behind', async () => {
    const cache = new QueryClient();
    const queue = await offlineWith(cache);
    const rowId = '22222222-2222-4222-8222-222222222222';
    await callApi('PUT /thermal-measurements', {
      query: { id: rowId },
      body: {
        values: { tagNumber: 'P-1' },
        images: { thermalImage: jpeg('a.jpg') },
        previous: { id: rowId, version: 2 },
      },
      queueOffline: 'Thermal measurement',
    });
    const [change] = await queue.list();
    expect(change!.shows!.values.thermalImage).toMatchObject({ url: `queued-file:${change!.key}:0` });
    await queue.update(change!.key, { state: 'refused' });
    const resent = await queue.retry(change!.key, {
      method: 'PUT',
      path: change!.path,
      body: { tagNumber: 'P-2', version: 2 },
    });
    // The values sent (and what the device works out from them), no photo.
    expect(resent.shows!.values).toMatchObject({ tagNumber: 'P-2' });
    expect(resent.shows!.values).not.toHaveProperty('thermalImage');
  });
});
