import { renderHook, waitFor } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { useAuthorizedObjectUrl } from './files.ts';

const api = (path: string) => `${window.location.origin}/api${path}`;
const server = setupServer();
const png = () =>
  new HttpResponse(new Uint8Array([137, 80, 78, 71]), { headers: { 'content-type': 'image/png' } });

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  document.cookie = 'access_token=; Path=/; Max-Age=0';
  document.cookie = 'refresh_token=; Path=/; Max-Age=0';
  vi.mocked(URL.createObjectURL).mockClear();
  vi.mocked(URL.revokeObjectURL).mockClear();
  vi.restoreAllMocks();
});
afterAll(() => server.close());

describe('useAuthorizedObjectUrl', () => {
  it('loads the file with the bearer token, refreshing an expired one, and revokes the URL on unmount', async () => {
    document.cookie = 'access_token=expired; Path=/';
    document.cookie = 'refresh_token=r1; Path=/';
    let refreshes = 0;
    server.use(
      http.post(api('/auth/refresh'), () => {
        refreshes += 1;
        return HttpResponse.json({
          data: { accessToken: 'fresh', refreshToken: 'r2' },
          statusCode: 200,
          message: 'OK',
        });
      }),
      http.get(api('/files/f1'), ({ request }) =>
        request.headers.get('authorization') === 'Bearer fresh'
          ? png()
          : HttpResponse.json(
              { data: null, statusCode: 401, message: 'expired', error: { code: 'UNAUTHENTICATED' } },
              { status: 401 },
            ),
      ),
    );

    const { result, unmount } = renderHook(() => useAuthorizedObjectUrl('/api/files/f1'));

    await waitFor(() => expect(result.current).toBe('blob:preview'));
    expect(refreshes).toBe(1);
    const blob = vi.mocked(URL.createObjectURL).mock.calls[0]![0] as Blob;
    expect([blob.size, blob.type]).toEqual([4, 'image/png']);
    unmount();
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:preview');
  });

  it('gives nothing for no URL, and ignores a fetch still running at unmount', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    server.use(
      http.get(api('/files/slow'), async () => {
        await delay(100);
        return png();
      }),
    );

    expect(renderHook(() => useAuthorizedObjectUrl(null)).result.current).toBeUndefined();
    const { unmount } = renderHook(() => useAuthorizedObjectUrl('/api/files/slow'));
    unmount();
    await delay(150);

    expect(URL.createObjectURL).not.toHaveBeenCalled();
    expect(error).not.toHaveBeenCalled();
  });
});
