import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { ApiError } from './errors.ts';
import { fetchJson } from './fetch-client.ts';
import { browser } from './session.ts';
import { api, cookies, envelope, errorResponse, server, serveMockApi, setCookies } from './test-server.ts';

serveMockApi();
beforeEach(() => setCookies('tok-1', 'ref-1'));

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

  it('sends a FormData body as multipart, not as JSON (walkthrough inspections carry photos)', async () => {
    let seen: { contentType: string | null; fields?: Record<string, unknown> } = { contentType: null };
    server.use(
      http.post(api('/walkthrough-inspection-pipe'), async ({ request }) => {
        seen = {
          contentType: request.headers.get('content-type'),
          fields: Object.fromEntries(await request.formData()),
        };
        return HttpResponse.json(envelope({ id: 'w2' }));
      }),
    );
    const body = new FormData();
    body.append('reportHeaderId', 'r1');
    body.append('remarks', 'Pipe support corroded');

    await fetchJson('/walkthrough-inspection-pipe', { method: 'POST', body });

    expect(seen.contentType).toMatch(/^multipart\/form-data; boundary=/);
    expect(seen.fields).toEqual({ reportHeaderId: 'r1', remarks: 'Pipe support corroded' });
  });

  it('sends no Content-Type without a body', async () => {
    let contentType: string | null = 'unset';
    server.use(
      http.get(api('/walkthrough-inspection-pipe'), ({ request }) => {
        contentType = request.headers.get('content-type');
        return HttpResponse.json(envelope([]));
      }),
    );
    await fetchJson('/walkthrough-inspection-pipe');
    expect(contentType).toBeNull();
  });

  it.each([401, 403])("signs out and redirects on %i: 'Unauthorized: %i'", async (status) => {
    window.history.pushState({}, '', '/reports/9?tab=walkthrough');
    server.use(http.get(api('/walkthrough-inspection-pipe'), () => errorResponse(status, 'FORBIDDEN', 'no')));

    const error = await fetchJson('/walkthrough-inspection-pipe').catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ message: `Unauthorized: ${status}`, status });
    expect(document.cookie).toBe('');
    expect(browser.assign).toHaveBeenCalledWith('/auth/?code=401');
    expect(sessionStorage.getItem('inspectra.returnTo')).toBe('/reports/9?tab=walkthrough');
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
    expect(cookies()).toEqual({ access_token: 'tok-1', refresh_token: 'ref-1' });
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
