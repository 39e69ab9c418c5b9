/**
 * File types judged from a file's first bytes, never from its name or the client's claim, which are
 * both attacker-controlled. The server decides what it stores this way; the browser uses the same
 * rules to refuse a text file renamed .png before any upload.
 */

/** The image types photos may be uploaded as; browsers render all of them natively and none runs script. */
export const imageMediaTypes = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;
export type ImageMediaType = (typeof imageMediaTypes)[number];

/** How many leading bytes `sniffMediaType` needs to recognise every type it knows. */
export const sniffLength = 16;

const startsWith = (head: Uint8Array, signature: readonly number[], offset = 0): boolean =>
  head.length >= offset + signature.length && signature.every((byte, i) => head[offset + i] === byte);

const ascii = (text: string): number[] => Array.from(text, (char) => char.charCodeAt(0));

/**
 * The media type of a file from its first bytes (`sniffLength` of them suffice), or undefined. Text
 * formats (SVG, HTML) are deliberately not recognised: they can carry script and have no reliable
 * signature.
 */
export function sniffMediaType(head: Uint8Array): string | undefined {
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(head, ascii('GIF87a')) || startsWith(head, ascii('GIF89a'))) return 'image/gif';
  if (startsWith(head, ascii('RIFF')) && startsWith(head, ascii('WEBP'), 8)) return 'image/webp';
  if (startsWith(head, ascii('%PDF-'))) return 'application/pdf';
  return undefined;
}

/** The image type of a file's first bytes, or undefined when they are none of the image types. */
export function sniffImageType(head: Uint8Array): ImageMediaType | undefined {
  const type = sniffMediaType(head);
  return imageMediaTypes.find((t) => t === type);
}
