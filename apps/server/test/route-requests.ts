import { randomUUID } from 'node:crypto';
import { routeSchemas } from '@inspectra/contract';
import type { RouteDefinition } from '@inspectra/contract';

/** A value the query schema accepts for a required parameter (a UUID, a number, a boolean, a date). */
export function queryValue(schema: { safeParse(v: unknown): { success: boolean } }): string {
  for (const candidate of [randomUUID(), '1', 'true', '2026-01-01', 'x']) {
    if (schema.safeParse(candidate).success) return candidate;
  }
  // An enum: its first value.
  const values = (schema as { options?: unknown[] }).options;
  if (values?.length && schema.safeParse(values[0]).success) return String(values[0]);
  throw new Error('no candidate value fits this query parameter');
}

/**
 * A request for a route that passes path and query validation: random ids, required query filled;
 * `ids` names the value of a path or query parameter instead (a real record's id).
 */
export function requestFor(
  route: RouteDefinition,
  ids: Record<string, string> = {},
): {
  method: RouteDefinition['method'];
  url: string;
  payload?: unknown;
} {
  const path = route.path.replace(/:([A-Za-z]+)/g, (_, name: string) => ids[name] ?? randomUUID());
  const query = new URLSearchParams();
  const shape = routeSchemas(route).query?.shape ?? {};
  for (const [key, schema] of Object.entries(shape)) {
    if (ids[key] !== undefined) query.set(key, ids[key]);
    else if (!schema.safeParse(undefined).success) query.set(key, queryValue(schema));
  }
  const qs = query.toString();
  return {
    method: route.method,
    url: `/api${path}${qs ? `?${qs}` : ''}`,
    // An update that names its record in the body (`PUT /thermal-analysis`) carries the id there;
    // an action whose body needs fields (a revision's reason) gets values its schema accepts.
    ...(route.method === 'POST' || route.method === 'PUT'
      ? { payload: bodyNamesRecord(route) && ids.id ? { id: ids.id } : actionBody(route) }
      : {}),
  };
}

/** `{}`, or for a signed-in action whose JSON body refuses it, its required fields filled with accepted values. */
function actionBody(route: RouteDefinition): Record<string, unknown> {
  type Schema = { safeParse(v: unknown): { success: boolean } };
  // Public calls (signing in) are walked with an empty body: their refusal is what is checked.
  const body = (
    route.operation.kind === 'action' && route.access !== 'public' ? routeSchemas(route).body : undefined
  ) as (Schema & { shape?: Record<string, Schema> }) | undefined;
  if (!body?.shape || body.safeParse({}).success) return {};
  const values: Record<string, unknown> = {};
  for (const [key, schema] of Object.entries(body.shape)) {
    if (schema.safeParse(undefined).success) continue;
    const fits = [randomUUID(), 'Checked on site', 1, true, '2026-01-01', []].find(
      (candidate) => schema.safeParse(candidate).success,
    );
    if (fits !== undefined) values[key] = fits;
  }
  return values;
}

const bodyNamesRecord = (route: RouteDefinition) =>
  route.operation.kind === 'update' && route.operation.id === 'body';

/** Signing out everywhere ends the caller's session too: walk it after every other route. */
export function sessionEndingLast(list: readonly RouteDefinition[]): RouteDefinition[] {
  const ends = (r: RouteDefinition) => r.method === 'POST' && r.path === '/auth/logout-all';
  return [...list.filter((r) => !ends(r)), ...list.filter(ends)];
}
