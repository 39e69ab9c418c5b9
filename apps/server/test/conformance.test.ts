/**
 * The engine's generic behaviour, proven once over every declared entity and every route that serves
 * one: create, read back through each read call, update with versions, fixed parents, delete,
 * variants kept apart, required files, unique values. Nothing here names an entity: a new entity or
 * route is walked as soon as the route table has it (the last test fails if one was not).
 * Access on every route is proven in permissions.test.ts; a module's own behaviour in its own file.
 */
import {
  declaredWords,
  entities,
  evaluate,
  fieldsRead,
  mayBeEmpty,
  routeBodyKind,
  routeSchemas,
  routeTable,
} from '@inspectra/contract';
import type { EntityDefinition } from '@inspectra/contract';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entityTables } from '../src/db/schema/index.ts';
import { derivedSql } from '../src/engine/derived-sql.ts';
import { sheetFields } from '../src/engine/sheet-operations.ts';
import { writeEntitySheet } from '../src/engine/spreadsheet.ts';
import {
  changeableField,
  createRecord,
  entityGroups,
  entityRoutes,
  groupLabel,
  idPlacement,
  isEntityRoute,
  otherValue,
  parentVariant,
  requiredFiles,
  routeLabel,
  routeUrl,
  sendEntityBody,
  shareParents,
  storedRow,
  validValues,
  variantsOf,
  writableFields,
} from './entity-factory.ts';
import type { EntityRoute } from './entity-factory.ts';
import { MultipartForm, startTestApp } from './helpers.ts';
import type { TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
  // Records many may share a parent with are made under one (a report, a work order, an analysis):
  // what is walked is each record itself. The parents a test checks against it makes itself.
  shareParents(t);
});
afterAll(() => t?.close());

const xlsxType = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

async function streamToBuffer(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

/** Derived values read empty through the API over a record whose inputs were sent empty. */
const blanksRead = new Set<string>();

/** Routes a test called: every entity route of the table must be among them at the end. */
const exercised = new Set<string>();

async function send(
  route: EntityRoute,
  o: {
    params?: Record<string, string>;
    query?: Record<string, string>;
    values?: Record<string, unknown>;
    files?: Parameters<typeof sendEntityBody>[4];
  } = {},
) {
  exercised.add(routeLabel(route));
  const url = routeUrl(route, o);
  if (route.method === 'POST' || route.method === 'PUT')
    return sendEntityBody(t, route, url, o.values ?? {}, o.files);
  return t.call(route.method, url);
}

const stored = (entity: EntityDefinition, id: string) => storedRow(t, entity, id);

/** The stored row reduced to what a client sees, comparable before and after a refused write. */
async function snapshot(entity: EntityDefinition, id: string) {
  const row = await stored(entity, id);
  return row && JSON.parse(JSON.stringify(row));
}

function expectError(r: { status: number; body: any }, status: number, what: string) {
  expect(r.status, `${what}: ${JSON.stringify(r.body)}`).toBe(status);
  expect(r.body, what).toMatchObject({ data: null, statusCode: status, error: { code: expect.any(String) } });
}

/** The answer fits the response schema the route declares (and the OpenAPI document shows). */
function expectDeclaredShape(route: EntityRoute, data: unknown) {
  const parsed = routeSchemas(route).response.safeParse(data);
  expect(parsed.success, `${routeLabel(route)} answer: ${parsed.error?.message}`).toBe(true);
}

/**
 * The values sent come back as sent (text trimmed, dates as written; a list that travels as JSON
 * text, as that text).
 */
function expectValues(
  view: Record<string, unknown>,
  values: Record<string, unknown>,
  what: string,
  entity: EntityDefinition,
) {
  for (const [key, value] of Object.entries(values)) {
    // A value the server keeps from other records is accepted, and read again from them.
    if (entity.fields[key]?.keptByServer) continue;
    const read = view[key];
    const asText = Array.isArray(value) && typeof read === 'string';
    expect(asText ? JSON.parse(read) : read, `${what}: ${key}`).toEqual(value);
  }
}

const readKinds = ['get', 'list', 'listByParent', 'getByParent'] as const;
const isRead = (r: EntityRoute) => (readKinds as readonly string[]).includes(r.operation.kind);

/** Reads one record through a read call; undefined when that call does not find it. */
async function readThrough(route: EntityRoute, record: Record<string, any>, entity: EntityDefinition) {
  const op = route.operation;
  const parentId = entity.parent ? String(record[entity.parent]) : '';
  switch (op.kind) {
    case 'get': {
      const r = await send(route, idPlacement(route, record.id));
      if (r.status === 404) return undefined;
      expect(r.status, `${routeLabel(route)}: ${JSON.stringify(r.body)}`).toBe(200);
      expectDeclaredShape(route, r.body.data);
      return r.body.data;
    }
    case 'list': {
      const r = await send(route, { query: { id: record.id } });
      expect(r.status, `${routeLabel(route)}: ${JSON.stringify(r.body)}`).toBe(200);
      expectDeclaredShape(route, r.body.data);
      expect(r.body.data.length, `${routeLabel(route)}?id= lists at most that record`).toBeLessThanOrEqual(1);
      return r.body.data[0];
    }
    case 'listByParent': {
      const query: Record<string, string> = { [op.parentParam]: parentId };
      if (op.paged) query.pageSize = '200';
      const r = await send(route, { query });
      if (r.status === 404) return undefined;
      expect(r.status, `${routeLabel(route)}: ${JSON.stringify(r.body)}`).toBe(200);
      expectDeclaredShape(route, r.body.data);
      return (r.body.data as Record<string, unknown>[]).find((x) => x.id === record.id);
    }
    case 'getByParent': {
      const r = await send(route, { query: { [op.parentParam]: parentId } });
      if (r.status === 404) return undefined;
      expect(r.status, `${routeLabel(route)}: ${JSON.stringify(r.body)}`).toBe(200);
      expectDeclaredShape(route, r.body.data);
      return r.body.data?.id === record.id ? r.body.data : undefined;
    }
    default:
      throw new Error(`${routeLabel(route)} is not a read`);
  }
}

const groups = entityGroups();

describe.each(groups.map((g) => [groupLabel(g), g] as const))('%s', (_, { entity, variant, routes }) => {
  const of = (kind: EntityRoute['operation']['kind']) => routes.filter((r) => r.operation.kind === kind);
  const reads = routes.filter(isRead);
  const creates = of('create');
  const firstReadCreates = of('getByParent').filter(
    (r) => r.operation.kind === 'getByParent' && r.operation.createIfMissing,
  );
  /**
   * Clears the entity's table when the plant holds one record of it (`single`: the plant owner): a
   * second create is refused, so each test that makes one starts without it.
   */
  const makeRoom = async () => {
    if (entity.single) await t.db.delete(entityTables[entity.name]!);
  };
  /** A fresh record of this entity and variant (parents created as needed). */
  const fresh = async (overrides: Record<string, unknown> = {}) => {
    await makeRoom();
    return createRecord(t, entity, variant, overrides);
  };

  const derived = Object.entries(entity.derived).filter(([, x]) => x.expr);
  if (derived.length > 0)
    it('reads every derived value empty while its inputs are empty, in the API and in SQL', async () => {
      // SQL: each compiled expression over a row of nulls (the table outer-joined to nothing).
      const table = entityTables[entity.name]!;
      for (const [key, { expr }] of derived) {
        const result = await t.db.execute<{ value: unknown }>(
          sql`select ${derivedSql(entity, key, table)} as value from (select 1) as one left join ${table} on false`,
        );
        // A count of a list's items is a true count: a list left empty has none (docs/blanks.md).
        const expected = fieldsRead(expr!).lists.length > 0 ? evaluate(expr!, {}) : null;
        // float8 may come back as its text; a word as itself.
        const value = result.rows[0]?.value ?? null;
        const read = typeof value === 'string' && typeof expected === 'number' ? Number(value) : value;
        expect(read, `${key} in SQL`).toEqual(expected);
      }
      // The API: a record whose inputs a client may leave empty, sent empty as a client sends it.
      const fields = entity.fieldsOf(variant);
      const own = (k: string) => !k.includes('.');
      const inputs = (x: (typeof derived)[number][1]) => {
        const read = fieldsRead(x.expr!);
        return { keys: [...read.numbers, ...read.words, ...read.dates], lists: read.lists.length > 0 };
      };
      const emptiable = new Set(
        derived.flatMap(([, x]) =>
          inputs(x).keys.filter(
            (k) => own(k) && fields[k] && mayBeEmpty(fields[k]) && !fields[k].serverOwned,
          ),
        ),
      );
      const create = routes.find((r) => r.operation.kind === 'create' || r.operation.kind === 'upsert');
      const asForm =
        create !== undefined &&
        (routeBodyKind(create) === 'multipart' || Object.keys(requiredFiles(entity)).length > 0);
      const record = await fresh(Object.fromEntries([...emptiable].map((k) => [k, asForm ? '' : null])));
      for (const [key, x] of derived) {
        const { keys, lists } = inputs(x);
        if (lists || !keys.every((k) => emptiable.has(k))) continue;
        expect(record[key], `${key} in the API`).toBeNull();
        blanksRead.add(`${entity.name}.${key}`);
      }
    });

  if (creates.length > 0)
    it('creates through each create call, storing what was sent', async () => {
      for (const create of creates) {
        await makeRoom();
        const values = await validValues(t, entity, variant);
        const r = await send(create, { values, files: requiredFiles(entity) });
        expect(r.status, `${routeLabel(create)}: ${JSON.stringify(r.body)}`).toBe(201);
        expectDeclaredShape(create, r.body.data);
        expectValues(r.body.data, values, routeLabel(create), entity);
        expect(r.body.data.version, routeLabel(create)).toBe(1);
        if (variant) expect(r.body.data.variant).toBe(variant);
        expect(await stored(entity, r.body.data.id), 'stored row').toBeDefined();
        for (const read of reads) {
          const seen = await readThrough(read, r.body.data, entity);
          expect(seen, `${routeLabel(read)} serves what ${routeLabel(create)} made`).toBeDefined();
          expectValues(seen, values, routeLabel(read), entity);
          // Every read answers the record as its create did, whoever builds the view (a page's
          // views are built by the database on PostgreSQL, view-json.ts, and by the server on the
          // embedded database); a list may add its own (who added it).
          expect(
            seen,
            `${routeLabel(read)} reads the record as ${routeLabel(create)} answered it`,
          ).toMatchObject(r.body.data);
        }
      }
    });

  if (firstReadCreates.length > 0)
    it('is created once, on the first read of its parent', async () => {
      for (const firstRead of firstReadCreates) {
        if (firstRead.operation.kind !== 'getByParent' || !entity.parent) continue;
        const { [entity.parent]: parentId } = await validValues(t, entity, variant);
        const query = { [firstRead.operation.parentParam]: String(parentId) };
        const [a, b] = await Promise.all([send(firstRead, { query }), send(firstRead, { query })]);
        expect(a.status, JSON.stringify(a.body)).toBe(200);
        expect(b.status, JSON.stringify(b.body)).toBe(200);
        expectDeclaredShape(firstRead, a.body.data);
        expect(b.body.data.id, 'two first reads at once make one record').toBe(a.body.data.id);
        expect(a.body.data[entity.parent]).toBe(parentId);
        for (const read of reads) {
          expect(await readThrough(read, a.body.data, entity), routeLabel(read)).toBeDefined();
        }
      }
    });

  if (reads.length > 0)
    it('answers 404 for an unknown parent or id, never an empty success', async () => {
      const missing = '00000000-0000-4000-8000-000000000000';
      for (const read of reads) {
        const op = read.operation;
        if (op.kind === 'list') {
          const r = await send(read, { query: { id: missing } });
          expect(r.status, routeLabel(read)).toBe(200);
          expect(r.body.data, routeLabel(read)).toEqual([]);
          continue;
        }
        const r =
          op.kind === 'get'
            ? await send(read, idPlacement(read, missing))
            : await send(read, {
                query: {
                  [(op as { parentParam: string }).parentParam]: missing,
                  ...(op.kind === 'listByParent' && op.paged ? { pageSize: '5' } : {}),
                },
              });
        expectError(r, 404, `${routeLabel(read)} with an unknown id`);
      }
    });

  for (const update of of('update')) {
    describe(routeLabel(update), () => {
      it('updates with the current version, then refuses the stale one and changes nothing', async () => {
        const record = await fresh();
        const [key, field] = changeableField(entity, variant);
        const changed = otherValue(key, field, 'upd');
        const at = idPlacement(update, record.id);
        const ok = await send(update, {
          ...at,
          values: { ...at.body, version: record.version, [key]: changed },
        });
        expect(ok.status, JSON.stringify(ok.body)).toBe(200);
        expectDeclaredShape(update, ok.body.data);
        expect(ok.body.data[key]).toEqual(changed);
        expect(ok.body.data.version).toBe(record.version + 1);
        const after = await snapshot(entity, record.id);

        const stale = await send(update, {
          ...at,
          values: { ...at.body, version: record.version, [key]: otherValue(key, field, 'stale') },
        });
        expectError(stale, 409, 'a stale version');
        expect(stale.body.error.code).toBe('CONFLICT');
        expect(await snapshot(entity, record.id), 'nothing changed by the stale write').toEqual(after);
        for (const read of reads) {
          const seen = await readThrough(read, ok.body.data, entity);
          expect(seen?.[key], `${routeLabel(read)} after the update`).toEqual(changed);
        }
      });

      it('answers 404 for a record that does not exist', async () => {
        const missing = '00000000-0000-4000-8000-000000000001';
        const at = idPlacement(update, missing);
        expectError(await send(update, { ...at, values: { ...at.body, version: 1 } }), 404, 'unknown id');
      });

      if (entity.parent)
        it('keeps the record under the parent it was created under', async () => {
          const parentKey = entity.parent!;
          const record = await fresh();
          const parentField = entity.fields[parentKey]!;
          const parentEntity = entities[(parentField as { entity: string }).entity]!;
          const other = await createRecord(t, parentEntity, parentVariant(parentEntity, variant));
          const before = await snapshot(entity, record.id);
          const at = idPlacement(update, record.id);
          const moved = await send(update, {
            ...at,
            values: { ...at.body, version: record.version, [parentKey]: other.id },
          });
          expectError(moved, 400, 'moving to another parent');
          expect(moved.body.error.details?.[0]?.path).toBe(parentKey);
          expect(await snapshot(entity, record.id), 'nothing changed').toEqual(before);
          // Naming the same parent is not a move.
          const same = await send(update, {
            ...at,
            values: { ...at.body, version: record.version, [parentKey]: record[parentKey] },
          });
          expect(same.status, JSON.stringify(same.body)).toBe(200);
        });

      if (Object.values(entity.images).some((s) => s.required))
        it('refuses to empty a required file slot', async () => {
          const record = await fresh();
          const before = await snapshot(entity, record.id);
          const slot = Object.entries(entity.images).find(([, s]) => s.required)![0];
          const at = idPlacement(update, record.id);
          const r = await t.call('PUT', routeUrl(update, at), {
            ...at.body,
            version: record.version,
            [slot]: null,
          });
          expectError(r, 400, `emptying ${slot}`);
          expect(r.body.error.details?.[0]?.path).toBe(slot);
          expect(await snapshot(entity, record.id)).toEqual(before);
        });
    });
  }

  for (const remove of of('delete')) {
    it(`${routeLabel(remove)} deletes, then the record is found nowhere`, async () => {
      const record = await fresh();
      const at = idPlacement(remove, record.id);
      const r = await send(remove, at);
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(r.body.data).toEqual({ id: record.id });
      expect(await stored(entity, record.id), 'row deleted').toBeUndefined();
      for (const read of reads) {
        if (read.operation.kind === 'get') {
          expectError(
            await send(read, idPlacement(read, record.id)),
            404,
            `${routeLabel(read)} after delete`,
          );
        } else {
          expect(await readThrough(read, record, entity), `${routeLabel(read)} after delete`).toBeUndefined();
        }
      }
      for (const update of of('update')) {
        const u = idPlacement(update, record.id);
        expectError(
          await send(update, { ...u, values: { ...u.body, version: record.version } }),
          404,
          'update after delete',
        );
      }
      expectError(await send(remove, at), 404, 'deleting twice');
    });
  }

  if (Object.values(entity.images).some((s) => s.required) && creates.length > 0)
    it('refuses a create without its required file, storing nothing', async () => {
      const table = entityTables[entity.name]!;
      const count = async () => (await t.db.select().from(table)).length;
      for (const create of creates) {
        const before = await count();
        const values = await validValues(t, entity, variant);
        const r = await send(create, { values });
        expectError(r, 400, `${routeLabel(create)} without a file`);
        const slots = Object.entries(entity.images)
          .filter(([, s]) => s.required)
          .map(([k]) => k);
        expect(slots).toContain(r.body.error.details?.[0]?.path);
        expect(await count(), 'no row').toBe(before);
      }
    });

  const itemLists = writableFields(entity, variant).filter(
    ([, field]) => field.kind === 'json' && field.itemsReference,
  );
  if (itemLists.length > 0 && creates.length > 0)
    it('refuses a code its list of references names no record by (400 on the field), creating and updating', async () => {
      const table = entityTables[entity.name]!;
      const count = async () => (await t.db.select().from(table)).length;
      for (const [key] of itemLists) {
        const before = await count();
        const values = await validValues(t, entity, variant);
        const known = values[key] as string[];
        const created = await send(creates[0]!, {
          values: { ...values, [key]: [...known, 'no-such-code'] },
          files: requiredFiles(entity),
        });
        expectError(created, 400, `an unknown code in ${key}`);
        expect(created.body.error.details).toEqual([
          { path: key, message: expect.stringContaining('"no-such-code"') },
        ]);
        expect(await count(), 'no row').toBe(before);

        const record = await fresh();
        for (const update of of('update')) {
          const at = idPlacement(update, record.id);
          const r = await send(update, {
            ...at,
            values: { ...at.body, version: record.version, [key]: ['no-such-code'] },
          });
          expectError(r, 400, `an unknown code in ${key} (update)`);
          expect(r.body.error.details?.[0]?.path).toBe(key);
        }
        expect(await snapshot(entity, record.id)).toMatchObject({ [key]: record[key] });
      }
    });

  // A unique value the server sets (a reading's source record) is not the client's to repeat: the
  // module's own tests prove it is taken once (its create call refuses it as server-owned).
  const clientUnique = entity.unique.filter((key) => !entity.fields[key]?.serverOwned);
  if (clientUnique.length > 0 && creates.length > 0)
    it('refuses a second record with the same unique value (409, naming the field)', async () => {
      for (const key of clientUnique) {
        const first = await fresh();
        const values = await validValues(t, entity, variant, { [key]: first[key] });
        const r = await send(creates[0]!, { values, files: requiredFiles(entity) });
        expectError(r, 409, `duplicate ${key}`);
        expect(r.body.message.toLowerCase()).toContain(entity.fields[key]!.label!.toLowerCase());
        // …and on the field, so a form shows it beside the clashing value.
        expect(r.body.error.details).toEqual([{ path: key, message: r.body.message, code: 'taken' }]);
      }
    });

  if (entity.uniquePerParent && creates.length > 0)
    it('refuses a second record under the same parent (409)', async () => {
      const first = await fresh();
      const values = await validValues(t, entity, variant, { [entity.parent!]: first[entity.parent!] });
      const r = await send(creates[0]!, { values, files: requiredFiles(entity) });
      expectError(r, 409, 'second record under one parent');
    });

  for (const trend of of('trend')) {
    // What a series read answers of any declaration (series.test.ts proves the readings themselves).
    it(`${routeLabel(trend)} answers no points for an unknown equipment, 404 for an unknown report, 400 naming neither`, async () => {
      const none = await send(trend, { query: { equipmentNo: `NOWHERE-${randomUUID()}` } });
      expect(none.status, JSON.stringify(none.body)).toBe(200);
      expectDeclaredShape(trend, none.body.data);
      expect(none.body.data.series).toEqual([]);
      expectError(await send(trend, { query: { reportHeaderId: randomUUID() } }), 404, 'an unknown report');
      expectError(await send(trend), 400, 'neither equipment nor report');
    });
  }

  for (const upsert of of('upsert')) {
    it(`${routeLabel(upsert)} creates, then changes the record with the same natural key`, async () => {
      const values = await validValues(t, entity, variant);
      const first = await send(upsert, { values });
      expect(first.status, JSON.stringify(first.body)).toBe(201);
      expectDeclaredShape(upsert, first.body.data);
      const [key, field] = changeableField(entity, variant);
      const second = await send(upsert, { values: { ...values, [key]: otherValue(key, field, 'upsert') } });
      expect(second.status, JSON.stringify(second.body)).toBe(200);
      expect(second.body.data).toMatchObject({ id: first.body.data.id, version: 2 });
    });
  }

  for (const sheet of of('exportSheet')) {
    it(`${routeLabel(sheet)} answers an .xlsx`, async () => {
      await fresh();
      const r = await send(sheet);
      expect(r.res.statusCode).toBe(200);
      expect(r.res.headers['content-type']).toBe(xlsxType);
      expect(r.res.rawPayload.subarray(0, 2).toString()).toBe('PK');
    });
  }

  for (const importing of of('importSheet')) {
    it(`${routeLabel(importing)} creates the rows of a sheet, all or none`, async () => {
      const values = await validValues(t, entity, variant);
      const file = await streamToBuffer(
        writeEntitySheet(entity, [values], { fields: sheetFields(entity, variant) }),
      );
      exercised.add(routeLabel(importing));
      const url = routeUrl(importing, {});
      const form = new MultipartForm({}, { file: { name: 'rows.xlsx', type: xlsxType, bytes: file } });
      const r = await t.call('POST', url, form);
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(r.body.data.created + r.body.data.updated).toBe(1);
      const row = await stored(entity, r.body.data.rows[0].id);
      expect(row).toBeDefined();
      const empty = await streamToBuffer(
        writeEntitySheet(entity, [], { fields: sheetFields(entity, variant), template: true }),
      );
      const refused = await t.call(
        'POST',
        url,
        new MultipartForm({}, { file: { name: 'empty.xlsx', type: xlsxType, bytes: empty } }),
      );
      expect(refused.status).toBe(400);
    });
  }

  for (const choices of of('enumValues')) {
    it(`${routeLabel(choices)} lists the field's values with labels`, async () => {
      const op = choices.operation;
      const field = op.kind === 'enumValues' ? entity.fields[op.field] : undefined;
      const r = await send(choices);
      expect(r.status).toBe(200);
      expectDeclaredShape(choices, r.body.data);
      expect(r.body.data.map((c: { value: string }) => c.value)).toEqual(
        field?.kind === 'enum' ? [...field.values] : [],
      );
      // In the declaration's words, as the screens and the PDF show them.
      const words = declaredWords('en');
      expect(r.body.data.map((c: { label: string }) => c.label)).toEqual(
        field?.kind === 'enum' && op.kind === 'enumValues'
          ? field.values.map((value) => words.value(entity, op.field, value))
          : [],
      );
    });
  }

  if (variant) {
    // A call over every variant serves this variant's records too: it is walked among its own.
    const others = variantsOf(entity)
      .filter((v) => v !== variant)
      .flatMap((v) => entityRoutes(entity, v))
      .filter((r) => !r.operation.everyVariant);

    if (others.length > 0)
      it("is not found under another variant's calls, which change nothing", async () => {
        const record = await fresh();
        const before = await snapshot(entity, record.id);
        for (const route of others) {
          const op = route.operation;
          const at = idPlacement(route, record.id);
          if (op.kind === 'get' || op.kind === 'delete') {
            expectError(await send(route, at), 404, `${routeLabel(route)} on a ${variant} record`);
          } else if (op.kind === 'update') {
            const r = await send(route, { ...at, values: { ...at.body, version: record.version } });
            expectError(r, 404, `${routeLabel(route)} on a ${variant} record`);
          } else if (op.kind === 'list' || op.kind === 'listByParent' || op.kind === 'getByParent') {
            expect(
              await readThrough(route, record, entity),
              `${routeLabel(route)} lists a ${variant} record`,
            ).toBeUndefined();
          }
        }
        expect(await snapshot(entity, record.id), 'nothing changed').toEqual(before);
      });

    const parentField = entity.parent ? entity.fields[entity.parent] : undefined;
    const parentEntity = parentField?.kind === 'ref' ? entities[parentField.entity] : undefined;
    const otherVariant = parentEntity?.variants?.find((v) => v !== variant);
    if (otherVariant && creates.length > 0)
      it('refuses a child under a parent of another variant (400, naming the parent)', async () => {
        const parent = await createRecord(t, parentEntity!, otherVariant);
        const table = entityTables[entity.name]!;
        const count = async () => (await t.db.select().from(table)).length;
        const before = await count();
        for (const create of creates) {
          const values = await validValues(t, entity, variant, { [entity.parent!]: parent.id });
          const r = await send(create, { values, files: requiredFiles(entity) });
          expectError(r, 400, `${routeLabel(create)} under a ${otherVariant} parent`);
          expect(r.body.error.details?.[0]?.path).toBe(entity.parent);
        }
        expect(await count(), 'no row').toBe(before);
      });
  }
});

describe('the walk itself', () => {
  it('called every route over a declared entity', () => {
    const entityRouteLabels = (routeTable as readonly Parameters<typeof isEntityRoute>[0][])
      .filter(isEntityRoute)
      .map(routeLabel);
    expect(entityRouteLabels.length).toBeGreaterThan(0);
    expect(entityRouteLabels.filter((label) => !exercised.has(label))).toEqual([]);
  });

  it('read a derived value empty through the API wherever a client may leave its inputs empty', () => {
    // Flowrate's worked-out values among them: the finding this walk was added for.
    expect([...blanksRead]).toEqual(
      expect.arrayContaining(['flowrateMeasurement.bpdAsGPM', 'flowrateMeasurement.flowUnitsAgreement']),
    );
  });
});
