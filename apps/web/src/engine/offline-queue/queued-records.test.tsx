import 'fake-indexeddb/auto';
import { act, screen } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { callApi, callRoute, routeOf } from '../../api/calls.ts';
import { serveMockApi } from '../../api/test-server.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { ChangeQueue } from './change-queue.ts';
import { answerWhenNew, queuedKeyOf } from './queued-mark.ts';
import { QueuedMark } from './QueuedMark.tsx';
import { startChangeSync, stopChangeSync } from './sync-runner.ts';
import { backOnlineAfterEach, offlineSyncOf } from '../../test/offline.ts';

serveMockApi();
backOnlineAfterEach();

let users = 0;
const analysisId = '11111111-1111-4111-8111-111111111111';
const rowId = '22222222-2222-4222-8222-222222222222';
const otherId = '33333333-3333-4333-8333-333333333333';
const row = { id: rowId, thermalAnalysisId: analysisId, tag: 'P-101', version: 3 };
const other = { id: otherId, thermalAnalysisId: analysisId, tag: 'P-200', version: 1 };
const rowsKey = ['technique', 'thermal', 'report-1', '', 'rows', analysisId, 'thermalMeasurement'];
const pageKey = (pageNumber: number) => [...rowsKey, 'page', { pageNumber, pageSize: 25 }];
const meta = (pageNumber: number) => ({ pageNumber, pageSize: 25, totalCount: 2, totalPages: 1 });

/** A cache as the screens left it (or as the offline copy put it back): a row, its page, its whole list. */
function cacheAsRead(): QueryClient {
  const cache = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  cache.setQueryData([...rowsKey, 'one', rowId], row);
  cache.setQueryData(pageKey(1), { records: [row, other], meta: meta(1) });
  cache.setQueryData(pageKey(2), { records: [], meta: meta(2) });
  cache.setQueryData([...rowsKey, 'all'], {
    records: [row, other],
    totalCount: 2,
    totalCountExact: true,
    complete: true,
  });
  return cache;
}

/** Offline, the user's sync started over `cache`, no server to send to. */
function offlineAs(cache: QueryClient, user = `shown-${++users}`) {
  const sync = offlineSyncOf(user, cache);
  return { user, sync };
}

const pageOf = (cache: QueryClient, n: number) =>
  cache.getQueryData<{ records: Record<string, unknown>[]; meta: { totalCount: number } }>(pageKey(n))!;

const editRow = () =>
  callApi('PUT /thermal-measurements', {
    query: { id: rowId },
    body: { values: { tag: 'P-101 retorqued' }, previous: row },
    queueOffline: 'Thermal measurement',
  });

describe('what the screens show of a change queued offline', () => {
  it('shows an update in every cached read of the record at once, its version as read', async () => {
    const cache = cacheAsRead();
    offlineAs(cache);
    await editRow();

    const one = cache.getQueryData<Record<string, unknown>>([...rowsKey, 'one', rowId])!;
    expect(one).toMatchObject({ id: rowId, tag: 'P-101 retorqued', version: 3 });
    expect(queuedKeyOf(one)).toBeDefined();
    expect(pageOf(cache, 1).records[0]).toMatchObject({ tag: 'P-101 retorqued', version: 3 });
    // The other records are as read, unmarked.
    expect(pageOf(cache, 1).records[1]).toEqual(other);
    const all = cache.getQueryData<{ records: Record<string, unknown>[] }>([...rowsKey, 'all'])!;
    expect(all.records[0]).toMatchObject({ tag: 'P-101 retorqued' });
  });

  it('leaves a read of the record as the server stores it as read (the comparison of a queued change)', async () => {
    const cache = cacheAsRead();
    offlineAs(cache);
    await editRow();
    // Answered offline too, as the device's copy answers: the queue is laid over what it shows.
    const read = { queryFn: async () => row, networkMode: 'always' } as const;
    await cache.fetchQuery({ queryKey: ['stored', rowId], ...read, meta: { asStored: true } });
    expect(cache.getQueryData(['stored', rowId])).toEqual(row);
    // The same answer under a read without the mark shows the queued values.
    await cache.fetchQuery({ queryKey: ['read', rowId], ...read });
    expect(cache.getQueryData(['read', rowId])).toMatchObject({ tag: 'P-101 retorqued' });
  });

  it('lays the queue over what the device reads after a reload, and over a read answered later', async () => {
    const first = cacheAsRead();
    const { user } = offlineAs(first);
    await editRow();
    stopChangeSync();

    // A new page: the cache as the offline copy kept it before the change (unpatched), the queue on disk.
    const reloaded = cacheAsRead();
    expect(reloaded.getQueryData<{ tag: string }>([...rowsKey, 'one', rowId])!.tag).toBe('P-101');
    startChangeSync(user, { probe: async () => false, retryByItself: false, cache: reloaded });
    await expect
      .poll(() => reloaded.getQueryData<{ tag: string }>([...rowsKey, 'one', rowId])!.tag)
      .toBe('P-101 retorqued');

    // A read answered with the server's record while the change still waits: the change shows.
    await reloaded.fetchQuery({
      queryKey: ['elsewhere', rowId],
      queryFn: async () => ({ ...row }),
      networkMode: 'always',
    });
    expect(reloaded.getQueryData<{ tag: string }>(['elsewhere', rowId])!.tag).toBe('P-101 retorqued');
  });

  it('puts a create on the first page of its list, marked, and answers its own read', async () => {
    const cache = cacheAsRead();
    offlineAs(cache);
    const created = await callRoute(routeOf('POST /thermal-measurements'), {
      body: { values: { thermalAnalysisId: analysisId, tag: 'P-300' } },
      queueOffline: 'Thermal measurement',
      queuedIn: [rowsKey],
    });
    const id = (created.data as { id: string }).id;

    const page = pageOf(cache, 1);
    expect(page.records.map((r) => r.id)).toEqual([id, rowId, otherId]);
    expect(page.records[0]).toMatchObject({ id, tag: 'P-300', version: 1 });
    expect(queuedKeyOf(page.records[0])).toBeDefined();
    expect(page.meta.totalCount).toBe(3);
    // Only the first page shows it.
    expect(pageOf(cache, 2).records).toEqual([]);
    // Opened from the list: its own read, which offline finds nothing on the device, answers it.
    cache.getQueryCache().build(cache, { queryKey: [...rowsKey, 'one', id] });
    expect(cache.getQueryData([...rowsKey, 'one', id])).toMatchObject({ id, tag: 'P-300' });

    // The mark a table shows beside it.
    renderWithProviders(<QueuedMark record={page.records[0]!} />);
    expect(screen.getByText('Waiting to sync')).toBeVisible();
  });

  it('answers the reads under an inspection made on the device: no rows, with the rows queued under it', async () => {
    const cache = cacheAsRead();
    offlineAs(cache);
    const reportKey = ['technique', 'thermal', 'report-2', ''];
    const inspection = await callRoute(routeOf('POST /thermal-analysis'), {
      body: { values: { reportHeaderId: '55555555-5555-4555-8555-555555555555', summary: 'Scanned' } },
      queueOffline: 'Thermal analysis',
      queuedIn: [[...reportKey, 'inspection']],
    });
    const newId = (inspection.data as { id: string }).id;
    const newRows = [...reportKey, 'rows', newId, 'thermalMeasurement'];
    // Read as the table and the profile read them: never read from the server, so nothing kept.
    const page = { pageNumber: 1, pageSize: 10 };
    const emptyPage = {
      records: [],
      meta: { ...page, totalCount: 0, totalPages: 0, totalCountExact: true },
    };
    const whole = { records: [], totalCount: 0, totalCountExact: true, complete: true };
    const read = (queryKey: unknown[], empty: unknown) =>
      cache.getQueryCache().build(cache, { queryKey, meta: answerWhenNew(empty) });
    read([...newRows, 'page', page], emptyPage);
    read([...newRows, 'all'], whole);
    // Nothing queued under it yet: the server's answer once synced, not "Not on this device".
    expect(cache.getQueryData([...newRows, 'page', page])).toEqual(emptyPage);
    expect(cache.getQueryData([...newRows, 'all'])).toEqual(whole);

    const row = await callRoute(routeOf('POST /thermal-measurements'), {
      body: { values: { thermalAnalysisId: newId, tag: 'P-400' } },
      queueOffline: 'Thermal measurement',
      queuedIn: [newRows],
    });
    const rowIdMade = (row.data as { id: string }).id;
    const shown = cache.getQueryData<{ records: Record<string, unknown>[]; meta: { totalCount: number } }>([
      ...newRows,
      'page',
      page,
    ])!;
    expect(shown.records).toEqual([expect.objectContaining({ id: rowIdMade, tag: 'P-400', version: 1 })]);
    expect(shown.meta.totalCount).toBe(1);
    expect(cache.getQueryData([...newRows, 'all'])).toMatchObject({
      records: [{ id: rowIdMade }],
      totalCount: 1,
    });
    // A read made on the same page later (the table opened after the row was queued) too.
    read([...newRows, 'page', { pageNumber: 1, pageSize: 25 }], {
      ...emptyPage,
      meta: { ...emptyPage.meta, pageSize: 25 },
    });
    expect(
      cache.getQueryData<{ records: unknown[] }>([...newRows, 'page', { pageNumber: 1, pageSize: 25 }])!
        .records,
    ).toHaveLength(1);
    // A read under a record the server holds, never read on the device: still not on this device.
    const elsewhere = ['technique', 'thermal', 'report-3', '', 'rows', otherId, 'thermalMeasurement', 'all'];
    read(elsewhere, whole);
    expect(cache.getQueryData(elsewhere)).toBeUndefined();
  });

  it('gives the record back to the server once its change leaves the queue', async () => {
    const cache = cacheAsRead();
    const { user } = offlineAs(cache);
    await editRow();
    const [change] = await new ChangeQueue(user).list();
    await act(() => new ChangeQueue(user).discard(change!.key));
    await expect.poll(() => cache.getQueryState([...rowsKey, 'one', rowId])!.isInvalidated).toBe(true);
  });
});
