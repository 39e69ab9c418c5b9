import { z } from 'zod';
import { d, evaluate } from '../derive.ts';
import type { Band } from '../derive.ts';
import { defineEntity } from '../entity.ts';
import { f } from '../fields.ts';
import { op, route } from '../routes.ts';
import { defineTechnique } from '../technique.ts';
import { thermalId } from './thermal.id.ts';
import { thermalPlausibility } from './thermal-plausibility.ts';
import { opensFinding } from '../finding-severity.ts';

/**
 * Severity of a thermal anomaly from ΔT between the component and a similar component under similar
 * load (NETA MTS comparison criteria). Bands are closed at their upper bound; a ΔT between two integer
 * bands (3 < ΔT < 4) takes the more severe one, so nothing hot falls through a gap.
 */
export const thermalSeverities = [
  { level: 'normal', label: 'Normal', meaning: 'ΔT below 1 °C: no action' },
  { level: 'investigate', label: 'Investigate', meaning: 'ΔT 1–3 °C: possible deficiency, investigate' },
  {
    level: 'repairAsTimePermits',
    label: 'Repair as time permits',
    meaning: 'ΔT 4–15 °C: probable deficiency, repair as time permits',
  },
  {
    level: 'repairImmediately',
    label: 'Repair immediately',
    meaning: 'ΔT above 15 °C: major discrepancy, repair immediately',
  },
] as const;
export type ThermalSeverity = (typeof thermalSeverities)[number]['level'];
export const thermalSeverityLevels = thermalSeverities.map((s) => s.level) as [
  ThermalSeverity,
  ...ThermalSeverity[],
];

/** Where the bands start: investigate from 1 °C, then strictly above 3 °C and above 15 °C. */
export const thermalThresholds = { investigateFromC: 1, repairAbove: 3, immediateAbove: 15 } as const;

/** ΔT rounded to 0.1 °C, as shown and as classified: declared once, computed per record and in SQL. */
export const thermalDeltaTExpr = d.round(
  d.sub(d.field('maxTemperatureC'), d.field('referenceTemperatureC')),
  1,
);

/** NETA priorities by ΔT, most severe first. */
const thermalBands = [
  { when: 'gt', limit: thermalThresholds.immediateAbove, value: 'repairImmediately' },
  { when: 'gt', limit: thermalThresholds.repairAbove, value: 'repairAsTimePermits' },
  { when: 'gte', limit: thermalThresholds.investigateFromC, value: 'investigate' },
] as const satisfies readonly Band[];

/** NETA priority of a measurement, from its ΔT. */
export const thermalSeverityExpr = d.bands(thermalDeltaTExpr, thermalBands, 'normal');

/** ΔT of two readings, by the declared expression. */
export function thermalDeltaT(maxTemperatureC: number, referenceTemperatureC: number): number {
  return evaluate(thermalDeltaTExpr, { maxTemperatureC, referenceTemperatureC }) as number;
}

/** NETA priority of a ΔT, by the declared bands. */
export function thermalSeverity(deltaTC: number): ThermalSeverity {
  return evaluate(d.bands(d.number(deltaTC), thermalBands, 'normal'), {}) as ThermalSeverity;
}

export { thermalPlausibility } from './thermal-plausibility.ts';

export const thermalAnalysis = defineEntity('thermalAnalysis', {
  label: 'Thermal analysis',
  module: 'thermal',
  fields: {
    reportHeaderId: f.ref('reportHeader', { label: 'Report', required: true }),
    summary: f.longText(),
    result: f.longText(),
  },
  parent: 'reportHeaderId',
  uniquePerParent: true,
  idAlias: 'thermalAnalysisId',
});

export const thermalMeasurement = defineEntity('thermalMeasurement', {
  label: 'Thermal measurement',
  module: 'thermal',
  // The PDF's rows table (docs/report-pdf.md).
  print: {
    columns: [
      'tagNumber',
      'equipmentName',
      'component',
      'date',
      'maxTemperatureC',
      'referenceTemperatureC',
      'deltaTC',
      'severity',
    ],
  },
  fields: {
    thermalAnalysisId: f.ref('thermalAnalysis', { label: 'Thermal analysis', required: true }),
    date: f.date({ label: 'Measurement date', required: true }),
    // A new measurement starts on its report's equipment; the inspector may name a part of it instead.
    tagNumber: f.text({
      maxLength: 100,
      group: 'equipment',
      prefill: 'thermalAnalysisId.reportHeaderId.equipmentNo.tagNumber',
    }),
    equipmentName: f.text({
      group: 'equipment',
      prefill: 'thermalAnalysisId.reportHeaderId.equipmentNo.description',
    }),
    component: f.text({ description: 'Part measured, e.g. "Phase R cable lug"', group: 'equipment' }),
    location: f.text({ group: 'equipment' }),
    maxTemperatureC: f.number({
      label: 'Max temperature',
      unit: '°C',
      min: -273.15,
      max: 3000,
      required: true,
      group: 'temperatures',
    }),
    referenceTemperatureC: f.number({
      label: 'Reference temperature',
      description: 'Similar component under similar load',
      unit: '°C',
      min: -273.15,
      max: 3000,
      required: true,
      group: 'temperatures',
    }),
    ambientTemperatureC: f.number({
      label: 'Ambient temperature',
      unit: '°C',
      min: -100,
      max: 100,
      group: 'temperatures',
    }),
    emissivity: f.number({ min: 0.01, max: 1, group: 'camera' }),
    loadPercent: f.number({ label: 'Load', unit: '%', min: 0, max: 300, group: 'camera' }),
    distanceM: f.number({ label: 'Distance', unit: 'm', min: 0, max: 1000, group: 'camera' }),
    remarks: f.longText({ maxLength: 5000 }),
    recommendation: f.longText({ maxLength: 5000 }),
  },
  parent: 'thermalAnalysisId',
  groups: { equipment: 'Equipment', temperatures: 'Temperatures', camera: 'Camera and conditions' },
  images: { thermalImage: f.image(), visualImage: f.image() },
  search: ['tagNumber', 'equipmentName', 'component', 'location'],
  sort: { field: 'date', direction: 'desc' },
  // A hot spot is judged against its own history: one series per tag and component of the report's
  // equipment, over the measurement dates of its reports (docs/series.md).
  series: { key: ['tagNumber', 'component'], time: 'date', values: ['maxTemperatureC', 'deltaTC'] },
  derived: {
    deltaTC: { field: f.number({ label: 'ΔT', unit: '°C' }), expr: thermalDeltaTExpr },
    severity: { field: f.enumOf(thermalSeverityLevels), expr: thermalSeverityExpr },
  },
  rules: (rule) => ({
    referenceAboveMax: rule.warning(
      ['referenceTemperatureC', 'maxTemperatureC'],
      (m) => m.referenceTemperatureC > m.maxTemperatureC,
      'The reference temperature is above the maximum: ΔT would be negative and the severity Normal. Check that the two are not swapped.',
    ),
    maxAboveExpected: rule.warning(
      ['maxTemperatureC'],
      (m) => m.maxTemperatureC > thermalPlausibility.hottestExpectedC,
      `The maximum temperature is above ${thermalPlausibility.hottestExpectedC} °C, rare on electrical equipment. Check the reading and the camera's range.`,
    ),
    lowEmissivity: rule.warning(
      ['emissivity'],
      (m) => m.emissivity < thermalPlausibility.lowestReliableEmissivity,
      `An emissivity below ${thermalPlausibility.lowestReliableEmissivity} (bare or shiny metal) makes the measured temperatures unreliable. Measure on a painted or taped spot if you can.`,
    ),
  }),
});

const severityCounts = z.object(
  Object.fromEntries(thermalSeverityLevels.map((l) => [l, z.number().int()])) as Record<
    ThermalSeverity,
    z.ZodNumber
  >,
);

/** What an inspector reads at the top of a thermal analysis. */
export const thermalSummarySchema = z
  .object({
    thermalAnalysisId: z.uuid(),
    summary: z.string().nullable(),
    measurementCount: z.number().int(),
    firstMeasurementDate: z.string().nullable(),
    lastMeasurementDate: z.string().nullable(),
    hottest: thermalMeasurement.schemas.response.nullable(),
    maxDeltaTC: z.number().nullable(),
    severityCounts,
  })
  .meta({ id: 'thermalSummary' });
export type ThermalSummary = z.infer<typeof thermalSummarySchema>;

/** Most measurements a result lists as needing action, worst first; `meta.notShown` says the rest. */
export const thermalActionListCap = 200;

/** The verdict: the worst severity found and the measurements that need action, worst first. */
export const thermalResultSchema = z
  .object({
    thermalAnalysisId: z.uuid(),
    result: z.string().nullable(),
    overallSeverity: z.enum(thermalSeverityLevels).nullable(),
    overallMeaning: z.string(),
    actionRequired: z.array(thermalMeasurement.schemas.response),
  })
  .meta({ id: 'thermalResult' });
export type ThermalResult = z.infer<typeof thermalResultSchema>;

export const thermalAnalysisQuery = z.object({
  thermalAnalysisId: z.uuid({ error: 'thermalAnalysisId must be an identifier (UUID)' }),
});
const tag = 'Thermal';
export const thermalRoutes = [
  route('GET', '/thermal-analysis/by-report', op.getByParent(thermalAnalysis, 'reportHeaderId'), {
    summary: 'The thermal analysis of a report (null when none yet)',
    tag,
  }),
  route('POST', '/thermal-analysis', op.create(thermalAnalysis), {
    summary: 'Create the thermal analysis',
    tag,
  }),
  route('PUT', '/thermal-analysis', op.update(thermalAnalysis, 'body'), {
    summary: 'Update a thermal analysis (id in the body)',
    tag,
  }),
  route(
    'GET',
    '/thermal-analysis/summary',
    op.action('thermal.summary', { query: thermalAnalysisQuery, response: thermalSummarySchema }),
    {
      summary: 'Counts, hottest point, ΔT and severities of an analysis',
      tag,
      access: { module: 'thermal', action: 'view' },
    },
  ),
  route(
    'GET',
    '/thermal-analysis/result',
    op.action('thermal.result', {
      query: thermalAnalysisQuery,
      response: thermalResultSchema,
      capped: { actionRequired: thermalActionListCap },
    }),
    {
      summary: 'Overall severity and the measurements needing action',
      tag,
      access: { module: 'thermal', action: 'view' },
    },
  ),
  route('GET', '/thermal-measurements', op.list(thermalMeasurement), {
    summary: 'List thermal measurements (paged, search, optional id)',
    tag,
  }),
  route(
    'GET',
    '/thermal-measurements/by-thermal-analysis',
    op.listByParent(thermalMeasurement, 'thermalAnalysisId', { paged: true }),
    { summary: 'Measurements of one analysis (paged)', tag },
  ),
  route(
    'GET',
    '/thermal-measurements/measurement-data-input',
    op.listByParent(thermalMeasurement, 'thermalAnalysisId', {
      filters: { date: { field: 'date', op: 'eq' } },
    }),
    { summary: 'Measurements of one analysis entered for a date', tag },
  ),
  route('GET', '/thermal-measurements/trend', op.trend(thermalMeasurement), {
    summary:
      "Temperatures of the equipment's points over its reports: per tag and component, each reading with the previous and the change (bounded; docs/series.md)",
    tag,
  }),
  route('GET', '/thermal-measurements/:id', op.get(thermalMeasurement, 'path'), {
    summary: 'Get a thermal measurement',
    tag,
  }),
  route('POST', '/thermal-measurements', op.create(thermalMeasurement, 'json-or-multipart'), {
    summary: 'Create a measurement (multipart when an image is sent)',
    tag,
  }),
  route('PUT', '/thermal-measurements', op.update(thermalMeasurement, 'query', 'json-or-multipart'), {
    summary: 'Update a measurement (?id=; multipart when an image is sent)',
    tag,
  }),
  route('DELETE', '/thermal-measurements', op.delete(thermalMeasurement, 'query'), {
    summary: 'Delete a measurement (?id=)',
    tag,
  }),
];

/**
 * Thermal (infrared) inspection: an analysis per report, its measurements as rows graded by their
 * severity (derived from ΔT, NETA). The web plugs thermal's overview and badge into the workspace.
 */
export const thermal = defineTechnique({
  module: 'thermal',
  labelsId: thermalId,
  method: 'thermal',
  description: 'Infrared survey: hot spots, ΔT and severity.',
  slug: 'thermal',
  icon: 'temperature',
  color: 'orange',
  entities: [thermalAnalysis, thermalMeasurement],
  workspace: { inspection: thermalAnalysis, rows: thermalMeasurement },
  findingGrade: {
    field: 'severity',
    levels: thermalSeverityLevels,
    opens: {
      investigate: opensFinding('low'),
      repairAsTimePermits: opensFinding('medium'),
      repairImmediately: opensFinding('critical'),
    },
  },
  // A thermal report says what was measured: at least one measurement (docs/techniques.md).
  complete: { rows: { min: 1 } },
  routes: thermalRoutes,
});
