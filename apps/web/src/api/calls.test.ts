import { http, HttpResponse } from 'msw';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { callApi } from './calls.ts';
import type { RouteKey, RouteKeyWithParams, RouteKeyWithoutParams } from './calls.ts';
import { api, envelope, server, serveMockApi } from './test-server.ts';

serveMockApi();

const analysisId = '7d1c1d35-4a5e-4f0e-9a55-0f3d2d7a8a11';
const measurementId = '0b6f9c53-3c2e-4a7a-9f59-64c1e0b1f0aa';
const measurement = {
  thermalAnalysisId: analysisId,
  date: '2025-03-04',
  maxTemperatureC: 78.5,
  referenceTemperatureC: 40,
};

type Received = {
  contentType: string | null;
  json?: unknown;
  form?: Record<string, unknown>;
  search: string;
};

/** Records what the server received for `method url`, answering with an envelope. */
function receive(method: 'post' | 'put', path: string) {
  const received: Received[] = [];
  server.use(
    http[method](api(path), async ({ request }) => {
      const contentType = request.headers.get('content-type');
      const search = new URL(request.url).search;
      if (contentType?.startsWith('multipart/form-data')) {
        const form: Record<string, unknown> = {};
        (await request.formData()).forEach((value, key) => {
          form[key] = value;
        });
        received.push({ contentType, form, search });
      } else {
        received.push({ contentType, json: await request.json(), search });
      }
      return HttpResponse.json(envelope({ id: measurementId }));
    }),
  );
  return received;
}

describe('callApi', () => {
  it('creates a thermal measurement as JSON when no image is sent (SPEC 5)', async () => {
    const received = receive('post', '/thermal-measurements');

    await callApi('POST /thermal-measurements', {
      body: { values: { ...measurement, remarks: '' }, images: { thermalImage: undefined } },
    });

    expect(received).toHaveLength(1);
    expect(received[0]!.contentType).toBe('application/json');
    expect(received[0]!.json).toEqual(measurement);
  });

  it('creates it as multipart when a thermal image is present: numbers as text, file under thermalImage', async () => {
    const received = receive('post', '/thermal-measurements');
    const progress: number[] = [];

    await callApi('POST /thermal-measurements', {
      body: {
        values: measurement,
        images: {
          thermalImage: new File([new Uint8Array([137, 80, 78, 71])], 'hot.png', { type: 'image/png' }),
        },
      },
      onUploadProgress: (p) => progress.push(p),
    });

    const { contentType, form } = received[0]!;
    expect(contentType).toMatch(/^multipart\/form-data; boundary=/);
    expect(form).toEqual({
      thermalAnalysisId: analysisId,
      date: '2025-03-04',
      maxTemperatureC: '78.5',
      referenceTemperatureC: '40',
      // A file part of the image's type, not a text field. (Its bytes and name are lost on the way in this
      // test setup: vitest rebuilds jsdom's FormData for Node's fetch from a jsdom internal that jsdom 29
      // no longer has. payload.test checks the file itself.)
      thermalImage: expect.objectContaining({ type: 'image/png' }),
    });
    expect(progress.at(-1)).toBe(100);
  });

  it('updates with ?id=, sends a cleared remark as null and a removed image as null', async () => {
    const received = receive('put', '/thermal-measurements');

    await callApi('PUT /thermal-measurements', {
      query: { id: measurementId },
      body: {
        values: { remarks: '', recommendation: '', version: 4 },
        images: { visualImage: null },
        previous: { remarks: 'Loose lug', recommendation: null },
      },
    });

    expect(received[0]).toMatchObject({
      contentType: 'application/json',
      search: `?id=${measurementId}`,
      json: { remarks: null, version: 4, visualImage: null },
    });
    expect(received[0]!.json).not.toHaveProperty('recommendation');
  });

  it('takes the values alone as the body', async () => {
    const received = receive('put', '/thermal-analysis');
    await callApi('PUT /thermal-analysis', {
      body: { id: analysisId, summary: '  Two hot spots ', version: 2 },
    });
    expect(received[0]!.json).toEqual({ id: analysisId, summary: 'Two hot spots', version: 2 });
  });

  it('sends the version of the record edited with an update, and sends no update without one', async () => {
    const received = receive('put', '/thermal-analysis');
    await callApi('PUT /thermal-analysis', {
      body: {
        values: { id: analysisId, summary: 'Two hot spots' },
        previous: { id: analysisId, version: 5 },
      },
    });
    expect(received[0]!.json).toEqual({ id: analysisId, summary: 'Two hot spots', version: 5 });

    await expect(
      callApi('PUT /thermal-analysis', { body: { id: analysisId, summary: 'Overwrites whatever is there' } }),
    ).rejects.toThrow(/must carry the version/);
    expect(received).toHaveLength(1);
  });

  it('fills path parameters, encoded', async () => {
    let path = '';
    server.use(
      http.get(api('/work-order-spks/:id'), ({ request }) => {
        path = new URL(request.url).pathname;
        return HttpResponse.json(envelope({}));
      }),
    );
    await callApi('GET /work-order-spks/:id', { params: { id: 'a b/c' } });
    expect(path).toBe('/api/work-order-spks/a%20b%2Fc');
  });

  it('sends an action body as JSON as given', async () => {
    let body: unknown;
    server.use(
      http.post(api('/auth/login'), async ({ request }) => {
        body = await request.json();
        return HttpResponse.json(envelope({ accessToken: 'a', refreshToken: 'r' }));
      }),
    );
    await callApi('POST /auth/login', { body: { username: ' inspector ', password: 'x' } });
    expect(body).toEqual({ username: ' inspector ', password: 'x' });
  });

  it('rejects a missing path parameter or an unknown route before any request', async () => {
    await expect(callApi('GET /thermal-measurements/:id', { params: {} })).rejects.toThrow(
      /parameter id is missing/,
    );
    // An empty id would name the list ('/thermal-measurements/'), not a record.
    await expect(callApi('GET /thermal-measurements/:id', { params: { id: '' } })).rejects.toThrow(
      /parameter id is missing/,
    );
    // A wrong method is a compile error; a cast past it still fails before any request.
    await expect(callApi('DELETE /auth/profile' as never)).rejects.toThrow(
      /No API route DELETE \/auth\/profile/,
    );
  });
});

describe('route keys (type level: a wrong key fails tsc)', () => {
  it('accepts the route table keys and refuses typos and missing params', () => {
    expectTypeOf<'GET /thermal-measurements/:id'>().toExtend<RouteKeyWithParams>();
    expectTypeOf<'GET /thermal-measurements'>().toExtend<RouteKeyWithoutParams>();
    expectTypeOf<'GET /thermal-measurement'>().not.toExtend<RouteKey>();

    // Never called: only type-checked.
    const typeChecks = () => {
      // @ts-expect-error a misspelled path is not a route
      void callApi('GET /thermal-measurement');
      // @ts-expect-error the path exists, but not with this method
      void callApi('DELETE /auth/profile');
      // @ts-expect-error a path with :id needs params
      void callApi('GET /thermal-measurements/:id');
      // @ts-expect-error a path with :id needs params.id
      void callApi('GET /thermal-measurements/:id', { query: {} });
      void callApi<{ id: string }>('GET /thermal-measurements/:id', { params: { id: measurementId } });
      void callApi('GET /thermal-measurements', { query: { pageNumber: 1 } });
    };
    expect(typeChecks).toBeTypeOf('function');
  });
});
