import 'fake-indexeddb/auto';
import type { Profile } from '@inspectra/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import {
  api,
  cookies,
  envelope,
  errorResponse,
  server,
  serveMockApi,
  setCookies,
} from '../api/test-server.ts';
import { draftKey, readDraft, readDraftImage, writeDraft, writeDraftImage } from '../engine/drafts.ts';
import { ChangeQueue } from '../engine/offline-queue/change-queue.ts';
import { startChangeSync, stopChangeSync } from '../engine/offline-queue/sync-runner.ts';
import { renderWithRouter } from '../test/render.tsx';
import { UserMenu } from './UserMenu.tsx';

serveMockApi();

const profile: Profile = {
  id: '00000000-0000-4000-8000-000000000001',
  username: 'inspector',
  fullName: 'Ina Spector',
  email: null,
  role: { id: '00000000-0000-4000-8000-000000000002', name: 'Inspector' },
  permissions: [],
};

/** The menu on a signed-in page with a cached query, and the sign-in page to land on. */
async function renderMenu() {
  const rendered = renderWithRouter(
    { '/reports': () => <UserMenu profile={profile} />, '/auth': () => <h1>Sign in</h1> },
    '/reports',
  );
  rendered.queryClient.setQueryData(['reports'], [{ id: 'r1', title: 'Confidential' }]);
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Account of Ina Spector' }));
  return { ...rendered, user };
}

describe('UserMenu', () => {
  it('signs out on the server with the refresh token, clears tokens and cache, and goes to sign-in', async () => {
    setCookies('access-1', 'refresh-1');
    const received: unknown[] = [];
    const headers: (string | null)[] = [];
    server.use(
      http.post(api('/auth/logout'), async ({ request }) => {
        headers.push(request.headers.get('authorization'));
        received.push(await request.json());
        return HttpResponse.json(envelope(null));
      }),
    );
    const { user, queryClient, router } = await renderMenu();

    await user.click(await screen.findByRole('menuitem', { name: 'Sign out' }));

    expect(await screen.findByRole('heading', { name: 'Sign in' }, { timeout: 5000 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth');
    expect(cookies()).toEqual({});
    expect(queryClient.getQueryData(['reports'])).toBeUndefined();
    await waitFor(() => expect(received).toEqual([{ refreshToken: 'refresh-1' }]));
    // Sign-out names the session by its refresh token, not by a bearer that may have expired.
    expect(headers).toEqual([null]);
  });

  it('signs out here even when the server cannot be reached', async () => {
    setCookies('access-1', 'refresh-1');
    server.use(http.post(api('/auth/logout'), () => HttpResponse.error()));
    const { user, queryClient } = await renderMenu();

    await user.click(await screen.findByRole('menuitem', { name: 'Sign out' }));

    expect(await screen.findByRole('heading', { name: 'Sign in' }, { timeout: 5000 })).toBeInTheDocument();
    expect(cookies()).toEqual({});
    expect(queryClient.getQueryData(['reports'])).toBeUndefined();
  });

  it("forgets the user's drafts on this device, and nobody else's", async () => {
    setCookies('access-1', 'refresh-1');
    server.use(http.post(api('/auth/logout'), () => HttpResponse.json(envelope(null))));
    const draft = {
      savedAt: '2026-11-23T10:00:00Z',
      baseVersion: null,
      base: {},
      inputs: { remarks: 'x' },
      images: {},
    };
    const mine = draftKey({ userId: profile.id, entity: 'thermalMeasurement', parentId: 'a1' });
    const theirs = draftKey({ userId: 'someone-else', entity: 'thermalMeasurement', parentId: 'a1' });
    const photo = new File([new Uint8Array([1, 2, 3])], 'IR_0042.jpg', { type: 'image/jpeg' });
    for (const key of [mine, theirs]) {
      writeDraft(key, { ...draft, images: { thermalImage: 'file' } });
      await writeDraftImage(key, 'thermalImage', photo);
    }
    const { user } = await renderMenu();

    await user.click(await screen.findByRole('menuitem', { name: 'Sign out' }));

    // The photos chosen but not uploaded go too: they are the most telling part of a draft.
    await waitFor(async () => expect(await readDraftImage(mine, 'thermalImage')).toBeUndefined());
    expect(readDraft(mine)).toBeUndefined();
    expect(readDraft(theirs)).toBeDefined();
    expect((await readDraftImage(theirs, 'thermalImage'))?.name).toBe('IR_0042.jpg');
  });

  it('asks before signing out of all devices, and Cancel changes nothing', async () => {
    setCookies('access-1', 'refresh-1');
    let calls = 0;
    server.use(
      http.post(api('/auth/logout-all'), () => {
        calls++;
        return HttpResponse.json(envelope({ sessionsEnded: 2 }));
      }),
    );
    const { user } = await renderMenu();

    await user.click(await screen.findByRole('menuitem', { name: 'Sign out of all devices' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign out of all devices?' });
    expect(dialog).toHaveTextContent('on every tablet or computer');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls).toBe(0);
    expect(cookies()).toEqual({ access_token: 'access-1', refresh_token: 'refresh-1' });
  });

  it('signs out of all devices once confirmed: the server call with the bearer, then tokens and cache', async () => {
    setCookies('access-1', 'refresh-1');
    const bearers: (string | null)[] = [];
    server.use(
      http.post(api('/auth/logout-all'), async ({ request }) => {
        bearers.push(request.headers.get('authorization'));
        await delay(20);
        return HttpResponse.json(envelope({ sessionsEnded: 2 }));
      }),
    );
    const { user, queryClient, router } = await renderMenu();

    await user.click(await screen.findByRole('menuitem', { name: 'Sign out of all devices' }));
    await user.click(await screen.findByRole('button', { name: 'Sign out everywhere' }));

    expect(await screen.findByRole('heading', { name: 'Sign in' }, { timeout: 5000 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth');
    expect(bearers).toEqual(['Bearer access-1']);
    expect(cookies()).toEqual({});
    expect(queryClient.getQueryData(['reports'])).toBeUndefined();
  });

  it('keeps the session and says so when signing out of all devices fails', async () => {
    setCookies('access-1', 'refresh-1');
    server.use(
      http.post(api('/auth/logout-all'), () => errorResponse(500, 'INTERNAL', 'Something went wrong')),
    );
    const { user, queryClient, router } = await renderMenu();

    await user.click(await screen.findByRole('menuitem', { name: 'Sign out of all devices' }));
    await user.click(await screen.findByRole('button', { name: 'Sign out everywhere' }));

    expect(await screen.findByText(/Could not sign out of the other devices/)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/reports');
    expect(cookies()).toEqual({ access_token: 'access-1', refresh_token: 'refresh-1' });
    expect(queryClient.getQueryData(['reports'])).toBeDefined();
  });

  it('with changes not yet synced, asks first: Sync first signs out once the server has them all', async () => {
    setCookies('access-1', 'refresh-1');
    server.use(http.post(api('/auth/logout'), () => HttpResponse.json(envelope(null))));
    let reachable = false;
    const written: unknown[] = [];
    // The sync an earlier menu started (the app's own) gives way to one the test runs.
    stopChangeSync();
    const sync = startChangeSync(profile.id, {
      probe: async () => reachable,
      send: async (_queue, change) => (written.push(change.body), { kind: 'written' }),
      retryByItself: false,
    });
    await sync.queue.enqueue({ method: 'POST', path: '/rows', body: { n: 1 } });
    await sync.queue.enqueue({ method: 'POST', path: '/rows', body: { n: 2 } });
    const { user, router } = await renderMenu();

    await user.click(await screen.findByRole('menuitem', { name: 'Sign out' }));
    const dialog = await screen.findByRole('dialog', { name: 'Changes not yet synced' });
    expect(dialog).toHaveTextContent('2 changes made on this device have not reached the server');

    // No server: Sync first leaves them, says so, and stays signed in.
    await user.click(within(dialog).getByRole('button', { name: 'Sync first' }));
    expect(await within(dialog).findByText(/Not every change could be sent/)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/reports');

    // The server answers: both sent, then signed out, the queue gone.
    reachable = true;
    await user.click(within(dialog).getByRole('button', { name: 'Sync first' }));
    expect(await screen.findByRole('heading', { name: 'Sign in' }, { timeout: 5000 })).toBeInTheDocument();
    expect(written).toEqual([{ n: 1 }, { n: 2 }]);
    expect(cookies()).toEqual({});
  });

  it('"Sign out and discard" removes the queue from the device and stops its sync', async () => {
    setCookies('access-1', 'refresh-1');
    server.use(http.post(api('/auth/logout'), () => HttpResponse.json(envelope(null))));
    stopChangeSync();
    const sync = startChangeSync(profile.id, { probe: async () => false, retryByItself: false });
    await sync.queue.enqueue({ method: 'POST', path: '/rows', body: { n: 1 } });
    const { user } = await renderMenu();

    await user.click(await screen.findByRole('menuitem', { name: 'Sign out' }));
    const dialog = await screen.findByRole('dialog', { name: 'Changes not yet synced' });
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Sign out and discard 1 change' }));
    expect(await screen.findByRole('heading', { name: 'Sign in' }, { timeout: 5000 })).toBeInTheDocument();
    await waitFor(async () => expect(await new ChangeQueue(profile.id).list()).toEqual([]));
    stopChangeSync();
  });
});
