/*
 * The image types the server stores, recognised the way it does (storage/media-type.ts): by the
 * file's first bytes, never its name or the type the browser guessed from the name. A text file
 * renamed .png is refused here at once instead of showing a broken preview and failing on save.
 */

/** The media types an image slot takes; the messages name the same four. */
export const imageMediaTypes = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;
export type ImageMediaType = (typeof imageMediaTypes)[number];

const headLength = 12;

const ascii = (text: string): number[] => Array.from(text, (char) => char.charCodeAt(0));

const startsWith = (head: Uint8Array, signature: readonly number[], offset = 0): boolean =>
  head.length >= offset + signature.length && signature.every((byte, i) => head[offset + i] === byte);

/** The image type of the first bytes of a file, or undefined when they are none of the four. */
export function imageTypeOfBytes(head: Uint8Array): ImageMediaType | undefined {
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(head, ascii('GIF87a')) || startsWith(head, ascii('GIF89a'))) return 'image/gif';
  if (startsWith(head, ascii('RIFF')) && startsWith(head, ascii('WEBP'), 8)) return 'image/webp';
  return undefined;
}

/** Reads only the first bytes of a Blob (a photo may be many megabytes) and judges them. */
export async function imageTypeOf(file: Blob): Promise<ImageMediaType | undefined> {
  const head = new Uint8Array(await readBytes(file.slice(0, headLength)));
  return imageTypeOfBytes(head);
}

/** `Blob.arrayBuffer`, with a FileReader fallback for older tablet browsers that lack it. */
function readBytes(blob: Blob): Promise<ArrayBuffer> {
  if (typeof blob.arrayBuffer === 'function') return blob.arrayBuffer();
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as ArrayBuffer);
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsArrayBuffer(blob);
  });
}
