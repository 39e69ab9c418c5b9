import { techniques } from '@inspectra/contract';
import type { EntityDefinition, Operation, RouteDefinition, TechniqueDefinition } from '@inspectra/contract';
import type { PayloadInput } from '../../api/payload.ts';

export type EntityOperationKind = Exclude<Operation['kind'], 'action'>;
type OperationOf<K extends Operation['kind']> = Extract<Operation, { kind: K }>;
export type RouteOf<K extends Operation['kind']> = RouteDefinition & { operation: OperationOf<K> };

/** Every technique, as the catalogue declares it (the web's one list of them). */
export const allTechniques = techniques as readonly TechniqueDefinition[];

/** The techniques with a card on a report, in the catalogue's order (its "Other inspection types"). */
export const cardTechniques = allTechniques.filter((t) => t.reportCard);

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

/**
 * The call that writes a record of `entity` for `variant`: its create (or update), else its keyed
 * upsert, which creates or updates the record its natural key names (vibration's analysis is made by
 * its first write, `PUT /vibration-analysis`). Undefined when the technique declares neither.
 */
export function findWrite(
  technique: TechniqueDefinition,
  kind: 'create' | 'update',
  entity: EntityDefinition,
  variant: string | undefined,
): RouteOf<'create' | 'update' | 'upsert'> | undefined {
  return findRoute(technique, kind, entity, variant) ?? findRoute(technique, 'upsert', entity, variant);
}

/**
 * How a write names its record (`writeArguments`): an update by its id (path, query or body), an
 * upsert by its natural key, which the values hold with the parent's id added.
 */
export function writeArguments(
  route: RouteOf<'create' | 'update' | 'upsert'>,
  o: {
    id?: string;
    parent: { key: string; id: string };
    values: Record<string, unknown>;
    images?: Record<string, File | null | undefined>;
    imageLists?: PayloadInput['imageLists'];
    previous?: Record<string, unknown> | null;
  },
): { params?: Record<string, string>; query?: Record<string, string>; body: PayloadInput } {
  const files = { images: o.images, imageLists: o.imageLists };
  const op = route.operation;
  if (op.kind === 'update') {
    const id = o.id!;
    const values = op.id === 'body' ? { ...o.values, id } : o.values;
    return {
      ...idArguments(route as RouteOf<'update'>, id),
      body: { values, ...files, previous: o.previous },
    };
  }
  return { body: { values: { ...o.values, [o.parent.key]: o.parent.id }, ...files, previous: o.previous } };
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
