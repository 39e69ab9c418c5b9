import type { StoredRecord } from './records.ts';

/** A stored row as the audit log keeps it (dates as ISO text). */
export function auditable(row: StoredRecord) {
  return JSON.parse(JSON.stringify(row)) as unknown;
}
