import { renderHook, waitFor } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useAuthorizedObjectUrl } from './files.ts';
import {
  api,
  envelope,
  pngResponse,
  refreshEndpoint,
  server,
  serveMockApi,
  setCookies,
  unauthenticated,
} from './test-server.ts';

serveMockApi();
// This file shares its worker with others (vitest.config.ts), whose timers may revoke their own
// object URLs while it runs (a saved download's, 30 s after the click): each test names the URLs it
// makes and asserts on those, never on the mock's whole history.
afterEach(() => {
  vi.mocked(URL.createObjectURL).mockReset();
  vi.mocked(URL.revokeObjectURL).mockClear();
});

describe('useAuthorizedObjectUrl', () => {
  it('loads the file with the bearer token, refreshing an expired one, and revokes the URL on unmount', async () => {
    setCookies('expired', 'r1');
    vi.mocked(URL.createObjectURL).mockReturnValueOnce('blob:f1');
    const refreshes = refreshEndpoint();
    server.use(
      http.get(api('/files/f1'), ({ request }) =>
        request.headers.get('authorization') === 'Bearer new-access' ? pngResponse() : unauthenticated(),
      ),
    );

    const { result, unmount } = renderHook(() => useAuthorizedObjectUrl('/api/files/f1'));

    await waitFor(() => expect(result.current).toBe('blob:f1'));
    expect(refreshes).toEqual([{ refreshToken: 'r1' }]);
    const blob = vi.mocked(URL.createObjectURL).mock.calls[0]![0] as Blob;
    expect([blob.size, blob.type]).toEqual([4, 'image/png']);
    expect(URL.revokeObjectURL).not.toHaveBeenCalledWith('blob:f1');
    unmount();
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:f1');
  });

  it('revokes the previous file when the URL changes, and never shows it meanwhile', async () => {
    setCookies('a', 'r');
    server.use(http.get(api('/files/:id'), pngResponse));
    vi.mocked(URL.createObjectURL).mockReturnValueOnce('blob:first').mockReturnValueOnce('blob:second');

    const { result, rerender } = renderHook(({ url }) => useAuthorizedObjectUrl(url), {
      initialProps: { url: '/api/files/first' as string | null },
    });
    await waitFor(() => expect(result.current).toBe('blob:first'));

    expect(URL.revokeObjectURL).not.toHaveBeenCalledWith('blob:first');
    rerender({ url: '/api/files/second' });
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:first');
    expect(result.current).toBeUndefined();
    await waitFor(() => expect(result.current).toBe('blob:second'));
    expect(URL.revokeObjectURL).not.toHaveBeenCalledWith('blob:second');

    rerender({ url: null });
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:second');
    expect(result.current).toBeUndefined();
    expect(URL.createObjectURL).toHaveBeenCalledTimes(2);
  });

  it('gives nothing for no URL, and ignores a fetch still running at unmount', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    server.use(
      http.get(api('/files/slow'), async () => {
        await delay(100);
        return pngResponse();
      }),
    );

    expect(renderHook(() => useAuthorizedObjectUrl(null)).result.current).toBeUndefined();
    const { unmount } = renderHook(() => useAuthorizedObjectUrl('/api/files/slow'));
    unmount();
    await delay(150);

    expect(URL.createObjectURL).not.toHaveBeenCalled();
    expect(error).not.toHaveBeenCalled();
  });

  it('gives nothing for a file that cannot be read, and says so in the console', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    setCookies('a', 'r');
    server.use(http.get(api('/files/gone'), () => HttpResponse.json(envelope(null), { status: 404 })));

    const { result } = renderHook(() => useAuthorizedObjectUrl('/api/files/gone'));

    await waitFor(() =>
      expect(error).toHaveBeenCalledWith('Could not load /api/files/gone', expect.anything()),
    );
    expect(result.current).toBeUndefined();
    expect(URL.createObjectURL).not.toHaveBeenCalled();
  });
});
