import { listedDocuments, routeBodyKind, routeSchemas, rowTemplates } from '@inspectra/contract';
import type { FileKind, ImageList, RouteDefinition, RowTemplate } from '@inspectra/contract';
import { z } from 'zod';

/**
 * What the OpenAPI document says about create and update bodies beyond their JSON schemas: the
 * multipart form a route reads (request-body/multipart.ts is what it describes) and the `If-Match` header.
 * Generated clients type their calls from these, so they must say exactly what the server accepts.
 */

const acceptedFiles: Record<FileKind, string> = {
  image: 'a JPEG, PNG, WebP or GIF photo',
  document: 'a PDF, Excel (.xlsx) or Word (.docx) document, or a PNG, JPEG, TIFF or DWG drawing',
  drawing: 'a PDF, PNG, JPEG, TIFF or DWG drawing',
  video: 'an MP4 or WebM video',
};

/** One file part: OpenAPI's binary string. */
const filePart = (description: string) => z.string().meta({ format: 'binary', description });

/**
 * An image list's parts, all named after the list: each new photo a file part, and one text part
 * holding the list to keep as JSON (the entries of its JSON form).
 */
function imageListParts(key: string, list: ImageList) {
  const types = list.types ? `; imageType one of ${list.types.join(', ')}` : '';
  const categories = list.categories ? `; category one of ${list.categories.join(', ')}` : '';
  const files = listedDocuments(list) ? 'files' : 'photos';
  return z
    .array(
      z.union([
        filePart(`A new file for ${key}: ${acceptedFiles[list.accepts ?? 'image']}`),
        z.string().meta({
          description: `The list to keep, in order, as JSON text: [{"file": 0, "imageType": "…"}, {"id": "<one kept>"}]. "file" counts the ${files} sent under ${key} from 0${types}${categories}; "displayName" and "category" are optional. Those left out are removed; without this part, the ${files} sent are added at the end.`,
        }),
      ]),
    )
    .max(list.max + 1)
    .meta({
      description: `Parts named ${key}: up to ${list.max} ${files}, and at most one text part with the list as JSON.`,
    });
}

/** The parts that give one value per file sent under a list (`fileCategories` beside `additionalFiles`). */
function sentWithParts(key: string, list: ImageList): Record<string, z.ZodType> {
  const parts: Record<string, z.ZodType> = {};
  const one = (name: string, what: string, values?: readonly string[]) =>
    z
      .array(z.string())
      .optional()
      .meta({
        description: `The ${what} of each file sent under ${key}, in the order the files were sent: one part per file, or one part holding a JSON array${values ? `; one of ${values.join(', ')}` : ''}. Instead of the JSON list.`,
      });
  if (list.sentWith?.categories)
    parts[list.sentWith.categories] = one(list.sentWith.categories, 'category', list.categories);
  if (list.sentWith?.types) parts[list.sentWith.types] = one(list.sentWith.types, 'type', list.types);
  return parts;
}

/** How a form's text parts are read: what a generated client must know to fill one. */
export const formDescription = [
  'A multipart/form-data form. Each field is a text part, read as its type says: numbers as decimal text,',
  'booleans as true or false, dates as YYYY-MM-DD, JSON fields as JSON text; an empty part (or the text',
  'null) clears an optional field. A field may also be named with its first letter upper-cased',
  '(InspectionDate). Each file slot is a file part named after the slot. A part the record does not have',
  'is refused (400, naming it), except its read-only values sent back (createdAt, updatedAt, createdBy,',
  'updatedBy, warnings, variant, derived values, and id on an update), which are ignored; text in a file slot,',
  'or a file in a text field, is refused and nothing is stored. On a create, id is the new record’s id made by',
  'the client (a UUID), when sent.',
].join(' ');

/**
 * The multipart form of a route: a sheet upload's one file, or, for a create or update route whose
 * body is `multipart` or `json-or-multipart`,
 * as a schema for the document: the fields of the route's body schema (the entity's create or update
 * schema for its variant), each file slot a binary part (required on create when the slot is), each
 * image list its photo parts and its JSON text part, `acknowledgedWarnings` as one text.
 */
export function multipartFormSchema(route: RouteDefinition): z.ZodObject | undefined {
  const op = route.operation;
  const kind = routeBodyKind(route);
  // A sheet upload (request-body/uploads.ts `sheetUpload`) reads one part: the workbook.
  if (op.kind === 'importSheet' || (op.kind === 'action' && op.upload))
    return z
      .object({ file: filePart('The .xlsx workbook, as the first and only part of the form') })
      .meta({ description: 'A multipart/form-data form with one file part named file.' });
  if (
    (op.kind !== 'create' && op.kind !== 'update') ||
    (kind !== 'multipart' && kind !== 'json-or-multipart')
  )
    return undefined;
  const body = routeSchemas(route).body as z.ZodObject;
  const entity = op.entity;
  const shape: Record<string, z.ZodType> = {};
  for (const [key, schema] of Object.entries(body.shape)) {
    const list = entity.imageListsOf(op.variant)[key];
    if (list) Object.assign(shape, sentWithParts(key, list));
    shape[key] = list
      ? imageListParts(key, list).optional()
      : key === 'acknowledgedWarnings'
        ? z.string().optional().meta({
            description: 'Rule ids of the warnings the user confirmed: comma-separated, or a JSON array',
          })
        : (schema as z.ZodType);
  }
  for (const [slot, declared] of Object.entries(entity.imagesOf(op.variant))) {
    const what = `${declared.label ?? slot}: ${acceptedFiles[declared.accepts ?? 'image']}`;
    const part = filePart(
      op.kind === 'create'
        ? what
        : `${what}. Leave the part out to keep the stored file${declared.required ? '' : '; an empty text part (or null) removes it'}.`,
    );
    shape[slot] = op.kind === 'create' && declared.required ? part : part.optional();
  }
  return z.object(shape).meta({ description: formDescription });
}

/** The `If-Match` header an update takes: the ETag a read answered. */
export const ifMatchHeaders = z.object({
  'if-match': z.string().optional().meta({
    description:
      'The ETag a read of the record answered: the update is refused (412 PRECONDITION_FAILED, nothing written) when the record has changed since. Without it (and without version), the last write wins.',
  }),
});

/**
 * The header of every signed-in write (docs/offline-capture.md), documented once here for all of
 * them; read by the engine's idempotent writes (idempotency/idempotent-writes.ts), not by a route.
 */
export const idempotencyKeyHeaders = z.object({
  'idempotency-key': z.uuid().optional().meta({
    description:
      'A UUID made by the client for this one change, sent unchanged with each retry: a repeat gets the first answer again (Idempotent-Replayed: true) and writes nothing. See "Writes sent twice" in the API description.',
  }),
});

/** What every keyed write does, said once in the document's description. */
export const idempotencyNote = [
  '**Writes sent twice.** Every signed-in write (POST, PUT, PATCH, DELETE, forms with files included) takes an `Idempotency-Key` header: a UUID the client makes for one change and sends again unchanged with every retry of it.',
  'The first request runs, and its answer is kept under the key (per user) in the same database transaction as its write, for 30 days by default.',
  'A repeat gets that answer again, with `Idempotent-Replayed: true`, and writes nothing. The same key with another method, address or body is 422 `IDEMPOTENCY_KEY_REUSED`; a repeat while the first is still running is 409 with `Retry-After`.',
  'A refusal (4xx) is kept as the answer; faults of the server (5xx), 408 and 429 are not, so a retry runs again. Calls anyone may make (sign-in, refresh) ignore the header.',
].join(' ');

/** The request headers a route documents: the key on signed-in writes, If-Match on updates. */
export function documentedHeaders(route: RouteDefinition) {
  const keyed = route.method !== 'GET' && route.access !== 'public';
  const update = route.operation.kind === 'update';
  if (keyed && update) return idempotencyKeyHeaders.extend(ifMatchHeaders.shape);
  if (keyed) return idempotencyKeyHeaders;
  return update ? ifMatchHeaders : undefined;
}

/**
 * What a route's description adds to its summary: how its body travels, unknown fields, ETags, the
 * rows a record it creates starts with (`templates`, the catalogue's row templates).
 */
export function routeNotes(
  route: RouteDefinition,
  templates: readonly RowTemplate[] = rowTemplates,
): string | undefined {
  const op = route.operation;
  const bodyKind = routeBodyKind(route);
  const notes: string[] = [];
  const creates =
    op.kind === 'create' ||
    op.kind === 'upsert' ||
    op.kind === 'importSheet' ||
    (op.kind === 'getByParent' && op.createIfMissing);
  for (const t of creates ? templates : []) {
    if (op.kind === 'action' || t.parent !== op.entity) continue;
    if (t.variants && op.variant && !t.variants.includes(op.variant)) continue;
    notes.push(
      `A new ${op.entity.label.toLowerCase()} starts with ${t.items.length} ${t.rows.label.toLowerCase()} ${t.items.length === 1 ? 'row' : 'rows'}${t.when ? ' when its values meet the template’s condition' : ''}, written with it (nothing of either when one is refused); they are then edited and deleted by their own calls.`,
    );
  }
  if (bodyKind === 'multipart') notes.push('Body: multipart/form-data; its schema says each part.');
  if (bodyKind === 'json-or-multipart')
    notes.push(
      'Body: application/json, or multipart/form-data when files are sent; each schema says its parts.',
    );
  if (op.kind !== 'action' && op.everyVariant)
    notes.push(
      op.kind === 'update'
        ? `Changes a ${op.entity.label.toLowerCase()} of any class (${op.entity.variants!.join(', ')}): a field or file of another class than the record's is refused (400, naming it).`
        : `Serves the records of every class (${op.entity.variants!.join(', ')}), each with its variant and that class's fields.`,
    );
  if (op.kind === 'create' || op.kind === 'update' || op.kind === 'upsert') {
    notes.push(
      'A field the record does not have is refused (400, naming it); its read-only values sent back are ignored.',
    );
    if (op.kind === 'create')
      notes.push(
        'The body may carry the new record’s id, a UUID the client made (so that records made offline point at one another): the same user’s same create sent again answers the record and writes nothing; an id another record holds is refused (409 on id).',
      );
    const labelled = Object.entries(op.entity.fields).filter(([, f]) => f.kind === 'integer' && f.fromLabel);
    for (const [key] of labelled)
      notes.push(
        `${key} may also be sent as a label ("Attempt 3"): its digits are stored, 0 when it has none.`,
      );
  }
  if (op.kind === 'upsert' && op.many)
    notes.push(
      `Takes one row (answered as the record) or an array of at most ${op.many} rows under one parent, written all or none in one transaction: a refusal names its row (rows.<index>.<field>, from 0); each row may confirm its own warnings (acknowledgedWarnings), and the answer lists those left unconfirmed by row.`,
    );
  if (op.kind === 'get' || op.kind === 'getByParent' || op.kind === 'create' || op.kind === 'update')
    notes.push("The answer's ETag header names the record's version and the answer's bytes.");
  if (op.kind === 'get' || op.kind === 'getByParent')
    notes.push('With If-None-Match (that ETag), a read whose answer is unchanged is 304 with no body.');
  if (op.kind === 'update')
    notes.push(
      'With If-Match (that ETag), an update of a record changed since it was read is refused with 412.',
    );
  return notes.length > 0 ? notes.join(' ') : undefined;
}

type DocumentedRoute = { schema: Record<string, unknown>; url: string };

/**
 * A route's documented schema with its multipart form beside its JSON body, when it takes one:
 * `formSchema` is the form as the zod transform rendered it (`multipartFormSchema`).
 */
export function withFormBody<T>(documented: T, formSchema: unknown): T {
  const d = documented as DocumentedRoute;
  const json = d.schema.body;
  const content = {
    ...(json ? { 'application/json': { schema: json } } : {}),
    'multipart/form-data': { schema: formSchema },
  };
  return { ...d, schema: { ...d.schema, body: { content } } } as T;
}

/** A route's documented schema with its body of bytes (a piece of an upload), when it takes one. */
export function withBytesBody<T>(documented: T, bytes: { mediaType: string; maxBytes: number }): T {
  const d = documented as DocumentedRoute;
  const content = {
    [bytes.mediaType]: { schema: { type: 'string', format: 'binary', maxLength: bytes.maxBytes } },
  };
  return { ...d, schema: { ...d.schema, body: { content } } } as T;
}
