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
