import { createHash } from 'node:crypto';

/** PostgreSQL keeps identifiers to 63 bytes (NAMEDATALEN − 1) and cuts longer ones in silence. */
export const pgIdentifierBytes = 63;

/**
 * A name the engine generates (an index, a foreign key, a check), as PostgreSQL will keep it: whole
 * when it fits in 63 bytes, else cut and ended with a hash of the whole name, so the same
 * declaration always yields the same name, the catalogue holds the very name the schema declares,
 * and two long names sharing their first 63 bytes do not collide.
 */
export function pgIdentifier(name: string): string {
  if (Buffer.byteLength(name) <= pgIdentifierBytes) return name;
  const hash = createHash('sha256').update(name).digest('hex').slice(0, 8);
  let cut = name.slice(0, pgIdentifierBytes - hash.length - 1);
  // Generated names are ASCII; a multi-byte character is cut whole all the same.
  while (Buffer.byteLength(cut) > pgIdentifierBytes - hash.length - 1) cut = cut.slice(0, -1);
  return `${cut}_${hash}`;
}
