/**
 * A UUID as text (any version, either case): the identifiers of records, sessions, idempotency keys
 * and uploads. The pattern's source, for a pattern that embeds it (`upload:<id>`, a piece's name).
 */
export const uuidText = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';

/** Exactly a UUID, either case. */
export const uuidPattern = new RegExp(`^${uuidText}$`, 'i');

export const isUuid = (value: unknown): value is string =>
  typeof value === 'string' && uuidPattern.test(value);
