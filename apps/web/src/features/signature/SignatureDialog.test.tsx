// The user menu starts the device's sync of queued changes, which reads its queue in IndexedDB.
import 'fake-indexeddb/auto';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  accessTokenFor,
  api,
  envelope,
  errorResponse,
  pngResponse,
  server,
  serveMockApi,
  signedInAs,
} from '../../api/test-server.ts';
import { UserMenu } from '../../app/UserMenu.tsx';
import { stopChangeSync } from '../../engine/offline-queue/sync-runner.ts';
import { i18n } from '../../i18n/index.ts';
import { renderWithRouter } from '../../test/render.tsx';

serveMockApi();

/**
 * jsdom draws nothing: the canvas gets a 2D context that does nothing but answer `getImageData`
 * with ink in one rectangle, records what is copied out of it, and encodes any canvas as these
 * bytes. The pad (signature_pad) itself is real and is drawn on with pointer events.
 */
const encodedPng = new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10, 1, 2, 3]);
const ink = { left: 10, top: 5, width: 20, height: 10 };
let copies: unknown[][];
let encoded: { width: number; height: number; type: string | undefined }[];

function fakeContext(): CanvasRenderingContext2D {
  const methods: Record<string, (...args: unknown[]) => unknown> = {
    getImageData: (_x, _y, width, height) => {
      const data = new Uint8ClampedArray((width as number) * (height as number) * 4);
      for (let y = ink.top; y < ink.top + ink.height; y++)
        for (let x = ink.left; x < ink.left + ink.width; x++) data[(y * (width as number) + x) * 4 + 3] = 255;
      return { data, width, height };
    },
    drawImage: (...args) => void copies.push(args),
  };
  return new Proxy({} as Record<string | symbol, unknown>, {
    get: (target, key) => (key in target ? target[key] : (methods[key as string] ?? (() => undefined))),
    set: (target, key, value) => {
      target[key] = value;
      return true;
    },
  }) as unknown as CanvasRenderingContext2D;
}

beforeEach(() => {
  copies = [];
  encoded = [];
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(fakeContext as never);
  vi.spyOn(HTMLCanvasElement.prototype, 'toBlob').mockImplementation(function (
    this: HTMLCanvasElement,
    done: BlobCallback,
    type?: string,
  ) {
    encoded.push({ width: this.width, height: this.height, type });
    done(new Blob([encodedPng], { type }));
  });
  // The pad's box on screen: 300 × 100 CSS pixels.
  vi.spyOn(HTMLElement.prototype, 'offsetWidth', 'get').mockReturnValue(300);
  vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockReturnValue(100);
});

afterEach(async () => {
  // The menu's sync of queued changes ends with the test, as at sign-out.
  stopChangeSync();
  await i18n.changeLanguage('en');
});

/** Signs in as a user with or without a signature and opens "My signature" from the user menu. */
async function openSignature(hasSignature: boolean) {
  const profile = signedInAs({ permissions: [], hasSignature });
  const rendered = renderWithRouter({ '/': () => <UserMenu profile={profile} /> }, '/');
  rendered.queryClient.setQueryData(['profile'], profile);
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: `Account of ${profile.fullName}` }));
  await user.click(await screen.findByRole('menuitem', { name: 'My signature' }));
  // The first opening loads the dialog's chunk (and the drawing library): slow on a busy machine.
  const dialog = await screen.findByRole('dialog', { name: 'My signature' }, { timeout: 5000 });
  const profileInvalidated = () => rendered.queryClient.getQueryState(['profile'])?.isInvalidated;
  return { ...rendered, user, dialog, profile, profileInvalidated };
}

/** A short stroke on the pad, as a finger or a mouse makes it. */
function drawStroke(pad: HTMLElement) {
  fireEvent.pointerDown(pad, { pointerId: 1, isPrimary: true, buttons: 1, clientX: 20, clientY: 30 });
  fireEvent.pointerMove(window, { pointerId: 1, isPrimary: true, buttons: 1, clientX: 80, clientY: 40 });
  fireEvent.pointerUp(window, { pointerId: 1, isPrimary: true, buttons: 0, clientX: 90, clientY: 42 });
}

describe('My signature', () => {
  it('shows the current signature, fetched with the session', async () => {
    const bearers: (string | null)[] = [];
    server.use(
      http.get(api('/auth/profile/signature'), ({ request }) => {
        bearers.push(request.headers.get('authorization'));
        return pngResponse();
      }),
    );
    const { dialog, profile } = await openSignature(true);

    expect(dialog).toHaveTextContent('printed beside your approvals on report PDFs');
    expect(dialog).toHaveTextContent('keep the signature they were given with');
    const image = await within(dialog).findByRole('img', { name: 'Your current signature' });
    expect(image).toHaveAttribute('src', 'blob:preview');
    expect(URL.createObjectURL).toHaveBeenCalledWith(expect.objectContaining({ type: 'image/png' }));
    expect(bearers).toEqual([`Bearer ${accessTokenFor(profile.id)}`]);
    expect(within(dialog).getByRole('button', { name: 'Remove signature' })).toBeEnabled();
    expect(within(dialog).getByRole('heading', { level: 2 })).toHaveTextContent('My signature');
  });

  it('says when none is drawn, without asking the server for an image', async () => {
    // No handler for the image: asking for it would fail the test (unhandled request).
    const { dialog } = await openSignature(false);

    expect(dialog).toHaveTextContent('You have not drawn a signature yet.');
    expect(dialog).toHaveTextContent('Draw your signature');
    expect(within(dialog).queryByRole('button', { name: 'Remove signature' })).not.toBeInTheDocument();
  });

  it('saves a drawing as a PNG trimmed to its ink, in the multipart field signature', async () => {
    const received: { fields: string[]; type: string | undefined }[] = [];
    // The mock API reads the form through Node's fetch, which cannot read the bytes of jsdom's
    // files: what the server receives is checked there, the bytes where the form is filled in.
    const appended = vi.spyOn(FormData.prototype, 'append');
    server.use(
      http.put(api('/auth/profile/signature'), async ({ request }) => {
        const form = await request.formData();
        const file = form.get('signature');
        received.push({ fields: [...form.keys()], type: typeof file === 'string' ? 'text' : file?.type });
        return HttpResponse.json(envelope({ hasSignature: true }));
      }),
    );
    const { user, dialog, profileInvalidated } = await openSignature(false);
    const pad = within(dialog).getByRole('img', { name: 'Signature drawing area' });
    expect(pad).toHaveAccessibleDescription(/with your finger, a pen or the mouse/);
    const save = within(dialog).getByRole('button', { name: 'Save signature' });
    const clear = within(dialog).getByRole('button', { name: 'Clear' });
    expect(save).toBeDisabled();

    drawStroke(pad);
    await waitFor(() => expect(save).toBeEnabled());
    // Clear empties the pad, and Save waits for a new drawing.
    await user.click(clear);
    expect(save).toBeDisabled();
    drawStroke(pad);
    await waitFor(() => expect(save).toBeEnabled());
    await user.click(save);

    expect(await screen.findByText('Your signature is saved')).toBeInTheDocument();
    expect(received).toEqual([{ fields: ['signature'], type: 'image/png' }]);
    expect(appended).toHaveBeenCalledTimes(1);
    const [field, file, fileName] = appended.mock.calls[0]!;
    expect([field, fileName]).toEqual(['signature', 'signature.png']);
    expect(new Uint8Array(await (file as Blob).arrayBuffer())).toEqual(encodedPng);
    // The ink's box, copied with 8 CSS pixels of margin at twice the screen's resolution.
    const margin = 16;
    expect(copies).toEqual([
      [pad, ink.left, ink.top, ink.width, ink.height, margin, margin, ink.width, ink.height],
    ]);
    expect(encoded).toEqual([
      { width: ink.width + 2 * margin, height: ink.height + 2 * margin, type: 'image/png' },
    ]);
    expect(profileInvalidated()).toBe(true);
    expect(save).toBeDisabled();
  });

  it('removes the signature only once confirmed', async () => {
    let removals = 0;
    server.use(
      http.get(api('/auth/profile/signature'), () =>
        removals === 0
          ? pngResponse()
          : errorResponse(404, 'NOT_FOUND', 'You have not drawn a signature yet'),
      ),
      http.delete(api('/auth/profile/signature'), () => {
        removals++;
        return HttpResponse.json(envelope({ hasSignature: false }));
      }),
    );
    const { user, dialog, profileInvalidated } = await openSignature(true);
    await within(dialog).findByRole('img', { name: 'Your current signature' });

    await user.click(within(dialog).getByRole('button', { name: 'Remove signature' }));
    expect(dialog).toHaveTextContent('Remove your signature?');
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(removals).toBe(0);
    expect(within(dialog).getByRole('img', { name: 'Your current signature' })).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Remove signature' }));
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));

    expect(await screen.findByText('Your signature is removed')).toBeInTheDocument();
    expect(removals).toBe(1);
    expect(within(dialog).queryByRole('img', { name: 'Your current signature' })).not.toBeInTheDocument();
    expect(dialog).toHaveTextContent('You have not drawn a signature yet.');
    expect(profileInvalidated()).toBe(true);
  });

  it.each([
    [413, 'PAYLOAD_TOO_LARGE', 'The signature is too large to save (at most 256 kB).'],
    [415, 'UNSUPPORTED_MEDIA_TYPE', 'The server did not accept the drawing as an image.'],
    [400, 'VALIDATION_ERROR', 'The signature did not reach the server whole. Save it again.'],
  ])('says a %i refusal of the drawing in the user’s words', async (status, code, words) => {
    server.use(http.put(api('/auth/profile/signature'), () => errorResponse(status, code, 'Server English')));
    const { user, dialog, profileInvalidated } = await openSignature(false);
    drawStroke(within(dialog).getByRole('img', { name: 'Signature drawing area' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save signature' }));

    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent(words);
    expect(alert).not.toHaveTextContent('Server English');
    expect(profileInvalidated()).toBe(false);
    // The drawing stays, to be saved again.
    expect(within(dialog).getByRole('button', { name: 'Save signature' })).toBeEnabled();
  });

  it('speaks Bahasa Indonesia, the refusal too', async () => {
    await i18n.changeLanguage('id');
    server.use(
      http.put(api('/auth/profile/signature'), () =>
        errorResponse(413, 'PAYLOAD_TOO_LARGE', 'The file is larger than the limit of 256 KB'),
      ),
    );
    const profile = signedInAs({ permissions: [], hasSignature: false });
    renderWithRouter({ '/': () => <UserMenu profile={profile} /> }, '/');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: `Akun ${profile.fullName}` }));
    await user.click(await screen.findByRole('menuitem', { name: 'Tanda tangan saya' }));
    const dialog = await screen.findByRole('dialog', { name: 'Tanda tangan saya' }, { timeout: 5000 });
    expect(dialog).toHaveTextContent('dicetak di samping persetujuan Anda pada PDF laporan');
    drawStroke(within(dialog).getByRole('img', { name: 'Area menggambar tanda tangan' }));
    await user.click(within(dialog).getByRole('button', { name: 'Simpan tanda tangan' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Tanda tangan terlalu besar untuk disimpan',
    );
  });
});
