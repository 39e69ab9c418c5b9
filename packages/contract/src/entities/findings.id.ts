import type { FindingSeverity } from './findings.ts';

/* Bahasa Indonesia of the words several techniques share: finding severity, the piping classes. */

export const findingSeverityId = {
  low: 'Rendah',
  medium: 'Sedang',
  high: 'Tinggi',
  critical: 'Kritis',
} satisfies Record<FindingSeverity, string>;

/** Pipe and pipeline, as the equipment classes of the piping techniques read. */
export const pipeFamiliesId = { pipe: 'Pipa', pipeline: 'Jalur pipa' };
