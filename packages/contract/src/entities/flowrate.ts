import { d, evaluate } from '../derive.ts';
import type { Expr } from '../derive.ts';
import { defineEntity } from '../entity.ts';
import { f } from '../fields.ts';
import { entityCalls } from '../entity-calls.ts';
import { op, route } from '../routes.ts';
import { defineTechnique } from '../technique.ts';
import { flowrateId } from './flowrate.id.ts';

/** The equipment flowrate is measured on (SPEC 3): a line, or a pump ("rotating equipment for flowrate"). */
export const flowrateVariants = ['pipe', 'rotating-equipment'] as const;
const pipe = { variants: ['pipe'] } as const;

/** How two readings of one flow, in barrels a day and in US gallons a minute, agree (docs/techniques.md, "Flowrate"). */
export const flowUnitsAgreements = ['agree', 'disagree'] as const;

/**
 * The conversion and tolerance the flows are judged by: 1 bbl = 42 US gal and a day is 1,440 min,
 * so GPM = BPD × 42 / 1440; the two agree when they differ by at most 2 % of the larger.
 */
export const flowrateAgreement = { gallonsPerBarrel: 42, minutesPerDay: 1440, tolerance: 0.02 } as const;

/** BPD as GPM: what the gallons a minute should read (shown to 0.01 gpm, judged unrounded). */
const unrounded = d.div(
  d.mul(d.field('flowrateBPD'), d.number(flowrateAgreement.gallonsPerBarrel)),
  d.number(flowrateAgreement.minutesPerDay),
);
const bpdAsGpm = d.round(unrounded, 2);
const gpm = d.field('flowrateGPM');
/** |GPM − BPD as GPM| against the tolerance of the larger of the two. */
const difference = d.max(d.sub(gpm, unrounded), d.sub(unrounded, gpm));
const allowed = d.mul(d.number(flowrateAgreement.tolerance), d.max(gpm, unrounded));
/**
 * Empty while either flow is missing, and while both are 0 (SPEC's clients send 0 for a flow left
 * out): nothing is judged on a guess, and no flow measured is no agreement ("No flow measured").
 */
const agreement: Expr = d.if(
  d.or(d.gt(d.field('flowrateBPD'), d.number(0)), d.gt(gpm, d.number(0))),
  d.if(d.lte(difference, allowed), d.text('agree'), d.if(d.gt(difference, allowed), d.text('disagree'))),
);

/** The derived values and rule every record holding both flows has: the one home of the check. */
const flowChecks = {
  derived: {
    bpdAsGPM: {
      field: f.number({
        label: 'BPD as GPM',
        unit: 'gpm',
        description: 'The flow in barrels a day converted to US gallons a minute (× 42 / 1440)',
      }),
      expr: bpdAsGpm,
    },
    flowUnitsAgreement: {
      field: f.enumOf(flowUnitsAgreements, {
        label: 'BPD and GPM',
        description:
          'Whether the flow in barrels a day and in gallons a minute are one flow: within 2 % of the larger, 1 bbl = 42 US gal, 1 day = 1,440 min',
        valueLabels: { agree: 'Agree', disagree: 'Disagree' },
        blank: 'No flow measured',
      }),
      expr: agreement,
    },
  },
};

const flowsDisagree = (values: Record<string, unknown>) => evaluate(agreement, values) === 'disagree';
const disagreeMessage =
  'The flow in barrels a day and in gallons a minute differ by more than 2 % (GPM = BPD × 42 / 1440): check that one of them is not mistyped.';

/** A flow, never negative; SPEC: flowrate numbers default to 0. */
const flow = (label: string, unit: 'bbl/d' | 'gpm', o: { group?: string; description?: string } = {}) =>
  f.number({ label, unit, min: 0, max: 10_000_000, default: 0, ...o });
const pressure = (label: string, o: { min?: number; group?: string; description?: string } = {}) =>
  f.number({ label, unit: 'psi', min: 0, max: 30_000, default: 0, ...o });

const actualFlow = d.field('actualFlowrateGPM');
const ratedFlow = d.field('ratedFlowGPM');

/**
 * One flowrate inspection of a line or a pump under a report: its operating values (pressure,
 * temperatures, electrical), its flows in both units and its conclusions. One per report and class:
 * a pipe's flow measurements and a pump's attempts hang under it.
 */
export const flowrateInspection = defineEntity('flowrateInspection', {
  label: 'Flowrate inspection',
  module: 'flowrate',
  variants: flowrateVariants,
  fields: {
    reportHeaderId: f.ref('reportHeader', { label: 'Report', required: true }),
    equipmentName: f.text({ maxLength: 200, description: 'The line or pump measured, as named on site' }),
    measurementDate: f.date({ label: 'Measurement date' }),
    dischargePressurePsi: pressure('Discharge pressure', { group: 'operation' }),
    highestBearingTempC: f.number({
      label: 'Highest bearing temperature',
      unit: '°C',
      min: -50,
      max: 500,
      default: 0,
      group: 'operation',
    }),
    highestWindingTempC: f.number({
      label: 'Highest winding temperature',
      unit: '°C',
      min: -50,
      max: 500,
      default: 0,
      group: 'operation',
    }),
    highestVoltageV: f.number({
      label: 'Highest voltage',
      unit: 'V',
      min: 0,
      max: 100_000,
      default: 0,
      group: 'operation',
    }),
    highestCurrentA: f.number({
      label: 'Highest current',
      unit: 'A',
      min: 0,
      max: 100_000,
      default: 0,
      group: 'operation',
    }),
    // SPEC's key, misspelt as its clients send it; the pump records the opening per attempt.
    percentControlValpeOpen: f.number({
      label: 'Control valve open',
      unit: '%',
      min: 0,
      max: 100,
      default: 0,
      group: 'operation',
      ...pipe,
    }),
    actualFlowrateGPM: flow('Actual flowrate', 'gpm', { group: 'flow' }),
    ratedFlowGPM: f.number({
      label: 'Rated flow',
      unit: 'gpm',
      min: 0,
      max: 10_000_000,
      group: 'flow',
      description: 'The design or nameplate flow the actual flow is compared with (our addition)',
    }),
    flowrateBPD: flow('Flowrate (BPD)', 'bbl/d', { group: 'flow' }),
    flowrateGPM: flow('Flowrate (GPM)', 'gpm', { group: 'flow' }),
    finding: f.longText({ maxLength: 10_000, group: 'results' }),
    analysis: f.longText({ maxLength: 10_000, group: 'results' }),
    recommendation: f.longText({ maxLength: 10_000, group: 'results' }),
    remarks: f.longText({ maxLength: 5000, default: '', group: 'results' }),
  },
  groups: { operation: 'Operation', flow: 'Flow', results: 'Results' },
  derived: {
    ...flowChecks.derived,
    // Empty until a rated flow is entered (a rated flow of 0 compares with nothing).
    flowDeviationPercent: {
      field: f.number({
        label: 'Deviation from rated flow',
        unit: '%',
        description: 'The actual flowrate against the rated flow: (actual − rated) / rated × 100',
      }),
      expr: d.round(d.mul(d.div(d.sub(actualFlow, ratedFlow), ratedFlow), d.number(100)), 1),
    },
  },
  parent: 'reportHeaderId',
  uniquePerParent: true,
  idAlias: 'flowrateInspectionPipeId',
  images: { isometricImage: f.image({ label: 'Isometric', ...pipe }) },
  rules: (rule) => ({
    flowUnitsDisagree: rule.warning(['flowrateBPD', 'flowrateGPM'], flowsDisagree, disagreeMessage),
  }),
});

/** One flow read on a line: the barrels a day at a line valve. */
export const flowrateMeasurementPipe = defineEntity('flowrateMeasurementPipe', {
  label: 'Flowrate measurement pipe',
  module: 'flowrate',
  // The PDF's rows table (docs/report-pdf.md).
  print: { columns: ['lineValve', 'bblD'] },
  // One class only: the engine then refuses a pump's inspection as its parent.
  variants: ['pipe'],
  fields: {
    flowrateInspectionPipeId: f.ref('flowrateInspection', { label: 'Flowrate inspection', required: true }),
    lineValve: f.text({ maxLength: 200, description: 'The valve the flow was read at, as tagged on site' }),
    bblD: flow('Flow', 'bbl/d'),
  },
  parent: 'flowrateInspectionPipeId',
});

/**
 * One attempt at a pump's flow: its number (the measurement point's label's digits), the flows in
 * both units, the pressures either side and the control valve's opening.
 */
export const flowrateMeasurement = defineEntity('flowrateMeasurement', {
  label: 'Flowrate measurement',
  module: 'flowrate',
  // The PDF's rows table (docs/report-pdf.md).
  print: {
    columns: [
      'attemp',
      'flowrateBPD',
      'flowrateGPM',
      'bpdAsGPM',
      'flowUnitsAgreement',
      'suctionPressurePsi',
      'dischargePressurePsi',
      'differentialPressurePsi',
      'percentControlValveOpen',
    ],
  },
  // One class only: the engine then refuses a line's inspection as its parent.
  variants: ['rotating-equipment'],
  fields: {
    flowrateInspectionId: f.ref('flowrateInspection', { label: 'Flowrate inspection', required: true }),
    // SPEC's key; a label ("Attempt 3") is taken as its digits.
    attemp: f.integer({
      label: 'Attempt',
      min: 0,
      default: 0,
      fromLabel: true,
      description:
        'The attempt’s number, or its label: "Attempt 3" is stored as 3, a label without digits as 0',
    }),
    flowrateBPD: flow('Flowrate (BPD)', 'bbl/d'),
    flowrateGPM: flow('Flowrate (GPM)', 'gpm'),
    // Below atmospheric on a suction lift: gauge pressure down to a full vacuum.
    suctionPressurePsi: pressure('Suction pressure', { min: -14.7 }),
    dischargePressurePsi: pressure('Discharge pressure'),
    percentControlValveOpen: f.number({
      label: 'Control valve open',
      unit: '%',
      min: 0,
      max: 100,
      default: 0,
    }),
    remarks: f.longText({ maxLength: 5000, default: '' }),
  },
  derived: {
    ...flowChecks.derived,
    differentialPressurePsi: {
      field: f.number({
        label: 'Differential pressure',
        unit: 'psi',
        description: 'Discharge less suction pressure: the head the pump adds',
      }),
      expr: d.round(d.sub(d.field('dischargePressurePsi'), d.field('suctionPressurePsi')), 2),
    },
  },
  parent: 'flowrateInspectionId',
  sort: { field: 'attemp', direction: 'asc' },
  rules: (rule) => ({
    flowUnitsDisagree: rule.warning(['flowrateBPD', 'flowrateGPM'], flowsDisagree, disagreeMessage),
  }),
});

const tag = 'Flowrate';

/**
 * SPEC 7's flowrate calls, quirks kept: the report's inspections of both classes on one call, one
 * update for either class, the pipe's read by `?flowrateInspectionPipeId=`. A pump's inspection is
 * created and deleted on `/flowrate-inspection-rotating-equipment` (our addition: SPEC names no call for it).
 */
export const flowrateRoutes = [
  route(
    'GET',
    '/flowrate-inspection/by-report',
    op.listByParent(flowrateInspection, 'reportHeaderId', { everyVariant: true }),
    { summary: 'Flowrate inspection: list by report (every class; ?reportHeaderId=)', tag },
  ),
  route(
    'PUT',
    '/flowrate-inspection',
    op.update(flowrateInspection, 'query', 'json', { everyVariant: true }),
    {
      summary: 'Flowrate inspection: update (any class, judged by its own fields; ?id=, JSON)',
      tag,
    },
  ),
  ...entityCalls(
    flowrateInspection,
    '/flowrate-inspection-pipe',
    {
      get: { id: 'query', suffix: 'by-id', param: 'flowrateInspectionPipeId' },
      create: 'multipart',
      delete: 'query',
    },
    { tag, variant: 'pipe' },
  ),
  route(
    'PUT',
    '/flowrate-inspection-pipe/upload',
    op.update(flowrateInspection, 'query', 'multipart', { variant: 'pipe' }),
    { summary: 'Flowrate inspection: upload the isometric (pipe; ?id=, multipart)', tag: `${tag} pipe` },
  ),
  ...entityCalls(
    flowrateInspection,
    '/flowrate-inspection-rotating-equipment',
    { create: 'json-or-multipart', delete: 'query' },
    { tag, variant: 'rotating-equipment' },
  ),
  ...entityCalls(
    flowrateMeasurementPipe,
    '/flowrate-measurement-pipe',
    {
      byParent: { suffix: 'by-inspection', param: 'flowrateInspectionPipeId' },
      get: { id: 'query' },
      create: 'json',
      update: { body: 'json' },
      delete: 'query',
    },
    { tag, variant: 'pipe' },
  ),
  ...entityCalls(
    flowrateMeasurement,
    '/flowrate-measurement',
    {
      byParent: { suffix: 'by-inspection', param: 'inspectionId' },
      create: 'json',
      update: { body: 'json' },
      delete: 'query',
    },
    { tag, variant: 'rotating-equipment' },
  ),
];

/**
 * Flowrate: the flow of a line or a pump, read in barrels a day and gallons a minute, with the
 * pump's pressures, temperatures and electrical values; a line's readings per valve, a pump's per
 * attempt. The two units are checked against each other, the actual flow against the rated one.
 */
export const flowrate = defineTechnique({
  module: 'flowrate',
  labelsId: flowrateId,
  method: 'flowrate',
  description: 'Flow of lines and pumps in barrels a day and gallons a minute, checked against each other.',
  slug: 'flowrate',
  icon: 'ultrasound',
  color: 'green',
  entities: [flowrateInspection, flowrateMeasurementPipe, flowrateMeasurement],
  routes: flowrateRoutes,
  workspace: {
    inspection: flowrateInspection,
    rows: flowrateMeasurement,
    rowsVariants: ['rotating-equipment'],
    lists: [{ entity: flowrateMeasurementPipe, variants: ['pipe'] }],
    profile: { x: 'attemp', series: ['flowrateGPM'], variants: ['rotating-equipment'] },
  },
  // An inspection reports what was measured: a pipe's flow readings or a pump's attempts.
  complete: { rows: { min: 1 } },
});
