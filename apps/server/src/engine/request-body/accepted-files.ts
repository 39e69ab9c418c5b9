import { documentMediaTypes, drawingMediaTypes, imageMediaTypes, videoMediaTypes } from '@inspectra/contract';
import type { EntityDefinition, FileKind } from '@inspectra/contract';
import { AppError } from '../../errors.ts';

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

/**
 * A refused file as an error on its image slot: the detail's path is the slot name, so a form can
 * show it beside that image ("The visual image is not a JPEG, PNG, WebP or GIF").
 */
export function onSlot(error: unknown, entity: EntityDefinition, slot: string): unknown {
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
