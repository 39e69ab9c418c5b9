import { d } from '../derive.ts';
import type { Band, Expr } from '../derive.ts';
import { defineEntity } from '../entity.ts';
import { entityCalls } from '../entity-calls.ts';
import { f } from '../fields.ts';
import { checkRowTemplate } from '../row-templates.ts';
import { op, route } from '../routes.ts';
import { defineTechnique } from '../technique.ts';
import { vibrationId } from './vibration.id.ts';
import { opensFinding } from '../finding-severity.ts';

/** ISO 20816-3 machine groups: group 1 large (above 300 kW), group 2 medium (15 kW to 300 kW). */
export const machineGroups = ['group1', 'group2'] as const;
/** ISO 20816-3 support flexibility: rigid or flexible in the direction measured. */
export const machineFoundations = ['rigid', 'flexible'] as const;
/** Where a transducer points on a bearing housing. */
export const vibrationDirections = ['horizontal', 'vertical', 'axial'] as const;
/** ISO 20816-3 evaluation zones, least severe first. */
export const vibrationZones = ['A', 'B', 'C', 'D'] as const;
export type VibrationZone = (typeof vibrationZones)[number];

/** Power bounds of the groups (ISO 20816-3:2022, clause 1 scope and 4.2 classification), kW. */
export const machineGroupPowerKw = { group2From: 15, group1Above: 300 } as const;

/**
 * ISO 20816-3:2022 Annex A, Tables A.1 (group 1) and A.2 (group 2): zone boundaries of the velocity
 * r.m.s. on bearing housings, mm/s, as A/B, B/C, C/D. A value at a boundary belongs to the lower
 * zone (the tables give the upper limit of each zone: 1.4 mm/s is zone A for group 2 rigid).
 */
export const velocityZoneLimits = {
  group1: { rigid: [2.3, 4.5, 7.1], flexible: [3.5, 7.1, 11.0] },
  group2: { rigid: [1.4, 2.8, 4.5], flexible: [2.3, 4.5, 7.1] },
} as const satisfies Record<
  (typeof machineGroups)[number],
  Record<(typeof machineFoundations)[number], readonly [number, number, number]>
>;

/** Zones of a value against three boundaries, the worst first, each boundary in the lower zone. */
const zoneBands = (limits: readonly [number, number, number]): Band[] => [
  { when: 'gt', limit: limits[2], value: 'D' },
  { when: 'gt', limit: limits[1], value: 'C' },
  { when: 'gt', limit: limits[0], value: 'B' },
];

/**
 * The zone of a velocity, by the machine group and foundation of the analysis the measurement is
 * under (read through `vibrationAnalysisId`): empty while either is not recorded.
 */
export const velocityZoneExpr: Expr = d.byValue(
  'vibrationAnalysisId.machineGroup',
  Object.fromEntries(
    machineGroups.map((group) => [
      group,
      d.byValue(
        'vibrationAnalysisId.foundation',
        Object.fromEntries(
          machineFoundations.map((foundation) => [
            foundation,
            d.bands(d.field('velocityRmsMmPerS'), zoneBands(velocityZoneLimits[group][foundation]), 'A'),
          ]),
        ),
      ),
    ]),
  ),
);

/**
 * Shaft relative displacement S(p-p) by speed n (r/min), µm: ISO 7919-3:2009 Annex A (carried into
 * ISO 20816-3:2022 Annex B) zone boundaries A/B = 4800/√n, B/C = 9000/√n, C/D = 13200/√n. Judged
 * without a square root: S > k/√n exactly when S²·n > k² (both sides positive).
 */
export const shaftDisplacementConstants = { ab: 4800, bc: 9000, cd: 13200 } as const;

/** A proximity probe's linear range for an 8 mm system, gap voltage V (API 670, 5th ed., 6.1). */
export const proximityGapVolts = { from: -18, to: -2 } as const;

const conclusions = {
  finding: f.longText({ maxLength: 10_000, group: 'results' }),
  analysis: f.longText({ maxLength: 10_000, group: 'results' }),
  recommendation: f.longText({ maxLength: 10_000, group: 'results' }),
  remarks: f.longText({ maxLength: 5000, group: 'results' }),
};

/**
 * A report's vibration analysis: the machine measured (driver and driven, power, speed, its ISO
 * 20816-3 group and foundation) and the conclusions. One per report, made by its first write
 * (`PUT /vibration-analysis`, keyed by the report): reading it never makes one.
 */
export const vibrationAnalysis = defineEntity('vibrationAnalysis', {
  label: 'Vibration analysis',
  module: 'vibration',
  fields: {
    reportHeaderId: f.ref('reportHeader', { label: 'Report', required: true }),
    measurementDate: f.date({ label: 'Measurement date' }),
    driver: f.text({
      label: 'Driver',
      maxLength: 200,
      description: 'The machine driving, e.g. "Electric motor 75 kW"',
      group: 'machine',
    }),
    driven: f.text({
      label: 'Driven',
      maxLength: 200,
      description: 'The machine driven, e.g. "Centrifugal pump"',
      group: 'machine',
    }),
    powerKw: f.number({ label: 'Power', unit: 'kW', min: 0, max: 1_000_000, group: 'machine' }),
    speedRpm: f.number({ label: 'Speed', unit: 'rpm', min: 0, max: 100_000, group: 'machine' }),
    machineGroup: f.enumOf(machineGroups, {
      label: 'Machine group',
      description: 'ISO 20816-3: group 1 large machines above 300 kW, group 2 medium machines 15–300 kW',
      valueLabels: { group1: 'Group 1 (above 300 kW)', group2: 'Group 2 (15–300 kW)' },
      group: 'machine',
    }),
    foundation: f.enumOf(machineFoundations, {
      label: 'Foundation',
      description: 'ISO 20816-3: rigid or flexible support in the direction measured',
      valueLabels: { rigid: 'Rigid', flexible: 'Flexible' },
      group: 'machine',
    }),
    ...conclusions,
  },
  groups: { machine: 'Machine', results: 'Results' },
  parent: 'reportHeaderId',
  uniquePerParent: true,
  naturalKey: ['reportHeaderId'],
  idAlias: 'vibrationAnalysisId',
  rules: (rule) => ({
    powerOutsideGroup: rule.warning(
      ['powerKw', 'machineGroup'],
      (a) =>
        a.machineGroup === 'group1'
          ? a.powerKw <= machineGroupPowerKw.group1Above
          : a.powerKw < machineGroupPowerKw.group2From || a.powerKw > machineGroupPowerKw.group1Above,
      'The power does not match the machine group (ISO 20816-3: group 1 above 300 kW, group 2 from 15 to 300 kW). Check the power or the group: the zones are judged by the group.',
    ),
  }),
});

const reading = (label: string, unit: string, max: number, o: { description?: string } = {}) =>
  f.number({ label, unit, min: 0, max, group: 'readings', ...o });

/** A reading of one point and direction on a bearing housing, zoned by ISO 20816-3. */
export const vibrationMeasurement = defineEntity('vibrationMeasurement', {
  label: 'Vibration measurement',
  module: 'vibration',
  // The PDF's rows table (docs/report-pdf.md).
  print: {
    columns: [
      'measurementPoint',
      'direction',
      'measurementDate',
      'velocityRmsMmPerS',
      'zone',
      'analystZone',
      'accelerationG',
      'displacementUmPkPk',
      'bearingTemperatureC',
    ],
  },
  fields: {
    vibrationAnalysisId: f.ref('vibrationAnalysis', { label: 'Vibration analysis', required: true }),
    measurementPoint: f.text({
      label: 'Measurement point',
      maxLength: 60,
      description: 'The bearing measured, e.g. "DE" (drive end) or "NDE"',
      required: true,
    }),
    direction: f.enumOf(vibrationDirections, { required: true }),
    measurementDate: f.date({ label: 'Measurement date', required: true }),
    velocityRmsMmPerS: reading('Velocity (r.m.s.)', 'mm/s', 1000),
    accelerationG: reading('Acceleration', 'g', 1000),
    displacementUmPkPk: reading('Displacement (pk-pk)', 'µm', 100_000),
    bearingTemperatureC: f.number({
      label: 'Bearing temperature',
      unit: '°C',
      min: -50,
      max: 300,
      group: 'readings',
    }),
    // The analyst's own zone, beside the standard's (`zone`): a difference is an override with a
    // reason (docs/verdict-pairs.md); empty, the standard's counts.
    analystZone: f.enumOf(vibrationZones, {
      label: 'Analyst’s zone',
      description:
        'The zone you judge the point to be in, where it differs from the ISO 20816-3 zone (spectrum, trend, machine history); a difference needs a reason',
      group: 'readings',
    }),
    remarks: f.longText({ maxLength: 5000 }),
  },
  groups: { readings: 'Readings' },
  parent: 'vibrationAnalysisId',
  // The grid of points × directions is written at once (`POST /vibration-measurement/upsert`).
  naturalKey: ['vibrationAnalysisId', 'measurementPoint', 'direction', 'measurementDate'],
  sort: { field: 'measurementPoint', direction: 'asc' },
  search: ['measurementPoint'],
  // A point is judged against its own history (docs/series.md).
  series: {
    key: ['measurementPoint', 'direction'],
    time: 'measurementDate',
    values: ['velocityRmsMmPerS', 'accelerationG', 'displacementUmPkPk'],
  },
  derived: {
    zone: {
      field: f.enumOf(vibrationZones, {
        label: 'Zone',
        description:
          'ISO 20816-3 evaluation zone of the velocity, by the analysis’s machine group and foundation: A new machine, B unrestricted long-term operation, C restricted operation, D damage',
        blank: 'Group or foundation not recorded',
      }),
      expr: velocityZoneExpr,
    },
  },
});

const amplitude = (label: string) => reading(label, 'µm', 10_000);
const largerDirect = d.max(d.field('directAmplitudeXUmPkPk'), d.field('directAmplitudeYUmPkPk'));
/** S²·n of the larger probe's direct amplitude: compared with the constants squared. */
const shaftSeverity = d.mul(d.mul(largerDirect, largerDirect), d.field('machineSpeedRpm'));
const shaftBands: Band[] = [
  { when: 'gt', limit: shaftDisplacementConstants.cd ** 2, value: 'D' },
  { when: 'gt', limit: shaftDisplacementConstants.bc ** 2, value: 'C' },
  { when: 'gt', limit: shaftDisplacementConstants.ab ** 2, value: 'B' },
];

/**
 * A proximity-probe reading (Bently Nevada style) of one bearing: X and Y probes' direct amplitude,
 * 1X amplitude and phase, gap voltage, at the machine's speed then; zoned by ISO 7919-3.
 */
export const vibrationBentlyNevada = defineEntity('vibrationBentlyNevada', {
  label: 'Proximity probe reading (Bently Nevada)',
  module: 'vibration',
  print: {
    columns: [
      'probeLocation',
      'measurementDate',
      'machineSpeedRpm',
      'directAmplitudeXUmPkPk',
      'directAmplitudeYUmPkPk',
      'oneXAmplitudeXUmPkPk',
      'oneXPhaseXDeg',
      'gapVoltageXV',
      'gapVoltageYV',
      'shaftZone',
    ],
  },
  fields: {
    vibrationAnalysisId: f.ref('vibrationAnalysis', { label: 'Vibration analysis', required: true }),
    probeLocation: f.text({
      label: 'Probe location',
      maxLength: 60,
      description: 'The bearing the X/Y probe pair reads, e.g. "Pump DE"',
      required: true,
    }),
    measurementDate: f.date({ label: 'Measurement date', required: true }),
    machineSpeedRpm: f.number({
      label: 'Machine speed',
      unit: 'rpm',
      min: 0,
      max: 100_000,
      group: 'readings',
    }),
    directAmplitudeXUmPkPk: amplitude('Direct amplitude X (pk-pk)'),
    directAmplitudeYUmPkPk: amplitude('Direct amplitude Y (pk-pk)'),
    oneXAmplitudeXUmPkPk: amplitude('1X amplitude X (pk-pk)'),
    oneXPhaseXDeg: f.number({ label: '1X phase X', unit: '°', min: 0, max: 360, group: 'readings' }),
    oneXAmplitudeYUmPkPk: amplitude('1X amplitude Y (pk-pk)'),
    oneXPhaseYDeg: f.number({ label: '1X phase Y', unit: '°', min: 0, max: 360, group: 'readings' }),
    gapVoltageXV: f.number({ label: 'Gap voltage X', unit: 'V', min: -30, max: 0, group: 'readings' }),
    gapVoltageYV: f.number({ label: 'Gap voltage Y', unit: 'V', min: -30, max: 0, group: 'readings' }),
    remarks: f.longText({ maxLength: 5000 }),
  },
  groups: { readings: 'Readings' },
  parent: 'vibrationAnalysisId',
  naturalKey: ['vibrationAnalysisId', 'probeLocation', 'measurementDate'],
  sort: { field: 'probeLocation', direction: 'asc' },
  series: {
    key: ['probeLocation'],
    time: 'measurementDate',
    values: [
      'directAmplitudeXUmPkPk',
      'directAmplitudeYUmPkPk',
      'oneXAmplitudeXUmPkPk',
      'oneXAmplitudeYUmPkPk',
    ],
  },
  derived: {
    shaftZone: {
      field: f.enumOf(vibrationZones, {
        label: 'Shaft zone',
        description:
          'ISO 7919-3 zone of the larger direct amplitude at the machine speed n: A/B 4800/√n, B/C 9000/√n, C/D 13200/√n µm pk-pk',
        blank: 'Speed or amplitude not recorded',
      }),
      expr: d.if(d.gt(d.field('machineSpeedRpm'), d.number(0)), d.bands(shaftSeverity, shaftBands, 'A')),
    },
  },
  rules: (rule) => {
    const phaseAtRest = (phase: 'oneXPhaseXDeg' | 'oneXPhaseYDeg') =>
      rule.error(
        ['machineSpeedRpm', phase],
        (b) => b.machineSpeedRpm === 0,
        'A 1X phase needs the machine running: at 0 rpm there is no 1X (once per turn) component. Enter the speed at the reading, or leave the phase empty.',
      );
    const gapOutside = (gap: 'gapVoltageXV' | 'gapVoltageYV') =>
      rule.warning(
        [gap],
        (b) => b[gap] < proximityGapVolts.from || b[gap] > proximityGapVolts.to,
        'The gap voltage is outside the linear range of an 8 mm proximity probe (−2 to −18 V, API 670): the amplitudes read may be wrong. Check the probe gap.',
      );
    return {
      phaseXAtRest: phaseAtRest('oneXPhaseXDeg'),
      phaseYAtRest: phaseAtRest('oneXPhaseYDeg'),
      gapXOutsideRange: gapOutside('gapVoltageXV'),
      gapYOutsideRange: gapOutside('gapVoltageYV'),
    };
  },
});

/** (actual − rated) / rated × 100, to 0.1 %: empty until a rated value is entered. */
const deviation = (actual: string, rated: string) =>
  d.round(d.mul(d.div(d.sub(d.field(actual), d.field(rated)), d.field(rated)), d.number(100)), 1);
const deviationField = (what: string) =>
  f.number({
    label: `${what} deviation`,
    unit: '%',
    description: `The ${what.toLowerCase()} against the rated: (actual − rated) / rated × 100`,
  });
const performance = (label: string, unit: string, max: number, group: string) =>
  f.number({ label, unit, min: 0, max, group });

/** A pump's operating point against its rated one: one per analysis, written by `POST /vibration-analysis/upsert`. */
export const vibrationFlowRatePerformance = defineEntity('vibrationFlowRatePerformance', {
  label: 'Flow rate performance',
  module: 'vibration',
  fields: {
    vibrationAnalysisId: f.ref('vibrationAnalysis', { label: 'Vibration analysis', required: true }),
    suctionPressureBar: f.number({
      label: 'Suction pressure',
      unit: 'bar',
      min: -1,
      max: 1000,
      group: 'actual',
    }),
    dischargePressureBar: f.number({
      label: 'Discharge pressure',
      unit: 'bar',
      min: -1,
      max: 1000,
      group: 'actual',
    }),
    flowM3PerH: performance('Flow', 'm³/h', 1_000_000, 'actual'),
    headM: performance('Head', 'm', 10_000, 'actual'),
    efficiencyPercent: performance('Efficiency', '%', 100, 'actual'),
    ratedFlowM3PerH: performance('Rated flow', 'm³/h', 1_000_000, 'rated'),
    ratedHeadM: performance('Rated head', 'm', 10_000, 'rated'),
    ratedEfficiencyPercent: performance('Rated efficiency', '%', 100, 'rated'),
    remarks: f.longText({ maxLength: 5000 }),
  },
  groups: { actual: 'Actual', rated: 'Rated' },
  parent: 'vibrationAnalysisId',
  uniquePerParent: true,
  naturalKey: ['vibrationAnalysisId'],
  derived: {
    flowDeviationPercent: { field: deviationField('Flow'), expr: deviation('flowM3PerH', 'ratedFlowM3PerH') },
    headDeviationPercent: { field: deviationField('Head'), expr: deviation('headM', 'ratedHeadM') },
    efficiencyDeviationPercent: {
      field: deviationField('Efficiency'),
      expr: deviation('efficiencyPercent', 'ratedEfficiencyPercent'),
    },
  },
});

/** One operating value of the machine at the measurement (a pressure, the motor current…), with its unit. */
export const vibrationOperatingParameter = defineEntity('vibrationOperatingParameter', {
  label: 'Operating parameter',
  module: 'vibration',
  print: { columns: ['parameter', 'value', 'unit'] },
  fields: {
    vibrationAnalysisId: f.ref('vibrationAnalysis', { label: 'Vibration analysis', required: true }),
    parameter: f.text({ maxLength: 100, required: true }),
    unit: f.text({ maxLength: 30 }),
    value: f.number({ min: -1_000_000, max: 1_000_000 }),
    remarks: f.longText({ maxLength: 2000 }),
  },
  parent: 'vibrationAnalysisId',
  naturalKey: ['vibrationAnalysisId', 'parameter'],
  sort: { field: 'parameter', direction: 'asc' },
});

/** The operating values every new analysis starts with, blank: a pump and its motor. */
export const vibrationOperatingTemplate = checkRowTemplate({
  parent: vibrationAnalysis,
  rows: vibrationOperatingParameter,
  items: [
    { parameter: 'Suction pressure', unit: 'bar' },
    { parameter: 'Discharge pressure', unit: 'bar' },
    { parameter: 'Flow', unit: 'm³/h' },
    { parameter: 'Motor current', unit: 'A' },
    { parameter: 'Voltage', unit: 'V' },
    { parameter: 'Load', unit: '%' },
    { parameter: 'Speed', unit: 'rpm' },
    { parameter: 'Bearing temperature', unit: '°C' },
    { parameter: 'Oil temperature', unit: '°C' },
  ],
});

/** The most rows one bulk write takes: a grid of points × directions over a few dates. */
export const vibrationRowsPerCall = 500;

const tag = 'Vibration';
const byAnalysis = { param: 'vibrationAnalysisId' };

/** SPEC 7's vibration calls, exactly as named. */
export const vibrationRoutes = [
  route('GET', '/vibration-analysis/by-report', op.getByParent(vibrationAnalysis, 'reportHeaderId'), {
    summary: 'The vibration analysis of a report (null until its first write)',
    tag,
  }),
  route('PUT', '/vibration-analysis', op.upsert(vibrationAnalysis), {
    summary: 'Create the report’s vibration analysis or update it (by reportHeaderId in the body)',
    tag,
  }),
  ...entityCalls(
    vibrationMeasurement,
    '/vibration-measurement',
    { byParent: { suffix: 'report', ...byAnalysis }, create: 'json' },
    { tag },
  ),
  route(
    'GET',
    '/vibration-measurement/trend-chart',
    op.trend(vibrationMeasurement, { by: 'vibrationAnalysisId' }),
    {
      summary:
        "Velocity, acceleration and displacement of the report's equipment over every report up to this one, per point and direction, with the zone bands of this analysis (bounded; docs/series.md)",
      tag,
    },
  ),
  route(
    'POST',
    '/vibration-measurement/upsert',
    op.upsert(vibrationMeasurement, { many: vibrationRowsPerCall }),
    {
      summary: `Write one reading or a grid of points × directions (at most ${vibrationRowsPerCall}), by point, direction and date, all or none`,
      tag,
    },
  ),
  route(
    'GET',
    '/vibration-bently-nevada/report',
    op.listByParent(vibrationBentlyNevada, 'vibrationAnalysisId'),
    { summary: 'Bently Nevada readings of an analysis (?vibrationAnalysisId=)', tag },
  ),
  route(
    'POST',
    '/vibration-bently-nevada/upsert',
    op.upsert(vibrationBentlyNevada, { many: vibrationRowsPerCall }),
    {
      summary: `Write one probe pair's reading or many (at most ${vibrationRowsPerCall}), by probe location and date, all or none`,
      tag,
    },
  ),
  route(
    'GET',
    '/vibration-bently-nevada/trend-chart',
    op.trend(vibrationBentlyNevada, { by: 'vibrationAnalysisId' }),
    {
      summary:
        "Shaft displacement of the report's equipment over every report up to this one, per probe location (bounded; docs/series.md)",
      tag,
    },
  ),
  route(
    'GET',
    '/vibration-analysis/flow-rate-performance',
    op.getByParent(vibrationFlowRatePerformance, 'vibrationAnalysisId'),
    { summary: 'The flow rate performance of an analysis (null until written)', tag },
  ),
  route('POST', '/vibration-analysis/upsert', op.upsert(vibrationFlowRatePerformance), {
    summary: 'Write the flow rate performance of an analysis (by vibrationAnalysisId in the body)',
    tag,
  }),
  route(
    'GET',
    '/vibration-operating-parameter/operational-value',
    op.listByParent(vibrationOperatingParameter, 'vibrationAnalysisId'),
    { summary: 'The operating parameters of an analysis (?vibrationAnalysisId=)', tag },
  ),
  route('PUT', '/vibration-operating-parameter/:id', op.update(vibrationOperatingParameter, 'path'), {
    summary: 'Change an operating parameter (its value)',
    tag,
  }),
  route(
    'POST',
    '/vibration-operating-parameter/upsert',
    op.upsert(vibrationOperatingParameter, { many: vibrationRowsPerCall }),
    {
      summary: `Write one operating parameter or many (at most ${vibrationRowsPerCall}), by parameter, all or none`,
      tag,
    },
  ),
];

/**
 * Vibration: a machine's bearing-housing velocities zoned by ISO 20816-3 and trended per point and
 * direction, proximity-probe readings zoned by ISO 7919-3, the pump's performance against rated and
 * its operating values (a template every analysis starts with).
 */
export const vibration = defineTechnique({
  module: 'vibration',
  labelsId: vibrationId,
  method: 'vibration',
  description: 'Machine vibration per point and direction, zoned by ISO 20816-3 and trended over reports.',
  slug: 'vibration',
  icon: 'vibration',
  color: 'violet',
  entities: [
    vibrationAnalysis,
    vibrationMeasurement,
    vibrationBentlyNevada,
    vibrationFlowRatePerformance,
    vibrationOperatingParameter,
  ],
  routes: vibrationRoutes,
  workspace: {
    inspection: vibrationAnalysis,
    rows: vibrationMeasurement,
    lists: [
      { entity: vibrationBentlyNevada },
      { entity: vibrationFlowRatePerformance },
      { entity: vibrationOperatingParameter },
    ],
  },
  // The analyst's zone paired with the standard's: an override needs a reason, counts the stricter.
  findingGrade: {
    field: 'analystZone',
    levels: vibrationZones,
    standard: 'zone',
    opens: { C: opensFinding('high'), D: opensFinding('critical') },
  },
  complete: { rows: { min: 1 } },
  templates: [vibrationOperatingTemplate],
});
