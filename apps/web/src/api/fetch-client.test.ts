import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './errors.ts';
import { fetchJson } from './fetch-client.ts';
import { browser } from './session.ts';

const api = (path: string) => `${window.location.origin}/api${path}`;
const server = setupServer();

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  vi.spyOn(browser, 'assign').mockImplementation(() => {});
  document.cookie = 'access_token=tok-1; Path=/';
  document.cookie = 'refresh_token=ref-1; Path=/';
});
afterEach(() => {
  server.resetHandlers();
  document.cookie = 'access_token=; Path=/; Max-Age=0';
  document.cookie = 'refresh_token=; Path=/; Max-Age=0';
  sessionStorage.clear();
  vi.restoreAllMocks();
});
afterAll(() => server.close());

describe('fetchJson', () => {
  it('sends JSON headers, the bearer token, the query and a JSON body', async () => {
    let seen: Record<string, unknown> = {};
    server.use(
      http.post(api('/walkthrough-summary-pipe'), async ({ request }) => {
        seen = {
          accept: request.headers.get('accept'),
          contentType: request.headers.get('content-type'),
          auth: request.headers.get('authorization'),
          search: new URL(request.url).search,
          body: await request.json(),
        };
        return HttpResponse.json(
          { data: { id: 'w1' }, statusCode: 201, message: 'Created' },
          { status: 201 },
        );
      }),
    );

    const envelope = await fetchJson<{ id: string }>('/walkthrough-summary-pipe', {
      method: 'POST',
      query: { reportHeaderId: 'r1', search: '', pageSize: undefined },
      body: { remarks: 'ok' },
    });

    expect(envelope.data.id).toBe('w1');
    expect(seen).toEqual({
      accept: 'application/json',
      contentType: 'application/json',
      auth: 'Bearer tok-1',
      search: '?reportHeaderId=r1',
      body: { remarks: 'ok' },
    });
  });

  it('sends no Content-Type without a body', async () => {
    let contentType: string | null = 'unset';
    server.use(
      http.get(api('/walkthrough-inspection-pipe'), ({ request }) => {
        contentType = request.headers.get('content-type');
        return HttpResponse.json({ data: [], statusCode: 200, message: 'OK' });
      }),
    );
    await fetchJson('/walkthrough-inspection-pipe');
    expect(contentType).toBeNull();
  });

  it.each([401, 403])("signs out and redirects on %i: 'Unauthorized: %i'", async (status) => {
    server.use(
      http.get(api('/walkthrough-inspection-pipe'), () =>
        HttpResponse.json(
          { data: null, statusCode: status, message: 'no', error: { code: 'X' } },
          { status },
        ),
      ),
    );

    const error = await fetchJson('/walkthrough-inspection-pipe').catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ message: `Unauthorized: ${status}`, status });
    expect(document.cookie).toBe('');
    expect(browser.assign).toHaveBeenCalledWith('/auth/?code=401');
  });

  it("says 'HTTP error! Status: 500 - boom' with the body text", async () => {
    server.use(
      http.get(api('/walkthrough-inspection-pipe'), () => HttpResponse.text('boom', { status: 500 })),
    );
    await expect(fetchJson('/walkthrough-inspection-pipe')).rejects.toMatchObject({
      message: 'HTTP error! Status: 500 - boom',
      status: 500,
    });
    // Not a session problem: the user stays signed in.
    expect(document.cookie).toContain('refresh_token=ref-1');
    expect(browser.assign).not.toHaveBeenCalled();
  });

  it('gives the default message on a network failure', async () => {
    server.use(http.get(api('/walkthrough-inspection-pipe'), () => HttpResponse.error()));
    await expect(fetchJson('/walkthrough-inspection-pipe')).rejects.toMatchObject({
      message: 'Sorry for an error, check your connection or try a few more moments.',
      status: 0,
    });
  });
});
