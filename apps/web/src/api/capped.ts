import type { CappedMeta, Envelope } from '@inspectra/contract';

/**
 * How many more rows than it shows a capped list of an answer matched (`meta.notShown`,
 * docs/api-conventions.md "Capped lists"), by the list's key in `data` (`data`: the answer is the
 * list); 0 when the answer shows them all.
 */
export function notShownOf(envelope: Envelope<unknown, unknown>, list: string): number {
  return (envelope.meta as CappedMeta | undefined)?.notShown[list] ?? 0;
}

/** A capped list as a page shows it: its rows and how many more matched (docs/api-conventions.md). */
export type Capped<T> = { rows: T[]; notShown: number };

/** The rows of an answer that is a capped list (`capped: { data }`), and how many more it matched. */
export function cappedOf<T>(envelope: Envelope<T[], unknown>): Capped<T> {
  return { rows: envelope.data, notShown: notShownOf(envelope, 'data') };
}
