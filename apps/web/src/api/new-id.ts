/**
 * A version 4 UUID made on the device: a record's client-made id, a write's `Idempotency-Key`.
 * `crypto.randomUUID` exists on secure pages only; a tablet that opens the server over plain HTTP on
 * the plant network (docs/deployment.md) still has `getRandomValues`, the same randomness.
 */
export function newId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return uuidOf(crypto.getRandomValues(new Uint8Array(16)));
}

/**
 * 16 bytes (or the first 16) shaped as a version 4 UUID: version nibble and variant bits set. Random
 * bytes make a new id; a hash's make the same id from the same input (a queued file's upload).
 */
export function uuidOf(from: Uint8Array): string {
  const bytes = from.slice(0, 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** Whether a value is a UUID (a record id the device may have made). */
export const isUuid = (value: unknown): value is string =>
  typeof value === 'string' && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
