import { describe, expect, it } from 'vitest';
import {
  defineTechnique,
  evaluate,
  flowrate,
  flowrateInspection,
  flowrateMeasurement,
  flowrateMeasurementPipe,
  labelDigits,
  missingForSubmission,
  op,
  route,
  rowEntitiesOf,
  srut,
  srutSummary,
} from '../src/index.ts';

describe('flowrate, declared', () => {
  it('holds a pump’s attempts as its rows and a line’s readings as a list of the pipe class', () => {
    expect(rowEntitiesOf(flowrate, 'rotating-equipment')).toEqual([flowrateMeasurement]);
    expect(rowEntitiesOf(flowrate, 'pipe')).toEqual([flowrateMeasurementPipe]);
    // A technique whose classes all hold its rows names them for every class.
    expect(rowEntitiesOf(srut, 'storage-tank')).toEqual([srutSummary]);
  });

  it('names the kind a report lacks by its inspections’ classes', () => {
    const lacking = missingForSubmission('flowrate', {
      rows: 0,
      documents: 0,
      rowEntities: ['flowrateMeasurementPipe'],
    });
    expect(lacking).toEqual([
      expect.objectContaining({
        entity: 'flowrateMeasurementPipe',
        message: 'Flowrate: record at least one flowrate measurement pipe',
      }),
    ]);
    expect(missingForSubmission('flowrate', { rows: 1, documents: 0 })).toEqual([]);
  });

  it('reads an attempt’s number from its label', () => {
    expect(labelDigits('Attempt 3')).toBe(3);
    expect(labelDigits('Run A')).toBe(0);
    expect(labelDigits('A1-2')).toBe(12);
    expect(labelDigits('')).toBe(0);
  });

  it('judges BPD against GPM within 2 %, GPM = BPD × 42 / 1440', () => {
    const agreement = flowrateMeasurement.derived.flowUnitsAgreement!.expr!;
    const judged = (flowrateBPD: number | null, flowrateGPM: number | null) =>
      evaluate(agreement, { flowrateBPD, flowrateGPM });
    expect(judged(1440, 42)).toBe('agree');
    expect(judged(1440, 42.8)).toBe('agree');
    expect(judged(1440, 43)).toBe('disagree');
    expect(judged(1440, 41.2)).toBe('agree');
    expect(judged(1440, 41)).toBe('disagree');
    // SPEC's clients send 0 for a flow left out: two zeros are no flow measured, not an agreement.
    expect(judged(0, 0)).toBeNull();
    expect(judged(0, null)).toBeNull();
    expect(judged(null, null)).toBeNull();
    expect(judged(0, 5)).toBe('disagree');
    expect(judged(1440, 0)).toBe('disagree');
    expect(judged(null, 42)).toBeNull();
    expect(flowrateMeasurement.derived.flowUnitsAgreement!.field.blank).toBe('No flow measured');
    expect(
      evaluate(flowrateInspection.derived.flowDeviationPercent!.expr!, {
        actualFlowrateGPM: 90,
        ratedFlowGPM: 120,
      }),
    ).toBe(-25);
  });
});

describe('a call over every variant', () => {
  const base = {
    module: 'flowrate' as const,
    method: 'flowrate' as const,
    description: 'x',
    slug: 'x',
    icon: 'crack' as const,
    color: 'gray',
    entities: [flowrateInspection],
    complete: {},
  };
  it('must say so: a variant entity’s call names a variant or everyVariant', () => {
    const unnamed = route('GET', '/x/by-report', op.listByParent(flowrateInspection, 'reportHeaderId'), {
      summary: 'x',
      tag: 'x',
    });
    expect(() => defineTechnique({ ...base, routes: [unnamed] })).toThrow(/must name a variant/);
    const every = route(
      'GET',
      '/x/by-report',
      op.listByParent(flowrateInspection, 'reportHeaderId', { everyVariant: true }),
      { summary: 'x', tag: 'x' },
    );
    expect(defineTechnique({ ...base, routes: [every] }).routes[0]!.operation).toMatchObject({
      everyVariant: true,
    });
  });

  it('is refused with a variant, or on an entity without variants', () => {
    expect(() =>
      op.update(flowrateInspection, 'query', 'json', { everyVariant: true, variant: 'pipe' }),
    ).toThrow(/every variant/);
    expect(() =>
      op.listByParent(srutSummary, 'x', { everyVariant: true, variant: 'storage-tank' }),
    ).toThrow();
  });
});
