import { routeTable } from '@inspectra/contract';
import type { Envelope, EntityDefinition, RouteDefinition } from '@inspectra/contract';
import { callRoute } from './calls.ts';

/**
 * The record as stored now, fetched by the entity's own read call in the route table (by id, or by
 * its parent for an entity kept one per parent), for a form to put beside the user's changes after
 * someone else saved it. Undefined when the entity has no such call.
 */
export async function loadCurrentRecord(
  entity: EntityDefinition,
  record: Record<string, unknown>,
): Promise<Record<string, unknown> | undefined> {
  const routes = routeTable as RouteDefinition[];
  const byId = routes.find((r) => r.operation.kind === 'get' && r.operation.entity === entity);
  const byParent = routes.find((r) => r.operation.kind === 'getByParent' && r.operation.entity === entity);
  let found: Promise<Envelope<Record<string, unknown> | null>> | undefined;
  if (byId?.operation.kind === 'get') {
    const id = String(record.id);
    found = callRoute(byId, byId.operation.id === 'path' ? { params: { id } } : { query: { id } });
  } else if (byParent?.operation.kind === 'getByParent') {
    const param = byParent.operation.parentParam;
    const parentId = record[param] ?? (entity.parent ? record[entity.parent] : undefined);
    if (typeof parentId === 'string') found = callRoute(byParent, { query: { [param]: parentId } });
  }
  return found ? ((await found).data ?? undefined) : undefined;
}
