import type { SniffedMediaType } from '@inspectra/contract';

type MediaTypeDescription = {
  /** File extensions for the type, the usual one first; a download name must end in one of them. */
  extensions: readonly string[];
  /** The name a user knows the format by, for refusal messages. */
  label: string;
  /** What a list of them is called: "images", "videos", else "files". */
  noun: 'images' | 'videos' | 'files';
};

const descriptions: Record<SniffedMediaType, MediaTypeDescription> = {
  'image/jpeg': { extensions: ['jpg', 'jpeg', 'jpe'], label: 'JPEG', noun: 'images' },
  'image/png': { extensions: ['png'], label: 'PNG', noun: 'images' },
  'image/webp': { extensions: ['webp'], label: 'WebP', noun: 'images' },
  'image/gif': { extensions: ['gif'], label: 'GIF', noun: 'images' },
  'image/tiff': { extensions: ['tif', 'tiff'], label: 'TIFF', noun: 'images' },
  'image/vnd.dwg': { extensions: ['dwg'], label: 'DWG', noun: 'files' },
  'application/pdf': { extensions: ['pdf'], label: 'PDF', noun: 'files' },
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': {
    extensions: ['xlsx'],
    label: 'Excel',
    noun: 'files',
  },
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': {
    extensions: ['docx'],
    label: 'Word',
    noun: 'files',
  },
  'video/mp4': { extensions: ['mp4', 'm4v'], label: 'MP4', noun: 'videos' },
  'video/webm': { extensions: ['webm'], label: 'WebM', noun: 'videos' },
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
  const nouns = new Set(mediaTypes.map((type) => describe(type)?.noun ?? 'files'));
  const noun = nouns.size === 1 ? [...nouns][0]! : 'files';
  return `${list} ${noun}`;
}
