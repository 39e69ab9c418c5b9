import { routeTable } from '@inspectra/contract';
import type { EntityDefinition, RouteDefinition } from '@inspectra/contract';

/** An entity's spreadsheet calls: its import and its empty template, when the route table has them. */
export type SheetRoutes = { importRoute?: RouteDefinition; templateRoute?: RouteDefinition };

/**
 * The import and template calls of an entity (and variant), found by what they do, not by path:
 * any entity with `op.importSheet` and `op.exportSheet({ template: true })` gets the same screen.
 */
export function sheetRoutesOf(entity: EntityDefinition, variant?: string): SheetRoutes {
  const of = (route: RouteDefinition) =>
    'entity' in route.operation &&
    route.operation.entity.name === entity.name &&
    route.operation.variant === variant;
  const routes = (routeTable as readonly RouteDefinition[]).filter(of);
  return {
    importRoute: routes.find((r) => r.operation.kind === 'importSheet'),
    templateRoute: routes.find((r) => r.operation.kind === 'exportSheet' && r.operation.template),
  };
}

/** The name a template is saved under, as the server names it: `work-order-spk-template.xlsx`. */
export function templateFileName(entity: EntityDefinition): string {
  return `${entity.table.replace(/_/g, '-')}-template.xlsx`;
}

/** One row's problem in an import answer: `rows.<n>.<field>` split into row and field. */
export type RowProblem = { rowNumber: number; field: string; message: string };

/** The per-row errors of a refused import, in row order; other details are not a row's. */
export function rowProblems(details: readonly { path: string; message: string }[]): RowProblem[] {
  return details.flatMap((d) => {
    const match = /^rows\.(\d+)\.(.+)$/.exec(d.path);
    return match ? [{ rowNumber: Number(match[1]), field: match[2]!, message: d.message }] : [];
  });
}
