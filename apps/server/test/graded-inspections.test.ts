/**
 * An inspection graded as its own record (docs/verdict-pairs.md "Effective grade", `gradedEntity`):
 * a technique whose inspections hold no rows grades the inspection itself, and the engine's readers
 * of grades (the report's figures, the worst finding of the NDT history and the approvals queue)
 * read it as they read rows. Proven apart from MCSA, the technique that needed it: a technique of
 * the test's own grades vibration analyses by their machine group (group 1, the large machines,
 * the more severe level), over the product's own table.
 */
import { defineTechnique, gradedEntity, vibration, vibrationAnalysis } from '@inspectra/contract';
import type { RouteDefinition, TechniqueDefinition } from '@inspectra/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { worstGradeSql } from '../src/engine/finding-grade.ts';
import { summaryOf } from '../src/modules/reports/report-techniques.actions.ts';
import { createReportHeader, startTestApp } from './helpers.ts';
import type { TestApp } from './helpers.ts';

const config = {
  module: 'vibration' as const,
  label: 'Machines by group',
  description: 'A test technique: an analysis graded by its machine group.',
  slug: 'machines-by-group',
  icon: 'vibration' as const,
  color: 'grape',
  reportCard: false,
  entities: [vibrationAnalysis],
  routes: [] as RouteDefinition[],
  workspace: { inspection: vibrationAnalysis },
};
const machinesByGroup: TechniqueDefinition = defineTechnique({
  ...config,
  findingGrade: { field: 'machineGroup', levels: ['group2', 'group1'] },
});

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

/** A report and, when a group is given, its analysis of that group. */
async function reportWith(machineGroup?: 'group1' | 'group2' | null) {
  const report = await createReportHeader(t, { inspectionMethod: 'vibration' });
  if (machineGroup !== undefined) {
    const r = await t.call('PUT', '/api/vibration-analysis', {
      reportHeaderId: report.id,
      powerKw: 75,
      foundation: 'rigid',
      ...(machineGroup ? { machineGroup } : {}),
    });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
  }
  return report;
}

const worstOf = async (reportId: string) =>
  (
    await t.db.execute<{ worst: string | null }>(
      sql`select ${worstGradeSql(machinesByGroup, sql`${reportId}`)!} as worst`,
    )
  ).rows[0]!.worst;

describe('a technique whose inspection is its graded record', () => {
  it('grades the inspection: the graded entity is the inspection when there are no rows', () => {
    expect(gradedEntity(machinesByGroup)).toBe(vibrationAnalysis);
  });

  it('refuses a grade that is not a field or derived expression of the inspection', () => {
    expect(() =>
      defineTechnique({
        ...config,
        findingGrade: { field: 'velocityRmsMmPerS', levels: ['a', 'b'] },
      }),
    ).toThrow(/neither a field nor a derived expression of its inspection/);
  });

  it('answers the report’s worst finding from the inspection, null where nothing is graded', async () => {
    const large = await reportWith('group1');
    const medium = await reportWith('group2');
    const ungraded = await reportWith(null);
    const empty = await reportWith();
    expect(await worstOf(large.id)).toBe('group1');
    expect(await worstOf(medium.id)).toBe('group2');
    expect(await worstOf(ungraded.id)).toBeNull();
    expect(await worstOf(empty.id)).toBeNull();
  });

  it('counts each inspection once at its own level in the report’s figures', async () => {
    const large = await reportWith('group1');
    // The product's own vibration technique, of the same name, summarised first: the test's
    // technique is summarised by its own statement, not by the one built for the product's.
    const [asProduct] = await summaryOf(t.db, vibration, large.id);
    expect(asProduct).toMatchObject({ technique: 'vibration', inspections: 1, byGrade: [] });
    const [summary] = await summaryOf(t.db, machinesByGroup, large.id);
    expect(summary).toMatchObject({
      technique: 'vibration',
      inspections: 1,
      rows: 0,
      worstFinding: 'group1',
      byGrade: [{ level: 'group1', rows: 1 }],
      perInspection: [{ rows: 0, byGrade: [{ level: 'group1', rows: 1 }] }],
    });
    const ungraded = await reportWith(null);
    expect((await summaryOf(t.db, machinesByGroup, ungraded.id))[0]).toMatchObject({
      inspections: 1,
      worstFinding: null,
      byGrade: [],
    });
  });
});
