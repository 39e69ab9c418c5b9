import {
  missingForSubmission,
  reportHeader,
  reportIdParams,
  reportSupportingDocument,
  requirementsOfMethod,
  countedRowKinds,
  recordedFields,
  rowEntitiesOf,
  rowTemplates,
} from '@inspectra/contract';
import type { ReportContent, ReportMissing, RowTemplate } from '@inspectra/contract';
import { and, count, eq, inArray, isNotNull, or } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import { tableOf } from '../../db/schema/index.ts';
import { typedAction } from '../../engine/action-handler.ts';
import type { ActionHandler } from '../../engine/action-handler.ts';
import { callerScope } from '../../engine/record-scope.ts';
import type { StoredRecord } from '../../engine/records.ts';
import { AppError } from '../../errors.ts';
import { oversizedLists } from '../../engine/report-bounds.ts';

type Table = PgTable & Record<string, AnyPgColumn>;
const documents = tableOf(reportSupportingDocument) as unknown as Table;

/**
 * What a report holds of what its method requires, counted only where it requires something: its
 * technique's inspections (by their parent index), the recorded rows under them (every equipment
 * class, by the parents' indexes; each inspection's of the kind its variant holds, `rowEntitiesOf`;
 * a row with a value in one of its `recordedFields`, where they are declared or a template starts
 * the rows) and its supporting documents (by the documents' parent index). Bounded by the one report.
 */
async function contentOf(
  db: DbOrTx,
  report: StoredRecord,
  templates: readonly RowTemplate[],
): Promise<ReportContent> {
  const needs = requirementsOfMethod(String(report.inspectionMethod));
  const content: ReportContent = { rows: 0, documents: 0 };
  const technique = needs.technique;
  const inspection = technique?.workspace?.inspection;
  if (needs.rows && technique && inspection?.parent) {
    const i = tableOf(inspection) as unknown as Table;
    const ofReport = eq(i[inspection.parent]!, report.id);
    const kinds = countedRowKinds(technique);
    for (const [rows, variants] of kinds) {
      const r = tableOf(rows) as unknown as Table;
      const recorded = recordedFields(technique, rows, templates);
      const [found] = await db
        .select({ n: count() })
        .from(r)
        .innerJoin(i, eq(r[rows.parent!]!, i.id!))
        .where(
          and(
            ofReport,
            variants ? inArray(i.variant!, variants) : undefined,
            recorded ? or(...recorded.map((key) => isNotNull(r[key]!))) : undefined,
          ),
        );
      content.rows += found?.n ?? 0;
    }
    // Where classes hold different rows, the report's own classes say which it lacks.
    if (technique.workspace?.rowsVariants) {
      const held = await db.selectDistinct({ variant: i.variant! }).from(i).where(ofReport);
      const named = (held.length > 0 ? held.map((h) => String(h.variant)) : [...technique.variants]).flatMap(
        (variant) => rowEntitiesOf(technique, variant).map((e) => e.name),
      );
      content.rowEntities = [...new Set(named)];
    }
  }
  if (needs.inspections && inspection?.parent) {
    const i = tableOf(inspection) as unknown as Table;
    const [found] = await db.select({ n: count() }).from(i).where(eq(i[inspection.parent]!, report.id));
    content.inspections = found?.n ?? 0;
  }
  if (needs.documents) {
    const [found] = await db
      .select({ n: count() })
      .from(documents)
      .where(eq(documents[reportSupportingDocument.parent!]!, report.id));
    content.documents = found?.n ?? 0;
  }
  return content;
}

/**
 * What the report still lacks before it may be submitted (the contract's rule over its content),
 * and each list too long for the report of record: a version and the PDF read a list whole, at most
 * `unpagedLimit` rows, so a longer one is refused here rather than stuck at final approval.
 */
export async function missingOf(
  db: DbOrTx,
  report: StoredRecord,
  templates: readonly RowTemplate[] = rowTemplates,
): Promise<ReportMissing[]> {
  const missing = missingForSubmission(
    String(report.inspectionMethod),
    await contentOf(db, report, templates),
  );
  for (const list of await oversizedLists(db, report.id))
    missing.push({
      requirement: 'rowsAtMost',
      technique: list.technique.module,
      entity: list.entity.name,
      min: 0,
      max: list.limit,
      found: list.found,
      message: `${list.technique.label}: more than ${list.limit.toLocaleString('en')} rows of ${list.entity.label.toLowerCase()} in one list, the most a report can be approved and printed with: split it into several reports`,
    });
  return missing;
}

/**
 * Refuses (409) to submit a report that lacks what its method requires, naming each missing thing;
 * judged in the submitting transaction, with the report row held, so a row deleted meanwhile
 * cannot slip through.
 */
export async function assertComplete(
  tx: DbOrTx,
  report: StoredRecord,
  templates?: readonly RowTemplate[],
): Promise<void> {
  const missing = await missingOf(tx, report, templates);
  if (missing.length === 0) return;
  throw new AppError(
    'CONFLICT',
    `Report ${String(report.reportNumber)} cannot be submitted yet: ${missing.map((m) => m.message).join('; ')}`,
    missing.map((m) => ({ path: m.entity, message: m.message })),
  );
}

/** `GET /report-headers/{id}/readiness`: what the inspector must add before Submit (our addition). */
export const reportReadinessActions: Record<string, ActionHandler> = {
  'reportHeader.readiness': typedAction({ params: reportIdParams }, async ({ params, deps, user }) => {
    // Out of the caller's company scope the report is not found, and nothing of it is counted.
    const report = await deps.repositories
      .get(reportHeader.name)!
      .get(deps.db, params.id, callerScope(user!));
    const missing = await missingOf(deps.db, report, deps.rowTemplates);
    return { data: { ready: missing.length === 0, missing } };
  }),
};
