/**
 * Typed image lists (a summary row's photos) as the engine serves them for any entity that declares
 * one: created with the row, reordered, retyped, added to and removed from, bounded, and refused
 * cleanly (nothing stored, no file left behind) for bad input. Proven on the VCI and walkthrough
 * summaries, with their own routes and declared types.
 */
import { randomUUID } from 'node:crypto';
import { vciSummary, walkthroughSummary } from '@inspectra/contract';
import type { EntityDefinition, ImageList } from '@inspectra/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attachments, entityTables } from '../src/db/schema/index.ts';
import { pdfBytes } from './document-bytes.ts';
import { entityRoutes, idPlacement, routeLabel, routeUrl, validValues } from './entity-factory.ts';
import type { EntityRoute, TestFile } from './entity-factory.ts';
import { MultipartForm, pngBytes, startTestApp } from './helpers.ts';
import type { FormPart, TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

const listName = 'summaryImages';

/** A PNG with its own bytes (the store is content-addressed: equal bytes would be one file). */
const photo = (name = 'photo.png'): TestFile => ({
  name,
  type: 'image/png',
  bytes: Buffer.concat([pngBytes, Buffer.from(randomUUID())]),
});

async function sendForm(method: 'POST' | 'PUT', url: string, parts: FormPart[]) {
  const body = new MultipartForm(parts);
  const res = await t.app.inject({
    method,
    url,
    payload: body.payload,
    headers: { ...body.headers, authorization: `Bearer ${t.adminTokens.accessToken}` },
  });
  return { status: res.statusCode, body: res.json() };
}

/** Text parts for a record's values, then the list as JSON, then each photo under the list's name. */
function partsOf(
  values: Record<string, unknown>,
  list: unknown[] | undefined,
  photos: TestFile[],
): FormPart[] {
  return [
    ...Object.entries(values)
      .filter(([, v]) => v !== null && v !== undefined)
      .map(([name, v]) => ({ name, value: String(v) })),
    ...(list ? [{ name: listName, value: JSON.stringify(list) }] : []),
    ...photos.map((file) => ({ name: listName, file })),
  ];
}

async function storedFileCount() {
  let n = 0;
  for await (const _ of t.files.list()) n++;
  return n;
}

async function rowCount(entity: EntityDefinition) {
  return (await t.db.select().from(entityTables[entity.name]!)).length;
}

async function attachmentCount(entity: EntityDefinition) {
  return (await t.db.select().from(attachments).where(eq(attachments.ownerEntity, entity.name))).length;
}

type Attachment = {
  id: string;
  imageType: string | null;
  displayName: string;
  position: number;
  url: string;
  mediaType: string;
};

describe.each([
  { entity: vciSummary, variant: 'pipe' },
  { entity: walkthroughSummary, variant: 'pipeline' },
] as const)('$entity.name ($variant) summaryImages', ({ entity, variant }) => {
  const routes = entityRoutes(entity, variant);
  const create = routes.find((r) => r.operation.kind === 'create')!;
  const update = routes.find((r) => r.operation.kind === 'update')!;
  const reads = routes.filter((r) => ['get', 'list', 'listByParent'].includes(r.operation.kind));
  const list = entity.imageLists[listName] as ImageList;
  const types = list.types!;

  /** What each refused request must leave: the same rows, attachment rows and stored files. */
  async function expectNothingStored(before: { rows: number; images: number; files: number }) {
    expect(await rowCount(entity), 'rows').toBe(before.rows);
    expect(await attachmentCount(entity), 'attachment rows').toBe(before.images);
    expect(await storedFileCount(), 'files in the store').toBe(before.files);
  }
  const counts = async () => ({
    rows: await rowCount(entity),
    images: await attachmentCount(entity),
    files: await storedFileCount(),
  });

  const createWith = async (entries: unknown[] | undefined, photos: TestFile[]) =>
    sendForm('POST', routeUrl(create), partsOf(await validValues(t, entity, variant), entries, photos));

  async function createWithPhotos(n: number) {
    const photos = Array.from({ length: n }, (_, i) => photo(`spot-${i}.png`));
    const r = await createWith(
      photos.map((_, i) => ({ file: i, imageType: types[i % types.length], displayName: `Photo ${i}` })),
      photos,
    );
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    return { record: r.body.data as Record<string, any>, photos };
  }

  const updateUrl = (record: Record<string, any>) => routeUrl(update, idPlacement(update, record.id));
  /** The record read back through every read call of the entity, all of which must agree. */
  async function readBack(record: Record<string, any>): Promise<Attachment[]> {
    let images: Attachment[] | undefined;
    for (const read of reads) {
      const op = (read as EntityRoute).operation;
      const at = idPlacement(read as EntityRoute, record.id);
      const query: Record<string, string> =
        op.kind === 'listByParent'
          ? { [op.parentParam]: record[entity.parent!] }
          : op.kind === 'list'
            ? { id: record.id }
            : (at.query ?? {});
      const r = await t.call('GET', routeUrl(read, { params: at.params, query }));
      expect(r.status, `${routeLabel(read)}: ${JSON.stringify(r.body)}`).toBe(200);
      const seen = Array.isArray(r.body.data)
        ? r.body.data.find((x: { id: string }) => x.id === record.id)
        : r.body.data;
      if (images) expect(seen[listName], routeLabel(read)).toEqual(images);
      images = seen[listName];
    }
    return images!;
  }

  it('creates a row with 3 typed photos in a multipart body, in order, served back byte for byte', async () => {
    const { record, photos } = await createWithPhotos(3);
    const images = record[listName] as Attachment[];
    expect(images.map((i) => [i.position, i.imageType, i.displayName, i.mediaType])).toEqual([
      [0, types[0], 'Photo 0', 'image/png'],
      [1, types[1], 'Photo 1', 'image/png'],
      [2, types[2], 'Photo 2', 'image/png'],
    ]);
    expect(await readBack(record)).toEqual(images);
    for (const [i, image] of images.entries()) {
      const file = await t.inject({
        method: 'GET',
        url: image.url,
        headers: { authorization: `Bearer ${t.adminTokens.accessToken}` },
      });
      expect(file.statusCode).toBe(200);
      expect(file.rawPayload.equals(photos[i]!.bytes)).toBe(true);
    }
  });

  it('creates a row from JSON with an empty list', async () => {
    const r = await t.call('POST', routeUrl(create), {
      ...(await validValues(t, entity, variant)),
      [listName]: [],
    });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body.data[listName]).toEqual([]);
  });

  it('reorders and retypes with a JSON update, keeping the images', async () => {
    const { record } = await createWithPhotos(3);
    const [a, b, c] = record[listName] as Attachment[];
    const r = await t.call('PUT', updateUrl(record), {
      version: record.version,
      [listName]: [{ id: c!.id, imageType: types[3] }, { id: a!.id }, { id: b!.id, displayName: 'Renamed' }],
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const images = r.body.data[listName] as Attachment[];
    expect(images.map((i) => [i.id, i.position, i.imageType, i.displayName])).toEqual([
      [c!.id, 0, types[3], 'Photo 2'],
      [a!.id, 1, types[0], 'Photo 0'],
      [b!.id, 2, types[1], 'Renamed'],
    ]);
    expect(await readBack(record)).toEqual(images);
  });

  it('leaves the list as it is when an update does not mention it', async () => {
    const { record } = await createWithPhotos(2);
    const r = await t.call('PUT', updateUrl(record), { version: record.version });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data[listName]).toEqual(record[listName]);
  });

  it('adds one photo and removes another in one multipart update', async () => {
    const { record } = await createWithPhotos(3);
    const [a, b, c] = record[listName] as Attachment[];
    const added = photo('added.png');
    const r = await sendForm(
      'PUT',
      updateUrl(record),
      partsOf(
        { version: record.version },
        [{ id: a!.id }, { file: 0, imageType: types[4], displayName: 'Added' }, { id: b!.id }],
        [added],
      ),
    );
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const images = r.body.data[listName] as Attachment[];
    expect(images.map((i) => [i.position, i.imageType, i.displayName])).toEqual([
      [0, types[0], 'Photo 0'],
      [1, types[4], 'Added'],
      [2, types[1], 'Photo 1'],
    ]);
    expect(images.map((i) => i.id)).not.toContain(c!.id);
    expect(await readBack(record)).toEqual(images);
    const removed = await t.db.select().from(attachments).where(eq(attachments.id, c!.id));
    expect(removed).toEqual([]);
  });

  it('removes every photo with an empty list', async () => {
    const { record } = await createWithPhotos(3);
    const r = await t.call('PUT', updateUrl(record), { version: record.version, [listName]: [] });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data[listName]).toEqual([]);
    expect(await readBack(record)).toEqual([]);
    const left = await t.db
      .select()
      .from(attachments)
      .where(and(eq(attachments.ownerEntity, entity.name), eq(attachments.ownerId, record.id)));
    expect(left).toEqual([]);
  });

  it(`refuses ${list.max + 1} photos in one create: 400, no row, no image, no file left`, async () => {
    const before = await counts();
    const photos = Array.from({ length: list.max + 1 }, () => photo());
    const r = await createWith(
      photos.map((_, i) => ({ file: i, imageType: types[0] })),
      photos,
    );
    expect(r.status, JSON.stringify(r.body)).toBe(400);
    expect(r.body.error.details[0].path).toBe(listName);
    expect(r.body.message).toContain(`at most ${list.max}`);
    await expectNothingStored(before);
  });

  it(`refuses an update that would make ${list.max + 1} photos, changing nothing`, async () => {
    const { record } = await createWithPhotos(list.max - 1);
    const before = await counts();
    const photos = [photo(), photo()];
    const r = await sendForm(
      'PUT',
      updateUrl(record),
      partsOf(
        { version: record.version },
        [
          ...(record[listName] as Attachment[]).map((i) => ({ id: i.id })),
          ...photos.map((_, file) => ({ file, imageType: types[0] })),
        ],
        photos,
      ),
    );
    expect(r.status, JSON.stringify(r.body)).toBe(400);
    await expectNothingStored(before);
    expect(await readBack(record)).toEqual(record[listName]);
  });

  it('refuses an image type outside the declared set, naming where, storing nothing', async () => {
    const before = await counts();
    const r = await createWith([{ file: 0, imageType: 'selfie' }], [photo()]);
    expect(r.status, JSON.stringify(r.body)).toBe(400);
    expect(r.body.error.details[0].path).toBe(`${listName}.0.imageType`);
    await expectNothingStored(before);
  });

  it('refuses a new photo without a type, with or without the list, storing nothing', async () => {
    const before = await counts();
    const untyped = await createWith([{ file: 0, displayName: 'No type' }], [photo()]);
    expect(untyped.status, JSON.stringify(untyped.body)).toBe(400);
    expect(untyped.body.error.details[0].path).toBe(`${listName}.0.imageType`);
    // Files without the list are appended, and appended photos have no type: refused too.
    const appended = await createWith(undefined, [photo()]);
    expect(appended.status, JSON.stringify(appended.body)).toBe(400);
    expect(appended.body.error.details[0].path).toMatch(new RegExp(`^${listName}`));
    await expectNothingStored(before);
  });

  it('refuses a PDF sent as a photo and a zero-byte photo, storing nothing', async () => {
    const before = await counts();
    const disguised = await createWith(
      [{ file: 0, imageType: types[0] }],
      [{ name: 'crack.jpg', type: 'image/jpeg', bytes: pdfBytes }],
    );
    expect([400, 415], JSON.stringify(disguised.body)).toContain(disguised.status);
    expect(disguised.body.error.details[0].path).toBe(listName);
    const empty = await createWith(
      [{ file: 0, imageType: types[0] }],
      [{ name: 'empty.png', type: 'image/png', bytes: Buffer.alloc(0) }],
    );
    expect([400, 415], JSON.stringify(empty.body)).toContain(empty.status);
    await expectNothingStored(before);
  });

  it('stores a 300-character and a ../ file name under a safe display name', async () => {
    const long = `${'a'.repeat(296)}.png`;
    const r = await createWith(
      [
        { file: 0, imageType: types[0] },
        { file: 1, imageType: types[1] },
      ],
      [photo(long), photo('../../etc/passwd.png')],
    );
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    const [first, second] = r.body.data[listName] as Attachment[];
    expect(first!.displayName.length).toBeLessThanOrEqual(200);
    expect(first!.displayName).toMatch(/^a+/);
    expect(second!.displayName).toBe('passwd.png');
  });

  it('cleans a caption sent in the list as it cleans a file name (no control or bidi characters)', async () => {
    const spoof = 'photo\u202Egpj.exe\u0000\u0007';
    const r = await createWith([{ file: 0, imageType: types[0], displayName: spoof }], [photo()]);
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body.data[listName][0].displayName).toBe('photogpj.exe');
    const kept = r.body.data[listName][0] as Attachment;
    const u = await t.call('PUT', updateUrl(r.body.data), {
      version: r.body.data.version,
      [listName]: [{ id: kept.id, displayName: '\u202E\u2066 Crack 3/4 up ' }],
    });
    expect(u.status, JSON.stringify(u.body)).toBe(200);
    expect(u.body.data[listName][0].displayName).toBe('Crack 3/4 up');
  });

  it("refuses an id of another record's image, changing nothing", async () => {
    const { record: mine } = await createWithPhotos(1);
    const { record: theirs } = await createWithPhotos(1);
    const stranger = (theirs[listName] as Attachment[])[0]!;
    const r = await t.call('PUT', updateUrl(mine), {
      version: mine.version,
      [listName]: [{ id: stranger.id }],
    });
    expect(r.status, JSON.stringify(r.body)).toBe(400);
    expect(r.body.error.details[0].path).toBe(`${listName}.0.id`);
    expect(await readBack(mine)).toEqual(mine[listName]);
    expect(await readBack(theirs)).toEqual(theirs[listName]);
  });

  it('takes back the photo of an update refused for a stale version', async () => {
    const { record } = await createWithPhotos(1);
    const bumped = await t.call('PUT', updateUrl(record), { version: record.version });
    expect(bumped.status).toBe(200);
    const before = await counts();
    const r = await sendForm(
      'PUT',
      updateUrl(record),
      partsOf({ version: record.version }, [{ file: 0, imageType: types[0] }], [photo()]),
    );
    expect(r.status, JSON.stringify(r.body)).toBe(409);
    await expectNothingStored(before);
  });

  it('lists 200 rows with 6 photos each, rows and photos read in at most two statements', async () => {
    // Rows written straight to the table: 200 API calls would prove nothing more and take long.
    const { record: model } = await createWithPhotos(6);
    const table = entityTables[entity.name]!;
    const { id: _id, version: _v, createdAt: _c, updatedAt: _u, warnings: _w, ...values } = model;
    const fields = Object.keys(entity.fields);
    const row = Object.fromEntries(Object.entries(values).filter(([k]) => fields.includes(k)));
    const inserted = (await t.db
      .insert(table)
      .values(Array.from({ length: 199 }, () => ({ ...row, variant })) as never)
      .returning({ id: table.id })) as { id: string }[];
    const modelImages = await t.db
      .select()
      .from(attachments)
      .where(and(eq(attachments.ownerEntity, entity.name), eq(attachments.ownerId, model.id)));
    const copies = inserted.flatMap(({ id }) =>
      modelImages.map(({ id: _a, createdAt: _t, ...a }) => ({ ...a, ownerId: id })),
    );
    for (let i = 0; i < copies.length; i += 500)
      await t.db.insert(attachments).values(copies.slice(i, i + 500));
    await t.database.maintain();

    const ours = new Set([model.id, ...inserted.map((r) => r.id)]);
    const listing = routes.filter((r) => r.operation.kind === 'list' || r.operation.kind === 'listByParent');
    expect(listing.length).toBeGreaterThan(0);
    const pool = t.database.db.$client;
    const original = pool.query;
    for (const route of listing) {
      const op = route.operation;
      const query: Record<string, string> =
        op.kind === 'listByParent' ? { [op.parentParam]: model[entity.parent!] } : {};
      if (op.kind === 'list' || (op.kind === 'listByParent' && op.paged)) query.pageSize = '200';
      const statements: string[] = [];
      pool.query = ((...args: unknown[]) => {
        const config = args[0] as string | { text: string };
        statements.push(typeof config === 'string' ? config : config.text);
        return (original as (...a: unknown[]) => unknown).apply(pool, args);
      }) as typeof pool.query;
      let r;
      try {
        r = await t.call('GET', routeUrl(route, { query }));
      } finally {
        pool.query = original;
      }
      expect(r.status, `${routeLabel(route)}: ${JSON.stringify(r.body).slice(0, 300)}`).toBe(200);
      const rows = (r.body.data as Record<string, any>[]).filter((x) => ours.has(x.id));
      expect(rows.length, routeLabel(route)).toBe(200);
      for (const x of rows) {
        expect((x[listName] as Attachment[]).map((i) => [i.position, i.imageType])).toEqual(
          (model[listName] as Attachment[]).map((i) => [i.position, i.imageType]),
        );
      }
      const touching = statements.filter(
        (s) => s.includes(`"${entity.table}"`) || s.includes('"attachment"'),
      );
      const withRows = touching.filter((s) => s.includes(`"${entity.table}"`));
      expect(withRows.length, `${routeLabel(route)} reads its rows once:\n${touching.join('\n')}`).toBe(1);
      expect(
        touching.length,
        `${routeLabel(route)} reads rows and photos in ≤ 2 statements`,
      ).toBeLessThanOrEqual(2);
    }
  });
});
