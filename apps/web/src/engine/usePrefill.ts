import { entities } from '@inspectra/contract';
import type { EntityDefinition } from '@inspectra/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { callRoute } from '../api/calls.ts';
import { loadNamedRecord, namedReferenceOf } from './reference-names.tsx';
import { referenceTargetOf } from './ReferencePicker.tsx';

type Row = Record<string, unknown>;

/**
 * The values a new record's form starts with from its declared `prefill` paths (a report on its
 * work order's equipment, a measurement on its report's): each path walked from `start` (the new
 * record's parent and what the page set), a `ref` through the records the page already holds
 * (`known`, by entity) or its entity's list by `?id=`, a `references` field through the named
 * record (read with the page's other names). The server fills the same paths when a create leaves
 * the field out (reference-fields.ts), so a form and an API client start alike. `fields` limits it
 * to the fields the form shows; values the page gives itself win (`defaults` after these).
 */
export async function prefillOf(
  queryClient: QueryClient,
  entity: EntityDefinition,
  fields: readonly string[],
  start: Row,
  known: Record<string, Row | undefined>,
): Promise<Row> {
  const filled: Row = {};
  for (const [key, field] of Object.entries(entity.fields)) {
    if (!field.prefill || field.serverOwned || !fields.includes(key) || key in start) continue;
    let record: Row = { ...start, ...filled };
    let at = entity;
    const steps = field.prefill.split('.');
    let value: unknown;
    for (const [i, step] of steps.entries()) {
      value = record[step];
      if (i === steps.length - 1 || typeof value !== 'string' || value === '') break;
      const through = at.fields[step];
      let next: Row | null | undefined;
      if (through?.kind === 'ref') {
        const held = known[through.entity];
        next = held && held.id === value ? held : await readById(queryClient, through.entity, value);
        at = entities[through.entity]!;
      } else {
        const reference = namedReferenceOf(through);
        if (!reference) break;
        next = await queryClient.fetchQuery({
          queryKey: ['namedRecord', reference.target.name, reference.valueField, value],
          queryFn: () => loadNamedRecord(reference, value as string),
          staleTime: 5 * 60_000,
        });
        at = reference.target;
      }
      if (!next) {
        value = undefined;
        break;
      }
      record = next;
    }
    if (value !== null && value !== undefined && value !== '') filled[key] = value;
  }
  return filled;
}

/** A record by id through its entity's list call (`?id=`); null when it has none or it is gone. */
async function readById(queryClient: QueryClient, entityName: string, id: string): Promise<Row | null> {
  const reference = referenceTargetOf(entityName);
  if (!reference) return null;
  return queryClient.fetchQuery({
    queryKey: ['reference', reference.route.method, reference.route.path, { id }],
    queryFn: async ({ signal }) =>
      (await callRoute<Row[]>(reference.route, { query: { id }, signal })).data.find((r) => r.id === id) ??
      null,
  });
}

/**
 * `prefillOf` for a form about to open: `values` once read (the form mounts with them), `ready`
 * when it may mount (also when a read failed: the form then starts empty, as before).
 */
export function usePrefill(o: {
  entity: EntityDefinition;
  fields: readonly string[];
  start: Row;
  known?: Record<string, Row | undefined>;
  /** False for an edit form: only new records are prefilled. */
  enabled?: boolean;
}): { values: Row; ready: boolean } {
  const queryClient = useQueryClient();
  const enabled = o.enabled ?? true;
  const query = useQuery({
    queryKey: ['prefill', o.entity.name, o.fields, o.start],
    queryFn: () => prefillOf(queryClient, o.entity, o.fields, o.start, o.known ?? {}),
    enabled,
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
  // Offline, a prefill needing the server waits for it (paused): the form starts without it rather
  // than never (docs/offline-capture.md: a row added offline).
  const waiting = query.isPending && query.fetchStatus !== 'paused';
  return { values: query.data ?? {}, ready: !enabled || !waiting };
}
