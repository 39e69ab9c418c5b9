import 'fake-indexeddb/auto';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { onlineManager } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { i18n } from '../i18n/index.ts';
import { serveMockApi } from '../api/test-server.ts';
import { startChangeSync } from '../engine/offline-queue/sync-runner.ts';
import { renderWithProviders } from '../test/render.tsx';
import { OfflineIndicator } from './OfflineIndicator.tsx';
import { oldChangesOf, QueuedChanges } from './QueuedChanges.tsx';
import { syncStatus } from '../engine/offline-queue/sync-status.ts';
import { backOnlineAfterEach, offlineSyncOf } from '../test/offline.ts';

serveMockApi();
backOnlineAfterEach();

describe('OfflineIndicator: the changes made on the device', () => {
  it('counts the changes waiting, lists the refused with their reason, and Discard takes one off', async () => {
    const user = userEvent.setup();
    // No server to send to: the changes stay queued.
    const sync = offlineSyncOf('indicator-user');
    await sync.queue.enqueue({ method: 'POST', path: '/rows', body: { n: 1 }, label: 'Thermal measurement' });
    await sync.queue.enqueue({ method: 'POST', path: '/rows', body: { n: 2 }, label: 'Thermal measurement' });
    const refused = await sync.queue.enqueue({
      method: 'PUT',
      path: '/rows?id=1',
      body: { n: 3 },
      label: 'Thermal analysis',
    });
    await sync.queue.update(refused.key, {
      state: 'refused',
      refusal: { status: 400, code: 'VALIDATION_ERROR', message: 'The report is locked', details: [] },
    });

    renderWithProviders(<OfflineIndicator userId="indicator-user" />);
    // Two waiting and one refused: three the user has still to see synced, said in the button's name.
    const button = await screen.findByRole('button', { name: /^Offline.*3 changes waiting/ });
    await user.click(button);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('2 changes waiting to sync')).toBeInTheDocument();
    // Sending needs the server: held back offline with the reason.
    expect(within(dialog).getByRole('button', { name: 'Sync now' })).toHaveAttribute('aria-disabled', 'true');
    expect(within(dialog).getByText('Not accepted by the server')).toBeInTheDocument();
    expect(within(dialog).getByText('The report is locked')).toBeInTheDocument();

    await user.click(
      within(dialog).getByRole('button', { name: 'Discard Thermal analysis: it will not be sent' }),
    );
    await waitFor(() => expect(within(dialog).queryByText('The report is locked')).not.toBeInTheDocument());
    expect(await sync.queue.list()).toHaveLength(2);
    expect(screen.getByRole('button', { name: /^Offline.*2 changes waiting/ })).toBeInTheDocument();
  });

  it('names each refused change by its record beside its label; one queued before names were kept, by its label', async () => {
    const user = userEvent.setup();
    const sync = offlineSyncOf('naming-user');
    const refusal = { status: 400, code: 'VALIDATION_ERROR', message: 'The report is locked', details: [] };
    for (const name of ['PL-102-S03', 'PL-102-S04', undefined]) {
      const change = await sync.queue.enqueue({
        method: 'PUT',
        path: '/rows?id=1',
        body: {},
        label: 'Thermal measurement',
        name,
      });
      await sync.queue.update(change.key, { state: 'refused', refusal });
    }

    renderWithProviders(<OfflineIndicator userId="naming-user" />);
    await user.click(await screen.findByRole('button', { name: /^Offline.*3 changes waiting/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Thermal measurement · PL-102-S03')).toBeInTheDocument();
    expect(within(dialog).getByText('Thermal measurement · PL-102-S04')).toBeInTheDocument();
    expect(within(dialog).getByText('Thermal measurement')).toBeInTheDocument();
    // The buttons say which record they act on.
    expect(
      within(dialog).getByRole('button', {
        name: 'Discard Thermal measurement · PL-102-S04: it will not be sent',
      }),
    ).toBeInTheDocument();
  });

  it('offers a conflict’s comparison and a refusal’s Edit (with the server), says what waits, and opens the form', async () => {
    const user = userEvent.setup();
    const sync = startChangeSync('resolving-user', { probe: async () => false, retryByItself: false });
    const create = await sync.queue.enqueue({
      method: 'POST',
      path: '/thermal-measurements',
      body: { id: '0b0c6a53-50f4-4c3e-9d5f-1b4f7b9f2a10', thermalAnalysisId: 'a-1', tagNumber: 'F-07-S' },
      label: 'Thermal measurement',
    });
    await sync.queue.enqueue({
      method: 'PUT',
      path: '/thermal-measurements?id=0b0c6a53-50f4-4c3e-9d5f-1b4f7b9f2a10',
      body: { tagNumber: 'F-07-S2', version: 1 },
      dependsOn: [create.key],
      label: 'Thermal measurement',
    });
    const update = await sync.queue.enqueue({
      method: 'PUT',
      path: '/thermal-analysis',
      body: { id: 'a-1', result: 'Retorque', version: 2 },
      label: 'Thermal analysis',
    });
    await sync.queue.update(create.key, {
      state: 'refused',
      refusal: { status: 409, code: 'CONFLICT', message: 'The report is submitted', details: [] },
    });
    await sync.queue.update(update.key, {
      state: 'conflict',
      refusal: { status: 409, code: 'CONFLICT', message: 'changed by someone else', details: [] },
    });

    act(() => onlineManager.setOnline(false));
    renderWithProviders(<OfflineIndicator userId="resolving-user" />);
    await user.click(await screen.findByRole('button', { name: /^Offline.*3 changes waiting/ }));
    let dialog = await screen.findByRole('dialog');
    // The refused create holds back the update of the row it makes, and says so.
    expect(await within(dialog).findByText('1 change waits for this one')).toBeInTheDocument();
    // Opening reads the record as stored now: held back offline.
    const resolve = within(dialog).getByRole('button', { name: 'Compare and resolve Thermal analysis' });
    expect(resolve).toHaveAttribute('aria-disabled', 'true');

    act(() => onlineManager.setOnline(true));
    await waitFor(() =>
      expect(
        within(screen.getByRole('dialog')).getByRole('button', {
          name: 'Compare and resolve Thermal analysis',
        }),
      ).not.toHaveAttribute('aria-disabled'),
    );
    dialog = screen.getByRole('dialog');
    await user.click(
      within(dialog).getByRole('button', { name: 'Edit Thermal measurement and send it again' }),
    );
    // The form is loaded when first opened.
    const form = await screen.findByRole('dialog', { name: 'Edit Thermal measurement' }, { timeout: 15_000 });
    expect(within(form).getByText('The report is submitted')).toBeInTheDocument();
    expect(within(form).getByLabelText(/^Tag number/)).toHaveValue('F-07-S');
  });

  it('says a change made 27 days ago is to be synced soon, and why the sync stopped, in English and Indonesian', async () => {
    const user = userEvent.setup();
    const sync = startChangeSync('old-change-user', { probe: async () => false, retryByItself: false });
    const day = 24 * 60 * 60 * 1000;
    // Made 27 days ago (only the clock is moved back: the queue's database runs as ever).
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() - 27 * day - 60_000);
    await sync.queue.enqueue({ method: 'POST', path: '/rows', body: { n: 1 }, label: 'Thermal measurement' });
    vi.useRealTimers();
    await sync.queue.enqueue({ method: 'POST', path: '/rows', body: { n: 2 }, label: 'Thermal measurement' });
    // The server does not answer the sync's probe: it stops short and says why.
    await sync.run();

    renderWithProviders(<OfflineIndicator userId="old-change-user" />);
    const button = await screen.findByRole('button', {
      name: /^Online.*2 changes waiting.*\(made 27 days ago: sync it soon\)/,
    });
    expect(within(button).getByTestId('changes-waiting')).toHaveTextContent('2');
    await user.click(button);
    const dialog = await screen.findByRole('dialog');
    expect(
      within(dialog).getByText(
        'Made 27 days ago: sync it soon — after 30 days the server no longer recognises a resend.',
      ),
    ).toBeInTheDocument();
    expect(
      within(dialog).getByText('The server cannot be reached: the changes wait on this device.'),
    ).toBeInTheDocument();

    await act(() => i18n.changeLanguage('id'));
    try {
      expect(
        await within(dialog).findByText(
          'Dibuat 27 hari lalu: segera sinkronkan — setelah 30 hari server tidak lagi mengenali pengiriman ulangnya.',
        ),
      ).toBeInTheDocument();
      expect(
        within(dialog).getByText('Server tidak dapat dihubungi: perubahan menunggu di perangkat ini.'),
      ).toBeInTheDocument();
    } finally {
      await act(() => i18n.changeLanguage('en'));
    }
  });

  it('says how far a change’s files are sent, in English and Indonesian', async () => {
    const mib = 1024 * 1024;
    const bytes = { sent: Math.round(3.1 * mib), total: 12 * mib };
    const sync = { ...syncStatus.get(), pending: 2, syncing: true, progress: { sent: 0, total: 2, bytes } };
    const calls = { syncNow: vi.fn(), discard: vi.fn(), settle: vi.fn() };
    renderWithProviders(<QueuedChanges sync={{ ...sync, ...calls }} />);
    expect(screen.getByRole('status')).toHaveTextContent('Syncing 1 of 2');
    expect(screen.getByText('Sending files: 3.1 MB of 12 MB')).toBeInTheDocument();

    await act(() => i18n.changeLanguage('id'));
    try {
      expect(await screen.findByText('Mengirim berkas: 3,1 MB dari 12 MB')).toBeInTheDocument();
    } finally {
      await act(() => i18n.changeLanguage('en'));
    }
  });

  it('counts a change old from 25 days, and past the 30 days of keys as such', () => {
    const now = new Date('2026-12-04T12:00:00Z');
    const ago = (days: number) => new Date(now.getTime() - days * 24 * 60 * 60 * 1000).toISOString();
    expect(oldChangesOf({ pendingMadeAt: [ago(24.9), ago(1)] }, now)).toBeUndefined();
    expect(oldChangesOf({ pendingMadeAt: [ago(25), ago(1)] }, now)).toMatchObject({
      words: 'offline.oldChange',
      params: { n: 1, days: 25, limit: 30 },
    });
    expect(oldChangesOf({ pendingMadeAt: [ago(31), ago(26)] }, now)).toMatchObject({
      words: 'offline.expiredChanges',
      badge: 'offline.oldBadges',
      params: { n: 2, days: 31 },
    });
  });
});
