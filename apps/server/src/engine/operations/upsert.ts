import { labelInSentence } from '@inspectra/contract';
import type { FieldError, RecordedWarning, UpsertManyResult } from '@inspectra/contract';
import { AppError } from '../../errors.ts';
import type { ActionContext } from '../action-handler.ts';
import { judgeKeyedRows, repeatWatch, rowError, storedRecords, writeKeyedRows } from '../keyed-rows.ts';
import { recordViews } from '../records.ts';
import { readEntityRows } from '../request-body/rows.ts';
import { templateRowsStarter } from '../row-templates.ts';
import { sheetFields, upsertRecord } from '../sheet-operations.ts';
import type { SheetRow } from '../spreadsheet.ts';
import { bodyReader } from './entity-body.ts';
import type { OperationHandler } from './entity-operation.ts';
import { servedEntity } from './served-entity.ts';
import type { ServedEntity } from './served-entity.ts';

/**
 * `upsert`: creates the record, or updates the one with the same natural key. With `many`, the
 * body may also be an array of rows, written all or none by the batch writer the sheet imports use
 * (keyed-rows.ts), every row under one parent.
 */
export const upsertOperation: OperationHandler<'upsert'> = (op, route) => {
  const served = servedEntity(op);
  const { entity, variant, repo } = served;
  const readBody = bodyReader(served, route);
  return async (ctx) => {
    served.refuseKeyedWriteInScope(ctx);
    if (op.many !== undefined && Array.isArray(ctx.request.body))
      return upsertMany(ctx, served, ctx.request.body, op.many);
    const body = await readBody(ctx, 'json');
    const { acknowledgedWarnings, ...values } = body.values;
    await served.parentOfNew(ctx.deps, values, served.scopeOf(ctx));
    const { row, created } = await ctx.deps.db.transaction((tx) =>
      upsertRecord(tx, repo(ctx.deps), {
        values,
        variant,
        user: ctx.user!,
        acknowledged: acknowledgedWarnings as string[] | undefined,
        writeCheck: ctx.deps.writeChecks?.[entity.name],
        startRows: templateRowsStarter(ctx.deps, entity, ctx.user!),
      }),
    );
    return created
      ? { data: await served.one(ctx.deps, row), statusCode: 201, message: `${entity.label} created` }
      : { data: await served.one(ctx.deps, row), message: `${entity.label} updated` };
  };
};

/**
 * Many rows by natural key in one transaction, all or none. Each row is read as a create body and
 * named in every refusal (`rows.<index>.<field>`); the rows go under one parent, in the caller's
 * scope (a contractor's user writes inside their company's reports; another's is not found), and
 * are judged and written as a sheet's rows are: codes that name records, repeats, the rules with
 * the row's own confirmed warnings, the module's write check, a locked report.
 */
async function upsertMany(ctx: ActionContext, served: ServedEntity, body: unknown[], most: number) {
  const { entity, variant } = served;
  const { deps } = ctx;
  const what = `${labelInSentence(entity.label)} records`;
  if (body.length === 0) throw new AppError('BAD_REQUEST', `Send at least one row of ${what}`);
  if (body.length > most)
    throw new AppError(
      'BAD_REQUEST',
      `One call writes at most ${most} ${what}; this one sent ${body.length}: send them in calls of ${most}`,
    );
  const parentKey = entity.parent!;
  const { rows, errors } = readEntityRows(body, {
    entity,
    variant,
    schema: entity.schemasFor(variant).create,
  });
  // Keyed within one parent: the first row's, which every other row must name too.
  const parentId = rows[0]?.values[parentKey];
  const key = entity.naturalKey!;
  const read: SheetRow[] = rows.map((row) => {
    const refusals: FieldError[] = [];
    if (row.values[parentKey] !== parentId)
      refusals.push({
        path: parentKey,
        message: `Every row of one call goes under the same ${labelInSentence(served.parentRepo(deps)!.entity.label)} as row ${rows[0]!.index}`,
      });
    for (const k of key)
      if (row.values[k] === null || row.values[k] === undefined)
        refusals.push({
          path: k,
          message: `${entity.fields[k]!.label ?? k} is needed: a row is found by ${key.map((f) => labelInSentence(entity.fields[f]!.label ?? f)).join(', ')}`,
        });
    return refusals.length > 0
      ? { rowNumber: row.index, errors: refusals }
      : { rowNumber: row.index, values: row.values };
  });
  refuseRows(entity.label, body.length, [...errors, ...rowErrors(read)]);
  // Out of the caller's scope reads as absent: nothing is written under a record they cannot see.
  await served.parentOfNew(deps, { [parentKey]: rows[0]!.values[parentKey] }, served.scopeOf(ctx));
  const repo = served.repo(deps);
  const outcomes = await deps.db.transaction(async (tx) => {
    const watch = repeatWatch(entity);
    for (const row of read) watch(row);
    await judgeKeyedRows(tx, repo, read, { fields: sheetFields(entity, variant), variant });
    refuseRows(entity.label, body.length, rowErrors(read));
    return writeKeyedRows(
      tx,
      repo,
      rows.map((row) => ({ rowNumber: row.index, values: row.values, acknowledged: row.acknowledged })),
      {
        variant,
        user: ctx.user!,
        writeCheck: deps.writeChecks?.[entity.name],
        nothing: 'nothing was written',
        startRows: templateRowsStarter(deps, entity, ctx.user!),
      },
    );
  });
  const records = await recordViews(
    deps.db,
    entity,
    await storedRecords(
      deps.db,
      repo,
      outcomes.map((o) => o.id),
    ),
  );
  const result: UpsertManyResult = {
    created: outcomes.filter((o) => o.status === 'created').length,
    updated: outcomes.filter((o) => o.status === 'updated').length,
    rows: outcomes.map((o, i) => ({ row: o.rowNumber, status: o.status, record: records[i]! })),
    unconfirmedWarnings: records.flatMap((record, i) =>
      ((record.warnings ?? []) as RecordedWarning[])
        .filter((w) => !w.acknowledgedBy)
        .map((w) => ({ path: `rows.${i}.${w.fields[0]}`, rule: w.rule, message: w.message })),
    ),
  };
  const unconfirmed = new Set(result.unconfirmedWarnings.map((w) => w.path.split('.')[1]));
  const warned =
    unconfirmed.size === 0
      ? ''
      : `; ${unconfirmed.size === 1 ? `row ${[...unconfirmed][0]} has a warning` : `rows ${[...unconfirmed].join(', ')} have warnings`} not confirmed (${result.unconfirmedWarnings[0]!.message})`;
  return {
    data: result,
    statusCode: result.updated === 0 ? 201 : 200,
    message: `${body.length} ${what} written: ${result.created} created, ${result.updated} updated${warned}`,
  };
}

/** The errors of rows judged, each named by its row. */
const rowErrors = (rows: SheetRow[]) =>
  rows.flatMap((r) => (r.errors ?? []).map((e) => rowError(r.rowNumber, e)));

/** The rows' refusals as one 400 naming each (`rows.<n>.<field>`) in row order, when there are any. */
function refuseRows(label: string, sent: number, found: FieldError[]) {
  if (found.length === 0) return;
  const rowOf = (e: FieldError) => Number(e.path.split('.')[1]);
  const errors = [...found].sort((a, b) => rowOf(a) - rowOf(b));
  const rows = new Set(errors.map((e) => e.path.split('.')[1]));
  throw new AppError(
    'VALIDATION_ERROR',
    `${rows.size} of ${sent} rows have errors (first: ${errors[0]!.path}, ${errors[0]!.message}); no ${labelInSentence(label)} record was written`,
    errors,
  );
}
