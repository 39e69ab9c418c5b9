import { hash } from 'node:crypto';
import type { EntityDefinition } from '@inspectra/contract';
import { AppError } from '../errors.ts';

/** The part of a tag that names the record and its version: `"<id>:<version>` (open, see below). */
const versionPart = (r: { id: string; version: unknown }) => `"${r.id}:${String(r.version)}`;

/**
 * A record's entity tag (`ETag`) as one answer gives it: its id, its version and a digest of the
 * answer's record as sent (`"<id>:<version>:<digest>"`). The version alone does not make the answer:
 * a caller's role may see other fields, an image's attachment, an author's name or a value derived
 * through a reference may change while the record stays at its version. The digest of the bytes
 * sent covers all of them, so two answers share a tag only when they are the same bytes, and the tag
 * is strong (RFC 9110 8.8.3). `json` is the record as serialised for the answer.
 */
export function recordTag(record: unknown, json: string): string | undefined {
  const r = record as { id?: unknown; version?: unknown } | null | undefined;
  if (typeof r?.id !== 'string' || typeof r.version !== 'number') return undefined;
  return `${versionPart({ id: r.id, version: r.version })}:${hash('sha256', json, 'base64url').slice(0, 16)}"`;
}

/** The entity tags an `If-Match` lists, `*` for "any version", or undefined when it names none. */
function listedTags(header: string): { any: true } | { tags: { weak: boolean; tag: string }[] } | undefined {
  if (header.trim() === '*') return { any: true };
  const tags = [...header.matchAll(/(W\/)?("[^"]*")/g)].map((m) => ({ weak: Boolean(m[1]), tag: m[2]! }));
  return tags.length > 0 ? { tags } : undefined;
}

/**
 * Refuses an update whose `If-Match` no longer names the stored record's version (412): someone
 * changed it since the caller read it. No `If-Match` means no condition (last writer wins, unless
 * the body sends `version`). A weak tag never matches, as HTTP says; the server only gives strong ones.
 */
export function checkIfMatch(
  header: string | string[] | undefined,
  entity: EntityDefinition,
  stored: { id: string; version: unknown },
) {
  if (header === undefined) return;
  const listed = listedTags(Array.isArray(header) ? header.join(',') : header);
  if (!listed)
    throw new AppError(
      'BAD_REQUEST',
      'If-Match must list entity tags as a read of the record gave them in ETag ("…"), or be *',
    );
  if ('any' in listed) return;
  // Any answer of the stored version names it, whatever the caller's view (the digest differs by
  // view, the version does not); `"<id>:<version>"`, as tags were before the digest, still does.
  const current = versionPart(stored);
  if (listed.tags.some((t) => !t.weak && (t.tag === `${current}"` || t.tag.startsWith(`${current}:`))))
    return;
  throw new AppError(
    'PRECONDITION_FAILED',
    `${entity.label} was changed since it was read (now version ${String(stored.version)}): nothing was written. Read it again (its ETag names version ${String(stored.version)}) and apply your change again.`,
  );
}

/**
 * Whether a read's `If-None-Match` names the answer's tag (RFC 9110 13.1.2: weak comparison, so
 * `W/"…"` matches its strong twin; `*` matches any answer), in which case the read answers 304
 * without a body. A header that lists no tag matches nothing: the read answers in full.
 */
export function ifNoneMatchHolds(header: string | string[] | undefined, tag: string): boolean {
  if (header === undefined) return false;
  const listed = listedTags(Array.isArray(header) ? header.join(',') : header);
  if (!listed) return false;
  return 'any' in listed || listed.tags.some((t) => t.tag === tag);
}
