import 'fake-indexeddb/auto';
import { onlineManager, QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  offlineCopyMaxAge,
  openOfflineCopy,
  readTakenTasks,
  removeOfflineCopy,
  removeTaken,
  takeOffline,
} from './offline-copy.ts';

/** A task's reads as a screen makes them: its key, and a call that counts how often it was made. */
function taskReads(client: QueryClient, taskId: string) {
  const calls = vi.fn(async () => ({ taskId, report: `report of ${taskId}` }));
  const load = async () => {
    await client.fetchQuery({ queryKey: ['task', taskId], queryFn: calls });
    return [['task', taskId]];
  };
  return { calls, load };
}

/** The app started again in a new page: a fresh cache that opens the user's copy. */
async function reopen(userId: string) {
  const client = new QueryClient();
  await openOfflineCopy(client, userId);
  return client;
}

let userCount = 0;
const newUser = () => `user-${++userCount}`;

afterEach(() => onlineManager.setOnline(true));

describe('the offline copy', () => {
  it('puts a taken task back into a new page’s cache, and answers it without a network', async () => {
    const user = newUser();
    const client = new QueryClient();
    await openOfflineCopy(client, user);
    const { load } = taskReads(client, 't1');
    // Something the user read that belongs to no taken task.
    await client.fetchQuery({ queryKey: ['elsewhere'], queryFn: async () => 'not kept' });
    await takeOffline(
      client,
      user,
      { taskId: 't1', name: 'WO-1 · Thermal' },
      load,
      new Date('2026-12-03T10:00:00Z'),
    );

    onlineManager.setOnline(false);
    const later = await reopen(user);
    const queryFn = vi.fn(async () => ({ taskId: 't1', report: 'from the server' }));
    // The screen's read answers from the device, without calling the server.
    expect(await later.ensureQueryData({ queryKey: ['task', 't1'], queryFn })).toEqual({
      taskId: 't1',
      report: 'report of t1',
    });
    expect(queryFn).not.toHaveBeenCalled();
    expect(later.getQueryData(['elsewhere'])).toBeUndefined();
    expect(await readTakenTasks(user)).toEqual([
      {
        taskId: 't1',
        name: 'WO-1 · Thermal',
        takenAt: '2026-12-03T10:00:00.000Z',
        keys: [['task', 't1']],
        // Its reads carry no photo.
        photos: { kept: {}, leftOut: 0, failed: 0 },
      },
    ]);
  });

  it('is never read by another user on the same device', async () => {
    const owner = newUser();
    const other = newUser();
    const client = new QueryClient();
    await openOfflineCopy(client, owner);
    await takeOffline(client, owner, { taskId: 't2', name: 'WO-2' }, taskReads(client, 't2').load);

    // Another user signs in on the same page: the owner's data leaves the cache.
    await openOfflineCopy(client, other);
    expect(client.getQueryData(['task', 't2'])).toBeUndefined();
    // Or in a new page: nothing of the owner's is put back for them.
    const theirs = await reopen(other);
    expect(theirs.getQueryData(['task', 't2'])).toBeUndefined();
    expect(await readTakenTasks(other)).toEqual([]);
    // The owner still has it.
    expect((await reopen(owner)).getQueryData(['task', 't2'])).toMatchObject({ taskId: 't2' });
  });

  it('is removed whole when its user signs out on purpose', async () => {
    const user = newUser();
    const client = new QueryClient();
    await openOfflineCopy(client, user);
    await takeOffline(client, user, { taskId: 't3', name: 'WO-3' }, taskReads(client, 't3').load);

    await removeOfflineCopy(user);
    expect(await readTakenTasks(user)).toEqual([]);
    expect((await reopen(user)).getQueryData(['task', 't3'])).toBeUndefined();
  });

  it('removes one task and keeps the others', async () => {
    const user = newUser();
    const client = new QueryClient();
    await openOfflineCopy(client, user);
    await takeOffline(client, user, { taskId: 'a', name: 'A' }, taskReads(client, 'a').load);
    await takeOffline(client, user, { taskId: 'b', name: 'B' }, taskReads(client, 'b').load);
    expect((await readTakenTasks(user)).map((t) => t.taskId)).toEqual(['b', 'a']);

    await removeTaken(client, user, 'a');
    const later = await reopen(user);
    expect(later.getQueryData(['task', 'a'])).toBeUndefined();
    expect(later.getQueryData(['task', 'b'])).toMatchObject({ taskId: 'b' });
    expect((await readTakenTasks(user)).map((t) => t.taskId)).toEqual(['b']);
  });

  it('refreshes a task taken again: one entry, its newer time and data', async () => {
    const user = newUser();
    const client = new QueryClient();
    await openOfflineCopy(client, user);
    const first = taskReads(client, 't4');
    await takeOffline(
      client,
      user,
      { taskId: 't4', name: 'WO-4' },
      first.load,
      new Date('2026-12-01T08:00:00Z'),
    );
    const again = async () => {
      await client.fetchQuery({
        queryKey: ['task', 't4'],
        queryFn: async () => ({ taskId: 't4', report: 'newer' }),
      });
      return [['task', 't4']];
    };
    await takeOffline(client, user, { taskId: 't4', name: 'WO-4' }, again, new Date('2026-12-03T08:00:00Z'));
    expect((await readTakenTasks(user)).map((t) => t.takenAt)).toEqual(['2026-12-03T08:00:00.000Z']);
    expect((await reopen(user)).getQueryData(['task', 't4'])).toEqual({ taskId: 't4', report: 'newer' });
  });

  it('lists nothing when loading fails, and keeps what was there', async () => {
    const user = newUser();
    const client = new QueryClient();
    await openOfflineCopy(client, user);
    const failing = async () => {
      throw new Error('Network error');
    };
    await expect(takeOffline(client, user, { taskId: 't5', name: 'WO-5' }, failing)).rejects.toThrow();
    expect(await readTakenTasks(user)).toEqual([]);
  });

  it('drops a copy older than its age limit rather than show it as current', async () => {
    const user = newUser();
    const client = new QueryClient();
    await openOfflineCopy(client, user);
    await takeOffline(client, user, { taskId: 't6', name: 'WO-6' }, taskReads(client, 't6').load);
    vi.useFakeTimers({ now: Date.now() + offlineCopyMaxAge + 60_000, toFake: ['Date'] });
    try {
      expect((await reopen(user)).getQueryData(['task', 't6'])).toBeUndefined();
    } finally {
      vi.useRealTimers();
    }
  });
});
