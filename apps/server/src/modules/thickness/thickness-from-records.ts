import {
  reportHeader,
  thicknessCandidatesCap,
  thicknessFromRecordsBody,
  thicknessLocation,
  thicknessLocationQuery,
  thicknessReading,
  thicknessSourceTechniques,
} from '@inspectra/contract';
import type { ThicknessCandidate, TechniqueDefinition } from '@inspectra/contract';
import { eq, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import { tableOf } from '../../db/schema/index.ts';
import type { AuthenticatedUser } from '../../engine/access.ts';
import { typedAction } from '../../engine/action-handler.ts';
import type { ActionHandler } from '../../engine/action-handler.ts';
import { auditable } from '../../engine/auditable.ts';
import type { EngineDeps } from '../../engine/engine-deps.ts';
import { derivedSql } from '../../engine/derived-sql.ts';
import { approvedCurrentReportsSql, reportDoneSql } from '../../engine/equipment-history.ts';
import { findingName } from '../../engine/findings.ts';
import { notShownMeta } from '../../engine/page-meta.ts';
import { scopePlaceholderFor, scopePlaceholderValues } from '../../engine/record-scope.ts';
import { SqlStatements, sqlShape } from '../../engine/records/statements.ts';
import { recordViews, writeAudit } from '../../engine/records.ts';
import { validationError } from '../../engine/request-body/refusals.ts';
import { judgeWrite } from '../../engine/rules.ts';
import { AppError } from '../../errors.ts';

/**
 * Readings taken from the records of other techniques (docs/thickness-monitoring.md, "Readings
 * from UFD, SRUT and PAUT records"): each technique declares which value of its records is a wall
 * thickness (`thicknessSource`); a location is offered those values from the approved, current
 * reports of its equipment that no reading has taken yet, and takes the ones chosen as readings
 * dated by the report, by the technique's method, judged as a reading sent by hand. No technique
 * is named here.
 */

const reports = tableOf(reportHeader);
const locations = tableOf(thicknessLocation);
const readings = tableOf(thicknessReading);

type Table = Record<string, AnyPgColumn>;

/** One record's value as the statement selects it (snake_case), with its record's named fields. */
type CandidateRow = {
  record_id: string;
  report_header_id: string;
  report_number: string;
  date: string;
  method: string;
  entity: string;
  named: Record<string, unknown>;
  thickness_mm: number;
  taken: boolean;
  matched: number;
};

/**
 * One technique's thickness values on an equipment's approved, current reports the caller may see
 * (`visible`), as a select whose columns `CandidateRow` names: the source records (its inspection,
 * or its rows joined to their inspection) by their parents' indexes from the equipment's reports
 * (`report_header (equipment_no)`), the value a stored column or a derived expression (SRUT's
 * remaining wall), records without one left out. `taken`: a reading holds the record already.
 */
function techniqueValuesSql(technique: TechniqueDefinition, equipmentNo: SQL, visible: SQL | undefined): SQL {
  const { entity, field } = technique.thicknessSource!;
  const inspection = technique.workspace!.inspection;
  const source = tableOf(entity) as unknown as Table;
  const inspections = tableOf(inspection) as unknown as Table;
  const from =
    entity === inspection
      ? sql`${source}`
      : sql`${source} join ${inspections} on ${source[entity.parent!]!} = ${inspections.id!}`;
  const value = entity.fields[field]
    ? sql`${source[field]!}::float8`
    : sql`(${derivedSql(entity, field, source)})::float8`;
  const named = (entity.represent ?? entity.search ?? []).filter((key) => entity.fields[key]);
  return sql`select ${source.id!} as record_id, ${reports.id} as report_header_id, ${reports.reportNumber} as report_number,
      ${reportDoneSql}::text as date, ${technique.method!}::text as method, ${entity.name}::text as entity,
      json_build_object(${sql.join(
        named.map((key) => sql`${key}::text, ${source[key]!}`),
        sql`, `,
      )}) as named,
      ${value} as thickness_mm,
      exists (select 1 from ${readings} where ${readings.sourceRecordId} = ${source.id!}::text) as taken
    from ${reports} join ${from} on ${inspections[inspection.parent!]!} = ${reports.id}
    where ${approvedCurrentReportsSql(equipmentNo, visible)} and ${value} is not null`;
}

/** The candidates' statements, by what they read (not taken, or records named) and scope. */
const statements = new SqlStatements('thickness_candidates');

/**
 * The thickness values of a location's equipment from every technique that declares one, latest
 * report first, at most `thicknessCandidatesCap` (with how many matched): those not yet taken, or
 * only the records `ids` names (taken or not, to tell a taken record from an unknown one; at most
 * `thicknessFromRecordsMax`, under the cap). One statement prepared per shape (`SqlStatements`):
 * the equipment, the records named and the caller's company are placeholders, so the techniques'
 * derived values (SRUT's remaining wall) are compiled once, not per call.
 */
async function candidateRows(
  db: DbOrTx,
  o: { equipmentNo: string; user: AuthenticatedUser; deps: EngineDeps; ids?: readonly string[] },
): Promise<CandidateRow[]> {
  const visible = scopePlaceholderFor(o.deps.scopes, reportHeader, o.user);
  const build = () => {
    const each = thicknessSourceTechniques.map((technique) =>
      techniqueValuesSql(technique, sql`${sql.placeholder('equipmentNo')}`, visible),
    );
    const which = o.ids ? sql`v.record_id = any(${sql.placeholder('ids')}::uuid[])` : sql`not v.taken`;
    return sql`select v.*, (count(*) over ())::int as matched
    from (${sql.join(each, sql` union all `)}) v where ${which}
    order by v.date desc, v.report_number, v.record_id limit ${thicknessCandidatesCap}`;
  };
  return statements.execute<CandidateRow>(
    db,
    [o.ids ? 'named' : 'untaken', sqlShape(visible)],
    build,
    { ...scopePlaceholderValues(o.user), equipmentNo: o.equipmentNo, ids: o.ids ?? null },
    // One equipment's reports off its index, as its history reads them.
    'shared',
  );
}

const candidateOf = (row: CandidateRow): ThicknessCandidate => {
  const entity = thicknessSourceTechniques.find((t) => t.thicknessSource!.entity.name === row.entity)!
    .thicknessSource!.entity;
  return {
    recordId: row.record_id,
    reportHeaderId: row.report_header_id,
    reportNumber: row.report_number,
    date: row.date,
    method: row.method as ThicknessCandidate['method'],
    label: findingName(entity, { ...row.named, id: row.record_id }),
    thicknessMm: Number(row.thickness_mm),
  };
};

/** The location named by a call, or 404: locations are plant-wide, every caller sees them. */
async function locationOf(db: DbOrTx, id: string, o: { lock?: boolean } = {}) {
  const query = db
    .select({ id: locations.id, equipmentNo: locations.equipmentNo })
    .from(locations)
    .where(eq(locations.id, id));
  const [found] = o.lock ? await query.for('update') : await query;
  if (!found) throw new AppError('NOT_FOUND', `No thickness location has the id ${id}`);
  // Required by the declaration: a location always names its equipment.
  return { id: found.id, equipmentNo: found.equipmentNo as string };
}

export const thicknessFromRecordsActions: Record<string, ActionHandler> = {
  'thickness.candidates': typedAction({ query: thicknessLocationQuery }, async ({ query, deps, user }) => {
    const location = await locationOf(deps.db, query.thicknessLocationId);
    const rows = await candidateRows(deps.db, {
      equipmentNo: location.equipmentNo,
      user: user!,
      deps,
    });
    const data = rows.map(candidateOf);
    return { data, meta: notShownMeta({ data: [data.length, rows[0]?.matched ?? 0] }) };
  }),

  /**
   * The chosen records' values as readings of the location, all or none, in one transaction: each
   * judged as a reading sent by hand (its fields' limits, not in the future, not thicker than
   * nominal, one per day: the same refusals and words), then written with its audit row; the
   * location's kept values follow each insert. A record taken already is a 409, one that is not a
   * thickness of an approved current report of the location's equipment (or not the caller's
   * company's) a 404.
   */
  'thickness.fromRecords': typedAction({ body: thicknessFromRecordsBody }, async ({ body, deps, user }) => {
    const repo = deps.repositories.get(thicknessReading.name)!;
    repo.assertMayWrite(user!);
    const created = await deps.db.transaction(async (tx) => {
      // Held until the end, so two takes of one record at once are told apart by the second's read.
      const location = await locationOf(tx, body.thicknessLocationId, { lock: true });
      const rows = await candidateRows(tx, {
        equipmentNo: location.equipmentNo,
        user: user!,
        deps,
        ids: body.recordIds,
      });
      const byId = new Map(rows.map((row) => [row.record_id, row]));
      const unknown = body.recordIds.filter((id) => !byId.has(id));
      if (unknown.length > 0)
        throw new AppError(
          'NOT_FOUND',
          `No thickness of an approved, current report of ${location.equipmentNo} has the record id ${unknown.join(', ')}`,
        );
      const taken = rows.filter((row) => row.taken);
      if (taken.length > 0)
        throw new AppError(
          'CONFLICT',
          `Already taken as a reading: ${taken.map((row) => `${candidateOf(row).label} of ${row.report_number}`).join(', ')}`,
        );
      const written = [];
      for (const id of body.recordIds) {
        const candidate = candidateOf(byId.get(id)!);
        written.push(await takeReading(tx, deps, user!, location.id, candidate));
      }
      return written;
    });
    return {
      data: await recordViews(deps.db, thicknessReading, created),
      statusCode: 201,
      message: `${created.length} ${created.length === 1 ? 'reading' : 'readings'} taken from the records`,
    };
  }),
};

/** One record's value written as a reading, judged as a create of one is (create.ts). */
async function takeReading(
  tx: DbOrTx,
  deps: EngineDeps,
  user: AuthenticatedUser,
  locationId: string,
  candidate: ThicknessCandidate,
) {
  const parsed = thicknessReading.schemas.create.safeParse({
    thicknessLocationId: locationId,
    date: candidate.date,
    thicknessMm: candidate.thicknessMm,
    method: candidate.method,
    sourceReportId: candidate.reportHeaderId,
  });
  if (!parsed.success) throw validationError(parsed.error, `The reading of ${candidate.label}`);
  const values = parsed.data as Record<string, unknown>;
  const warnings = judgeWrite({
    entity: thicknessReading,
    values,
    acknowledged: undefined,
    previous: undefined,
    user,
    now: new Date(),
  });
  await deps.writeChecks?.[thicknessReading.name]?.({ tx, values, before: undefined, user });
  const repo = deps.repositories.get(thicknessReading.name)!;
  const created = await repo.insert(tx, { ...values, sourceRecordId: candidate.recordId, warnings }, user);
  await writeAudit(tx, {
    entity: thicknessReading.name,
    entityId: created.id,
    action: 'create',
    actorId: user.id,
    after: auditable(created),
  });
  return created;
}
