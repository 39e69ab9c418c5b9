import { Text } from '@mantine/core';
import { maxPageSize } from '@inspectra/contract';
import type { EntityDefinition, Field, RouteDefinition } from '@inspectra/contract';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { callRoute } from '../api/calls.ts';
import { enumLabel, recordName } from './entity-labels.ts';
import { keyReferenceOf } from './ReferencePicker.tsx';

type Row = Record<string, unknown>;

/*
 * A `references` field (`equipmentNo`, `equipmentCategory`) is shown by the record it names, as a
 * person names it (its `represent` fields: "P-101A · Crude charge pump", "Pipe"), the key beside it
 * when the name does not hold it ("10001001"). The names are read by the client, not added to every
 * answer by the server: the lists stay one statement and every answer (an engine list, a module's
 * own list, a form's current value) gets names the same way. Keys asked for while a page renders are
 * gathered and read together, one call per named entity (`?equipmentNo=a,b,…`, the key filter every
 * whole-table list takes), and each key's record is kept by the query cache, so the next page asks
 * only for keys it has not seen (docs/architecture-engine.md, "Records that name each other by code").
 */

/** How long a name read stays fresh: the master changes rarely, and an edit there reloads its own list. */
const nameStaleMs = 5 * 60_000;
/** Most keys one call asks for: what an `in` filter takes (routes.ts `maxInValues`). */
const keysPerCall = 50;

/** What a `references` field is shown from: the entity named, its list call and the key kept. */
export type NamedReference = { target: EntityDefinition; route: RouteDefinition; valueField: string };

/** The record a field names and how it is read, when it is a `references` field whose list takes keys. */
export function namedReferenceOf(field: Field | undefined): NamedReference | undefined {
  if (field?.kind !== 'text' || !field.references) return undefined;
  const reference = keyReferenceOf(field.references);
  if (!reference) return undefined;
  const filters = reference.route.operation.kind === 'list' ? reference.route.operation.filters : {};
  const filter = filters[reference.valueField];
  return filter && 'field' in filter && filter.op === 'in' ? reference : undefined;
}

type Waiting = {
  reference: NamedReference;
  keys: Map<string, ((record: Row | null) => void)[]>;
};
const waiting = new Map<string, Waiting>();
let flushScheduled = false;

/** Reads every key asked for since the last flush: one call per named entity (and 50 keys). */
function flush() {
  flushScheduled = false;
  const batches = [...waiting.values()];
  waiting.clear();
  for (const { reference, keys } of batches) {
    const all = [...keys.keys()];
    for (let i = 0; i < all.length; i += keysPerCall) {
      const chunk = all.slice(i, i + keysPerCall);
      callRoute<Row[]>(reference.route, {
        query: { [reference.valueField]: chunk.join(','), pageNumber: 1, pageSize: maxPageSize },
      }).then(
        (envelope) => {
          const found = new Map(envelope.data.map((r) => [String(r[reference.valueField]), r]));
          for (const key of chunk) for (const resolve of keys.get(key) ?? []) resolve(found.get(key) ?? null);
        },
        // A name that cannot be read is shown by its key: not an error to show on every cell.
        () => {
          for (const key of chunk) for (const resolve of keys.get(key) ?? []) resolve(null);
        },
      );
    }
  }
}

/** The record with this key, read together with the other keys asked for in the same moment. */
export function loadNamedRecord(reference: NamedReference, key: string): Promise<Row | null> {
  // A key the filter cannot carry (a comma splits it) is shown as it is.
  if (key.includes(',')) return Promise.resolve(null);
  const batchKey = `${reference.route.path}|${reference.valueField}`;
  let batch = waiting.get(batchKey);
  if (!batch) waiting.set(batchKey, (batch = { reference, keys: new Map() }));
  return new Promise((resolve) => {
    const resolvers = batch.keys.get(key) ?? [];
    resolvers.push(resolve);
    batch.keys.set(key, resolvers);
    if (!flushScheduled) {
      flushScheduled = true;
      setTimeout(flush, 0);
    }
  });
}

/** The record a `references` field's value names (null when none or unreadable; undefined while read). */
export function useNamedRecord(field: Field | undefined, value: unknown): Row | null | undefined {
  const reference = namedReferenceOf(field);
  const key = typeof value === 'string' && value !== '' ? value : undefined;
  const query = useQuery({
    queryKey: ['namedRecord', reference?.target.name, reference?.valueField, key],
    queryFn: () => loadNamedRecord(reference!, key!),
    enabled: Boolean(reference && key),
    staleTime: nameStaleMs,
  });
  return reference && key ? query.data : null;
}

/**
 * How a named record reads: its name (`represent`) and, when the name does not hold it, the key it
 * is named by, shown second.
 */
export function referenceParts(
  reference: NamedReference,
  record: Row | null | undefined,
  key: string,
): { name: string; code?: string } {
  if (!record) return { name: key };
  const name = recordName(reference.target, record);
  const shown = (reference.target.represent ?? []).includes(reference.valueField);
  // A key that only repeats the name in other letters (a method "paut" named "PAUT") is not shown.
  return shown || name.toLowerCase() === key.toLowerCase() ? { name } : { name, code: key };
}

/** Whether the entity's translations name this code themselves (a technique's name in the language). */
function translatedCode(
  t: ReturnType<typeof useTranslation>['t'],
  i18n: ReturnType<typeof useTranslation>['i18n'],
  context: { entityName: string; key: string } | undefined,
  value: string,
): string | undefined {
  if (!context || !/^[A-Za-z][\w-]*$/.test(value)) return undefined;
  const path = `entities.${context.entityName}.values.${context.key}.${value}`;
  return i18n.exists(path) ? enumLabel(t, context.entityName, context.key, value) : undefined;
}

/**
 * A `references` field's value as the plant names it: the named record's name, its key beside it
 * in a quieter tone ("P-101A · Crude charge pump  10001001"). The key alone while the name is read,
 * and when no record has it.
 */
export function ReferenceValue(p: {
  field: Field;
  value: unknown;
  /** The entity and key the value's translations live under, when it has them. */
  context?: { entityName: string; key: string };
}) {
  const { t, i18n } = useTranslation();
  const reference = namedReferenceOf(p.field);
  const key = typeof p.value === 'string' ? p.value : '';
  const translated = key ? translatedCode(t, i18n, p.context, key) : undefined;
  const record = useNamedRecord(translated ? undefined : p.field, key);
  if (!key) return <>{t('common.none')}</>;
  if (translated) return <>{translated}</>;
  if (!reference) return <>{key}</>;
  const { name, code } = referenceParts(reference, record, key);
  return (
    <>
      {name}
      {code && (
        <Text span size="xs" c="dimmed" ml={6} style={{ whiteSpace: 'nowrap' }}>
          {code}
        </Text>
      )}
    </>
  );
}
