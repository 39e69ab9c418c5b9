import { describe, expect, it } from 'vitest';
import {
  d,
  defineEntity,
  defineTechnique,
  entities,
  f,
  seriesBandCases,
  seriesBands,
  seriesTimeField,
} from '../src/index.ts';
import type { EntitySeries } from '../src/index.ts';

/** A probe's readings under an inspection under a report, with a series declared afresh each time. */
function probe(series: EntitySeries, o: { parent?: boolean; between?: boolean } = {}) {
  const inspection = defineEntity('probeInspection', {
    label: 'Probe inspection',
    module: 'probe',
    fields: {
      reportHeaderId: f.ref('reportHeader', { required: true }),
      inspectedOn: f.date({ required: true }),
      plannedOn: f.date(),
    },
    parent: 'reportHeaderId',
  });
  const reading = defineEntity('probeReading', {
    label: 'Probe reading',
    module: 'probe',
    fields: {
      probeInspectionId: f.ref('probeInspection', { required: true }),
      point: f.text({ required: true }),
      direction: f.enumOf(['horizontal', 'vertical', 'axial'] as const),
      readAt: f.date({ required: true }),
      takenOn: f.date(),
      velocity: f.number({ min: 0 }),
      notes: f.longText(),
      baselineReading: f.boolean(),
    },
    derived: { doubled: { field: f.number({}), expr: d.mul(d.field('velocity'), d.number(2)) } },
    ...(o.parent === false ? {} : { parent: 'probeInspectionId' as const }),
    series: series as never,
  });
  return defineTechnique({
    module: 'probe',
    label: 'Probe',
    reportCard: false,
    description: 'A probe.',
    slug: 'probe',
    icon: 'ultrasound',
    color: 'gray',
    entities: o.between === false ? [reading] : [inspection, reading],
    routes: [],
    workspace: { inspection, rows: reading },
  });
}

const good: EntitySeries = {
  key: ['point', 'direction'],
  time: 'readAt',
  values: ['velocity', 'doubled'],
  baseline: 'baselineReading',
};

describe('a series declaration', () => {
  it('is taken when its fields are of the right kinds and its chain reaches the report', () => {
    expect(() => probe(good)).not.toThrow();
    expect(entities.thermalMeasurement!.series?.key).toEqual(['tagNumber', 'component']);
  });

  it.each([
    [{ ...good, key: ['nowhere'] }, /series key nowhere must be a text, choice or whole-number field/],
    [{ ...good, key: ['velocity'] }, /series key velocity must be a text, choice/],
    [{ ...good, key: ['point', 'point'] }, /series key names a field twice/],
    [{ ...good, time: 'point' }, /series time point must be a required date or datetime field/],
    [{ ...good, time: 'takenOn' }, /series time takenOn must be a required date/],
    [
      { ...good, time: { from: 'point', field: 'inspectedOn' } },
      /series time point.inspectedOn must be read through probeReading's parent field \(probeInspectionId\)/,
    ],
    [
      { ...good, time: { from: 'probeInspectionId', field: 'plannedOn' } },
      /series time probeInspectionId.plannedOn must be a required date or datetime field of probeInspection/,
    ],
    [
      { ...good, time: { from: 'probeInspectionId', field: 'nowhere' } },
      /series time probeInspectionId.nowhere must be a required date/,
    ],
    [{ ...good, values: ['notes'] }, /series value notes must be a number field or a derived number/],
    [{ ...good, baseline: 'point' }, /series baseline point must be a yes\/no field/],
    [{ ...good, limit: 0 }, /series limit must be a whole number from 1 to 240/],
    [{ ...good, limit: 1000 }, /series limit must be a whole number from 1 to 240/],
  ] as [EntitySeries, RegExp][])('refuses %j at load', (series, message) => {
    expect(() => probe(series)).toThrow(message);
  });

  it("takes a time read from the record the row is under: the parent's required date", () => {
    const technique = probe({ ...good, time: { from: 'probeInspectionId', field: 'inspectedOn' } });
    const rows = technique.entities.find((e) => e.name === 'probeReading')!;
    expect(seriesTimeField(rows, (n) => technique.entities.find((e) => e.name === n))).toMatchObject({
      entity: 'probeInspection',
      key: 'inspectedOn',
      fromParent: 'probeInspectionId',
    });
  });

  it('needs a parent, and a parent chain up to the report through its technique', () => {
    expect(() => probe(good, { parent: false })).toThrow(/series needs a parent/);
    expect(() => probe(good, { between: false })).toThrow(/parent chain up to its report/);
  });
});

describe("a series value's bands", () => {
  it("are the grade's bands over the very expression the value is", () => {
    const rows = entities.thermalMeasurement!;
    expect(seriesBands(rows, 'severity', 'deltaTC')).toEqual([
      { limit: 15, when: 'gt', level: 'repairImmediately' },
      { limit: 3, when: 'gt', level: 'repairAsTimePermits' },
      { limit: 1, when: 'gte', level: 'investigate' },
    ]);
    // The grade judges ΔT, not the temperature itself.
    expect(seriesBands(rows, 'severity', 'maxTemperatureC')).toEqual([]);
    expect(seriesBands(rows, undefined, 'deltaTC')).toEqual([]);
  });

  it('are chosen by the words a grade reads through its record (`d.byValue`), one case at a time', () => {
    const rows = defineEntity('probeLevel', {
      label: 'Probe level',
      module: 'probe',
      fields: {
        probeSurveyId: f.ref('probeSurvey', { required: true }),
        level: f.number(),
      },
      parent: 'probeSurveyId',
      derived: {
        grade: {
          field: f.enumOf(['low', 'high']),
          expr: d.byValue('probeSurveyId.kind', {
            tank: d.bands(d.field('level'), [{ when: 'gt', limit: 10, value: 'high' }], 'low'),
            drum: d.bands(d.field('level'), [{ when: 'gte', limit: 4, value: 'high' }], 'low'),
          }),
        },
      },
    });
    expect(seriesBandCases(rows, 'grade', 'level')).toEqual([
      { when: { 'probeSurveyId.kind': 'tank' }, bands: [{ limit: 10, when: 'gt', level: 'high' }] },
      { when: { 'probeSurveyId.kind': 'drum' }, bands: [{ limit: 4, when: 'gte', level: 'high' }] },
    ]);
    expect(seriesBands(rows, 'grade', 'level', { 'probeSurveyId.kind': 'drum' })).toEqual([
      { limit: 4, when: 'gte', level: 'high' },
    ]);
    // No case known, or an unknown word: no limits drawn rather than another case's.
    expect(seriesBands(rows, 'grade', 'level')).toEqual([]);
    expect(seriesBands(rows, 'grade', 'level', { 'probeSurveyId.kind': 'silo' })).toEqual([]);
  });
});

describe('a verdict pair over a series', () => {
  it('is declared where the standard reads previous or first: a write reads them to judge it', () => {
    const inspection = defineEntity('probeInspection', {
      label: 'Probe inspection',
      module: 'probe',
      fields: { reportHeaderId: f.ref('reportHeader', { required: true }) },
      parent: 'reportHeaderId',
    });
    const levels = ['accept', 'reject'] as const;
    const reading = defineEntity('probeReading', {
      label: 'Probe reading',
      module: 'probe',
      fields: {
        probeInspectionId: f.ref('probeInspection', { required: true }),
        point: f.text({ required: true }),
        readAt: f.date({ required: true }),
        velocity: f.number({ min: 0 }),
        result: f.enumOf(levels),
      },
      derived: {
        byRise: {
          field: f.enumOf(levels),
          expr: d.bands(
            d.sub(d.field('velocity'), d.first('velocity')),
            [{ when: 'gt', limit: 2, value: 'reject' }],
            'accept',
          ),
        },
      },
      parent: 'probeInspectionId',
      series: { key: ['point'], time: 'readAt', values: ['velocity'] } as never,
    });
    const declare = () =>
      defineTechnique({
        module: 'probe',
        label: 'Probe',
        reportCard: false,
        description: 'A probe.',
        slug: 'probe',
        icon: 'ultrasound',
        color: 'gray',
        entities: [inspection, reading],
        routes: [],
        workspace: { inspection, rows: reading },
        findingGrade: { field: 'result', levels, standard: 'byRise' },
      });
    expect(declare().workspace?.rows?.verdict).toEqual({ recorded: 'result', standard: 'byRise', levels });
  });
});
