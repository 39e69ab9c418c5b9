import path from 'node:path';
import type { Readable } from 'node:stream';
import {
  describeIssue,
  enumValueLabel,
  numberFromLabel,
  labelInSentence,
  documentMediaTypes,
  drawingMediaTypes,
  imageListEntrySchema,
  imageMediaTypes,
  listedFilesWord,
  videoMediaTypes,
} from '@inspectra/contract';
import type {
  BodyKind,
  EntityDefinition,
  FieldError,
  FileKind,
  ImageList,
  ImageSlot,
} from '@inspectra/contract';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { AppError } from '../errors.ts';
import type { FileStore, StoredFile } from '../storage/file-store.ts';
import { extensionFor } from '../storage/media-type.ts';

/** An image received for a slot, already in the file store. */
export type ReceivedImage = { slot: string; file: StoredFile; displayName: string };

/** One image of a list as the body names it (contract `imageListEntrySchema`). */
export type ImageListEntry = {
  id?: string;
  file?: number;
  imageType?: string | null;
  displayName?: string;
  category?: string | null;
};

/**
 * What a body says about one image list: the list to keep, in order (`entries`, absent when the body
 * only sent files: they are then appended), and the files sent under the list's name, in arrival order.
 */
export type ImageListEdit = {
  entries: ImageListEntry[] | undefined;
  files: ReceivedImage[];
  /** For files appended without the list: each one's type and category, by the file's place (`sentWith`). */
  fileDetails?: Pick<ImageListEntry, 'imageType' | 'category'>[];
};

export type ParsedBody = {
  values: Record<string, unknown>;
  images: ReceivedImage[];
  /** Slots the client asked to empty (`"thermalImage": null`, or an empty multipart field). */
  clearedSlots: string[];
  /** Image lists the body changes, by list name. */
  lists: Record<string, ImageListEdit>;
};

/** Size limits by what a slot accepts: photos, documents and drawings, or videos. */
export type UploadLimits = { image: number; document: number; video: number };

/** What a slot of this kind stores: the media types judged from the bytes, and the size limit. */
export function acceptedFiles(kind: FileKind | undefined, limits: UploadLimits) {
  switch (kind ?? 'image') {
    case 'image':
      return { allowedMediaTypes: imageMediaTypes, maxBytes: limits.image };
    case 'drawing':
      return { allowedMediaTypes: drawingMediaTypes, maxBytes: limits.document };
    case 'document':
      // A supporting document may be a report, a spreadsheet, a letter or a drawing.
      return {
        allowedMediaTypes: [...new Set([...documentMediaTypes, ...drawingMediaTypes])],
        maxBytes: limits.document,
      };
    case 'video':
      return { allowedMediaTypes: videoMediaTypes, maxBytes: limits.video };
  }
}

/** A field error, and whether it says a value is missing (the message is then "x is required"). */
type JudgedIssue = FieldError & { missing: boolean };

function judgeIssues(error: z.ZodError, input: unknown): JudgedIssue[] {
  return error.issues.map((issue) => {
    const path = issue.path.map(String).join('.') || '(body)';
    // A value that is not there is not "in the wrong form": the field's own message ("Use a date
    // in the form YYYY-MM-DD") would send the person looking for a typo in a value never sent.
    // The catalogue code beside the English lets a client say it in its user's language.
    const { code, params, missing } = describeIssue(issue, input);
    return {
      path,
      message: missing ? `${path} is required` : issue.message,
      code,
      ...(params ? { params } : {}),
      missing,
    };
  });
}

/**
 * Zod issues as field errors a person can read, each with its catalogue code (messages.ts). With
 * `input` (what was validated), a value left out (or null where none is allowed) reads
 * "inspectionDate is required", naming the field.
 */
export function fieldErrors(error: z.ZodError, input?: unknown): FieldError[] {
  return judgeIssues(error, input).map(({ missing: _missing, ...detail }) => detail);
}

/**
 * A request part validated by its schema: its value, or the refusal to answer. zod reads members of
 * a value of the wrong kind while judging it (an object sent where text is expected, whose `length`
 * it compares): when such a member cannot be read as a value, zod throws, and the part is refused
 * like any other invalid value rather than failing the request with a 500.
 */
export function parsedInput<T extends z.ZodType>(
  schema: T,
  data: unknown,
  where: string,
): { value: z.output<T> } | { error: AppError } {
  let parsed: z.ZodSafeParseResult<z.output<T>>;
  try {
    parsed = schema.safeParse(data) as z.ZodSafeParseResult<z.output<T>>;
  } catch {
    return {
      error: new AppError(
        'VALIDATION_ERROR',
        `${where} has a value of the wrong kind: send each field as text, a number, true or false, or a list, as the API describes it`,
      ),
    };
  }
  return parsed.success ? { value: parsed.data } : { error: validationError(parsed.error, where, data) };
}

/** "a", "a and b", "a, b and c". */
function listed(words: string[]): string {
  return words.length <= 1 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
}

/**
 * A refused request as one error: "inspectionDate is required" when values are missing; one wrong
 * value with its problem; several named all ("… has 5 invalid values: a, b, c, d and e"), never
 * a count with only the first of them. `input` is what was validated (see `fieldErrors`).
 */
export function validationError(error: z.ZodError, what = 'The request', input?: unknown): AppError {
  const judged = judgeIssues(error, input);
  const details = judged.map(({ missing: _missing, ...detail }) => detail);
  const first = judged[0];
  const paths = [...new Set(judged.map((d) => d.path))];
  const message = judged.every((d) => d.missing)
    ? `${listed(paths)} ${paths.length === 1 ? 'is' : 'are'} required`
    : judged.length === 1
      ? `${what} has an invalid value: ${first?.path} — ${first?.message}`
      : `${what} has ${judged.length} invalid values: ${listed(paths)}`;
  return new AppError('VALIDATION_ERROR', message, details);
}

/**
 * The keys a create or update body may carry: those its schema reads (`accepted`), and those the
 * engine knowingly ignores (`ignored`): a record as read, sent back. That is its record columns
 * (`id`, `version` on create, `createdAt`, `updatedAt`, `createdBy`, `updatedBy`, `warnings`), its
 * `variant`, its id alias, its derived values and, where the entity declares no warning rules,
 * `acknowledgedWarnings`. Image slots are read apart (a file, or null to remove it). Anything else
 * is refused, so a misspelt field is not dropped in silence.
 */
export function bodyKeys(
  entity: EntityDefinition,
  variant: string | undefined,
  schema: z.ZodType,
): { accepted: ReadonlySet<string>; ignored: ReadonlySet<string> } {
  const accepted = new Set(Object.keys((schema as { shape?: Record<string, unknown> }).shape ?? {}));
  const asRead = Object.keys(entity.schemasFor(variant).response.shape);
  const ignored = new Set(
    [...asRead, 'id', 'acknowledgedWarnings'].filter((key) => !accepted.has(key) && !(key in entity.images)),
  );
  return { accepted, ignored };
}

/**
 * A refusal of keys the entity (or the variant the route serves) does not have, each named on its
 * own path: a field or file of other equipment classes says which ("magnificationVideo is only on
 * pressure vessel … records"), so the client knows it sent it to the wrong class, not misspelt it.
 */
export function unknownFields(entity: EntityDefinition, keys: string[]): AppError {
  const records = `${labelInSentence(entity.label)} records`;
  const why = (key: string) => {
    const variants = (entity.fields[key] ?? entity.images[key] ?? entity.imageLists[key])?.variants;
    return variants
      ? `${key} is only on ${listed(variants.map((v) => enumValueLabel(v).toLowerCase()))} ${records}`
      : `${key} is not a field of ${records}`;
  };
  const message = keys.length === 1 ? why(keys[0]!) : `${listed(keys)} are not fields of ${records}`;
  return new AppError(
    'VALIDATION_ERROR',
    message,
    keys.map((key) => ({ path: key, message: why(key) })),
  );
}

/** A refusal of text sent where a file slot expects a file. */
function slotTakesFile(slot: string): AppError {
  const message = `${slot} takes a file: send it as a file part, or an empty value (null) to remove it`;
  return new AppError('VALIDATION_ERROR', message, [{ path: slot, message }]);
}

export function isMultipart(request: FastifyRequest): boolean {
  return (request.headers['content-type'] ?? '').toLowerCase().startsWith('multipart/form-data');
}

/**
 * What a display name never keeps: C0 and C1 controls and DEL, bidi overrides, isolates and marks
 * (which can show `gpj.exe` as `exe.jpg`), line and paragraph separators, quotes and backslashes.
 */
const unsafeInDisplayName =
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
  /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029"\\]/g;
const maxDisplayNameLength = 200;
const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/** At most `max` UTF-16 units, cut between user-perceived characters (never inside an emoji). */
function truncateToGraphemes(text: string, max: number): string {
  if (text.length <= max) return text;
  let kept = '';
  for (const { segment } of graphemes.segment(text)) {
    if (kept.length + segment.length > max) break;
    kept += segment;
  }
  return kept;
}

/**
 * A display name as typed (a photo's caption): printable, bounded, trimmed; empty when nothing is
 * left. Slashes stay: a caption may read "crack at 3/4 height".
 */
export function printableDisplayName(text: string): string {
  return truncateToGraphemes(text.replace(unsafeInDisplayName, '').trim(), maxDisplayNameLength).trim();
}

/** A display name from a client's file name: the last path segment, printable, bounded; never a path. */
export function safeDisplayName(filename: string | undefined, fallback: string): string {
  const trimmed = printableDisplayName(path.posix.basename(path.win32.basename(filename ?? '')));
  return trimmed && trimmed !== '.' && trimmed !== '..' ? trimmed : fallback;
}

/** Multipart text is all strings: turn each into what its field kind expects, or leave it for zod to refuse. */
function coerceFormValue(entity: EntityDefinition, key: string, raw: string): unknown {
  if (raw === '' || raw === 'null') return null;
  // `version` is not a declared field but is a number all the same (optimistic concurrency).
  const field = key === 'version' ? ({ kind: 'integer' } as const) : entity.fields[key];
  if (!field) return raw;
  switch (field.kind) {
    case 'number':
    case 'integer': {
      const n = Number(raw.trim());
      return raw.trim() !== '' && Number.isFinite(n) ? n : raw;
    }
    case 'boolean':
      return raw === 'true' ? true : raw === 'false' ? false : raw;
    case 'json':
      try {
        return JSON.parse(raw);
      } catch {
        return raw;
      }
    default:
      return raw;
  }
}

/**
 * The declared key a multipart part names: the key itself, or the key with its first letter
 * upper-cased (`ContractorName`, `CompanyLogo`), as the specification's form fields are written.
 * A name that is neither is left as sent, for the usual "unknown field" refusal.
 */
export function formFieldKey(entity: EntityDefinition, name: string): string {
  const known = (key: string) =>
    key in entity.fields || key in entity.images || key in entity.imageLists || key === 'version';
  if (known(name)) return name;
  const lowered = name.charAt(0).toLowerCase() + name.slice(1);
  return lowered !== name && known(lowered) ? lowered : name;
}

/** A part read under its declared key (see `formFieldKey`); the stream and value are the part's own. */
function withFieldKey<P extends { fieldname: string }>(entity: EntityDefinition, part: P): P {
  const key = formFieldKey(entity, part.fieldname);
  if (key === part.fieldname) return part;
  // The part's getters (file, value) must keep reading from the original object.
  return new Proxy(part, {
    get: (target, prop) => (prop === 'fieldname' ? key : Reflect.get(target, prop, target)),
  });
}

/** The file slots and image lists of the variant a route serves: a body may send only these. */
type VariantFiles = { slots: Record<string, ImageSlot>; lists: Record<string, ImageList> };

async function readMultipart(
  request: FastifyRequest,
  entity: EntityDefinition,
  keys: ReturnType<typeof bodyKeys>,
  declared: VariantFiles,
  files: FileStore,
  limits: UploadLimits,
  stored: StoredFile[],
): Promise<{
  raw: Record<string, unknown>;
  images: ReceivedImage[];
  clearedSlots: string[];
  listFiles: Record<string, ReceivedImage[]>;
  sentWith: Record<string, SentWith>;
}> {
  const raw: Record<string, unknown> = {};
  const images: ReceivedImage[] = [];
  const clearedSlots: string[] = [];
  const listFiles: Record<string, ReceivedImage[]> = {};
  const sentWith: Record<string, SentWith> = {};
  try {
    for await (const received of request.parts()) {
      const part = withFieldKey(entity, received);
      const list = declared.lists[part.fieldname];
      const beside = part.type === 'file' ? undefined : sentWithPart(declared.lists, part.fieldname);
      if (beside) {
        const values = ((sentWith[beside.list] ??= {})[beside.what] ??= { part: part.fieldname, values: [] });
        values.values.push(...sentWithValues(part.fieldname, String(part.value)));
      } else if (part.type === 'file' && list) {
        const received = (listFiles[part.fieldname] ??= []);
        if (received.length >= list.max) {
          part.file.resume();
          const message = `${part.fieldname} holds at most ${list.max} ${listedFilesWord(list)}`;
          throw new AppError('VALIDATION_ERROR', message, [{ path: part.fieldname, message }]);
        }
        const file = await files
          .put(part.file, acceptedFiles(list.accepts, limits))
          .catch((error: unknown) => {
            throw onSlot(error, entity, part.fieldname);
          });
        stored.push(file);
        received.push({
          slot: part.fieldname,
          file,
          displayName: safeDisplayName(
            part.filename,
            `${part.fieldname}-${received.length + 1}.${extensionFor(file.mediaType)}`,
          ),
        });
      } else if (list) {
        // The list as it should be, as JSON text beside the files (`[{"file":0,"imageType":"crack"}]`).
        try {
          raw[part.fieldname] = JSON.parse(String(part.value));
        } catch {
          const message = `${part.fieldname} must be a JSON list of images`;
          throw new AppError('VALIDATION_ERROR', message, [{ path: part.fieldname, message }]);
        }
      } else if (part.type === 'file') {
        if (!(part.fieldname in declared.slots)) {
          part.file.resume();
          const name = part.fieldname;
          if (!keys.accepted.has(name) && !keys.ignored.has(name)) throw unknownFields(entity, [name]);
          const slots = [...Object.keys(declared.slots), ...Object.keys(declared.lists)];
          const message = `${name} takes text, not a file${slots.length > 0 ? ` (files go in ${listed(slots)})` : ''}`;
          throw new AppError('VALIDATION_ERROR', message, [{ path: name, message }]);
        }
        if (images.some((i) => i.slot === part.fieldname)) {
          part.file.resume();
          throw new AppError('VALIDATION_ERROR', `${part.fieldname} was sent twice`, [
            { path: part.fieldname, message: 'Send one file per image' },
          ]);
        }
        const file = await files
          .put(part.file, acceptedFiles(declared.slots[part.fieldname]!.accepts, limits))
          .catch((error: unknown) => {
            throw onSlot(error, entity, part.fieldname);
          });
        stored.push(file);
        images.push({
          slot: part.fieldname,
          file,
          // Without a usable name, the slot and the type it really is: `thermalImage.png`.
          displayName: safeDisplayName(part.filename, `${part.fieldname}.${extensionFor(file.mediaType)}`),
        });
      } else if (part.fieldname in declared.slots) {
        const value = String(part.value);
        if (value !== '' && value !== 'null') throw slotTakesFile(part.fieldname);
        clearedSlots.push(part.fieldname);
      } else if (keys.accepted.has(part.fieldname)) {
        raw[part.fieldname] = coerceFormValue(entity, part.fieldname, String(part.value));
      } else if (!keys.ignored.has(part.fieldname)) {
        // Refused at once: nothing after it is streamed into the store.
        throw unknownFields(entity, [part.fieldname]);
      }
    }
  } catch (error) {
    // Whatever was stored before the failure belongs to no record: the caller takes it back.
    if (error instanceof AppError) throw error;
    throw multipartError(error);
  }
  return { raw, images, clearedSlots, listFiles, sentWith };
}

/** The values sent beside a list's files, by what they say (`sentWith`), with the part's name. */
type SentWith = Partial<Record<'categories' | 'types', { part: string; values: string[] }>>;

/** The list and the detail a text part gives one value per file of (`fileCategories`), if any. */
function sentWithPart(
  lists: Record<string, ImageList>,
  name: string,
): { list: string; what: 'categories' | 'types' } | undefined {
  for (const [list, declared] of Object.entries(lists)) {
    if (declared.sentWith?.categories === name) return { list, what: 'categories' };
    if (declared.sentWith?.types === name) return { list, what: 'types' };
  }
  return undefined;
}

/** One part's values: a JSON array of text (`["procedure","other"]`), or one value. */
function sentWithValues(name: string, text: string): string[] {
  if (!text.trimStart().startsWith('[')) return [text];
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  if (!Array.isArray(parsed) || parsed.some((v) => typeof v !== 'string')) {
    const message = `${name} must be one value per file: repeated parts, or a JSON array of text`;
    throw new AppError('VALIDATION_ERROR', message, [{ path: name, message }]);
  }
  return parsed as string[];
}

/**
 * Each appended file's type and category from the values sent beside the files, checked as a list
 * entry is: one value per file, from the declared categories (and types, where declared).
 */
function detailsSentWith(
  key: string,
  list: ImageList,
  sent: SentWith,
  files: number,
  listSent: boolean,
): Pick<ImageListEntry, 'imageType' | 'category'>[] {
  const parts = Object.values(sent).map((s) => s.part);
  if (listSent) {
    const message = `Send ${key} either as a JSON list or with ${listed(parts)}, not both`;
    throw new AppError('VALIDATION_ERROR', message, [{ path: parts[0]!, message }]);
  }
  const details: FieldError[] = [];
  for (const s of Object.values(sent)) {
    if (s.values.length !== files)
      details.push({
        path: s.part,
        message: `${s.part} has ${s.values.length} value${s.values.length === 1 ? '' : 's'} for ${files} file${files === 1 ? '' : 's'} of ${key}: send one per file, in the same order`,
      });
  }
  const schema = imageListEntrySchema(key, list);
  const out = Array.from({ length: files }, (_, file) => {
    const detail = {
      ...(sent.types ? { imageType: sent.types.values[file] } : {}),
      ...(sent.categories ? { category: sent.categories.values[file] } : {}),
    };
    const judged = schema.safeParse({ file, ...detail });
    if (!judged.success)
      for (const issue of judged.error.issues) {
        const field = issue.path[0] === 'category' ? sent.categories : sent.types;
        details.push({ path: `${field?.part ?? key}.${file}`, message: issue.message });
      }
    return detail;
  });
  if (details.length > 0) {
    const message =
      details.length === 1 ? details[0]!.message : `${key}: ${details.length} values are not right`;
    throw new AppError('VALIDATION_ERROR', message, details);
  }
  return out;
}

/**
 * A refused file as an error on its image slot: the detail's path is the slot name, so a form can
 * show it beside that image ("The visual image is not a JPEG, PNG, WebP or GIF").
 */
function onSlot(error: unknown, entity: EntityDefinition, slot: string): unknown {
  if (!(error instanceof AppError)) return error;
  const label = (entity.images[slot] ?? entity.imageLists[slot])?.label?.toLowerCase() ?? slotWords(slot);
  const accepts = (entity.images[slot] ?? entity.imageLists[slot])?.accepts ?? 'image';
  const message =
    error.code === 'UNSUPPORTED_MEDIA_TYPE'
      ? accepts === 'image'
        ? `The ${label} is not a JPEG, PNG, WebP or GIF`
        : accepts === 'video'
          ? `The ${label} is not an MP4 or WebM video`
          : `The ${label}: ${error.message.charAt(0).toLowerCase()}${error.message.slice(1)}`
      : error.code === 'PAYLOAD_TOO_LARGE'
        ? `The ${label} is too large: ${error.message.charAt(0).toLowerCase()}${error.message.slice(1)}`
        : undefined;
  return message ? new AppError(error.code, message, [{ path: slot, message }]) : error;
}

/** 'visualImage' → 'visual image'. */
function slotWords(slot: string): string {
  return slot.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
}

/** @fastify/multipart reports limits and malformed input with its own errors: say them plainly. */
export function multipartError(error: unknown): AppError {
  const e = error as { code?: string; statusCode?: number; message?: string };
  if (
    e.statusCode === 413 ||
    e.code === 'FST_FILES_LIMIT' ||
    e.code === 'FST_FIELDS_LIMIT' ||
    e.code === 'FST_PARTS_LIMIT'
  ) {
    return new AppError('PAYLOAD_TOO_LARGE', 'The form has too many parts or a field that is too long');
  }
  return new AppError('BAD_REQUEST', 'The multipart form could not be read');
}

/**
 * The .xlsx of a sheet upload (a multipart form whose file field is `file`) as a stream to read.
 * Refuses a call that is not a multipart form, or whose first part is not the file. One byte over
 * `maxBytes` is let through, so a reader that counts says the file is too large rather than finding
 * a cut-off zip. Errors of the stream after its reader has refused it are dropped: nobody is left
 * to tell.
 */
export function sheetUpload(request: FastifyRequest, maxBytes: number): Promise<Readable> {
  return fileUpload(request, { field: 'file', maxBytes, what: 'the .xlsx' });
}

/**
 * The one file of a multipart form whose first part is the file field `field` (a sheet to read, a
 * signature to store), as a stream. Refuses a call that is not a multipart form, or whose first
 * part is another. One byte over `maxBytes` is let through, so the reader or the store that counts
 * says the file is too large.
 */
export async function fileUpload(
  request: FastifyRequest,
  o: { field: string; maxBytes: number; what: string },
): Promise<Readable> {
  if (!isMultipart(request))
    throw new AppError(
      'UNSUPPORTED_MEDIA_TYPE',
      `Send ${o.what} as a multipart form with a file field named ${o.field}`,
    );
  const part = await request
    .file({ limits: { fileSize: o.maxBytes + 1, files: 1 } })
    .catch((error: unknown) => {
      throw multipartError(error);
    });
  if (!part || part.fieldname !== o.field) {
    part?.file.resume();
    throw new AppError('VALIDATION_ERROR', `Attach ${o.what} as the field ${o.field}`, [
      { path: o.field, message: `Attach ${o.what}` },
    ]);
  }
  part.file.on('error', () => {});
  return part.file;
}

/** What reading a body needs: the entity, the body kinds the route takes, its schema and the store. */
type BodyReading = {
  entity: EntityDefinition;
  /** The variant the route serves: its fields are the ones a body may name. */
  variant?: string;
  kind: BodyKind;
  schema: z.ZodType;
  files: FileStore;
  limits: UploadLimits;
  /**
   * Values the path gives (a parent named in it): the body may repeat them, not contradict them.
   */
  fixed?: Record<string, string>;
};

/**
 * Reads a create or update body as the route declares it: JSON, multipart (files streamed to the
 * file store as they arrive), or either. Values are validated against `schema`.
 */
export async function readEntityBody(
  request: FastifyRequest,
  o: BodyReading & {
    /** Takes back files stored for a body that is then refused, so a bad request leaves none behind. */
    discard: (files: StoredFile[]) => Promise<void>;
  },
): Promise<ParsedBody> {
  const stored: StoredFile[] = [];
  try {
    return await readBody(request, o, stored);
  } catch (error) {
    await o.discard(stored);
    throw error;
  }
}

async function readBody(request: FastifyRequest, o: BodyReading, stored: StoredFile[]): Promise<ParsedBody> {
  const multipart = isMultipart(request);
  if (multipart && o.kind === 'json') {
    throw new AppError(
      'UNSUPPORTED_MEDIA_TYPE',
      'This call takes a JSON body (Content-Type: application/json)',
    );
  }
  if (!multipart && o.kind === 'multipart') {
    throw new AppError(
      'UNSUPPORTED_MEDIA_TYPE',
      'This call takes a multipart form (Content-Type: multipart/form-data)',
    );
  }

  const keys = bodyKeys(o.entity, o.variant, o.schema);
  const declared = { slots: o.entity.imagesOf(o.variant), lists: o.entity.imageListsOf(o.variant) };
  let raw: Record<string, unknown>;
  let images: ReceivedImage[] = [];
  const clearedSlots: string[] = [];
  let listFiles: Record<string, ReceivedImage[]> = {};
  let sentWith: Record<string, SentWith> = {};
  if (multipart) {
    const form = await readMultipart(request, o.entity, keys, declared, o.files, o.limits, stored);
    raw = form.raw;
    images = form.images;
    listFiles = form.listFiles;
    sentWith = form.sentWith;
    clearedSlots.push(...form.clearedSlots);
  } else {
    const body = request.body;
    if (body === undefined || body === null || typeof body !== 'object' || Array.isArray(body)) {
      throw new AppError('BAD_REQUEST', 'The request body must be a JSON object');
    }
    raw = { ...(body as Record<string, unknown>) };
    for (const slot of Object.keys(declared.slots)) {
      if (!(slot in raw)) continue;
      // null removes the file; the attachment as read (an object) is ignored; text is no file.
      if (raw[slot] === null) clearedSlots.push(slot);
      else if (typeof raw[slot] !== 'object') throw slotTakesFile(slot);
      delete raw[slot];
    }
    const unknown = Object.keys(raw).filter((key) => !keys.accepted.has(key) && !keys.ignored.has(key));
    if (unknown.length > 0) throw unknownFields(o.entity, unknown);
    for (const key of keys.ignored) delete raw[key];
    // A list that travels as JSON text (`spotsJson`) may come as the text, as in a form.
    for (const [key, field] of Object.entries(o.entity.fields)) {
      if (field.kind === 'json' && field.text && typeof raw[key] === 'string')
        raw[key] = coerceFormValue(o.entity, key, raw[key]);
    }
  }
  for (const [key, value] of Object.entries(o.fixed ?? {})) {
    if (raw[key] !== undefined && raw[key] !== value) {
      const message = `${key} is given by the path (${value}); leave it out of the body or send the same`;
      throw new AppError('VALIDATION_ERROR', message, [{ path: key, message }]);
    }
    raw[key] = value;
  }
  // A number that may come as a label ("Attempt 3") is stored as the label's digits.
  for (const [key, field] of Object.entries(o.entity.fields)) {
    const value = raw[key];
    if (typeof value === 'string') raw[key] = numberFromLabel(field, value) ?? value;
  }
  const parsed = parsedInput(o.schema, raw, 'The request');
  if ('error' in parsed) throw parsed.error;
  const values = parsed.value as Record<string, unknown>;
  const lists: Record<string, ImageListEdit> = {};
  for (const key of Object.keys(declared.lists)) {
    const entries = values[key] as ImageListEntry[] | undefined;
    delete values[key];
    const received = listFiles[key] ?? [];
    const sent = sentWith[key];
    const fileDetails = sent
      ? detailsSentWith(key, declared.lists[key]!, sent, received.length, entries !== undefined)
      : undefined;
    if (entries !== undefined || received.length > 0)
      lists[key] = { entries, files: received, ...(fileDetails ? { fileDetails } : {}) };
  }
  return { values, images, clearedSlots, lists };
}

/** Every file a parsed body put in the store: what to take back out if the request fails. */
export function receivedFiles(body: Pick<ParsedBody, 'images' | 'lists'>): StoredFile[] {
  return [...body.images, ...Object.values(body.lists).flatMap((l) => l.files)].map((i) => i.file);
}
