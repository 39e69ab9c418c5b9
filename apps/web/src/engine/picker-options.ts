import type { EntityDefinition } from '@inspectra/contract';
import { hashKey } from '@tanstack/react-query';
import type { QueryClient, QueryFunction, QueryKey } from '@tanstack/react-query';
import { agreement } from './FieldInput.tsx';
import { pickerOf, referenceQueries } from './ReferencePicker.tsx';

/** A read a picker makes: its key and call, as `queryOptions` gives them. */
export type PickerRead = { queryKey: QueryKey; queryFn?: unknown };

/**
 * What the pickers of a form (these fields of the entity) read, so that they open without a network:
 * each list's first page as it opens with nothing typed, that page narrowed as each record's other
 * values narrow it (`referenceMatches`: only equipment of the record's category), the record each
 * value of the records names (its name in the box), and a short list whole (a multi-select's). A
 * large list is not read whole: offline a picker offers these, filtered as typed. Each read once.
 */
export function pickerReads(
  entity: EntityDefinition,
  keys: readonly string[],
  records: readonly Record<string, unknown>[],
): PickerRead[] {
  const reads = new Map<string, PickerRead>();
  const add = (read: PickerRead) => reads.set(hashKey(read.queryKey), read);
  for (const key of keys) {
    const field = entity.fields[key];
    const picker = field && pickerOf(field);
    if (!field || !picker) continue;
    if (picker.several) {
      add(referenceQueries.all(picker.route));
      continue;
    }
    add(referenceQueries.page(picker.route));
    for (const record of records) {
      const { filters } = agreement(field, picker.route, record);
      if (Object.keys(filters).length > 0) add(referenceQueries.page(picker.route, filters));
      const value = record[key];
      if (typeof value === 'string' && value !== '')
        add(referenceQueries.named(picker.route, picker.valueField, value));
    }
  }
  return [...reads.values()];
}

/** How many picker reads go out at once: a form of many pickers does not flood the server. */
const readsAtOnce = 4;

/**
 * Reads the pickers' lists into the cache (for the offline copy), each key once. A list the user may
 * not read, or one that fails, is left out rather than failing the whole task: its picker then says
 * "Not on this device — shown when online" offline.
 */
export async function fetchPickerReads(
  queryClient: QueryClient,
  reads: readonly PickerRead[],
): Promise<void> {
  const once = [...new Map(reads.map((read) => [hashKey(read.queryKey), read])).values()];
  for (let start = 0; start < once.length; start += readsAtOnce)
    await Promise.allSettled(
      once
        .slice(start, start + readsAtOnce)
        .map(({ queryKey, queryFn }) =>
          queryClient.fetchQuery({ queryKey, queryFn: queryFn as QueryFunction | undefined, staleTime: 0 }),
        ),
    );
}
