import { techniques } from '@inspectra/contract';
import type { EntityDefinition, Operation, RouteDefinition, TechniqueDefinition } from '@inspectra/contract';

export type EntityOperationKind = Exclude<Operation['kind'], 'action'>;
type OperationOf<K extends Operation['kind']> = Extract<Operation, { kind: K }>;
export type RouteOf<K extends Operation['kind']> = RouteDefinition & { operation: OperationOf<K> };

/** Every technique, as the catalogue declares it (the web's one list of them). */
export const allTechniques = techniques as readonly TechniqueDefinition[];

/** The technique whose screens live under `/reports/{id}/{slug}`, when it declares a workspace. */
export function techniqueBySlug(slug: string): TechniqueDefinition | undefined {
  const technique = allTechniques.find((t) => t.slug === slug);
  return technique?.workspace ? technique : undefined;
}

/**
 * The technique's call that does `kind` on `entity` for `variant`, found by what it does rather than
 * by its path (`/vci-summary-pipe/by-analysis` and `/vci-summary-pipeline/by-reporting` are both "the
 * summaries of an analysis"). Undefined when the technique declares no such call.
 */
export function findRoute<K extends EntityOperationKind>(
  technique: TechniqueDefinition,
  kind: K,
  entity: EntityDefinition,
  variant: string | undefined,
): RouteOf<K> | undefined {
  const calls = technique.routes.filter(
    (r): r is RouteOf<K> => r.operation.kind === kind && r.operation.entity.name === entity.name,
  );
  const served = (r: RouteOf<K>) => r.operation as { variant?: string; everyVariant?: boolean };
  // The variant's own call first; else one over every variant (flowrate's by-report and update).
  return (
    calls.find((r) => (served(r).variant ?? undefined) === variant) ??
    (variant === undefined ? undefined : calls.find((r) => served(r).everyVariant))
  );
}

/** As `findRoute`, for a call the screen cannot do without: its absence is a declaration bug. */
export function requireRoute<K extends EntityOperationKind>(
  technique: TechniqueDefinition,
  kind: K,
  entity: EntityDefinition,
  variant: string | undefined,
): RouteOf<K> {
  const found = findRoute(technique, kind, entity, variant);
  if (!found)
    throw new Error(
      `${technique.module}: no ${kind} call for ${entity.name}${variant ? ` (${variant})` : ''}`,
    );
  return found;
}

/** A call that writes one record: its create or update, or its keyed write (`upsert`). */
export type WriteRoute = RouteOf<'create' | 'update' | 'upsert'>;

/**
 * The call that creates (`kind: 'create'`) or changes (`'update'`) a record of `entity`: its own,
 * else its keyed write, which creates or updates by the natural key (a lube-oil analysis by its
 * report, a component by its analysis and name). The permission asked is the route's own.
 */
export function writeRoute(
  technique: TechniqueDefinition,
  kind: 'create' | 'update',
  entity: EntityDefinition,
  variant: string | undefined,
): WriteRoute | undefined {
  return findRoute(technique, kind, entity, variant) ?? findRoute(technique, 'upsert', entity, variant);
}

/**
 * A write's id arguments and values: an update names its record where its route says; a keyed
 * write names it by its natural key, taken from the values, else from the record as stored.
 */
export function writeArguments(
  route: WriteRoute,
  entity: EntityDefinition,
  values: Record<string, unknown>,
  record?: Record<string, unknown> & { id: string },
): { params?: Record<string, string>; query?: Record<string, string>; values: Record<string, unknown> } {
  const op = route.operation;
  if (op.kind === 'upsert') {
    const key = Object.fromEntries((entity.naturalKey ?? []).map((k) => [k, values[k] ?? record?.[k]]));
    return { values: { ...values, ...key } };
  }
  if (op.kind === 'create' || !record) return { values };
  return {
    ...idArguments(route as RouteOf<'update'>, record.id),
    values: op.id === 'body' ? { ...values, id: record.id } : values,
  };
}

/** A module's own call (`vci.groupedByFeature`) for a variant. */
export function findAction(
  technique: TechniqueDefinition,
  name: string,
  variant: string | undefined,
): RouteOf<'action'> | undefined {
  return technique.routes.find(
    (r): r is RouteOf<'action'> =>
      r.operation.kind === 'action' && r.operation.name === name && r.operation.variant === variant,
  );
}

/** How a call names the record it acts on: `{ params: { id } }`, `{ query: { id } }`, or in the body. */
export function idArguments(
  route: RouteOf<'get' | 'update' | 'delete'>,
  id: string,
): { params?: Record<string, string>; query?: Record<string, string> } {
  const at = route.operation.id;
  return at === 'path' ? { params: { id } } : at === 'query' ? { query: { id } } : {};
}

/**
 * The equipment class a report's equipment category names: the asset master's category codes are
 * the variants' names (`pipe`, `pipeline`, `storage-tank`, `pressure-vessel`, `structure`,
 * `rotating-equipment`). Any other category (or none) names no class, and the user chooses one.
 */
export function variantOfCategory(
  technique: TechniqueDefinition,
  category: string | null | undefined,
): string | undefined {
  const code = category?.trim().toLowerCase();
  return code ? technique.variants.find((v) => v === code) : undefined;
}
