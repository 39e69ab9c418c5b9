import { d, evaluate } from '../derive.ts';
import type { Band } from '../derive.ts';
import { defineEntity } from '../entity.ts';
import { entityCalls } from '../entity-calls.ts';
import { f } from '../fields.ts';
import { op, route } from '../routes.ts';
import { defineTechnique } from '../technique.ts';
import { ultrasoundId } from './ultrasound.id.ts';
import { opensFinding } from '../finding-severity.ts';

/**
 * Condition of a bearing from the rise of its ultrasound level over the point's baseline (UE
 * Systems' bearing condition monitoring practice, as ISO 29821 describes ultrasound condition
 * monitoring: a reading judged against the same point's baseline, docs/ultrasound.md). Least
 * severe first.
 */
export const ultrasoundConditions = [
  { level: 'normal', label: 'Normal', meaning: 'Less than 8 dB over the baseline: no action' },
  {
    level: 'lubricate',
    label: 'Lubricate',
    meaning: '8 dB or more over the baseline: the bearing lacks lubrication; lubricate and measure again',
  },
  {
    level: 'damageDeveloping',
    label: 'Damage developing',
    meaning: '16 dB or more over the baseline: early bearing failure; plan the replacement',
  },
  {
    level: 'severe',
    label: 'Severe',
    meaning: '35 dB or more over the baseline: catastrophic failure near; replace now',
  },
] as const;
export type UltrasoundCondition = (typeof ultrasoundConditions)[number]['level'];
export const ultrasoundConditionLevels = ultrasoundConditions.map((c) => c.level) as [
  UltrasoundCondition,
  ...UltrasoundCondition[],
];

/** Where the bands start, in dB over the baseline: each at or above its limit. */
export const ultrasoundRiseThresholds = { lubricateFromDb: 8, damageFromDb: 16, severeFromDb: 35 } as const;

/** The rise of a reading over its point's baseline (or first reading), in dB: 0 for the baseline itself. */
export const ultrasoundRiseExpr = d.round(
  d.sub(d.field('ultrasoundValueDb'), d.first('ultrasoundValueDb')),
  1,
);

const ultrasoundBands = [
  { when: 'gte', limit: ultrasoundRiseThresholds.severeFromDb, value: 'severe' },
  { when: 'gte', limit: ultrasoundRiseThresholds.damageFromDb, value: 'damageDeveloping' },
  { when: 'gte', limit: ultrasoundRiseThresholds.lubricateFromDb, value: 'lubricate' },
] as const satisfies readonly Band[];

/** The condition by the rise over the baseline: the standard's verdict beside the analyst's. */
export const ultrasoundConditionExpr = d.bands(ultrasoundRiseExpr, ultrasoundBands, 'normal');

/** The condition of a rise in dB, by the declared bands. */
export function ultrasoundConditionOfRise(riseDb: number): UltrasoundCondition {
  return evaluate(d.bands(d.number(riseDb), ultrasoundBands, 'normal'), {}) as UltrasoundCondition;
}

/**
 * One per report, made by its first write (`PUT /ultrasound-analysis` with the report), never by a
 * read: the by-report read answers null until then.
 */
export const ultrasoundAnalysis = defineEntity('ultrasoundAnalysis', {
  label: 'Ultrasound analysis',
  module: 'ultrasound',
  fields: {
    reportHeaderId: f.ref('reportHeader', { label: 'Report', required: true }),
    finding: f.longText({ maxLength: 10_000 }),
    recommendation: f.longText({ maxLength: 10_000 }),
    remarks: f.longText({ maxLength: 5000 }),
  },
  parent: 'reportHeaderId',
  uniquePerParent: true,
  naturalKey: ['reportHeaderId'],
  idAlias: 'ultrasoundAnalysisId',
});

/**
 * A survey under the analysis: the instrument set up for a route of points (instrument, sensor,
 * heterodyne frequency, area walked, date). Several per analysis: a pump's bearings by contact
 * probe, its seals by airborne scan.
 */
export const ultrasoundInspection = defineEntity('ultrasoundInspection', {
  label: 'Ultrasound inspection',
  module: 'ultrasound',
  fields: {
    ultrasoundAnalysisId: f.ref('ultrasoundAnalysis', { label: 'Ultrasound analysis', required: true }),
    inspectionDate: f.date({ label: 'Inspection date', required: true }),
    area: f.text({ maxLength: 200, description: 'Area or route surveyed, e.g. "Pump house, P-101A/B"' }),
    instrument: f.text({ maxLength: 200, description: 'Make and model, e.g. "UE Systems Ultraprobe 15000"' }),
    instrumentSerialNumber: f.text({ maxLength: 100 }),
    sensor: f.enumOf(['contactProbe', 'airborneScanner', 'magneticSensor', 'parabolicDish'], {
      label: 'Sensor',
    }),
    remarks: f.longText({ maxLength: 5000 }),
  },
  parent: 'ultrasoundAnalysisId',
  idAlias: 'ultrasoundInspectionId',
  search: ['area', 'instrument'],
  sort: { field: 'inspectionDate', direction: 'desc' },
});

export const ultrasoundMeasurement = defineEntity('ultrasoundMeasurement', {
  label: 'Ultrasound measurement',
  module: 'ultrasound',
  print: {
    columns: [
      'measurementPointName',
      'dateTime',
      'mode',
      'frequencyHz',
      'ultrasoundValueDb',
      'riseDb',
      'conditionByRise',
      'condition',
    ],
  },
  fields: {
    ultrasoundAnalysisId: f.ref('ultrasoundAnalysis', { label: 'Ultrasound analysis', required: true }),
    // SPEC 5: the client sends the date portion; a date with a time (and zone) is refused, never guessed.
    dateTime: f.date({ label: 'Measurement date', required: true }),
    measurementPointName: f.text({
      label: 'Measurement point',
      maxLength: 200,
      required: true,
      description: 'The same name at every survey, e.g. "Pump DE bearing"',
    }),
    ultrasoundValueDb: f.number({ label: 'Ultrasound level', unit: 'dBµV', min: -20, max: 140 }),
    isBaseline: f.boolean({
      label: 'Baseline reading',
      description: 'A reading after lubrication or a repair: later readings rise from this one',
    }),
    mode: f.enumOf(['contact', 'airborne'], { label: 'Mode' }),
    frequencyHz: f.number({ label: 'Frequency', unit: 'Hz', min: 0, max: 200_000 }),
    percentSensitivity: f.number({ label: 'Sensitivity', unit: '%', min: 0, max: 100 }),
    condition: f.enumOf(ultrasoundConditionLevels, {
      label: 'Condition (analyst)',
      description: "The analyst's condition; one differing from the rise's needs a reason",
    }),
    remarks: f.longText({ maxLength: 5000 }),
  },
  parent: 'ultrasoundAnalysisId',
  images: {
    ultrasoundSpectrumImage: f.image({ label: 'Ultrasound spectrum' }),
    waveformImage: f.image({ label: 'Waveform' }),
  },
  search: ['measurementPointName', 'remarks'],
  sort: { field: 'dateTime', direction: 'desc' },
  // A bearing is judged against its own history: one series per point of the report's equipment.
  series: {
    key: ['measurementPointName'],
    time: 'dateTime',
    values: ['ultrasoundValueDb', 'riseDb'],
    baseline: 'isBaseline',
  },
  derived: {
    riseDb: { field: f.number({ label: 'Rise over baseline', unit: 'dB' }), expr: ultrasoundRiseExpr },
    conditionByRise: {
      field: f.enumOf(ultrasoundConditionLevels, { label: 'Condition by the rise' }),
      expr: ultrasoundConditionExpr,
    },
  },
});

const tag = 'Ultrasound';
export const ultrasoundRoutes = [
  route('GET', '/ultrasound-analysis/by-report', op.getByParent(ultrasoundAnalysis, 'reportHeaderId'), {
    summary: 'The ultrasound analysis of a report (null until its first write)',
    tag,
  }),
  route('PUT', '/ultrasound-analysis', op.upsert(ultrasoundAnalysis), {
    summary: "Write a report's ultrasound analysis (reportHeaderId in the body; made by its first write)",
    tag,
    // SPEC 8: one message whether the write made the analysis or changed it; 201 when it made it.
    message: 'Ultrasound analysis updated successfully',
  }),
  ...entityCalls(
    ultrasoundInspection,
    '/ultrasound-inspection',
    {
      // Our addition: the workspace lists an analysis's surveys (SPEC reads them one by one).
      byParent: { suffix: 'by-analysis', param: 'ultrasoundAnalysisId' },
      get: { id: 'path' },
      create: { body: 'json', message: 'Ultrasound inspection created successfully' },
      update: { body: 'json', id: 'path', message: 'Ultrasound inspection updated successfully' },
      delete: { id: 'path', message: 'Ultrasound inspection deleted successfully' },
    },
    { tag },
  ),
  route(
    'GET',
    '/ultrasound-measurement',
    op.list(ultrasoundMeasurement, {
      filters: {
        ultrasoundAnalysisId: { field: 'ultrasoundAnalysisId', op: 'eq' },
        dateTime: { field: 'dateTime', op: 'eq' },
      },
    }),
    { summary: "Ultrasound measurements (paged; ?ultrasoundAnalysisId=, ?dateTime= a day's)", tag },
  ),
  route('GET', '/ultrasound-measurement/trend', op.trend(ultrasoundMeasurement), {
    summary:
      "Ultrasound levels of the equipment's points over its reports: per point, each reading with the previous, the change and the rise over the baseline (bounded; docs/series.md)",
    tag,
  }),
  route('POST', '/ultrasound-measurement', op.create(ultrasoundMeasurement, 'multipart'), {
    summary: 'Create an ultrasound measurement (multipart, with its spectrum and waveform)',
    tag,
  }),
  route('PUT', '/ultrasound-measurement', op.update(ultrasoundMeasurement, 'body', 'multipart'), {
    summary: 'Update an ultrasound measurement (multipart; id in the body)',
    tag,
  }),
  route('DELETE', '/ultrasound-measurement', op.delete(ultrasoundMeasurement, 'query'), {
    summary: 'Delete an ultrasound measurement (?id=)',
    tag,
    message: 'Measurement deleted successfully',
  }),
];

/**
 * Ultrasound condition monitoring: an analysis per report, its surveys (instrument and route) and
 * its measurements per point, each graded by its rise over the point's baseline across reports.
 */
export const ultrasound = defineTechnique({
  module: 'ultrasound',
  labelsId: ultrasoundId,
  method: 'ultrasound',
  description: 'Ultrasound on bearings: dB level per point, its rise over the baseline and trend.',
  slug: 'ultrasound',
  icon: 'ultrasound',
  color: 'cyan',
  entities: [ultrasoundAnalysis, ultrasoundInspection, ultrasoundMeasurement],
  workspace: {
    inspection: ultrasoundAnalysis,
    rows: ultrasoundMeasurement,
    lists: [{ entity: ultrasoundInspection }],
  },
  findingGrade: {
    field: 'condition',
    levels: ultrasoundConditionLevels,
    standard: 'conditionByRise',
    opens: { damageDeveloping: opensFinding('high'), severe: opensFinding('critical') },
  },
  complete: { rows: { min: 1 } },
  routes: ultrasoundRoutes,
});
