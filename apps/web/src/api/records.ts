import type { EntityDefinition, Field, FieldValues } from '@inspectra/contract';

/** What every stored record carries besides its declared fields. */
export type RecordBase = {
  id: string;
  version: number;
  createdAt: string;
  updatedAt: string;
  createdBy: string | null;
  updatedBy: string | null;
};

/**
 * A record of an entity as the API returns it: declared fields typed from the declaration; image
 * slots, derived values and id aliases are looked up by name (`record.thermalImage as Attachment`).
 */
export type RecordOf<E> =
  E extends EntityDefinition<infer F extends Record<string, Field>>
    ? FieldValues<F> & RecordBase & { [extra: string]: unknown }
    : never;
