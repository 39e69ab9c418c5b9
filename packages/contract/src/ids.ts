/**
 * A UUID as text (any version), in lower case: the identifiers of records, sessions, idempotency
 * keys and uploads. The source of the patterns that embed it (`upload:<id>`, a piece's name), which
 * add the `i` flag where either case is taken.
 */
export const uuidText = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';

/** Exactly a UUID, either case. */
export const uuidPattern = new RegExp(`^${uuidText}$`, 'i');

export const isUuid = (value: unknown): value is string =>
  typeof value === 'string' && uuidPattern.test(value);
