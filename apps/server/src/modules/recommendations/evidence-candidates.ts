import { evidenceCandidatesCap, recommendation, reportHeader } from '@inspectra/contract';
import type { EvidenceCandidate } from '@inspectra/contract';
import { sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { tableOf } from '../../db/schema/index.ts';
import type { AuthenticatedUser } from '../../engine/access.ts';
import type { EngineDeps } from '../../engine/engine-deps.ts';
import {
  approvedCurrentReportsSql,
  readEquipmentMethods,
  reportApprovedAtSql,
  reportDoneSql,
} from '../../engine/equipment-history.ts';
import { worstFindingSql } from '../../engine/finding-grade.ts';
import { scopePlaceholderFor, scopePlaceholderValues } from '../../engine/record-scope.ts';
import { SqlStatements, sqlShape } from '../../engine/records/statements.ts';
import type { StoredRecord } from '../../engine/records.ts';

/**
 * The reports that may close a finding (docs/recommendations.md, "The evidence report"): the
 * picker's list and the update's check read the same statement, so a report offered is a report
 * accepted and the other way round.
 */

const reports = tableOf(reportHeader);
const findings = tableOf(recommendation);

/** One candidate as the statement selects it (snake_case). */
type CandidateRow = {
  id: string;
  report_number: string;
  inspection_method: string;
  date: string;
  approved_ms: number;
  worst_finding: string | null;
  matched: number;
};

/**
 * When the finding `id` was opened, as SQL: when it was written (its source report's last approval,
 * in the same transaction; a thickness location's reading), or its source report's approval when
 * that is later (a finding carried over to a revision: the revision says it again).
 */
function openedSql(id: SQL): SQL {
  return sql`(select greatest(${findings.createdAt},
      (select ${reportApprovedAtSql} from ${reports} where ${reports.id} = ${findings.reportHeaderId}))
    from ${findings} where ${findings.id} = ${id})`;
}

/** The candidates' statements, by the equipment's methods, `only` and the caller's scope. */
const statements = new SqlStatements('evidence_candidates');

/**
 * The candidates' statement (`evidenceCandidates`), its values placeholders: the equipment
 * (`equipmentNo`), the finding (`finding`), its source report (`source`), the report judged
 * (`only`, when `onlyOne`) and the caller's company. Only the equipment's `methods` have their
 * worst finding compiled.
 */
function candidatesSql(visible: SQL | undefined, methods: readonly string[], onlyOne: boolean): SQL {
  const slot = (name: string) => sql`${sql.placeholder(name)}`;
  return sql`select c.id, c.report_number, c.inspection_method, c.date,
      c.approved_ms, c.matched, ${worstFindingSql(sql`c.id`, sql`c.inspection_method`, methods)} as worst_finding
    from (select ${reports.id} as id, ${reports.reportNumber} as report_number,
        ${reports.inspectionMethod} as inspection_method, ${reportDoneSql}::text as date,
        a.approved_at, (extract(epoch from a.approved_at) * 1000)::float8 as approved_ms,
        (count(*) over ())::int as matched
      from ${reports}, lateral (select ${reportApprovedAtSql} as approved_at) a
      where ${approvedCurrentReportsSql(slot('equipmentNo'), visible)}
        and ${reports.id} is distinct from ${slot('source')}::uuid
        and a.approved_at > ${openedSql(sql`${slot('finding')}::uuid`)}
        ${onlyOne ? sql`and ${reports.id} = ${slot('only')}::uuid` : sql``}
      order by a.approved_at desc, ${reports.id} desc
      limit ${evidenceCandidatesCap}) c
    order by c.approved_at desc, c.id desc`;
}

/**
 * The finding's evidence candidates, newest approval first, at most `evidenceCandidatesCap`, with
 * how many matched: its equipment's approved, current reports the caller may see
 * (`approvedCurrentReportsSql`, by `report_header (equipment_no)`), other than its source report,
 * approved after it was opened (each report's last approval step by
 * `report_approval_step (report_header_id, at)`), each with its worst graded finding. `only`: that
 * report alone, to judge an `evidenceReportId`.
 */
export async function evidenceCandidates(
  db: DbOrTx,
  deps: EngineDeps,
  finding: StoredRecord,
  user: AuthenticatedUser,
  only?: string,
): Promise<[candidates: EvidenceCandidate[], matched: number]> {
  const visible = scopePlaceholderFor(deps.scopes, reportHeader, user);
  const equipmentNo = String(finding.equipmentNo);
  const values = {
    ...scopePlaceholderValues(user),
    equipmentNo,
    finding: finding.id,
    source: finding.reportHeaderId ?? null,
    only: only ?? null,
  };
  const methods = await readEquipmentMethods(db, equipmentNo, visible, values);
  const rows = await statements.execute<CandidateRow>(
    db,
    [methods.join(','), only ? 'only' : 'all', sqlShape(visible)],
    () => candidatesSql(visible, methods, !!only),
    values,
    // One equipment's reports off its index, as its history reads them.
    'shared',
  );
  const candidates = rows.map((row) => ({
    id: row.id,
    reportNumber: row.report_number,
    inspectionMethod: row.inspection_method,
    date: row.date,
    approvedAt: new Date(Number(row.approved_ms)).toISOString(),
    worstFinding: row.worst_finding ?? null,
  }));
  return [candidates, rows[0]?.matched ?? 0];
}
