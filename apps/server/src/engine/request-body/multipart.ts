import type { Readable } from 'node:stream';
import { listedFilesWord, referencedUpload } from '@inspectra/contract';
import type { EntityDefinition, FileKind, ImageList, ImageSlot } from '@inspectra/contract';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../errors.ts';
import { checkStored } from '../../storage/checked-upload.ts';
import type { FileStore, StoredFile } from '../../storage/file-store.ts';
import { wholeUpload } from '../resumable-uploads.ts';
import type { UploadRow } from '../resumable-uploads.ts';
import { extensionFor } from '../../storage/media-type.ts';
import { acceptedFiles, onSlot } from './accepted-files.ts';
import type { UploadLimits } from './accepted-files.ts';
import { formFieldKey, unknownFields } from './body-keys.ts';
import type { bodyKeys } from './body-keys.ts';
import { coerceFormValue } from './coercion.ts';
import { safeDisplayName } from './display-name.ts';
import { sentWithPart, sentWithValues } from './parallel-lists.ts';
import type { SentWith } from './parallel-lists.ts';
import type { ReceivedImage } from './parsed-body.ts';
import { listed, slotTakesFile } from './refusals.ts';

export function isMultipart(request: FastifyRequest): boolean {
  return (request.headers['content-type'] ?? '').toLowerCase().startsWith('multipart/form-data');
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

export async function readMultipart(
  request: FastifyRequest,
  entity: EntityDefinition,
  keys: ReturnType<typeof bodyKeys>,
  declared: VariantFiles,
  files: FileStore,
  limits: UploadLimits,
  stored: StoredFile[],
  /** The signed-in user's upload of an id, as a form's `upload:<id>` names it. */
  uploadsOf: (id: string) => Promise<UploadRow | undefined>,
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
  /**
   * A slot's or list's file: a file part streamed to the store, or the whole upload a text part
   * names, which passes the same checks, refused in the same words. Either is added to `stored`.
   */
  const slotFile = async (
    field: string,
    accepts: FileKind | undefined,
    from: { file: Readable; filename: string } | string,
  ): Promise<{ file: StoredFile; name: string }> => {
    const accepted = acceptedFiles(accepts, limits);
    try {
      if (typeof from === 'string') {
        const row = await uploadsOf(from);
        const file = wholeUpload(field, from, row);
        checkStored(file, accepted);
        stored.push(file);
        return { file, name: row!.name };
      }
      const file = await files.put(from.file, accepted);
      stored.push(file);
      return { file, name: from.filename };
    } catch (error) {
      throw onSlot(error, entity, field);
    }
  };
  try {
    for await (const received of request.parts()) {
      const part = withFieldKey(entity, received);
      const list = declared.lists[part.fieldname];
      const beside = part.type === 'file' ? undefined : sentWithPart(declared.lists, part.fieldname);
      // A slot's or list's text `upload:<id>` stands for a whole upload (docs/offline-capture.md part 4).
      const upload =
        part.type === 'file' || !(part.fieldname in declared.slots || list)
          ? undefined
          : referencedUpload(String(part.value));
      if (beside) {
        const values = ((sentWith[beside.list] ??= {})[beside.what] ??= { part: part.fieldname, values: [] });
        values.values.push(...sentWithValues(part.fieldname, String(part.value)));
      } else if (list && (part.type === 'file' || upload !== undefined)) {
        // A file of the list, or a whole upload its text names: either is the list's next file.
        const received = (listFiles[part.fieldname] ??= []);
        if (received.length >= list.max) {
          if (part.type === 'file') part.file.resume();
          const message = `${part.fieldname} holds at most ${list.max} ${listedFilesWord(list)}`;
          throw new AppError('VALIDATION_ERROR', message, [{ path: part.fieldname, message }]);
        }
        const { file, name } = await slotFile(
          part.fieldname,
          list.accepts,
          part.type === 'file' ? part : upload!,
        );
        received.push({
          slot: part.fieldname,
          file,
          displayName: safeDisplayName(
            name,
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
      } else if (part.type === 'file' || (upload !== undefined && part.fieldname in declared.slots)) {
        if (!(part.fieldname in declared.slots)) {
          if (part.type === 'file') part.file.resume();
          const name = part.fieldname;
          if (!keys.accepted.has(name) && !keys.ignored.has(name)) throw unknownFields(entity, [name]);
          const slots = [...Object.keys(declared.slots), ...Object.keys(declared.lists)];
          const message = `${name} takes text, not a file${slots.length > 0 ? ` (files go in ${listed(slots)})` : ''}`;
          throw new AppError('VALIDATION_ERROR', message, [{ path: name, message }]);
        }
        if (images.some((i) => i.slot === part.fieldname)) {
          if (part.type === 'file') part.file.resume();
          throw new AppError('VALIDATION_ERROR', `${part.fieldname} was sent twice`, [
            { path: part.fieldname, message: 'Send one file per image' },
          ]);
        }
        const slot = declared.slots[part.fieldname]!;
        const { file, name } = await slotFile(
          part.fieldname,
          slot.accepts,
          part.type === 'file' ? part : upload!,
        );
        images.push({
          slot: part.fieldname,
          file,
          // Without a usable name, the slot and the type it really is: `thermalImage.png`.
          displayName: safeDisplayName(name, `${part.fieldname}.${extensionFor(file.mediaType)}`),
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
