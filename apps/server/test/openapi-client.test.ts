/**
 * The OpenAPI document as an integrator's contract: every multipart body is described part by part,
 * and a client generated from the document by openapi-typescript, run by openapi-fetch over real
 * HTTP, creates with a photo, updates with a photo under If-Match, and lists. The client's source is
 * type-checked against the generated types first, so a body the document describes wrongly (a
 * required field left optional, a file typed as text) fails here rather than in an integrator's build.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { routeBodyKind, routeTable } from '@inspectra/contract';
import type { RouteDefinition } from '@inspectra/contract';
import openapiTS from 'openapi-typescript';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createReportHeader, pngBytes, startTestApp } from './helpers.ts';
import type { TestApp } from './helpers.ts';

type Schema = {
  type?: string;
  format?: string;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
};
type Document = {
  paths: Record<string, Record<string, { requestBody?: { content: Record<string, { schema: Schema }> } }>>;
};

let t: TestApp;
let document: Document;
let baseUrl: string;
/** Scratch space under node_modules, so the generated client resolves `openapi-fetch` as any module would. */
let scratch: string;

beforeAll(async () => {
  t = await startTestApp();
  document = t.app.swagger() as unknown as Document;
  // openapi-fetch speaks real HTTP: the app listens on a free port of the loopback interface.
  baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  const cache = fileURLToPath(new URL('../node_modules/.cache/', import.meta.url));
  await mkdir(cache, { recursive: true });
  scratch = await mkdtemp(path.join(cache, 'openapi-client-'));
});
afterAll(async () => {
  if (scratch) await rm(scratch, { recursive: true, force: true });
  await t?.close();
});

/** The document's path of a route: `/api/x/{id}` for `/x/:id`. */
const documentPath = (route: RouteDefinition) => `/api${route.path.replace(/:([A-Za-z0-9_]+)/g, '{$1}')}`;

const isFilePart = (s: Schema | undefined) => s?.type === 'string' && s.format === 'binary';

describe('the OpenAPI document', () => {
  const multipartRoutes = (routeTable as readonly RouteDefinition[]).filter((r) => {
    const kind = routeBodyKind(r);
    return kind === 'multipart' || kind === 'json-or-multipart';
  });

  it('describes the form of every multipart route, part by part', () => {
    expect(multipartRoutes.length).toBeGreaterThan(20);
    const wrong: string[] = [];
    for (const route of multipartRoutes) {
      const label = `${route.method} ${route.path}`;
      const content = document.paths[documentPath(route)]?.[route.method.toLowerCase()]?.requestBody?.content;
      const form = content?.['multipart/form-data']?.schema;
      if (!form?.properties) {
        wrong.push(`${label}: no multipart/form-data schema`);
        continue;
      }
      if (routeBodyKind(route) === 'json-or-multipart' && !content?.['application/json'])
        wrong.push(`${label}: no application/json schema beside the form`);
      const op = route.operation;
      if (op.kind !== 'create' && op.kind !== 'update') {
        if (!isFilePart(form.properties.file)) wrong.push(`${label}: the upload's file part`);
        continue;
      }
      const schemas = op.entity.schemasFor(op.variant);
      const body = op.kind === 'create' ? schemas.create : schemas.update;
      for (const key of Object.keys(body.shape))
        if (!form.properties[key]) wrong.push(`${label}: field ${key} is not described`);
      for (const [slot, declared] of Object.entries(op.entity.imagesOf(op.variant))) {
        if (!isFilePart(form.properties[slot])) wrong.push(`${label}: ${slot} is not a file part`);
        const required = op.kind === 'create' && Boolean(declared.required);
        if ((form.required ?? []).includes(slot) !== required)
          wrong.push(`${label}: ${slot} required should be ${required}`);
      }
      for (const list of Object.keys(op.entity.imageListsOf(op.variant))) {
        const items = form.properties[list]?.items?.anyOf ?? [];
        if (!items.some(isFilePart) || !items.some((s) => s.type === 'string' && !s.format))
          wrong.push(`${label}: ${list} is not its photo parts and its JSON text part`);
      }
      if (op.kind === 'create') {
        const requiredFields = Object.entries(op.entity.fieldsOf(op.variant))
          .filter(([, f]) => f.required && f.default === undefined && !f.serverOwned)
          .map(([key]) => key);
        for (const key of requiredFields)
          if (!(form.required ?? []).includes(key)) wrong.push(`${label}: ${key} should be required`);
      } else if ((form.required ?? []).some((key) => key !== 'id')) {
        wrong.push(`${label}: an update requires nothing but where the record is`);
      }
    }
    expect(wrong).toEqual([]);
  });
});

/**
 * The integrator's code: typed by the generated `paths`, run against the server. Files and lists
 * travel as parts, as the document describes: a list's photos and its JSON text under one name.
 */
const clientSource = `
import createClient from 'openapi-fetch';
import type { paths } from './openapi-types.js';

/** A body as a form: each value a part, a list's items parts of the same name, null an empty part. */
function formData(body: unknown): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(body as Record<string, unknown>)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item === undefined) continue;
      form.append(name, item instanceof Blob ? item : item === null ? '' : String(item));
    }
  }
  return form;
}

export async function run(baseUrl: string, token: string, reportHeaderId: string, photo: Blob) {
  const client = createClient<paths>({ baseUrl, headers: { authorization: 'Bearer ' + token } });
  const created = await client.POST('/api/walkthrough-inspection-pipe', {
    body: { reportHeaderId, inspectionDate: '2026-11-10', finding: 'Rack corroded', isometricImage: photo },
    bodySerializer: formData,
  });
  if (!created.data) throw new Error('create: ' + JSON.stringify(created.error));
  const id: string = created.data.data.id;
  const etag = created.response.headers.get('etag') ?? '';
  const updated = await client.PUT('/api/walkthrough-inspection-pipe', {
    params: { query: { id }, header: { 'if-match': etag } },
    body: { remarks: 'Painted', isometricImage: photo },
    bodySerializer: formData,
  });
  const stale = await client.PUT('/api/walkthrough-inspection-pipe', {
    params: { query: { id }, header: { 'if-match': etag } },
    body: { remarks: 'Painted twice' },
    bodySerializer: formData,
  });
  const finding = await client.POST('/api/walkthrough-summary-pipe', {
    body: {
      walkthroughInspectionId: id,
      inspectionDate: '2026-11-11',
      inspectionArea: 'Pipe rack PR-2',
      finding: 'Support shoe displaced',
      condition: 'fair',
      severity: 'medium',
      summaryImages: [photo, JSON.stringify([{ file: 0, imageType: 'overview' }])],
    },
    bodySerializer: formData,
  });
  const listed = await client.GET('/api/walkthrough-inspection-pipe', {
    params: { query: { reportHeaderId, pageSize: 10 } },
  });
  const missing = await client.POST('/api/walkthrough-inspection-pipe', {
    // @ts-expect-error the document says inspectionDate is required
    body: { reportHeaderId },
    bodySerializer: formData,
  });
  return {
    created: { status: created.response.status, data: created.data.data, etag },
    updated: { status: updated.response.status, data: updated.data?.data, etag: updated.response.headers.get('etag') },
    stale: { status: stale.response.status, error: stale.error },
    finding: { status: finding.response.status, data: finding.data?.data },
    listed: { status: listed.response.status, data: listed.data?.data, meta: listed.data?.meta },
    missing: { status: missing.response.status, error: missing.error },
  };
}
`;

/** Type-checks the client against the generated types; the diagnostics, as text, if any. */
function typeErrors(file: string): string[] {
  const program = ts.createProgram([file], {
    strict: true,
    noEmit: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'],
    types: [],
    skipLibCheck: true,
  });
  return ts
    .getPreEmitDiagnostics(program)
    .map((d) => `${d.file?.fileName ?? ''}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`);
}

describe('a client generated from the document', () => {
  it('type-checks, then creates with a photo, updates with a photo under If-Match, and lists', async () => {
    const types = await openapiTS(document as never, {
      // A file part is a Blob in the client (the generator's default is string).
      transform: (schema) => (schema.format === 'binary' ? 'Blob' : undefined),
    });
    await writeFile(path.join(scratch, 'openapi-types.ts'), types);
    await writeFile(path.join(scratch, 'package.json'), '{ "type": "module" }');
    const source = path.join(scratch, 'client.ts');
    await writeFile(source, clientSource);
    expect(typeErrors(source)).toEqual([]);

    const compiled = ts.transpileModule(clientSource, {
      compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
    });
    const runnable = path.join(scratch, 'client.mjs');
    await writeFile(runnable, compiled.outputText);
    const { run } = (await import(pathToFileURL(runnable).href)) as {
      run: (baseUrl: string, token: string, reportHeaderId: string, photo: Blob) => Promise<any>;
    };

    const report = await createReportHeader(t, { inspectionMethod: 'walkthrough' });
    const photo = new Blob([pngBytes], { type: 'image/png' });
    const r = await run(baseUrl, t.adminTokens.accessToken, report.id, photo);

    expect(r.created.status, JSON.stringify(r.created)).toBe(201);
    expect(r.created.data).toMatchObject({
      reportHeaderId: report.id,
      inspectionDate: '2026-11-10',
      version: 1,
    });
    expect(r.created.data.isometricImage).toMatchObject({ mediaType: 'image/png', size: pngBytes.length });
    expect(r.updated.status, JSON.stringify(r.updated)).toBe(200);
    expect(r.updated.data).toMatchObject({ remarks: 'Painted', finding: 'Rack corroded', version: 2 });
    expect(r.updated.etag).toMatch(new RegExp(`^"${r.created.data.id}:2:[\\w-]{16}"$`));
    expect(r.stale.status).toBe(412);
    expect(r.stale.error).toMatchObject({ error: { code: 'PRECONDITION_FAILED' } });
    expect(r.finding.status, JSON.stringify(r.finding)).toBe(201);
    expect(r.finding.data.summaryImages).toEqual([
      expect.objectContaining({ imageType: 'overview', position: 0, mediaType: 'image/png' }),
    ]);
    expect(r.listed.status).toBe(200);
    expect(r.listed.data.map((x: { id: string }) => x.id)).toEqual([r.created.data.id]);
    expect(r.listed.meta).toMatchObject({ totalCount: 1 });
    expect(r.missing.status).toBe(400);
    expect(r.missing.error).toMatchObject({ message: 'inspectionDate is required' });

    // The photo sent is the photo served.
    const served = await fetch(`${baseUrl}${r.updated.data.isometricImage.url}`, {
      headers: { authorization: `Bearer ${t.adminTokens.accessToken}` },
    });
    expect(Buffer.from(await served.arrayBuffer())).toEqual(pngBytes);
  }, 60_000);
});
