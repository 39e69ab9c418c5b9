import type { SniffedMediaType } from '@inspectra/contract';

type MediaTypeDescription = {
  /** File extensions for the type, the usual one first; a download name must end in one of them. */
  extensions: readonly string[];
  /** The name a user knows the format by, for refusal messages. */
  label: string;
  /** Shown to a user as a picture ("images"); otherwise the list reads "files". */
  picture: boolean;
};

const descriptions: Record<SniffedMediaType, MediaTypeDescription> = {
  'image/jpeg': { extensions: ['jpg', 'jpeg', 'jpe'], label: 'JPEG', picture: true },
  'image/png': { extensions: ['png'], label: 'PNG', picture: true },
  'image/webp': { extensions: ['webp'], label: 'WebP', picture: true },
  'image/gif': { extensions: ['gif'], label: 'GIF', picture: true },
  'image/tiff': { extensions: ['tif', 'tiff'], label: 'TIFF', picture: true },
  'image/vnd.dwg': { extensions: ['dwg'], label: 'DWG', picture: false },
  'application/pdf': { extensions: ['pdf'], label: 'PDF', picture: false },
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': {
    extensions: ['xlsx'],
    label: 'Excel',
    picture: false,
  },
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': {
    extensions: ['docx'],
    label: 'Word',
    picture: false,
  },
};

const describe = (mediaType: string): MediaTypeDescription | undefined =>
  Object.hasOwn(descriptions, mediaType) ? descriptions[mediaType as SniffedMediaType] : undefined;

/** A file extension for download names; stored blobs themselves carry none. */
export function extensionFor(mediaType: string): string {
  return describe(mediaType)?.extensions[0] ?? 'bin';
}

/**
 * The name a file is downloaded under: the display name when its extension fits the stored type,
 * otherwise that name with the type's extension added. The saved file then opens in the program
 * for what it is, never as what its name claimed: a PDF uploaded as `report.html` downloads as
 * `report.html.pdf`, not as a page a browser would run from disk, and a macro workbook uploaded as
 * `book.xlsm` downloads as `book.xlsm.xlsx`, which Excel will not open as a macro workbook.
 */
export function downloadNameFor(displayName: string, mediaType: string): string {
  const dot = displayName.lastIndexOf('.');
  const extension = dot > 0 ? displayName.slice(dot + 1).toLowerCase() : '';
  const known = describe(mediaType)?.extensions ?? [];
  return known.includes(extension) ? displayName : `${displayName}.${extensionFor(mediaType)}`;
}

/**
 * "JPEG, PNG, WebP and GIF images", "PDF, Excel and Word files": the allowed list in words a user
 * understands, for refusal messages.
 */
export function describeMediaTypes(mediaTypes: readonly string[]): string {
  const names = mediaTypes.map((type) => describe(type)?.label ?? type);
  const list = names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}` : (names[0] ?? 'no');
  const noun =
    mediaTypes.length > 0 && mediaTypes.every((type) => describe(type)?.picture) ? 'images' : 'files';
  return `${list} ${noun}`;
}
