import 'fake-indexeddb/auto';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { serveMockApi } from '../api/test-server.ts';
import { openOfflineCopy, takeOffline } from '../engine/offline-copy.ts';
import { stopChangeSync } from '../engine/offline-queue/sync-runner.ts';
import { renderWithRouter } from '../test/render.tsx';
import { OfflineIndicator } from './OfflineIndicator.tsx';

serveMockApi();

const photo = (n: number) => ({
  id: `00000000-0000-4000-8000-00000000000${n}`,
  url: `/api/files/00000000-0000-4000-8000-00000000000${n}`,
  mediaType: 'image/jpeg',
});

describe('OfflineIndicator: the photos of a task on the device', () => {
  it('counts the photos kept, and says which were left out by the cap or could not be read', async () => {
    const user = userEvent.setup();
    const userId = 'indicator-photos-user';
    const client = new QueryClient();
    await openOfflineCopy(client, userId);
    const load = async () => {
      await client.fetchQuery({
        queryKey: ['report', 'r1'],
        queryFn: async () => ({ records: [1, 2, 3, 4].map((n) => ({ id: `row-${n}`, image: photo(n) })) }),
      });
      return [['report', 'r1']];
    };
    await takeOffline(client, userId, { taskId: 't1', name: 'WO-9 · Thermal analysis' }, load, undefined, {
      fetchPhoto: async (url) => {
        if (url.endsWith('1')) throw new Error('no network');
        return new Blob([new Uint8Array(10)], { type: 'image/jpeg' });
      },
      reduce: async (blob) => blob,
      cap: { photos: 2, bytes: 1000 },
    });

    // The task is a link to its page: drawn in a router.
    renderWithRouter({ '/': () => <OfflineIndicator userId={userId} /> }, '/');
    await user.click(await screen.findByRole('button', { name: /1 task on this device/ }, { timeout: 5000 }));
    const dialog = await screen.findByRole('dialog', undefined, { timeout: 5000 });
    expect(await within(dialog).findByText('2 photos', undefined, { timeout: 5000 })).toBeInTheDocument();
    expect(
      within(dialog).getByText('1 photo left out (at most 500 photos or 200 MB a task)'),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('1 photo could not be read: refresh to try again')).toBeInTheDocument();
    stopChangeSync();
  });
});
