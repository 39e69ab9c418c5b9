import {
  documentMediaTypes,
  drawingMediaTypes,
  sniffLength,
  sniffMediaType,
  videoMediaTypes,
} from '@inspectra/contract';
import type { FileKind, SniffedMediaType } from '@inspectra/contract';
import { readBytes } from './image-bytes.ts';

/*
 * What a document or drawing slot stores, judged by the first bytes as the server judges them (the
 * contract's sniffMediaType), so a wrong file is refused before a long upload over a site's mobile
 * connection. The server checks again and stays the authority.
 */

/**
 * Media types by what a slot accepts, as the server's `acceptedFiles` maps them: a supporting
 * document may be a report, a spreadsheet, a letter or a drawing.
 */
export const acceptedMediaTypes: Record<Exclude<FileKind, 'image'>, readonly SniffedMediaType[]> = {
  document: [...new Set([...documentMediaTypes, ...drawingMediaTypes])],
  drawing: drawingMediaTypes,
  video: videoMediaTypes,
};

/** The server's default limit for documents and drawings (MAX_DOCUMENT_BYTES). */
export const maxDocumentBytes = 50 * 1024 * 1024;
/** The server's default limit for videos (MAX_VIDEO_BYTES). */
export const maxVideoBytes = 512 * 1024 * 1024;

const extensionsByType: Record<string, string[]> = {
  'application/pdf': ['.pdf'],
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': ['.xlsx'],
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': ['.docx'],
  'image/png': ['.png'],
  'image/jpeg': ['.jpg', '.jpeg'],
  'image/tiff': ['.tif', '.tiff'],
  'image/vnd.dwg': ['.dwg'],
  'video/mp4': ['.mp4', '.m4v'],
  'video/webm': ['.webm'],
};

/**
 * The file picker's `accept`: types and extensions both, since operating systems name DWG (and
 * sometimes TIFF) files with no type or another one, and a picker filtered by type alone hides them.
 */
export function acceptFor(kind: Exclude<FileKind, 'image'>): Record<string, string[]> {
  return Object.fromEntries(acceptedMediaTypes[kind].map((type) => [type, extensionsByType[type] ?? []]));
}

/** Why a file is refused before upload: nothing in it, too large, or not a type the slot stores. */
export type FileRefusal = 'empty' | 'tooLarge' | 'type';

/** The refusal for a file, or null when it may be uploaded. Only the first bytes are read. */
export async function checkFile(
  file: Blob,
  kind: Exclude<FileKind, 'image'>,
  maxBytes = kind === 'video' ? maxVideoBytes : maxDocumentBytes,
): Promise<FileRefusal | null> {
  if (file.size === 0) return 'empty';
  if (file.size > maxBytes) return 'tooLarge';
  const head = new Uint8Array(await readBytes(file.slice(0, sniffLength)));
  const type = sniffMediaType(head);
  return type && acceptedMediaTypes[kind].includes(type) ? null : 'type';
}
