/**
 * Records of any declared entity, built from its declaration alone: values every field accepts,
 * parents created first through the API, required files attached. The conformance suite and any
 * test that needs "some valid record" use it, so a new entity needs no factory of its own.
 */
import { randomUUID } from 'node:crypto';
import { entities, judgeRules, referenceTarget, routeBodyKind, routeTable } from '@inspectra/contract';
import type {
  EntityDefinition,
  EntityRule,
  Field,
  Operation,
  RouteDefinition,
  TextFormat,
} from '@inspectra/contract';
import { eq } from 'drizzle-orm';
import { entityTables } from '../src/db/schema/index.ts';
import { mp4Head, pdfBytes } from './document-bytes.ts';
import { multipart, pngBytes } from './helpers.ts';
import type { TestApp } from './helpers.ts';

/** A route over a declared entity (not a module's action). */
export type EntityRoute = RouteDefinition & { operation: Exclude<Operation, { kind: 'action' }> };

export const routeLabel = (r: RouteDefinition) => `${r.method} ${r.path}`;

export const isEntityRoute = (r: RouteDefinition): r is EntityRoute => r.operation.kind !== 'action';

/**
 * Every route serving the entity under the variant (the variant-less routes when it has none), a
 * call over every variant (`everyVariant`) among each variant's.
 */
export function entityRoutes(entity: EntityDefinition, variant: string | undefined): EntityRoute[] {
  return (routeTable as readonly RouteDefinition[])
    .filter(isEntityRoute)
    .filter(
      (r) =>
        r.operation.entity.name === entity.name &&
        (r.operation.variant === variant || (variant !== undefined && r.operation.everyVariant)),
    );
}

/** The variants to walk: each declared one, or the entity itself once. */
export const variantsOf = (entity: EntityDefinition): (string | undefined)[] =>
  entity.variants ? [...entity.variants] : [undefined];

/** One walked entity under one variant, with the routes serving it. */
export type EntityGroup = { entity: EntityDefinition; variant: string | undefined; routes: EntityRoute[] };

/**
 * The walk over the declarations: every declared entity (those `include` keeps) under each of its
 * variants, with the routes serving it; an entity no route serves is left out. conformance.test.ts
 * walks them all, report-lock.test.ts those a report's lock reaches.
 */
export function entityGroups(include: (entity: EntityDefinition) => boolean = () => true): EntityGroup[] {
  return Object.values(entities)
    .filter(include)
    .flatMap((entity) =>
      variantsOf(entity).map((variant) => ({ entity, variant, routes: entityRoutes(entity, variant) })),
    )
    .filter((g) => g.routes.length > 0);
}

/** A walked group as a test names it: `vciSummary (pipe)`. */
export const groupLabel = (g: EntityGroup) => `${g.entity.name}${g.variant ? ` (${g.variant})` : ''}`;

/** The row as stored, read straight from its table: what persisted, whatever calls exist to read it. */
export async function storedRow(t: TestApp, entity: EntityDefinition, id: string) {
  const table = entityTables[entity.name]!;
  const [row] = await t.db.select().from(table).where(eq(table.id, id));
  return row as Record<string, unknown> | undefined;
}

/** The variant a parent of `entity` takes for a child of `variant`: the same, when the parent has variants. */
export function parentVariant(parent: EntityDefinition, variant: string | undefined) {
  return parent.variants ? (variant ?? parent.variants[0]) : undefined;
}

export type TestFile = { name: string; type: string; bytes: Buffer };

let sequence = 0;
/** Short and unique within the run: text values of unique fields (work order number) never collide. */
const nextTag = () => `${Date.now().toString(36)}${(++sequence).toString(36)}`;

/** A value the field accepts; text carries `tag` so records can be told apart. */
/** A value a text of this format takes, different for each `seed`. */
export function formatExample(format: TextFormat, seed: string): string {
  const digits = [...seed].reduce((n, c) => (n * 31 + c.charCodeAt(0)) % 10_000_000, 7);
  const word = seed
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, 30);
  if (format === 'email') return `${word}@example.com`;
  if (format === 'phone') return `+62 21 ${String(digits).padStart(7, '0')}`;
  return `https://example.com/${word}`;
}

export function validValue(key: string, field: Field, tag: string): unknown {
  switch (field.kind) {
    case 'text':
      if (field.format) return formatExample(field.format, `${key}-${tag}`);
      if (field.pattern?.examples) return field.pattern.examples[0];
      // Letters, digits and `-` only, starting with a letter: fits every declared pattern (safe names).
      return `${key}-${tag}`.slice(0, field.maxLength);
    case 'longText':
      return `${key} ${tag}`.slice(0, field.maxLength);
    case 'number':
    case 'integer': {
      // 1 where allowed: small enough to break no plausibility rule, non-zero to be seen.
      return Math.min(Math.max(1, field.min ?? 1), field.max ?? Infinity);
    }
    case 'date':
      return '2026-03-14';
    case 'datetime':
      return '2026-03-14T09:30:00.000Z';
    case 'boolean':
      return field.default === true ? false : true;
    case 'enum':
      return field.values[0];
    case 'ref':
      throw new Error(`${key}: a reference needs a record, see validValues`);
    case 'json':
      if (field.items) return [itemOf(field.items, tag, 0)];
      return field.schema ? shapedJson(field.schema, 0) : { key, tag };
  }
}

/** An item of a list of typed objects (a spot): every item field its valid value (`nth` differs). */
function itemOf(items: Record<string, Field>, tag: string, nth: number): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(items).map(([k, item]) => [
      k,
      nth === 0 ? validValue(k, item, tag) : otherValue(k, item, tag),
    ]),
  );
}

/**
 * A value a shaped JSON field (`f.json({ schema })`) accepts: the first of a few plain candidates its
 * schema takes (`nth` picks a later one, for a value that differs).
 */
function shapedJson(schema: { safeParse(v: unknown): { success: boolean } }, nth: number): unknown {
  const candidates = [[], ['a1'], [1], [randomUUID()], {}, 'a1', 1, true];
  const accepted = candidates.filter((c) => schema.safeParse(c).success);
  if (accepted.length === 0) throw new Error('No candidate value fits the JSON field schema');
  return accepted[Math.min(nth, accepted.length - 1)];
}

/** Another value the field accepts, different from `validValue`'s: what an update changes. */
export function otherValue(key: string, field: Field, tag: string): unknown {
  switch (field.kind) {
    case 'text':
      if (field.format) return formatExample(field.format, `${key}-${tag}-other`);
      if (field.pattern?.examples) return field.pattern.examples[1];
      return `${String(validValue(key, field, tag)).slice(0, field.maxLength - 1)}x`;
    case 'longText':
      return `${String(validValue(key, field, tag)).slice(0, field.maxLength - 1)}x`;
    case 'number':
    case 'integer': {
      const v = validValue(key, field, tag) as number;
      return field.max !== undefined && v + 1 > field.max ? v - (field.kind === 'integer' ? 1 : 0.5) : v + 1;
    }
    case 'date':
      return '2026-04-02';
    case 'datetime':
      return '2026-04-02T14:15:00.000Z';
    case 'boolean':
      return !(validValue(key, field, tag) as boolean);
    case 'enum':
      return field.values[1] ?? field.values[0];
    case 'ref':
      throw new Error(`${key}: a reference is not changed by otherValue`);
    case 'json':
      if (field.items) return [itemOf(field.items, tag, 0), itemOf(field.items, tag, 1)];
      return field.schema ? shapedJson(field.schema, 1) : { key, tag, changed: true };
  }
}

/** Fields a client writes (server-owned ones are the server's). */
export function writableFields(entity: EntityDefinition, variant: string | undefined) {
  return Object.entries(entity.fieldsOf(variant)).filter(([, field]) => !field.serverOwned);
}

/**
 * A field an update changes: the first writable one that is neither the parent, another reference
 * nor unique, preferring text (whose change is plainest to see).
 */
export function changeableField(entity: EntityDefinition, variant: string | undefined) {
  const candidates = writableFields(entity, variant).filter(
    ([key, field]) =>
      field.kind !== 'ref' &&
      !(field.kind === 'text' && field.references) &&
      !entity.unique.includes(key) &&
      !(entity.naturalKey ?? []).includes(key) &&
      !field.keptByServer,
  );
  // JSON last: its items may name records a module checks (a task assignment's inspectors).
  const found =
    candidates.find(([, f]) => f.kind === 'text' || f.kind === 'longText') ??
    candidates.find(([, f]) => f.kind !== 'json') ??
    // A list naming no records (a task's approval levels, not its inspectors' ids).
    candidates.find(([key, f]) => !(f.kind === 'json' && f.itemsReference) && !key.endsWith('Ids')) ??
    candidates[0];
  if (!found) throw new Error(`${entity.name} has no field an update could change`);
  return found;
}

/**
 * How much of a record the factory fills: every writable field (the default, what conformance
 * walks), or only what the declaration requires (`required`: a record as bare as a client may send,
 * holding no value a test did not ask for, a grade among them).
 */
export type RecordFill = 'every' | 'required';

/**
 * A valid create body for the entity under the variant: every writable field with a value (only
 * the required ones with `fill: 'required'`), and each reference naming a record created for it (of
 * the same variant when the referenced entity has variants). `overrides` replaces values,
 * references included (no parent is then created).
 */
export async function validValues(
  t: TestApp,
  entity: EntityDefinition,
  variant: string | undefined,
  overrides: Record<string, unknown> = {},
  fill: RecordFill = 'every',
): Promise<Record<string, unknown>> {
  const tag = nextTag();
  const values: Record<string, unknown> = {};
  // Fields a named record must agree with (`referenceMatches`), set from it once all are chosen.
  const agreed: Record<string, unknown> = {};
  for (const [key, field] of writableFields(entity, variant)) {
    if (key in overrides || (fill === 'required' && !field.required)) continue;
    if (field.kind === 'ref') {
      const target = entities[field.entity];
      if (!target) throw new Error(`${entity.name}.${key} names undeclared ${field.entity}`);
      const targetVariant = parentVariant(target, variant);
      values[key] = (
        manyPerParent(entity, variant)
          ? await sharedParent(t, target, targetVariant)
          : await createRecord(t, target, targetVariant)
      ).id;
    } else if (field.kind === 'text' && field.references) {
      // A code of a record made for it (a category, an equipment): the database checks it exists.
      // Within a scope (an object type of the equipment's category) it shares the values chosen so far.
      const target = referenceTarget(field.references, (name) => entities[name]);
      const scope = Object.fromEntries(
        (field.referenceScope ?? []).map((k) => [k, overrides[k] ?? values[k]]),
      );
      // A record that must agree with this one (equipment of its category) is made of the
      // category given, or gives its own to the field.
      for (const [mine, theirs] of Object.entries(field.referenceMatches ?? {}))
        if (overrides[mine] != null) scope[theirs] = overrides[mine];
      const named = await namedRecord(t, target.entity, scope);
      values[key] = named[target.field];
      for (const [mine, theirs] of Object.entries(field.referenceMatches ?? {}))
        if (!(mine in overrides)) agreed[mine] = named[theirs];
    } else if (field.kind === 'json' && field.itemsReference) {
      // A list of codes (an inspection method's categories): one record made for it, checked on write.
      const target = referenceTarget(field.itemsReference, (name) => entities[name]);
      values[key] = [(await namedRecord(t, target.entity, {}))[target.field]];
    } else {
      values[key] = validValue(key, field, tag);
    }
  }
  return keepRules(entity, variant, { ...values, ...agreed, ...overrides }, overrides, tag);
}

/**
 * Master data: records other records name by a code and that name no record themselves but by a
 * code of master data (a category, an object type of it, a functional location, a planner group,
 * an approval position).
 * Nothing a test checks of a record depends on which of them it names, so the factory makes one of
 * each (per scope) for a test app and names it again, instead of a new chain for every record: the
 * conformance walk made five categories and two or three of each other kind for every record it made,
 * seven tenths of its requests. A record others must agree with (`referenceMatches`: an equipment
 * and its category), one whose fields name a record by id or list codes (an inspection method and
 * its categories) is made anew each time, as is every record a test asks the factory for itself.
 */
function isMasterData(entity: EntityDefinition): boolean {
  const fields = Object.values(entity.fields);
  const matched = Object.values(entities).some((other) =>
    Object.values(other.fields).some(
      (f) =>
        f.kind === 'text' &&
        f.references &&
        f.referenceMatches &&
        referenceTarget(f.references, (name) => entities[name]).entity === entity,
    ),
  );
  return !matched && fields.every((f) => f.kind !== 'ref' && !(f.kind === 'json' && f.itemsReference));
}

const namedRecords = new WeakMap<TestApp, Map<string, Promise<Record<string, any>>>>();

/** The parents shared in a test app that shares them (`shareParents`), by entity and variant. */
const sharedParents = new WeakMap<TestApp, Map<string, Promise<Record<string, any>>>>();

/**
 * Lets the factory, in this test app, name one record of each entity (and variant) as the parent of
 * every record it makes that many may share (`manyPerParent`), as it names master data again: a
 * thermal measurement took a new analysis, report and work order each time, three of its four
 * creates. For a walk that checks what a record does itself (conformance.test.ts), whose records'
 * parents are never changed; a test that makes a parent to check against (another report to move a
 * record to) makes it itself. A test that changes a record's parents (approving its report,
 * deleting its work order) must not use it.
 */
export function shareParents(t: TestApp): void {
  sharedParents.set(t, new Map());
}

/**
 * Whether many records of the entity may be made under the same records it names by id: not one
 * per parent (`uniquePerParent`), nor keyed by a record it names (a natural key or a unique field
 * holding a reference: a reading by location and date), nor made by an upsert or on first read,
 * where a second under one parent is the first again.
 */
function manyPerParent(entity: EntityDefinition, variant: string | undefined): boolean {
  const keyedByReference = [...(entity.naturalKey ?? []), ...entity.unique].some(
    (key) => entity.fields[key]?.kind === 'ref',
  );
  return (
    !entity.uniquePerParent &&
    !keyedByReference &&
    entityRoutes(entity, variant).some((r) => r.operation.kind === 'create')
  );
}

/** A parent for a record that many may share: made once when the app shares parents, else anew. */
function sharedParent(
  t: TestApp,
  entity: EntityDefinition,
  variant: string | undefined,
): Promise<Record<string, any>> {
  const made = sharedParents.get(t);
  if (!made) return createRecord(t, entity, variant);
  const key = `${entity.name} ${variant ?? ''}`;
  let record = made.get(key);
  if (!record) {
    record = createRecord(t, entity, variant);
    made.set(key, record);
    // A failed create is not kept: the next caller tries again, and fails with its own error.
    record.catch(() => made.delete(key));
  }
  return record;
}

/** A record for a field to name by code (`references`), within the scope given: see isMasterData. */
function namedRecord(
  t: TestApp,
  entity: EntityDefinition,
  scope: Record<string, unknown>,
): Promise<Record<string, any>> {
  if (!isMasterData(entity)) return createRecord(t, entity, undefined, scope);
  let made = namedRecords.get(t);
  if (!made) namedRecords.set(t, (made = new Map()));
  const key = `${entity.name} ${JSON.stringify(scope)}`;
  let record = made.get(key);
  if (!record) {
    record = createRecord(t, entity, undefined, scope);
    made.set(key, record);
    // A failed create is not kept: the next caller tries again, and fails with its own error.
    record.catch(() => made.delete(key));
  }
  return record;
}

/**
 * Values the entity's error rules accept (`rule.error`: a required thickness below the nominal
 * one): where the generic values break a rule, the rule's fields the caller did not give take their
 * other value in turn (last first), until none is broken. Fails, naming the rule, where that is not
 * enough: the caller then gives the values.
 */
function keepRules(
  entity: EntityDefinition,
  variant: string | undefined,
  values: Record<string, unknown>,
  overrides: Record<string, unknown>,
  tag: string,
): Record<string, unknown> {
  const fields = entity.fieldsOf(variant);
  // Judged as the server judges (`judgeRules`): a rule whose fields are not all filled says nothing.
  const broken = (rule: EntityRule) => rule.level === 'error' && judgeRules({ rule }, values).length > 0;
  for (const [name, rule] of Object.entries(entity.rules)) {
    for (const key of [...rule.fields].reverse()) {
      if (!broken(rule)) break;
      const field = fields[key];
      if (!field || key in overrides || field.kind === 'ref') continue;
      values[key] = otherValue(key, field, tag);
    }
    if (broken(rule)) throw new Error(`${entity.name}: the generic values break its rule ${name}; give them`);
  }
  return values;
}

/** A file of the kind a slot accepts: a PNG photo or drawing, a PDF document, an MP4 video. */
export function fileFor(entity: EntityDefinition, slot: string): TestFile {
  const accepts = entity.images[slot]?.accepts ?? 'image';
  return accepts === 'document'
    ? { name: `${slot}.pdf`, type: 'application/pdf', bytes: pdfBytes }
    : accepts === 'video'
      ? { name: `${slot}.mp4`, type: 'video/mp4', bytes: mp4Head }
      : { name: `${slot}.png`, type: 'image/png', bytes: pngBytes };
}

/** The files a create must carry: one per required slot. */
export function requiredFiles(entity: EntityDefinition): Record<string, TestFile> {
  return Object.fromEntries(
    Object.entries(entity.images)
      .filter(([, slot]) => slot.required)
      .map(([slot]) => [slot, fileFor(entity, slot)]),
  );
}

/** Multipart text is all strings: values as a browser form sends them (nulls left out). */
export function formFields(values: Record<string, unknown>): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [key, value] of Object.entries(values)) {
    if (value === null || value === undefined) continue;
    fields[key] = typeof value === 'object' ? JSON.stringify(value) : String(value);
  }
  return fields;
}

/** The URL of a route with its `:id`-style path parameters and a query. */
export function routeUrl(
  route: RouteDefinition,
  o: { params?: Record<string, string>; query?: Record<string, string> } = {},
): string {
  const path = route.path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = o.params?.[name];
    if (value === undefined) throw new Error(`${routeLabel(route)} needs :${name}`);
    return encodeURIComponent(value);
  });
  const qs = new URLSearchParams(o.query ?? {}).toString();
  return `/api${path}${qs ? `?${qs}` : ''}`;
}

/** Where an update or a read by id names the record, as the route declares it. */
export function idPlacement(route: EntityRoute, id: string) {
  const op = route.operation;
  const location = 'id' in op ? op.id : undefined;
  // A get may name its record by a parameter of its own (`?flowrateInspectionPipeId=`).
  const param = op.kind === 'get' && op.param ? op.param : 'id';
  return {
    params: location === 'path' ? { id } : undefined,
    query: location === 'query' ? { [param]: id } : undefined,
    body: location === 'body' ? { id } : {},
  };
}

/**
 * Sends a create or update body the way the route takes it: JSON, or multipart when the route only
 * takes multipart or files are sent.
 */
export function sendEntityBody(
  t: TestApp,
  route: EntityRoute,
  url: string,
  values: Record<string, unknown>,
  files: Record<string, TestFile> = {},
  token?: string,
) {
  const kind = routeBodyKind(route);
  const asForm = kind === 'multipart' || Object.keys(files).length > 0;
  return t.call(route.method, url, asForm ? multipart(formFields(values), files) : values, token);
}

/**
 * Creates a record of the entity through its create call (the first one declared), else its upsert
 * (a new natural key creates: an approval position), or, for an entity made on first read
 * (`getByParent` with `createIfMissing`), through that read. Returns the record as the API answered it.
 */
export async function createRecord(
  t: TestApp,
  entity: EntityDefinition,
  variant: string | undefined,
  overrides: Record<string, unknown> = {},
  fill: RecordFill = 'every',
): Promise<Record<string, any>> {
  const routes = entityRoutes(entity, variant);
  const create =
    routes.find((r) => r.operation.kind === 'create') ?? routes.find((r) => r.operation.kind === 'upsert');
  if (create) {
    const values = await validValues(t, entity, variant, overrides, fill);
    const r = await sendEntityBody(t, create, routeUrl(create), values, requiredFiles(entity));
    if (r.status !== 201)
      throw new Error(`${routeLabel(create)}: ${r.status} ${JSON.stringify(r.body).slice(0, 500)}`);
    return r.body.data;
  }
  const firstRead = routes.find((r) => r.operation.kind === 'getByParent' && r.operation.createIfMissing);
  if (firstRead?.operation.kind === 'getByParent' && entity.parent) {
    const { [entity.parent]: parentId } = await validValues(t, entity, variant, overrides);
    const r = await t.call(
      'GET',
      routeUrl(firstRead, { query: { [firstRead.operation.parentParam]: String(parentId) } }),
    );
    if (r.status !== 200) throw new Error(`${routeLabel(firstRead)}: ${r.status} ${JSON.stringify(r.body)}`);
    return r.body.data;
  }
  throw new Error(`${entity.name}${variant ? ` (${variant})` : ''} has no call that creates it`);
}
