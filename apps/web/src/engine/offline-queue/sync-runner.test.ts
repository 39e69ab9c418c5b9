import 'fake-indexeddb/auto';
import { http, HttpResponse } from 'msw';
import { createElement } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, envelope, errorResponse, server, serveMockApi, signedInAs } from '../../api/test-server.ts';
import { createStore, setMany } from 'idb-keyval';
import { ChangeQueue, queueDatabaseName } from './change-queue.ts';
import {
  ChangeSync,
  heldBy,
  queueChange,
  retryDelayMs,
  settleChange,
  startChangeSync,
  stopChangeSync,
} from './sync-runner.ts';
import { useChangeSync } from './useChangeSync.ts';
import { queueWrite } from './queue-write.ts';
import { routeOf } from '../../api/calls.ts';
import { syncStatus } from './sync-status.ts';

serveMockApi();
afterEach(() => stopChangeSync());

let userCount = 0;
const newUser = () => `sync-user-${++userCount}`;

/** Signs the browser in as `user`, with the profile the sync's probe reads. */
const signIn = (user: string) => signedInAs({ permissions: [], id: user });

type Behaviour = 'write' | 'drop' | 'loseAnswer' | 'fault' | 'stillRunning';

/**
 * The server's writes as the API keeps them (docs/offline-capture.md, part 1): a key seen before
 * answers its kept answer and writes nothing. `next` says what the coming requests meet, in turn
 * (then every one is written): the network dropped before the server saw it, the answer lost after
 * it wrote, a fault, the key still running.
 */
function keyedServer(o: { refuse?: (body: Record<string, unknown>) => Response | undefined } = {}) {
  const written: { key: string; path: string; body: Record<string, unknown> }[] = [];
  const seen: string[] = [];
  const answers = new Map<string, Response>();
  const next: Behaviour[] = [];
  const handle = async ({ request }: { request: Request }) => {
    const key = request.headers.get('idempotency-key') ?? '';
    seen.push(key);
    const behaviour = next.shift() ?? 'write';
    if (behaviour === 'drop') return HttpResponse.error();
    if (behaviour === 'fault') return errorResponse(500, 'INTERNAL_ERROR', 'Something went wrong');
    if (behaviour === 'stillRunning') {
      return HttpResponse.json(
        { data: null, statusCode: 409, message: 'still being processed', error: { code: 'CONFLICT' } },
        { status: 409, headers: { 'Retry-After': '1' } },
      );
    }
    const kept = answers.get(key);
    if (kept) return kept.clone();
    const path = new URL(request.url).pathname.replace(/^\/api/, '');
    const body = (await request.json()) as Record<string, unknown>;
    const answer = o.refuse?.(body) ?? HttpResponse.json(envelope({ id: `${written.length + 1}`, ...body }));
    if (answer.ok) written.push({ key, path, body });
    answers.set(key, answer.clone());
    return behaviour === 'loseAnswer' ? HttpResponse.error() : answer;
  };
  server.use(http.post(api('/rows'), handle), http.put(api('/rows/:id'), handle));
  return { written, seen, next };
}

/** A sync as the app starts it, but run by the test (no timers). */
const syncOf = (user: string) => new ChangeSync(user, { retryByItself: false });

const rows = (queue: ChangeQueue, names: string[]) =>
  Promise.all(names.map((n) => queue.enqueue({ method: 'POST', path: '/rows', body: { n } })));

/**
 * A new user signed in, the keyed server, and the user's sync with these rows queued in order:
 * what most tests start from (`answers`: the keyed server's refusals). `made`: the changes queued.
 */
async function queued(names: string[], answers?: Parameters<typeof keyedServer>[0]) {
  const user = newUser();
  signIn(user);
  const backend = keyedServer(answers);
  const sync = syncOf(user);
  const made = [];
  for (const n of names) made.push(await sync.queue.enqueue({ method: 'POST', path: '/rows', body: { n } }));
  return { user, backend, sync, made };
}

describe('the sync of the queue', () => {
  it('sends every change once, in order, each under its own key, and empties the queue', async () => {
    const { backend, sync, made } = await queued(['a', 'b', 'c']);

    await sync.run();
    expect(backend.written.map((w) => [w.key, w.body.n])).toEqual(
      made.map((c, i) => [c.key, ['a', 'b', 'c'][i]]),
    );
    expect(await sync.queue.list()).toEqual([]);
  });

  it('completes after a network drop mid-sync, on the next run, with nothing written twice', async () => {
    const { backend, sync } = await queued(['a', 'b', 'c']);

    backend.next.push('write', 'drop');
    await sync.run();
    expect(backend.written.map((w) => w.body.n)).toEqual(['a']);
    expect((await sync.queue.list()).map((c) => [c.body, c.state, c.attempts])).toEqual([
      [{ n: 'b' }, 'waiting', 1],
      [{ n: 'c' }, 'waiting', 0],
    ]);
    expect(syncStatus.get().lastError).toEqual({ reason: 'noAnswer' });

    await sync.run();
    expect(backend.written.map((w) => w.body.n)).toEqual(['a', 'b', 'c']);
    expect(await sync.queue.list()).toEqual([]);
    expect(syncStatus.get().lastError).toBeUndefined();
  });

  it('sends a queue of 500 changes once each, in order, through a network drop half way', async () => {
    const names = Array.from({ length: 500 }, (_, i) => `row-${i + 1}`);
    const { backend, sync, made } = await queued(names);

    // The network drops at the 251st request: the run stops there, the rest waits on the device.
    backend.next.push(...Array<Behaviour>(250).fill('write'), 'drop');
    await sync.run();
    expect(backend.written).toHaveLength(250);
    expect(await sync.queue.list()).toHaveLength(250);

    await sync.run();
    expect(backend.written.map((w) => w.body.n)).toEqual(names);
    expect(backend.written.map((w) => w.key)).toEqual(made.map((c) => c.key));
    expect(new Set(backend.written.map((w) => w.key)).size).toBe(500);
    expect(await sync.queue.list()).toEqual([]);
  }, 120_000);

  it('sends a change whose answer was lost again under the same key: the server’s replay writes nothing', async () => {
    const {
      backend,
      sync,
      made: [first, second],
    } = await queued(['a', 'b']);

    // The server wrote `a`, then the network lost its answer: the device cannot know it was written.
    backend.next.push('loseAnswer');
    await sync.run();
    expect((await sync.queue.list()).map((c) => c.key)).toContain(first!.key);

    await sync.run();
    expect(backend.seen.filter((k) => k === first!.key)).toHaveLength(2);
    expect(backend.written.map((w) => w.key).sort()).toEqual([first!.key, second!.key].sort());
    expect(await sync.queue.list()).toEqual([]);
  });

  it('never sends a change twice itself: runs asked for together are one run', async () => {
    const { backend, sync, made } = await queued(['a', 'b', 'c', 'd']);

    await Promise.all([sync.run(), sync.run(), sync.run()]);
    expect(backend.seen.sort()).toEqual(made.map((c) => c.key).sort());
    expect(backend.written).toHaveLength(4);
  });

  it('sends a whole queue again (the device lost track of what it synced): each change written once', async () => {
    const { user, backend, sync } = await queued(['a', 'b', 'c']);
    const copies = await sync.queue.list();
    await sync.run();
    expect(backend.written).toHaveLength(3);

    // The queue as it stood before the sync is back on the device (its record of the answers lost).
    const store = createStore(queueDatabaseName(user), 'changes');
    await setMany(
      copies.map((change) => [`change:${change.key}`, change]),
      store,
    );
    await syncOf(user).run();
    expect(backend.seen).toEqual([...copies, ...copies].map((change) => change.key));
    expect(backend.written.map((w) => w.body.n)).toEqual(['a', 'b', 'c']);
    expect(await sync.queue.list()).toEqual([]);
  });

  it('resends a change found "sending" after a reload, under the same key', async () => {
    const {
      user,
      backend,
      sync: before,
      made: [change],
    } = await queued(['a']);
    // The page was closed while the change was on its way (written before the try).
    await before.queue.update(change!.key, { state: 'sending' });

    await syncOf(user).run();
    expect(backend.seen).toEqual([change!.key]);
    expect(backend.written).toHaveLength(1);
  });

  it('keeps a refusal with its reason; what depends on it waits, the rest goes on', async () => {
    const { backend, sync } = await queued([], {
      refuse: (body) =>
        body.n === 'bad'
          ? HttpResponse.json(
              {
                data: null,
                statusCode: 400,
                message: 'Location is required',
                error: { code: 'VALIDATION_ERROR', details: [{ path: 'location', message: 'Required' }] },
              },
              { status: 400 },
            )
          : undefined,
    });
    const inspection = await sync.queue.enqueue({ method: 'POST', path: '/rows', body: { n: 'bad' } });
    const row = await sync.queue.enqueue({
      method: 'POST',
      path: '/rows',
      body: { n: 'row' },
      dependsOn: [inspection.key],
    });
    const other = await sync.queue.enqueue({ method: 'POST', path: '/rows', body: { n: 'other' } });

    await sync.run();
    expect(backend.written.map((w) => w.key)).toEqual([other.key]);
    const [refused, waiting] = await sync.queue.list();
    expect(refused).toMatchObject({
      key: inspection.key,
      state: 'refused',
      refusal: {
        status: 400,
        code: 'VALIDATION_ERROR',
        message: 'Location is required',
        details: [{ path: 'location', message: 'Required' }],
      },
    });
    expect(waiting).toMatchObject({ key: row.key, state: 'waiting' });
    expect(syncStatus.get().refused.map((c) => c.key)).toEqual([inspection.key]);
    expect(syncStatus.get().pending).toBe(1);
    // Run again: the refusal is not sent again by itself, nor what waits on it.
    await sync.run();
    expect(backend.seen.filter((k) => k === inspection.key || k === row.key)).toEqual([inspection.key]);

    // The user corrects it: a new change with a new key, then what waited on it follows.
    const corrected = await sync.queue.retry(inspection.key, {
      method: 'POST',
      path: '/rows',
      body: { n: 'good' },
    });
    await sync.run();
    expect(backend.written.map((w) => w.key)).toEqual([other.key, corrected.key, row.key]);
    expect(await sync.queue.list()).toEqual([]);
  });

  /** An update sent to a server answering it with `answer`: the change as the queue then keeps it. */
  async function updateAnswered(answer: () => Response) {
    const user = newUser();
    signIn(user);
    server.use(http.put(api('/rows/:id'), answer));
    const sync = syncOf(user);
    const update = await sync.queue.enqueue({
      method: 'PUT',
      path: '/rows/r1',
      body: { n: 'x', version: 2 },
    });
    await sync.run();
    return sync.queue.find(update.key);
  }

  it('marks an update someone else saved meanwhile as a conflict, kept with the server’s message', async () => {
    expect(
      await updateAnswered(() =>
        errorResponse(409, 'CONFLICT', 'Row was changed by someone else (now version 3, you sent 2).'),
      ),
    ).toMatchObject({
      state: 'conflict',
      refusal: { status: 409, code: 'CONFLICT', message: expect.stringMatching(/changed by someone else/) },
    });
  });

  it('refuses, not conflicts, an update a locked report holds (its 409 names the report’s status)', async () => {
    const locked =
      'This report (RPT-1 · Panel) is submitted; records under it cannot be created, changed or deleted.';
    const error = { code: 'CONFLICT', details: [{ path: 'status', message: 'The report is submitted' }] };
    expect(
      await updateAnswered(() =>
        HttpResponse.json({ data: null, statusCode: 409, message: locked, error }, { status: 409 }),
      ),
    ).toMatchObject({
      state: 'refused',
      refusal: { status: 409, message: locked, details: [{ path: 'status' }] },
    });
  });

  it('counts, per refusal, the changes that wait for it, through other waiting changes too', async () => {
    const user = newUser();
    const queue = new ChangeQueue(user);
    const inspection = await queue.enqueue({ method: 'POST', path: '/rows', body: { n: 'inspection' } });
    const row = await queue.enqueue({
      method: 'POST',
      path: '/rows',
      body: { n: 'row' },
      dependsOn: [inspection.key],
    });
    await queue.enqueue({ method: 'PUT', path: '/rows/1', body: { n: 'edit' }, dependsOn: [row.key] });
    const conflict = await queue.enqueue({ method: 'PUT', path: '/rows/2', body: { n: 'x', version: 1 } });
    await queue.update(inspection.key, { state: 'refused' });
    await queue.update(conflict.key, { state: 'conflict' });
    expect(heldBy(await queue.list())).toEqual({ [inspection.key]: 2 });
    await queue.update(inspection.key, { state: 'waiting' });
    expect(heldBy(await queue.list())).toEqual({});
  });

  it('keeps with each queued change the record it was made from, and settling one sends what waited on it', async () => {
    const user = newUser();
    signIn(user);
    const backend = keyedServer();
    const sync = startChangeSync(user, { probe: async () => false, retryByItself: false });
    const read = { id: 'r1', n: 'as read', version: 4 };
    const first = await queueChange({
      method: 'PUT',
      path: '/rows/r1',
      body: { n: 'mine', version: 4 },
      base: read,
    });
    const second = await queueChange({ method: 'POST', path: '/rows', body: { n: 'new' } });
    expect((await sync.queue.find(first.key))?.base).toEqual(read);
    expect((await sync.queue.find(second.key))?.base).toBeUndefined();
    const third = await queueChange({
      method: 'POST',
      path: '/rows',
      body: { n: 'then' },
      dependsOn: [first.key],
    });

    // The first refused, then settled online by the user: it leaves the queue, its dependent is sent.
    await sync.queue.update(first.key, { state: 'conflict' });
    await sync.queue.update(second.key, { state: 'refused' });
    stopChangeSync();
    const online = startChangeSync(user, { retryByItself: false });
    await online.run();
    expect(backend.written).toEqual([]);
    await settleChange(first.key);
    expect(backend.written.map((w) => w.key)).toEqual([third.key]);
    expect((await online.queue.list()).map((c) => c.key)).toEqual([second.key]);
  });

  it('tries again later, same key, after a fault, or while the key is still being processed', async () => {
    const {
      backend,
      sync,
      made: [change],
    } = await queued(['a']);

    backend.next.push('fault');
    await sync.run();
    expect(await sync.queue.find(change!.key)).toMatchObject({ state: 'waiting', attempts: 1 });
    // Why, as a reason the indicator says in the user's language.
    expect(syncStatus.get().lastError).toEqual({ reason: 'serverFault', status: 500 });
    backend.next.push('stillRunning');
    await sync.run();
    expect(await sync.queue.find(change!.key)).toMatchObject({ state: 'waiting', attempts: 2 });
    expect(syncStatus.get().lastError).toEqual({ reason: 'stillWriting', status: 409 });
    await sync.run();
    expect(backend.seen).toEqual([change!.key, change!.key, change!.key]);
    expect(backend.written).toHaveLength(1);
    // The server's own wait is honoured; without one the wait doubles, up to 5 minutes.
    expect(retryDelayMs(1, 1)).toBe(1000);
    expect(retryDelayMs(1, undefined)).toBeGreaterThanOrEqual(2000);
    expect(retryDelayMs(3, undefined)).toBeGreaterThanOrEqual(8000);
    expect(retryDelayMs(30, undefined)).toBeLessThanOrEqual(330_000);
  });

  it('sends nothing while the server does not answer its probe, whatever the browser says', async () => {
    const user = newUser();
    signIn(user);
    // Signed in, but the server's probe meets no answer (a handler added later is tried first).
    server.use(http.get(api('/auth/profile'), () => HttpResponse.error()));
    const backend = keyedServer();
    const sync = syncOf(user);
    await rows(sync.queue, ['a']);
    await sync.run();
    expect(backend.seen).toEqual([]);
    expect(syncStatus.get()).toMatchObject({ reachable: false, lastError: { reason: 'unreachable' } });

    signIn(user);
    await sync.run();
    expect(backend.written).toHaveLength(1);
    expect(syncStatus.get().reachable).toBe(true);
  });

  it('sends only the signed-in user’s queue', async () => {
    const owner = newUser();
    const other = newUser();
    const ownerQueue = new ChangeQueue(owner);
    await rows(ownerQueue, ['mine']);
    signIn(other);
    const backend = keyedServer();
    await syncOf(other).run();
    expect(backend.seen).toEqual([]);
    expect(await ownerQueue.list()).toHaveLength(1);
  });

  it('tells the screens how many changes wait and which were refused, and sends what a reload left', async () => {
    const user = newUser();
    signIn(user);
    const left = await rows(new ChangeQueue(user), ['left before the reload']);
    const backend = keyedServer({
      refuse: (body) => (body.n === 'bad' ? errorResponse(403, 'FORBIDDEN', 'Not allowed') : undefined),
    });
    // Started by the hook: what the last page left queued is sent.
    const queryClient = new QueryClient();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    const { result } = renderHook(() => useChangeSync(user), {
      wrapper: ({ children }) => createElement(QueryClientProvider, { client: queryClient }, children),
    });
    await waitFor(() => expect(backend.written.map((w) => w.key)).toEqual([left[0]!.key]));
    await waitFor(() => expect(result.current).toMatchObject({ userId: user, pending: 0, syncing: false }));
    // What the screens read before the change was written (its version among it) is read again.
    await waitFor(() => expect(invalidate).toHaveBeenCalled());

    const refused = await queueChange({ method: 'POST', path: '/rows', body: { n: 'bad' } });
    await waitFor(() =>
      expect(result.current.refused.map((c) => c.refusal?.message)).toEqual(['Not allowed']),
    );
    expect(result.current.refused[0]!.key).toBe(refused.key);
    expect(result.current.lastError).toBeUndefined();
  });
});

describe('a record saved more than once offline', () => {
  const analysisId = '44444444-4444-4444-8444-444444444444';

  /**
   * The server's records as the API keeps them by version: a create makes version 1, an update
   * must carry the version stored (else 409, the version conflict) and moves it one on.
   */
  function versionedServer() {
    const records = new Map<string, Record<string, unknown>>([
      [analysisId, { id: analysisId, result: 'as read', version: 4 }],
    ]);
    const update = async (id: string, request: Request) => {
      const body = (await request.json()) as Record<string, unknown>;
      const stored = records.get(id)!;
      if (body.version !== stored.version)
        return errorResponse(
          409,
          'CONFLICT',
          `Changed meanwhile (now ${stored.version}, sent ${body.version})`,
        );
      const next = { ...stored, ...body, version: (stored.version as number) + 1 };
      records.set(id, next);
      return HttpResponse.json(envelope(next));
    };
    server.use(
      http.post(api('/thermal-measurements'), async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        records.set(body.id as string, { ...body, version: 1 });
        return HttpResponse.json(envelope(records.get(body.id as string)), { status: 201 });
      }),
      http.put(api('/thermal-measurements'), ({ request }) =>
        update(new URL(request.url).searchParams.get('id')!, request),
      ),
      http.put(api('/thermal-analysis'), async ({ request }) =>
        update(((await request.clone().json()) as { id: string }).id, request),
      ),
    );
    return records;
  }

  it('sends each later save with the version the earlier one will have made, after it: the server holds the last', async () => {
    const user = newUser();
    signIn(user);
    const records = versionedServer();
    // Offline: no server answers the sync's probe while the saves are made.
    startChangeSync(user, { probe: async () => false, retryByItself: false });
    const read = { id: analysisId, result: 'as read', version: 4 };
    // The screen keeps the version as read (4) until the sync: both saves give it as `previous`.
    for (const result of ['first', 'second'])
      await queueWrite(routeOf('PUT /thermal-analysis'), {
        body: { values: { id: analysisId, result }, previous: read },
      });
    const made = await queueWrite<{ id: string }>(routeOf('POST /thermal-measurements'), {
      body: { values: { thermalAnalysisId: analysisId, tagNumber: 'P-101' } },
    });
    const id = made.data.id;
    // Opened from the overlay: the record made on the device, at version 1.
    for (const tagNumber of ['P-102', 'P-103'])
      await queueWrite(routeOf('PUT /thermal-measurements'), {
        query: { id },
        body: { values: { tagNumber }, previous: { id, thermalAnalysisId: analysisId, version: 1 } },
      });

    const queue = new ChangeQueue(user);
    const [first, second, create, edit, again] = await queue.list();
    expect(
      [first, second, create, edit, again].map((c) => (c!.body as { version?: number }).version),
    ).toEqual([4, 5, undefined, 1, 2]);
    expect(second!.dependsOn).toEqual([first!.key]);
    expect(edit!.dependsOn).toEqual([create!.key]);
    expect(again!.dependsOn).toEqual([create!.key, edit!.key]);

    stopChangeSync();
    await startChangeSync(user, { retryByItself: false }).run();
    expect(await queue.list()).toEqual([]);
    expect(records.get(analysisId)).toMatchObject({ result: 'second', version: 6 });
    expect(records.get(id)).toMatchObject({ tagNumber: 'P-103', version: 3 });
  });
});
