import {
  entities,
  gradedEntity,
  seriesBandKeys,
  seriesBands,
  seriesChain,
  seriesOf,
  techniques,
} from '@inspectra/contract';
import type { EntityDefinition, TechniqueDefinition } from '@inspectra/contract';
import type { EngineDeps } from '../engine-deps.ts';
import type { ReadScope } from '../record-scope.ts';
import { JsonText } from '../json-text.ts';
import { readTrendJson, seriesLimit } from '../series.ts';
import type { OperationHandler } from './entity-operation.ts';
import { servedEntity } from './served-entity.ts';

/**
 * `trend`: the readings of one equipment's points over its reports (docs/series.md), in one
 * statement. A report named by `reportHeaderId`, or by a record of the series' chain (`by`:
 * `?vibrationAnalysisId=`, that record's report), gives the equipment and the end of the trend, and
 * must be in the caller's scope (else 404); an equipment named by `equipmentNo` is read through the
 * caller's reports alone, and an equipment without readings answers no points. The answer carries
 * the grade's limits on its values in the case of the records named (`bands`).
 */
export const trendOperation: OperationHandler<'trend'> = (op) => {
  const served = servedEntity(op);
  const series = seriesOf(op.entity);
  const reports = entities.reportHeader!;
  const chain = seriesChain(op.entity, (name) => entities[name]);
  const grade = gradeOf(op.entity);
  const caseKeys = seriesBandKeys(op.entity, grade);
  // The bands of each case the records name (none for a grade without cases): worked out once.
  const bandsByCase = new Map<string, Record<string, unknown>>();
  const bandsOf = (known: Record<string, unknown>) => {
    const key = JSON.stringify(caseKeys.map((k) => known[k] ?? null));
    let bands = bandsByCase.get(key);
    if (!bands) {
      bands = Object.fromEntries(
        series.values.flatMap((value) => {
          const limits = seriesBands(op.entity, grade, value, known);
          return limits.length > 0 ? [[value, limits]] : [];
        }),
      );
      if (bandsByCase.size < 100) bandsByCase.set(key, bands);
    }
    return bands;
  };
  return async ({ query, deps, user }) => {
    const scope = served.scopeOf({ user });
    const reportRepo = deps.repositories.get(reports.name)!;
    const named = op.by ? (query[op.by] as string | undefined) : undefined;
    // The chain's records the call names, from the one named up to the report: what the bands' case reads.
    const records = named ? await chainUp(deps, scope, chain, op.by!, named) : {};
    const reportHeaderId = named
      ? (records.reportHeaderId as string)
      : (query.reportHeaderId as string | undefined);
    const report = reportHeaderId ? await reportRepo.get(deps.db, reportHeaderId, scope) : undefined;
    const equipmentNo = report ? (report.equipmentNo as string) : (query.equipmentNo as string);
    const limit = (query.limit as number | undefined) ?? seriesLimit(op.entity);
    const point = Object.fromEntries(
      series.key.flatMap((k) => (query[k] === undefined ? [] : [[k, query[k] as string | number]])),
    );
    const answer = await readTrendJson(deps.db, op.entity, {
      equipmentNo,
      reportHeaderId,
      until: query.until as string | undefined,
      point,
      limit,
      scope: reportRepo.scopeWhere(scope),
    });
    if (reportHeaderId && !named && caseKeys.length > 0)
      Object.assign(records, await chainDown(deps, scope, chain, reportHeaderId));
    const known = Object.fromEntries(caseKeys.map((key) => [key, wordOf(records, chain, key)]));
    // The database's answer with the bands the records' case gives, added as JSON.
    return { data: new JsonText(`${answer.slice(0, -1)},"bands":${JSON.stringify(bandsOf(known))}}`) };
  };
};

type Chain = ReturnType<typeof seriesChain>;

/**
 * The grade a technique gives the entity's records (`findingGrade`), whose limits a trend draws:
 * with a verdict pair, the standard's (the recorded verdict is a choice, not a limit).
 */
function gradeOf(entity: EntityDefinition): string | undefined {
  const technique = (techniques as readonly TechniqueDefinition[]).find((t) => gradedEntity(t) === entity);
  return technique?.findingGrade?.standard ?? technique?.findingGrade?.field;
}

/**
 * The records of the chain from the one `by` names up to the report, by the reference naming each
 * (`{ vibrationAnalysisId: {…}, reportHeaderId: '…' }`); each read in the caller's scope, so a
 * record of another company's report is not found (404).
 */
async function chainUp(deps: EngineDeps, scope: ReadScope, chain: Chain, by: string, id: string) {
  const records: Record<string, unknown> = {};
  let at = chain.findIndex((hop) => hop.parent === by);
  let current = id;
  let ref = by;
  while (at < chain.length - 1) {
    const entity = chain[at + 1]!.entity;
    const record = await deps.repositories.get(entity)!.get(deps.db, current, scope);
    records[ref] = record;
    ref = chain[at + 1]!.parent;
    current = record[ref] as string;
    at += 1;
  }
  records[ref] = current;
  return records;
}

/**
 * The chain's records one per parent under the report (an analysis of the report), top down, while
 * each entity holds one record per parent: what a trend named by its report reads its bands' case from.
 */
async function chainDown(deps: EngineDeps, scope: ReadScope, chain: Chain, reportHeaderId: string) {
  const records: Record<string, unknown> = {};
  let parentId = reportHeaderId;
  for (let at = chain.length - 1; at > 0; at -= 1) {
    const entity = entities[chain[at]!.entity]!;
    if (!entity.uniquePerParent) break;
    const record = await deps.repositories.get(entity.name)!.first(deps.db, { parentId, scope });
    if (!record) break;
    records[chain[at - 1]!.parent] = record;
    parentId = record.id as string;
  }
  return records;
}

/** The word a band case reads (`vibrationAnalysisId.machineGroup`) off the chain's records. */
function wordOf(records: Record<string, unknown>, chain: Chain, key: string): unknown {
  const [ref, field] = key.split('.');
  const record = records[ref!];
  return chain.some((hop) => hop.parent === ref) && record && typeof record === 'object'
    ? (record as Record<string, unknown>)[field!]
    : undefined;
}
