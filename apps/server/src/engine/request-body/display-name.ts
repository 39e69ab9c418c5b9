import path from 'node:path';

/**
 * What a display name never keeps: C0 and C1 controls and DEL, bidi overrides, isolates and marks
 * (which can show `gpj.exe` as `exe.jpg`), line and paragraph separators, quotes and backslashes.
 */
const unsafeInDisplayName =
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
  /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029"\\]/g;
const maxDisplayNameLength = 200;
const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/** At most `max` UTF-16 units, cut between user-perceived characters (never inside an emoji). */
function truncateToGraphemes(text: string, max: number): string {
  if (text.length <= max) return text;
  let kept = '';
  for (const { segment } of graphemes.segment(text)) {
    if (kept.length + segment.length > max) break;
    kept += segment;
  }
  return kept;
}

/**
 * A display name as typed (a photo's caption): printable, bounded, trimmed; empty when nothing is
 * left. Slashes stay: a caption may read "crack at 3/4 height".
 */
export function printableDisplayName(text: string): string {
  return truncateToGraphemes(text.replace(unsafeInDisplayName, '').trim(), maxDisplayNameLength).trim();
}

/** A display name from a client's file name: the last path segment, printable, bounded; never a path. */
export function safeDisplayName(filename: string | undefined, fallback: string): string {
  const trimmed = printableDisplayName(path.posix.basename(path.win32.basename(filename ?? '')));
  return trimmed && trimmed !== '.' && trimmed !== '..' ? trimmed : fallback;
}
