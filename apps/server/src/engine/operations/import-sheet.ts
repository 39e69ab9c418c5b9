import { importBounds, importSheet } from '../sheet-operations.ts';
import { sheetUpload } from '../request-body/uploads.ts';
import { templateRowsStarter } from '../row-templates.ts';
import type { OperationHandler } from './entity-operation.ts';
import { servedEntity } from './served-entity.ts';

/** `importSheet`: an uploaded .xlsx, all rows created or updated by natural key, or none. */
export const importSheetOperation: OperationHandler<'importSheet'> = (op) => {
  const served = servedEntity(op);
  return async (ctx) => {
    served.refuseKeyedWriteInScope(ctx);
    const file = await sheetUpload(ctx.request, importBounds.maxBytes);
    const result = await importSheet(ctx.deps.db, ctx.deps.repositories, served.repo(ctx.deps), {
      file,
      variant: served.variant,
      user: ctx.user!,
      writeCheck: ctx.deps.writeChecks?.[served.entity.name],
      startRows: templateRowsStarter(ctx.deps, served.entity, ctx.user!),
    });
    return {
      data: result,
      message: `Import completed: ${result.created} created, ${result.updated} updated`,
    };
  };
};
