import 'fake-indexeddb/auto';
import { act, renderHook, screen, waitFor, within } from '@testing-library/react';
import { onlineManager, QueryClient } from '@tanstack/react-query';
import { set } from 'idb-keyval';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/render.tsx';
import { devicePhotoStore } from './device-photos.ts';
import { readBytes } from './image-bytes.ts';
import { ImageField } from './ImageField.tsx';
import { openOfflineCopy } from './offline-copy.ts';
import { PhotoViewer } from './PhotoViewer.tsx';
import { useStoredFileUrl } from './useStoredFileUrl.ts';

// Online, the server's file as before (its own tests: api/files.test.ts).
vi.mock('../api/files.ts', () => ({
  useAuthorizedObjectUrl: (url: string | null | undefined) => (url ? `blob:stored-${url}` : undefined),
}));

const keptId = '00000000-0000-4000-8000-000000000001';
const missingId = '00000000-0000-4000-8000-000000000002';
const notOnDevice = 'Photo not on this device — shown when online';
let users = 0;

/** Signed in as a new user whose copy holds the reduced photo `keptId`. */
async function signedInWithPhoto() {
  const user = `stored-file-${++users}`;
  await openOfflineCopy(new QueryClient(), user);
  await set(keptId, { bytes: new Uint8Array([7, 7, 7]).buffer, type: 'image/jpeg' }, devicePhotoStore(user));
  return user;
}

beforeEach(() => {
  vi.mocked(URL.createObjectURL).mockReset();
  vi.mocked(URL.createObjectURL).mockImplementation(() => 'blob:device');
  vi.mocked(URL.revokeObjectURL).mockClear();
});
afterEach(() => act(() => onlineManager.setOnline(true)));

describe('useStoredFileUrl', () => {
  it('online, is the server’s file, as before', async () => {
    await signedInWithPhoto();
    const { result } = renderHook(() => useStoredFileUrl(`/api/files/${keptId}`));
    expect(result.current).toEqual({ src: `blob:stored-/api/files/${keptId}`, notOnDevice: false });
    expect(URL.createObjectURL).not.toHaveBeenCalled();
  });

  it('offline, is the reduced copy kept on the device, revoked on unmount; or says none is there', async () => {
    await signedInWithPhoto();
    act(() => onlineManager.setOnline(false));
    const { result, unmount } = renderHook(() => useStoredFileUrl(`/api/files/${keptId}`));
    await waitFor(() => expect(result.current).toEqual({ src: 'blob:device', notOnDevice: false }));
    const blob = vi.mocked(URL.createObjectURL).mock.calls[0]![0] as Blob;
    expect(blob.type).toBe('image/jpeg');
    expect([...new Uint8Array(await readBytes(blob))]).toEqual([7, 7, 7]);
    unmount();
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:device');

    const missing = renderHook(() => useStoredFileUrl(`/api/files/${missingId}`));
    await waitFor(() => expect(missing.result.current).toEqual({ src: undefined, notOnDevice: true }));
  });

  it('another user’s copy is not read', async () => {
    await signedInWithPhoto();
    await openOfflineCopy(new QueryClient(), `stored-file-other-${++users}`);
    act(() => onlineManager.setOnline(false));
    const { result } = renderHook(() => useStoredFileUrl(`/api/files/${keptId}`));
    await waitFor(() => expect(result.current.notOnDevice).toBe(true));
  });

  it('the viewer and an image slot draw the device’s copy offline, and say so where there is none', async () => {
    await signedInWithPhoto();
    act(() => onlineManager.setOnline(false));
    renderWithProviders(
      <PhotoViewer
        photos={[
          { label: 'Thermal image', url: `/api/files/${keptId}` },
          { label: 'Visual image', url: `/api/files/${missingId}` },
        ]}
        index={0}
        onIndexChange={() => {}}
      />,
    );
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByRole('img', { name: 'Thermal image' })).toHaveAttribute(
      'src',
      'blob:device',
    );

    renderWithProviders(
      <ImageField
        label="Visual image"
        attachment={{ url: `/api/files/${missingId}`, displayName: 'DC_0142.jpg' }}
        value={undefined}
        onChange={() => {}}
      />,
    );
    expect(await screen.findByText(notOnDevice)).toBeInTheDocument();
    // Never a broken image, nor loading without end.
    expect(screen.queryByRole('img', { name: 'Preview of Visual image' })).toBeNull();
    expect(screen.queryByRole('status', { name: 'Loading image…' })).toBeNull();
  });
});
