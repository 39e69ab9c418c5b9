import { sniffImageType, sniffLength } from '@inspectra/contract';
import type { ImageMediaType } from '@inspectra/contract';

/*
 * The image types the server stores, recognised by the same rules (the contract's sniffMediaType):
 * by the file's first bytes, never its name or the type the browser guessed from the name. A text
 * file renamed .png is refused here at once instead of showing a broken preview and failing on save.
 */

/** Reads only the first bytes of a Blob (a photo may be many megabytes) and judges them. */
export async function imageTypeOf(file: Blob): Promise<ImageMediaType | undefined> {
  return sniffImageType(new Uint8Array(await readBytes(file.slice(0, sniffLength))));
}

/** `Blob.arrayBuffer`, with a FileReader fallback for older tablet browsers that lack it. */
export function readBytes(blob: Blob): Promise<ArrayBuffer> {
  if (typeof blob.arrayBuffer === 'function') return blob.arrayBuffer();
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as ArrayBuffer);
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsArrayBuffer(blob);
  });
}
