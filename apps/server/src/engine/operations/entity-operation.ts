import type { Operation, RouteDefinition } from '@inspectra/contract';
import type { ActionHandler } from '../action-handler.ts';

/** An operation over a declared entity: every kind of route row but a module's action. */
export type EntityOperation = Exclude<Operation, { kind: 'action' }>;

/** Makes the handler of one route row whose operation is of kind `K`. */
export type OperationHandler<K extends EntityOperation['kind']> = (
  op: Extract<EntityOperation, { kind: K }>,
  route: RouteDefinition,
) => ActionHandler;
