import {
  flowrate,
  flowrateInspection,
  motionMagnification,
  sacp,
  ufd,
  vci,
  vciSummary,
  walkthrough,
  walkthroughSummary,
} from '@inspectra/contract';
import type { TechniqueDefinition } from '@inspectra/contract';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { browser } from '../../api/session.ts';
import {
  api,
  envelope,
  errorResponse,
  server,
  serveMockApi,
  signedInAs,
  unauthenticated,
} from '../../api/test-server.ts';
import { rowColumns } from './row-columns.ts';
import { callTechnique } from './technique-client.ts';
import {
  findAction,
  findRoute,
  idArguments,
  techniqueBySlug,
  variantOfCategory,
} from './technique-routes.ts';

const vciTechnique = vci as unknown as TechniqueDefinition;
const walkthroughTechnique = walkthrough as unknown as TechniqueDefinition;

serveMockApi();
beforeEach(() => signedInAs({ permissions: [] }));

describe('a technique’s calls, found by what they do', () => {
  it('finds each variant’s own path, quirks included', () => {
    expect(findRoute(vciTechnique, 'listByParent', vciSummary, 'pipe')?.path).toBe(
      '/vci-summary-pipe/by-analysis',
    );
    expect(findRoute(vciTechnique, 'listByParent', vciSummary, 'pipeline')?.path).toBe(
      '/vci-summary-pipeline/by-reporting',
    );
    expect(findRoute(vciTechnique, 'get', vciSummary, 'pipe')).toBeUndefined();
    expect(findAction(vciTechnique, 'vci.groupedByFeature', 'pipeline')?.path).toBe(
      '/vci-summary-pipeline/grouped-by-feature',
    );
  });

  it('names the record as its call does: in the path or the query', () => {
    const remove = findRoute(vciTechnique, 'delete', vciSummary, 'pipe')!;
    expect(idArguments(remove, 'a1')).toEqual({ params: { id: 'a1' } });
    const update = findRoute(walkthroughTechnique, 'update', walkthroughSummary, 'pipe')!;
    expect(idArguments(update, 'a1')).toEqual({ query: { id: 'a1' } });
  });

  it('reads the equipment class from the report’s equipment category code, never a part of a word', () => {
    expect(variantOfCategory(vciTechnique, 'pipeline')).toBe('pipeline');
    expect(variantOfCategory(vciTechnique, ' PIPE ')).toBe('pipe');
    expect(variantOfCategory(vciTechnique, 'pipe-rack')).toBeUndefined();
    expect(variantOfCategory(vciTechnique, 'electrical')).toBeUndefined();
    expect(variantOfCategory(vciTechnique, null)).toBeUndefined();
  });

  it('opens only techniques with a generated workspace by their slug', () => {
    expect(techniqueBySlug('walkthrough')?.module).toBe('walkthrough');
    expect(techniqueBySlug('thermal')?.workspace?.rows?.name).toBe('thermalMeasurement');
    expect(techniqueBySlug('documents')).toBeUndefined();
  });

  it('puts the naming field and the grade first, long texts last to stay on a narrow screen', () => {
    const columns = rowColumns(walkthroughTechnique, 'pipeline');
    expect(columns.slice(0, 2)).toEqual([
      { key: 'inspectionArea', priority: 1 },
      { key: 'severity', priority: 1 },
    ]);
    expect(columns).toContainEqual({ key: 'condition', priority: 2 });
    expect(columns).toContainEqual({ key: 'remarks', priority: 5 });
    expect(columns.map((c) => (typeof c === 'string' ? c : c.key))).not.toContain('walkthroughInspectionId');
    // What a profile draws stays as long as a choice: SACP's kilometre post and potentials.
    const sacpColumns = rowColumns(sacp as unknown as TechniqueDefinition, 'pipeline');
    for (const key of ['pkm', 'potential', 'potentialReading'])
      expect(sacpColumns).toContainEqual({ key, priority: 2 });
    expect(sacpColumns).toContainEqual({ key: 'jointNumber', priority: 4 });
    // A reading's date starts as its survey's: it gives way before the readings' own values.
    expect(sacpColumns).toContainEqual({ key: 'measurementDate', priority: 5 });
    // The result the code gives sits beside the inspector's; what it is judged from stays longer (the
    // grade's cell says the code's result where the inspector's differs or is not recorded).
    const ufdColumns = rowColumns(ufd as unknown as TechniqueDefinition, 'pipe');
    expect(ufdColumns.slice(0, 3)).toEqual([
      { key: 'partOfSubject', priority: 1 },
      { key: 'result', priority: 1 },
      { key: 'proposedResult', priority: 3 },
    ]);
    for (const key of [
      'decibelsDefectType',
      'decibelsDefectLength',
      'decibelsDefectHeightOfScreenPercentage',
    ])
      expect(ufdColumns).toContainEqual({ key, priority: 2 });
    expect(ufdColumns).toContainEqual({ key: 'defectLocationFromYAxis', priority: 4 });
    // So does what a derived grade is worked out from: a summary's velocity and frequency.
    const motionColumns = rowColumns(motionMagnification as unknown as TechniqueDefinition, 'pipe');
    expect(motionColumns.slice(0, 2)).toEqual([
      { key: 'shootingAreaOrCameraDirection', priority: 1 },
      { key: 'vibrationScreening', priority: 1 },
    ]);
    for (const key of ['velAmplitude', 'dominantFrequencyHz'])
      expect(motionColumns).toContainEqual({ key, priority: 2 });
    expect(motionColumns).toContainEqual({ key: 'dispAmplitude', priority: 4 });
  });
});

describe('callTechnique', () => {
  it('reaches walkthrough by plain fetch: a 401 is not refreshed, it signs out', async () => {
    let refreshed = false;
    server.use(
      http.get(api('/walkthrough-inspection-pipe/by-report'), () => unauthenticated()),
      http.post(api('/auth/refresh'), () => {
        refreshed = true;
        return HttpResponse.json(envelope({ accessToken: 'n', refreshToken: 'n' }));
      }),
    );
    const route = findRoute(
      walkthroughTechnique,
      'listByParent',
      walkthroughTechnique.workspace!.inspection,
      'pipe',
    )!;

    const error = await callTechnique(walkthroughTechnique, route, { query: { reportHeaderId: 'r1' } }).catch(
      (e: unknown) => e,
    );

    expect(error).toMatchObject({ message: 'Unauthorized: 401', status: 401 });
    expect(refreshed).toBe(false);
    expect(browser.assign).toHaveBeenCalledWith('/auth/?code=401');
  });

  it('sends a walkthrough finding with new photos as multipart through plain fetch', async () => {
    let seen: FormData | undefined;
    server.use(
      http.put(api('/walkthrough-summary-pipe'), async ({ request }) => {
        expect(new URL(request.url).searchParams.get('id')).toBe('s1');
        seen = await request.formData();
        return HttpResponse.json(envelope({ id: 's1' }));
      }),
    );
    const route = findRoute(walkthroughTechnique, 'update', walkthroughSummary, 'pipe')!;
    const photo = new File([new Uint8Array([0xff, 0xd8, 0xff])], 'leak.jpg', { type: 'image/jpeg' });

    await callTechnique(walkthroughTechnique, route, {
      ...idArguments(route, 's1'),
      body: {
        values: { remarks: 'Dripping', version: 2 },
        imageLists: { summaryImages: [{ file: photo, imageType: 'leak' }] },
      },
    });

    expect(seen!.get('remarks')).toBe('Dripping');
    expect(seen!.get('version')).toBe('2');
    const parts = seen!.getAll('summaryImages');
    // A file part (jsdom's FormData loses the name on the way; browsers keep it, as e2e shows).
    expect(typeof parts[0]).not.toBe('string');
    expect((parts[0] as File).type).toBe('image/jpeg');
    expect(JSON.parse(parts[1] as string)).toEqual([{ file: 0, imageType: 'leak' }]);
  });

  it('reaches VCI through the main client, whose errors speak the error catalogue', async () => {
    server.use(
      http.delete(api('/vci-summary-pipe/s9'), () =>
        errorResponse(404, 'NOT_FOUND', 'VCI summary s9 does not exist'),
      ),
    );
    const route = findRoute(vciTechnique, 'delete', vciSummary, 'pipe')!;
    await expect(callTechnique(vciTechnique, route, idArguments(route, 's9'))).rejects.toMatchObject({
      status: 404,
    });
    expect(browser.assign).not.toHaveBeenCalled();
  });
});

describe('calls over every variant', () => {
  const technique = flowrate as unknown as TechniqueDefinition;

  it('serve a class that has no call of its own, after the class’s own calls', () => {
    // The pump's inspection is changed by SPEC's one JSON update; the line's by its own upload call.
    expect(findRoute(technique, 'update', flowrateInspection, 'rotating-equipment')?.path).toBe(
      '/flowrate-inspection',
    );
    expect(findRoute(technique, 'update', flowrateInspection, 'pipe')?.path).toBe(
      '/flowrate-inspection-pipe/upload',
    );
    expect(findRoute(technique, 'listByParent', flowrateInspection, 'pipe')?.path).toBe(
      '/flowrate-inspection/by-report',
    );
  });

  it('open a pump report on its class, named as the asset master names the category', () => {
    expect(variantOfCategory(technique, 'rotating-equipment')).toBe('rotating-equipment');
  });
});
