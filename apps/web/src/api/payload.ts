import { routeBodyKind } from '@inspectra/contract';
import type { BodyKind, EntityDefinition, Field, RouteDefinition } from '@inspectra/contract';

/**
 * One image of a list as the form holds it: a stored image kept (`id`) or a new photo (`file`), with
 * its type, caption and category. Other keys (a preview's key, the stored attachment) are ignored.
 */
export type ImageListItem = {
  id?: string;
  file?: File;
  imageType?: string | null;
  displayName?: string | null;
  category?: string | null;
};

/** What a form hands over for a create or update: field values, image slots, and the record being edited. */
export type PayloadInput = {
  values: Record<string, unknown>;
  /** A File uploads it, null removes the stored image, undefined (or absent) leaves it as it is. */
  images?: Record<string, File | null | undefined>;
  /**
   * Image lists, each the whole list as it is to be kept, in order: stored images left out are
   * removed, `[]` empties it; an absent or undefined list is left as it is.
   */
  imageLists?: Record<string, ImageListItem[] | undefined>;
  /** The record as loaded before editing; lets a cleared optional field be sent as null. */
  previous?: Record<string, unknown> | null;
};

function isFile(value: unknown): value is Blob {
  return typeof Blob !== 'undefined' && value instanceof Blob;
}

function isEmpty(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

/**
 * One declared field's outgoing value (SPEC 5); undefined leaves the key out (unchanged on update).
 * Optional fields are sent only when filled, unless the edited record had a value: then emptying the
 * input means "clear it" and null is sent. Required fields are sent even when empty so the server can
 * say what is wrong with them.
 */
function fieldValue(field: Field, value: unknown, previous: unknown): unknown {
  if (value === undefined) return undefined;
  const text = field.kind === 'text' || field.kind === 'longText';
  // A blank input stands for "no value" in every kind (Number('  ') would be 0); other kinds send null as null.
  const empty = text ? isEmpty(value) : typeof value === 'string' && value.trim() === '';
  if (!empty) {
    if (typeof value !== 'string') return value;
    if (text) return value.trim();
    if (field.kind === 'number' || field.kind === 'integer') {
      // A text input may hand over "12.5": send the number, or the text for the server to refuse.
      const n = Number(value.trim());
      return Number.isFinite(n) ? n : value;
    }
    return value;
  }
  if (field.required) return text && typeof value === 'string' ? '' : null;
  return isEmpty(previous) ? undefined : null;
}

/** A value as form or query text: null as '', dates as ISO, objects as JSON. */
function formValue(value: unknown): string {
  if (value === null) return '';
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/**
 * How the body names one image of a list: a kept image by its `id`, a new one by `file`, its place
 * among the files sent under the list's name. Empty words are left out (the server then keeps the
 * stored ones, or names a new photo after its file); a type is never sent as null, a category only
 * where the list declares categories.
 */
function listEntry(
  item: ImageListItem,
  fileIndex: number | undefined,
  withCategory: boolean,
): Record<string, unknown> {
  const entry: Record<string, unknown> = fileIndex === undefined ? { id: item.id } : { file: fileIndex };
  if (item.imageType) entry.imageType = item.imageType;
  const caption = item.displayName?.trim();
  if (caption) entry.displayName = caption;
  if (withCategory && item.category !== undefined) entry.category = item.category || null;
  return entry;
}

/** Each list's entries, and the files they name in the order they are sent. */
function listParts(entity: EntityDefinition, lists: PayloadInput['imageLists']) {
  return Object.entries(lists ?? {})
    .filter((e): e is [string, ImageListItem[]] => e[1] !== undefined && e[0] in entity.imageLists)
    .map(([key, items]) => {
      const files: File[] = [];
      const withCategory = Boolean(entity.imageLists[key]?.categories);
      const entries = items.map((item) => {
        if (!item.file) return listEntry(item, undefined, withCategory);
        files.push(item.file);
        return listEntry(item, files.length - 1, withCategory);
      });
      return { key, entries, files };
    });
}

/**
 * The body of a create or update call as the server reads it (SPEC 5): a multipart form when the route
 * takes one, or when it takes either and a file is being sent; otherwise JSON. In a form, numbers and
 * booleans travel as text and null as '' (the server reads both back); removed images are null / ''.
 * An image list travels as its files, each a part named after the list, plus one text part of that
 * name holding the JSON list; in a JSON body it is the list of entries itself.
 * Keys the entity does not declare (`version`, `id`) pass through unchanged.
 */
export function buildPayload(
  entity: EntityDefinition,
  input: PayloadInput,
  bodyKind: BodyKind,
): FormData | Record<string, unknown> {
  const entries: [string, unknown][] = [];
  for (const [key, value] of Object.entries(input.values)) {
    const field = entity.fields[key];
    const outgoing = field ? fieldValue(field, value, input.previous?.[key]) : value;
    if (outgoing !== undefined) entries.push([key, outgoing]);
  }
  const images = Object.entries(input.images ?? {}).filter(([, value]) => value !== undefined);
  const lists = listParts(entity, input.imageLists);
  const sendsFile = images.some(([, value]) => isFile(value)) || lists.some((l) => l.files.length > 0);
  const multipart = bodyKind === 'multipart' || (bodyKind === 'json-or-multipart' && sendsFile);
  if (sendsFile && !multipart) {
    throw new Error(`${entity.name}: this call takes JSON, so it cannot carry an image`);
  }

  if (!multipart) return Object.fromEntries([...entries, ...images, ...lists.map((l) => [l.key, l.entries])]);
  const form = new FormData();
  for (const [key, value] of [...entries, ...images]) {
    form.append(key, isFile(value) ? value : formValue(value));
  }
  for (const list of lists) {
    for (const file of list.files) form.append(list.key, file);
    form.append(list.key, JSON.stringify(list.entries));
  }
  return form;
}

/**
 * The image slots and image lists a multipart form carries, read back as a form hands them over
 * (`PayloadInput`): the inverse of `buildPayload` for files. A slot's file part, or '' for a removed
 * image; a list's entries from its JSON part, each naming its file by place or a stored image by id.
 * What a change kept on the device sends again when it is resolved in its form.
 */
export function filesOfForm(
  entity: EntityDefinition,
  form: FormData,
): Pick<PayloadInput, 'images' | 'imageLists'> {
  const images: NonNullable<PayloadInput['images']> = {};
  for (const slot of Object.keys(entity.images)) {
    const part = form.get(slot);
    if (isFile(part)) images[slot] = part as File;
    else if (part === '') images[slot] = null;
  }
  const imageLists: NonNullable<PayloadInput['imageLists']> = {};
  for (const key of Object.keys(entity.imageLists)) {
    const parts = form.getAll(key);
    const described = parts.find((part) => typeof part === 'string');
    if (typeof described !== 'string') continue;
    const files = parts.filter(isFile) as File[];
    const entries = JSON.parse(described) as (Omit<ImageListItem, 'file'> & { file?: number })[];
    imageLists[key] = entries.map(({ file, ...item }) =>
      file === undefined ? item : { ...item, file: files[file] },
    );
  }
  return { images, imageLists };
}

/**
 * Query parameters as sent: undefined, null and '' are dropped (an empty filter is no filter), arrays
 * repeat their key, dates are ISO strings.
 */
export function queryEntries(query: Record<string, unknown> | undefined): [string, string][] {
  const entries: [string, string][] = [];
  for (const [key, value] of Object.entries(query ?? {})) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item === undefined || item === null || item === '') continue;
      entries.push([key, formValue(item)]);
    }
  }
  return entries;
}

/** The path with its `:name` segments filled in (encoded); a missing parameter is a bug, so it throws. */
export function fillPath(path: string, params: Record<string, string> = {}): string {
  return path.replace(/:([A-Za-z0-9_]+)/g, (_match, name: string) => {
    const value = params[name];
    if (value === undefined || value === '') throw new Error(`${path}: parameter ${name} is missing`);
    return encodeURIComponent(value);
  });
}

function isPayloadInput(body: unknown): body is PayloadInput {
  const values = (body as { values?: unknown } | null)?.values;
  return typeof body === 'object' && body !== null && typeof values === 'object' && values !== null;
}

/**
 * What a route sends: a create, update or one-record upsert body built from the route's entity and
 * body kind (JSON, or multipart with the files), any other body as given. Both clients (main and plain fetch) use it.
 */
export function routeBody(
  route: RouteDefinition,
  body: PayloadInput | Record<string, unknown> | undefined,
): unknown {
  const op = route.operation;
  const bodyKind = routeBodyKind(route);
  const written = op.kind === 'create' || op.kind === 'update' || op.kind === 'upsert';
  // A keyed write of many rows (an array) is sent as given.
  if (!written || body === undefined || !bodyKind || Array.isArray(body)) return body;
  const input = isPayloadInput(body) ? body : { values: body };
  return buildPayload(op.entity, op.kind === 'update' ? withVersion(route, input) : input, bodyKind);
}

/**
 * An update carries the version of the record it was made from, so a change saved meanwhile by
 * someone else is refused (409) rather than overwritten: the values' own, else the edited record's.
 * An update without either is a screen's mistake, refused before anything is sent.
 */
function withVersion(route: RouteDefinition, input: PayloadInput): PayloadInput {
  if (input.values.version !== undefined) return input;
  const version = input.previous?.version;
  if (version === undefined || version === null)
    throw new Error(`${route.method} ${route.path}: an update must carry the version of the record it read`);
  return { ...input, values: { ...input.values, version } };
}
