import { declaredWords } from '@inspectra/contract';
import type { OperationHandler } from './entity-operation.ts';

/**
 * `enumValues`: the choices of an enum field, with their English labels (a drop-down): the
 * declaration's own words for a value where it gives them (`valueLabels`), as every screen and the
 * PDF read it.
 */
export const enumValuesOperation: OperationHandler<'enumValues'> = (op) => {
  const field = op.entity.fields[op.field];
  const values = field?.kind === 'enum' ? field.values : [];
  const words = declaredWords('en');
  return async () => ({
    data: values.map((value) => ({ value, label: words.value(op.entity, op.field, value) })),
  });
};
