import { numberFromLabel } from '@inspectra/contract';
import type { BodyKind, EntityDefinition } from '@inspectra/contract';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { AppError } from '../../errors.ts';
import type { FileStore, StoredFile } from '../../storage/file-store.ts';
import type { UploadRow } from '../resumable-uploads.ts';
import type { UploadLimits } from './accepted-files.ts';
import { bodyKeys } from './body-keys.ts';
import { jsonValues } from './json.ts';
import { isMultipart, readMultipart } from './multipart.ts';
import { detailsSentWith } from './parallel-lists.ts';
import type { SentWith } from './parallel-lists.ts';
import type { ImageListEdit, ImageListEntry, ParsedBody, ReceivedImage } from './parsed-body.ts';
import { parsedInput } from './refusals.ts';

/*
 * A request's body, read as its route declares it: the entry (`readEntityBody`) is here; beside it,
 * one concern a file: JSON (json.ts), multipart forms (multipart.ts) and single-file uploads
 * (uploads.ts), what a file slot accepts (accepted-files.ts), the values sent beside a list's files
 * (parallel-lists.ts), form text as field values (coercion.ts), the keys a body may name
 * (body-keys.ts), display names (display-name.ts), refusals (refusals.ts) and what a read body holds
 * (parsed-body.ts).
 */

/** What reading a body needs: the entity, the body kinds the route takes, its schema and the store. */
type BodyReading = {
  entity: EntityDefinition;
  /** The variant the route serves: its fields are the ones a body may name. */
  variant?: string;
  kind: BodyKind;
  schema: z.ZodType;
  files: FileStore;
  limits: UploadLimits;
  /** The signed-in user's upload of an id: a form's file slot or list may name one (`upload:<id>`). */
  uploadsOf: (id: string) => Promise<UploadRow | undefined>;
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
    const form = await readMultipart(
      request,
      o.entity,
      keys,
      declared,
      o.files,
      o.limits,
      stored,
      o.uploadsOf,
    );
    raw = form.raw;
    images = form.images;
    listFiles = form.listFiles;
    sentWith = form.sentWith;
    clearedSlots.push(...form.clearedSlots);
  } else {
    const json = jsonValues(request.body, o.entity, keys, declared.slots);
    raw = json.raw;
    clearedSlots.push(...json.clearedSlots);
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
