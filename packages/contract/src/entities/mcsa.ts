import { d, evaluate } from '../derive.ts';
import type { Band } from '../derive.ts';
import { defineEntity } from '../entity.ts';
import { f } from '../fields.ts';
import { op, route } from '../routes.ts';
import { defineTechnique } from '../technique.ts';
import { mcsaId } from './mcsa.id.ts';
import { opensFinding } from '../finding-severity.ts';

/**
 * Rotor condition of an induction motor from the rotor-bar sideband level: how many dB the highest
 * pole-pass sideband lies below the line-frequency peak of the current spectrum (Thomson & Fenger,
 * "Current signature analysis to detect induction motor faults", IEEE Industry Applications
 * Magazine 7(4), 2001, table 1; docs/mcsa.md). Best first; each with its recommended action.
 */
export const mcsaRotorConditions = [
  { level: 'excellent', label: 'Excellent', meaning: 'More than 60 dB down', action: 'continueOperation' },
  { level: 'good', label: 'Good', meaning: '54–60 dB down', action: 'continueOperation' },
  { level: 'moderate', label: 'Moderate', meaning: '48–54 dB down', action: 'trendCondition' },
  {
    level: 'crackDeveloping',
    label: 'Rotor bar crack developing',
    meaning: '42–48 dB down: a rotor bar crack may be developing, or high-resistance joints',
    action: 'shortenInterval',
  },
  {
    level: 'barsBroken',
    label: 'Two bars cracked or broken',
    meaning: '36–42 dB down: two rotor bars may be cracked or broken; high-resistance joints likely',
    action: 'confirmByVibration',
  },
  {
    level: 'multipleBarsBroken',
    label: 'Several bars broken',
    meaning: '30–36 dB down: several cracked or open bars and end-ring problems likely',
    action: 'overhaulSoon',
  },
  {
    level: 'severe',
    label: 'Severe',
    meaning: 'Less than 30 dB down: many broken bars and end rings, severe problems throughout',
    action: 'overhaulNow',
  },
] as const;
export type McsaRotorCondition = (typeof mcsaRotorConditions)[number]['level'];
export const mcsaRotorConditionLevels = mcsaRotorConditions.map((c) => c.level) as [
  McsaRotorCondition,
  ...McsaRotorCondition[],
];

/** The actions, mildest first, as the table recommends them. */
export const mcsaActions = [
  'continueOperation',
  'trendCondition',
  'shortenInterval',
  'confirmByVibration',
  'overhaulSoon',
  'overhaulNow',
] as const;

/**
 * The bands of the sideband level, best first: above 60 dB excellent, then each class from its lower
 * limit (a level on a limit the table shares takes the better class: 54 dB is good, 30 dB is
 * "several bars"), below 30 dB severe.
 */
export const mcsaSidebandLimits = [60, 54, 48, 42, 36, 30] as const;
const bandsOf = <const V extends string>(values: readonly V[]) =>
  mcsaSidebandLimits.map((limit, i) => ({
    when: i === 0 ? 'gt' : 'gte',
    limit,
    value: values[i]!,
  })) satisfies readonly Band[];
const sideband = d.field('sidebandDbDown');
export const mcsaRotorConditionExpr = d.bands(
  sideband,
  bandsOf(mcsaRotorConditionLevels.slice(0, 6)),
  'severe',
);
export const mcsaActionExpr = d.bands(
  sideband,
  bandsOf(mcsaRotorConditions.slice(0, 6).map((c) => c.action)),
  'overhaulNow',
);

/** Below this share of its rated current the sideband reading is less reliable. */
export const mcsaReliableLoadPercent = 70;
export const mcsaLoadPercentExpr = d.round(
  d.mul(d.div(d.field('loadCurrentA'), d.field('ratedCurrentA')), d.number(100)),
  1,
);

/** The rotor condition of a sideband level, by the declared bands. */
export function mcsaRotorCondition(sidebandDbDown: number): McsaRotorCondition {
  return evaluate(mcsaRotorConditionExpr, { sidebandDbDown }) as McsaRotorCondition;
}

/** A test of one motor under a report: its nameplate, load, the sideband level and the spectra. */
export const mcsaTest = defineEntity('mcsaTest', {
  label: 'MCSA test',
  module: 'mcsa',
  // The PDF's table of a report's tests (docs/report-pdf.md): the motor, its load and the verdict.
  print: {
    columns: ['motorTag', 'testDate', 'loadPercent', 'sidebandDbDown', 'rotorCondition', 'recommendedAction'],
  },
  fields: {
    reportHeaderId: f.ref('reportHeader', { label: 'Report', required: true }),
    testDate: f.date({ label: 'Test date', required: true }),
    motorTag: f.text({
      label: 'Motor tag',
      maxLength: 100,
      group: 'motor',
      prefill: 'reportHeaderId.equipmentNo.tagNumber',
    }),
    manufacturer: f.text({ maxLength: 200, group: 'motor' }),
    model: f.text({ maxLength: 200, group: 'motor' }),
    ratedPowerKw: f.number({ label: 'Rated power', unit: 'kW', min: 0.1, max: 100_000, group: 'motor' }),
    ratedVoltageV: f.number({ label: 'Rated voltage', unit: 'V', min: 1, max: 20_000, group: 'motor' }),
    ratedCurrentA: f.number({ label: 'Rated current', unit: 'A', min: 0.1, max: 20_000, group: 'motor' }),
    ratedSpeedRpm: f.number({ label: 'Rated speed', unit: 'rpm', min: 1, max: 4000, group: 'motor' }),
    poles: f.integer({ min: 2, max: 48, group: 'motor' }),
    rotorBars: f.integer({ label: 'Rotor bars', min: 1, max: 500, group: 'motor' }),
    lineFrequencyHz: f.integer({ label: 'Line frequency', unit: 'Hz', min: 50, max: 60, group: 'test' }),
    loadCurrentA: f.number({ label: 'Load current', unit: 'A', min: 0, max: 20_000, group: 'test' }),
    sidebandDbDown: f.number({
      label: 'Rotor-bar sideband',
      unit: 'dB down',
      min: 0,
      max: 120,
      group: 'test',
      description: 'Line-frequency peak minus the highest pole-pass sideband',
    }),
    finding: f.longText({ maxLength: 10_000 }),
    recommendation: f.longText({ maxLength: 10_000 }),
    remarks: f.longText({ maxLength: 5000 }),
  },
  parent: 'reportHeaderId',
  idAlias: 'mcsaId',
  groups: { motor: 'Motor nameplate', test: 'Test' },
  imageLists: {
    spectrumImages: f.imageList({
      label: 'Spectra',
      types: ['currentSpectrum', 'sidebandZoom', 'timeWaveform', 'nameplate', 'other'],
    }),
  },
  search: ['motorTag', 'manufacturer', 'model', 'finding'],
  sort: { field: 'testDate', direction: 'desc' },
  derived: {
    loadPercent: { field: f.number({ label: 'Load', unit: '% of rated' }), expr: mcsaLoadPercentExpr },
    rotorCondition: {
      field: f.enumOf(mcsaRotorConditionLevels, {
        label: 'Rotor condition',
        valueLabels: Object.fromEntries(mcsaRotorConditions.map((c) => [c.level, c.label])),
      }),
      expr: mcsaRotorConditionExpr,
    },
    recommendedAction: {
      field: f.enumOf(mcsaActions, { label: 'Recommended action' }),
      expr: mcsaActionExpr,
    },
  },
  rules: (rule) => ({
    lineFrequency: rule.error(
      ['lineFrequencyHz'],
      (t) => t.lineFrequencyHz !== 50 && t.lineFrequencyHz !== 60,
      'The line frequency is 50 Hz or 60 Hz.',
    ),
    lowLoad: rule.warning(
      ['loadCurrentA', 'ratedCurrentA'],
      (t) => t.loadCurrentA < (t.ratedCurrentA * mcsaReliableLoadPercent) / 100,
      `The motor runs below ${mcsaReliableLoadPercent} % of its rated current: the sideband level reads less reliably. Test again under load if you can.`,
    ),
  }),
});

const tag = 'MCSA';
export const mcsaRoutes = [
  route(
    'GET',
    '/MCSA',
    op.list(mcsaTest, { filters: { reportHeaderId: { field: 'reportHeaderId', op: 'eq' } } }),
    {
      summary: 'MCSA tests (paged; search, ?reportHeaderId=)',
      tag,
    },
  ),
  route('GET', '/MCSA/by-report', op.listByParent(mcsaTest, 'reportHeaderId'), {
    summary: "A report's MCSA tests",
    tag,
  }),
  route('GET', '/MCSA/evaluation/:id', op.get(mcsaTest, 'path'), {
    summary:
      'The evaluation of an MCSA test: its inputs, load as % of rated, rotor condition by the sideband level and the recommended action (docs/mcsa.md)',
    tag,
  }),
  route('GET', '/MCSA/:id', op.get(mcsaTest, 'path'), { summary: 'Get an MCSA test', tag }),
  route('POST', '/MCSA', op.create(mcsaTest, 'json-or-multipart'), {
    summary: 'Create an MCSA test (multipart when spectra are sent)',
    tag,
  }),
  route('PUT', '/MCSA/:id', op.update(mcsaTest, 'path', 'json-or-multipart'), {
    summary: 'Update an MCSA test (multipart when spectra are sent)',
    tag,
  }),
];

/**
 * Motor current signature analysis: tests of motors under a report, each classified from its
 * rotor-bar sideband level with the action the table recommends.
 */
export const mcsa = defineTechnique({
  module: 'mcsa',
  labelsId: mcsaId,
  method: 'mcsa',
  description: 'Motor current signature: rotor bars judged by the sideband level, with an action.',
  slug: 'mcsa',
  icon: 'motor',
  color: 'indigo',
  entities: [mcsaTest],
  workspace: { inspection: mcsaTest },
  // Its users run tests of motors, not inspections: "New test", "2 tests on this report".
  inspectionWord: { one: 'test', other: 'tests' },
  // The test is the graded record (it holds no rows): the report's worst finding is its worst
  // rotor condition, on the report card, the NDT history, the approvals queue and the PDF.
  findingGrade: {
    field: 'rotorCondition',
    levels: mcsaRotorConditionLevels,
    opens: { severe: opensFinding('critical') },
  },
  // A report of the method holds a test: the test is the record, with no rows under it.
  complete: { inspections: { min: 1 } },
  routes: mcsaRoutes,
});
