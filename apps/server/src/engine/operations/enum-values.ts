import { enumValueLabel } from '@inspectra/contract';
import type { OperationHandler } from './entity-operation.ts';

/** `enumValues`: the choices of an enum field, with their English labels (a drop-down). */
export const enumValuesOperation: OperationHandler<'enumValues'> = (op) => {
  const field = op.entity.fields[op.field];
  const values = field?.kind === 'enum' ? field.values : [];
  return async () => ({ data: values.map((value) => ({ value, label: enumValueLabel(value) })) });
};
