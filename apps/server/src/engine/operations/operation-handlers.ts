import type { RouteDefinition } from '@inspectra/contract';
import type { ActionHandler } from '../action-handler.ts';
import { createOperation } from './create.ts';
import { deleteOperation } from './delete.ts';
import type { EntityOperation, OperationHandler } from './entity-operation.ts';
import { enumValuesOperation } from './enum-values.ts';
import { exportSheetOperation } from './export-sheet.ts';
import { getOperation } from './get.ts';
import { getByParentOperation } from './get-by-parent.ts';
import { importSheetOperation } from './import-sheet.ts';
import { listOperation } from './list.ts';
import { listByParentOperation } from './list-by-parent.ts';
import { trendOperation } from './trend.ts';
import { updateOperation } from './update.ts';
import { upsertOperation } from './upsert.ts';

/**
 * The generic handler of every entity operation, by its kind: a kind the contract adds without a
 * handler here does not type-check.
 */
const operationHandlers: { [K in EntityOperation['kind']]: OperationHandler<K> } = {
  list: listOperation,
  listByParent: listByParentOperation,
  getByParent: getByParentOperation,
  get: getOperation,
  create: createOperation,
  update: updateOperation,
  delete: deleteOperation,
  upsert: upsertOperation,
  exportSheet: exportSheetOperation,
  importSheet: importSheetOperation,
  enumValues: enumValuesOperation,
  trend: trendOperation,
};

/**
 * The handler of a route row serving a declared entity. Each returns the envelope's content; the
 * route registration wraps it. Writes run in one transaction with their audit row and image rows.
 */
export function entityOperation(op: EntityOperation, route: RouteDefinition): ActionHandler {
  const handlerOf = operationHandlers[op.kind] as OperationHandler<EntityOperation['kind']>;
  return handlerOf(op as never, route);
}
