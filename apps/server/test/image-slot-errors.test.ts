import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createThermalAnalysis, multipart, pngBytes, startTestApp } from './helpers.ts';
import type { TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ maxUploadBytes: 64 * 1024 });
});
afterAll(() => t.close());

describe('a refused image file', () => {
  it('is an error on its slot, so a form can show it beside that image', async () => {
    const a = await createThermalAnalysis(t);
    const fields = { thermalAnalysisId: a.id, date: '2026-11-20', maxTemperatureC: '50' };

    const text = multipart(fields, {
      visualImage: { name: 'notes.png', type: 'image/png', bytes: Buffer.from('just some notes\n') },
    });
    const wrongType = await t.call('POST', '/api/thermal-measurements', text);
    expect(wrongType.status).toBe(415);
    expect(wrongType.body).toMatchObject({
      data: null,
      message: 'The visual image is not a JPEG, PNG, WebP or GIF',
      error: {
        code: 'UNSUPPORTED_MEDIA_TYPE',
        details: [{ path: 'visualImage', message: 'The visual image is not a JPEG, PNG, WebP or GIF' }],
      },
    });

    const big = Buffer.concat([pngBytes, Buffer.alloc(100 * 1024)]);
    const tooLarge = multipart(fields, { thermalImage: { name: 'big.png', type: 'image/png', bytes: big } });
    const refused = await t.call('POST', '/api/thermal-measurements', tooLarge);
    expect(refused.status).toBe(413);
    expect(refused.body.error.code).toBe('PAYLOAD_TOO_LARGE');
    expect(refused.body.error.details).toEqual([
      {
        path: 'thermalImage',
        message: 'The thermal image is too large: the file is larger than the limit of 64 KB',
      },
    ]);
  });
});
