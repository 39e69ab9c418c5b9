import { entities, seriesOf } from '@inspectra/contract';
import { trendAnswer, trendStatement, seriesLimit } from '../series.ts';
import type { TrendRow } from '../series.ts';
import type { OperationHandler } from './entity-operation.ts';
import { servedEntity } from './served-entity.ts';

/**
 * `trend`: the readings of one equipment's points over its reports (docs/series.md), in one
 * statement. A report named by `reportHeaderId` gives the equipment and the end of the trend, and
 * must be in the caller's scope (else 404); an equipment named by `equipmentNo` is read through the
 * caller's reports alone, and an equipment without readings answers no points.
 */
export const trendOperation: OperationHandler<'trend'> = (op) => {
  const served = servedEntity(op);
  const series = seriesOf(op.entity);
  const reports = entities.reportHeader!;
  return async ({ query, deps, user }) => {
    const scope = served.scopeOf({ user });
    const reportRepo = deps.repositories.get(reports.name)!;
    const reportHeaderId = query.reportHeaderId as string | undefined;
    const equipmentNo = reportHeaderId
      ? ((await reportRepo.get(deps.db, reportHeaderId, scope)).equipmentNo as string)
      : (query.equipmentNo as string);
    const limit = (query.limit as number | undefined) ?? seriesLimit(op.entity);
    const point = Object.fromEntries(
      series.key.flatMap((k) => (query[k] === undefined ? [] : [[k, query[k] as string | number]])),
    );
    const statement = trendStatement(op.entity, {
      equipmentNo,
      reportHeaderId,
      until: query.until as string | undefined,
      point,
      limit,
      scope: reportRepo.scopeWhere(scope),
    });
    const { rows } = await deps.db.execute<TrendRow>(statement);
    return { data: trendAnswer(op.entity, rows, limit) };
  };
};
