import { describe, expect, it } from 'vitest';
import { d, defineEntity, defineTechnique, f, ufd, verdictOverrideOf } from '../src/index.ts';
import type { EnumField } from '../src/index.ts';

const levels = ['accept', 'reject'] as const;

/** A technique of a probe's rows with a recorded verdict and the standard's, declared afresh each time. */
function declared(
  grade: { field: string; levels: readonly string[]; standard?: string },
  standard: EnumField = f.enumOf(levels),
) {
  const inspection = defineEntity('probeInspection', {
    label: 'Probe inspection',
    module: 'probe',
    fields: { reportHeaderId: f.ref('reportHeader', { required: true }) },
    parent: 'reportHeaderId',
  });
  const rows = defineEntity('probeRow', {
    label: 'Probe row',
    module: 'probe',
    fields: {
      probeInspectionId: f.ref('probeInspection', { required: true }),
      result: f.enumOf(levels),
      echo: f.number({}),
    },
    derived: {
      byCode: {
        field: standard,
        expr: d.if(
          d.isSet(d.field('echo')),
          d.bands(d.field('echo'), [{ when: 'gt', limit: 80, value: 'reject' }], 'accept'),
        ),
      },
    },
    parent: 'probeInspectionId',
  });
  const technique = defineTechnique({
    module: 'probe',
    label: 'Probe list',
    reportCard: false,
    description: 'A probe.',
    slug: 'probe',
    icon: 'ultrasound',
    color: 'gray',
    entities: [inspection, rows],
    routes: [],
    workspace: { inspection, rows },
    findingGrade: grade,
  });
  return { technique, rows };
}

describe('a verdict pair', () => {
  it('is named once by the finding grade, and gives the rows its reason', () => {
    const { rows } = declared({ field: 'result', levels, standard: 'byCode' });
    expect(rows.verdict).toEqual({ recorded: 'result', standard: 'byCode', levels });
    expect(Object.keys(rows.schemas.update.shape)).toContain('verdictOverrideReason');
    expect(ufd.workspace!.rows!.verdict?.standard).toBe('proposedResult');
  });

  it('is refused over other levels, twice the same field, or an unknown one', () => {
    expect(() =>
      declared({ field: 'result', levels, standard: 'byCode' }, f.enumOf(['ok', 'reject'])),
    ).toThrow(/findingGrade.standard names a choice of the grade's levels/);
    expect(() => declared({ field: 'result', levels, standard: 'result' })).toThrow(/findingGrade.standard/);
    expect(() => declared({ field: 'result', levels, standard: 'missing' })).toThrow(/findingGrade.standard/);
  });

  it('makes an override only of two set verdicts that differ, the stricter the higher level', () => {
    const pair = { recorded: 'result', standard: 'byCode', levels };
    expect(verdictOverrideOf(pair, { result: 'accept', byCode: 'accept' })).toBeNull();
    expect(verdictOverrideOf(pair, { result: 'accept', byCode: null })).toBeNull();
    expect(verdictOverrideOf(pair, { result: null, byCode: 'reject' })).toBeNull();
    expect(verdictOverrideOf(pair, { result: 'accept', byCode: 'reject' })).toEqual({
      recorded: 'accept',
      standard: 'reject',
      stricter: 'reject',
    });
    expect(verdictOverrideOf(pair, { result: 'reject', byCode: 'accept' })?.stricter).toBe('reject');
  });
});
