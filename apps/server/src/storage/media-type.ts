/** The image types photos may be uploaded as; browsers render all of them natively and none runs script. */
export const imageMediaTypes = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;

/** How many leading bytes `sniffMediaType` needs to recognise every type it knows. */
export const sniffLength = 16;

const startsWith = (head: Uint8Array, signature: readonly number[], offset = 0): boolean =>
  head.length >= offset + signature.length && signature.every((byte, i) => head[offset + i] === byte);

const ascii = (text: string): number[] => Array.from(text, (char) => char.charCodeAt(0));

/**
 * The media type of a file judged from its first bytes, never from its name or the client's claim,
 * which are both attacker-controlled. Text formats (SVG, HTML) are deliberately not recognised:
 * they can carry script and have no reliable signature.
 */
export function sniffMediaType(head: Uint8Array): string | undefined {
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(head, ascii('GIF87a')) || startsWith(head, ascii('GIF89a'))) return 'image/gif';
  if (startsWith(head, ascii('RIFF')) && startsWith(head, ascii('WEBP'), 8)) return 'image/webp';
  if (startsWith(head, ascii('%PDF-'))) return 'application/pdf';
  return undefined;
}

const extensions: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/gif': 'gif',
  'application/pdf': 'pdf',
};

/** A file extension for download names; stored blobs themselves carry none. */
export function extensionFor(mediaType: string): string {
  return extensions[mediaType] ?? 'bin';
}

const labels: Record<string, string> = {
  'image/jpeg': 'JPEG',
  'image/png': 'PNG',
  'image/webp': 'WebP',
  'image/gif': 'GIF',
  'application/pdf': 'PDF',
};

/** "JPEG, PNG, WebP and GIF images": the allowed list in words a user understands, for refusal messages. */
export function describeMediaTypes(mediaTypes: readonly string[]): string {
  const names = mediaTypes.map((type) => labels[type] ?? type);
  const list = names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}` : (names[0] ?? 'no');
  const noun =
    mediaTypes.length > 0 && mediaTypes.every((type) => type.startsWith('image/')) ? 'images' : 'files';
  return `${list} ${noun}`;
}
