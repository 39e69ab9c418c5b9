import {
  entities,
  enumValueLabel,
  gradedEntity,
  reportHeader,
  techniques,
  verdictAcceptanceBody,
  verdictOverrideReasonKey,
  verdictOverridesQuery,
} from '@inspectra/contract';
import type { ReportStatus, VerdictOverrideRow } from '@inspectra/contract';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { verdictAcceptances } from '../../db/schema/index.ts';
import { typedAction } from '../../engine/action-handler.ts';
import type { ActionHandler } from '../../engine/action-handler.ts';
import { callerScope } from '../../engine/record-scope.ts';
import { gradedUnderReport, overrideSql } from '../../engine/finding-grade.ts';
import { AppError, fieldRefusal } from '../../errors.ts';
import { judgeActor, recordStep, snapshotOf } from './approval-path.ts';

/** Techniques whose graded records carry a verdict pair, their inspections under a report. */
const paired = techniques.filter((t) => {
  const inspection = t.workspace?.inspection;
  const parent = inspection?.parent ? inspection.fields[inspection.parent] : undefined;
  return gradedEntity(t)?.verdict && parent?.kind === 'ref' && parent.entity === reportHeader.name;
});

/**
 * The overrides on a report (docs/verdict-pairs.md), in the order the rows were made, optionally
 * the one row `rowId`: both verdicts, the one counted, the reason and the acceptance.
 */
export async function verdictOverridesOf(
  db: DbOrTx,
  reportId: string,
  rowId?: string,
): Promise<VerdictOverrideRow[]> {
  const found: VerdictOverrideRow[] = [];
  for (const technique of paired) {
    const { entity: rows, table: r, from, report } = gradedUnderReport(technique)!;
    const pair = rows.verdict!;
    const override = overrideSql(technique, r)!;
    // A row's title as a reader finds it: its entity's first searched text.
    const title = rows.search[0];
    const result = await db.execute<{
      id: string;
      title: string | null;
      recorded: string;
      standard: string;
      reason: string | null;
      accepted_by: string | null;
      accepted_by_name: string | null;
      accepted_at: string | null;
    }>(sql`select ${r.id!} as id, ${title ? sql`${r[title]!}::text` : sql`null::text`} as title,
        (${override.recorded})::text as recorded, (${override.standard})::text as standard,
        ${r[verdictOverrideReasonKey]!} as reason,
        a.accepted_by, a.accepted_by_name, to_char(a.accepted_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as accepted_at
      from ${from}${override.from}
      left join lateral (select ${verdictAcceptances.acceptedBy} as accepted_by,
          ${verdictAcceptances.acceptedByName} as accepted_by_name, ${verdictAcceptances.acceptedAt} as accepted_at
        from ${verdictAcceptances} where ${verdictAcceptances.rowId} = ${r.id!}
          and ${verdictAcceptances.recorded} = (${override.recorded})::text
          and ${verdictAcceptances.standard} = (${override.standard})::text limit 1) a on true
      where ${report} = ${reportId} and ${override.any}
        ${rowId ? sql`and ${r.id!} = ${rowId}` : sql``}
      order by ${r.createdAt!}, ${r.id!}`);
    for (const row of result.rows) {
      const stricter =
        pair.levels.indexOf(row.standard) > pair.levels.indexOf(row.recorded) ? row.standard : row.recorded;
      found.push({
        entity: rows.name,
        rowId: row.id,
        title: row.title,
        recorded: row.recorded,
        standard: row.standard,
        counted: row.accepted_by ? row.recorded : stricter,
        reason: row.reason,
        acceptedBy: row.accepted_by,
        acceptedByName: row.accepted_by_name,
        acceptedAt: row.accepted_at,
      });
    }
  }
  return found;
}

/** The history's words for an acceptance: "Weld root: Accept accepted over the standard's Reject (why)". */
function acceptanceComment(o: VerdictOverrideRow): string {
  const pair = entities[o.entity]!.verdict!;
  const field = entities[o.entity]!.fields[pair.recorded];
  const word = (level: string) =>
    (field?.kind === 'enum' ? field.valueLabels?.[level] : undefined) ?? enumValueLabel(level);
  const reason = o.reason ? ` (${o.reason})` : '';
  return `${o.title ?? o.rowId}: ${word(o.recorded)} accepted over the standard's ${word(o.standard)}${reason}`;
}

const inApproval: ReportStatus[] = ['submitted', 'inReview'];
const reports = (deps: Parameters<ActionHandler>[0]['deps']) => deps.repositories.get(reportHeader.name)!;

export const verdictAcceptanceActions: Record<string, ActionHandler> = {
  'approval.verdictOverrides': typedAction(
    { query: verdictOverridesQuery },
    async ({ query, deps, user }) => {
      // A report outside the caller's company scope is not found, its overrides with it.
      const report = await reports(deps).get(deps.db, query.reportHeaderId, callerScope(user!));
      return { data: await verdictOverridesOf(deps.db, report.id) };
    },
  ),

  /**
   * The reviewer whose turn it is accepts an inspector's verdict over the standard's: kept beside
   * the row (never in it: the report is frozen and its fingerprint stays), and written into the
   * report's history by name.
   */
  'approval.acceptVerdict': typedAction({ body: verdictAcceptanceBody }, async ({ body, deps, user }) => {
    const data = await deps.db.transaction(async (tx) => {
      // Locked, so the report cannot move on (approved, returned) while the acceptance is written.
      const report = await reports(deps).get(tx, body.reportHeaderId, callerScope(user!), { lock: true });
      const status = report.status as ReportStatus;
      if (!inApproval.includes(status))
        throw new AppError('CONFLICT', `The report is not waiting for approval (${status})`);
      const verdict = await judgeActor(tx, report, user!);
      if (!verdict.ok) throw new AppError(verdict.code, verdict.message, verdict.details);
      const [override] = await verdictOverridesOf(tx, report.id, body.rowId);
      if (!override) {
        throw new AppError('VALIDATION_ERROR', 'This row is not an override on this report', [
          fieldRefusal('rowId', 'notAnOverride'),
        ]);
      }
      if (override.acceptedBy) return override;
      const level = Number(report.approvalLevel ?? 1);
      await tx.insert(verdictAcceptances).values({
        reportHeaderId: report.id,
        entity: override.entity,
        rowId: override.rowId,
        recorded: override.recorded,
        standard: override.standard,
        level,
        acceptedBy: user!.id,
        acceptedByName: user!.fullName,
      });
      await recordStep(tx, {
        reportHeaderId: report.id,
        level,
        position: snapshotOf(report).find((s) => s.level === level)?.position ?? null,
        actor: user!,
        action: 'verdictAccepted',
        comment: acceptanceComment(override),
        fromStatus: status,
        toStatus: status,
      });
      const [accepted] = await verdictOverridesOf(tx, report.id, body.rowId);
      return accepted!;
    });
    return { data, message: 'Verdict accepted' };
  }),
};
