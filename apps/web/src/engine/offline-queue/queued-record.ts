import { routeTable } from '@inspectra/contract';
import type { EntityDefinition, RouteDefinition } from '@inspectra/contract';
import type { QueuedChange } from './change-queue.ts';

/*
 * What a queued change writes, read back from the change itself (docs/offline-capture.md, part 4):
 * the route table's row it was sent to, the entity, the record's id and the values. Every technique's
 * refused or conflicting change opens in the same form from this, with no code of its own.
 */

/** A queued create or update of a record, as its form reopens it. */
export type QueuedRecordChange = {
  route: RouteDefinition;
  entity: EntityDefinition;
  /** The path's parameters, as the route names them (`{ id }` of `/thermal-measurements/:id`). */
  params: Record<string, string>;
  /** The address's query (`?id=` of `PUT /thermal-measurements`). */
  query: Record<string, string>;
  /** The record's id: an update's, or the id a create made on the device (client-made, part 2). */
  recordId: string | undefined;
  /** The values the change sends, the record's fields only (no version, id or acknowledgements). */
  values: Record<string, unknown>;
  /** The version the update was made from, when it carries one. */
  version: number | undefined;
};

const written = new Set(['create', 'update', 'upsert']);

/** `'/a/:id/b'` as a pattern whose groups are the parameters, in order. */
function pathPattern(path: string): { pattern: RegExp; names: string[] } {
  const names: string[] = [];
  const source = path
    .split('/')
    .map((segment) => {
      if (!segment.startsWith(':')) return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      names.push(segment.slice(1));
      return '([^/]+)';
    })
    .join('/');
  return { pattern: new RegExp(`^${source}$`), names };
}

/**
 * A form's text part as the value it stands for (`buildPayload` writes numbers and booleans as text,
 * null as '', objects as JSON); the server reads them back the same way.
 */
function fromFormText(entity: EntityDefinition, key: string, text: string): unknown {
  const field = entity.fields[key];
  if (!field) return text;
  if (text === '') return null;
  switch (field.kind) {
    case 'number':
    case 'integer':
      return Number.isFinite(Number(text)) ? Number(text) : text;
    case 'boolean':
      return text === 'true';
    case 'json':
      try {
        return JSON.parse(text) as unknown;
      } catch {
        return text;
      }
    default:
      return text;
  }
}

/** The body's values as sent: a JSON body's keys, or a form's text parts (its files left out). */
function sentValues(change: QueuedChange, entity: EntityDefinition): Record<string, unknown> {
  if (change.form)
    return Object.fromEntries(
      change.form
        .filter((part): part is [string, string] => typeof part[1] === 'string')
        .map(([key, text]) => [key, fromFormText(entity, key, text)]),
    );
  const body = change.body;
  return typeof body === 'object' && body !== null && !Array.isArray(body)
    ? (body as Record<string, unknown>)
    : {};
}

/**
 * The record a queued change writes, from the route table: the row whose method and path it was
 * sent to (a literal path before one with parameters), its entity, id and values. Undefined for a
 * change that is not one record's create or update (none is queued today).
 */
export function queuedRecordChange(change: QueuedChange): QueuedRecordChange | undefined {
  const [pathname = '', search = ''] = change.path.split('?');
  const query = Object.fromEntries(new URLSearchParams(search));
  const candidates = (routeTable as RouteDefinition[])
    .filter((route) => route.method === change.method && written.has(route.operation.kind))
    .map((route) => ({ route, ...pathPattern(route.path) }))
    .sort((a, b) => a.names.length - b.names.length);
  for (const { route, pattern, names } of candidates) {
    const found = pattern.exec(pathname);
    const op = route.operation;
    if (!found || !('entity' in op)) continue;
    const params = Object.fromEntries(names.map((name, i) => [name, decodeURIComponent(found[i + 1]!)]));
    const sent = sentValues(change, op.entity);
    const idFrom = op.kind === 'update' ? op.id : 'body';
    const id = idFrom === 'path' ? params.id : idFrom === 'query' ? query.id : sent.id;
    const version = sent.version === undefined || sent.version === '' ? undefined : Number(sent.version);
    const values = Object.fromEntries(
      Object.entries(sent).filter(([key]) => key in op.entity.fields && key !== 'id'),
    );
    return {
      route,
      entity: op.entity,
      params,
      query,
      recordId: typeof id === 'string' && id !== '' ? id : undefined,
      values,
      version: Number.isFinite(version) ? version : undefined,
    };
  }
  return undefined;
}

/**
 * The fields a form of the change shows: those it sends that a user writes (not the parent, not
 * what the server keeps), in the entity's order.
 */
export function queuedFormFields(change: QueuedRecordChange): string[] {
  const { entity, values } = change;
  return Object.keys(entity.fields).filter(
    (key) => key in values && key !== entity.parent && !entity.fields[key]!.serverOwned,
  );
}
