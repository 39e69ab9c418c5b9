import type { EntityDefinition } from '@inspectra/contract';
import { AppError } from '../errors.ts';

/**
 * A record's entity tag (`ETag`): its id and version. Every write of a record raises its version,
 * and the answer for one version is computed from that version's row alone, so the tag is strong:
 * an integrator may send it back in `If-Match`, which compares tags strongly (RFC 9110 13.1.1).
 */
export function recordTag(record: unknown): string | undefined {
  const r = record as { id?: unknown; version?: unknown } | null | undefined;
  return typeof r?.id === 'string' && typeof r.version === 'number' ? `"${r.id}:${r.version}"` : undefined;
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
  const current = recordTag(stored);
  if (listed.tags.some((t) => !t.weak && t.tag === current)) return;
  throw new AppError(
    'PRECONDITION_FAILED',
    `${entity.label} was changed since it was read (now version ${String(stored.version)}): nothing was written. Read it again (its ETag is ${current}) and apply your change again.`,
  );
}
