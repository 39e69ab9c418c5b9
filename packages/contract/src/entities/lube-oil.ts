import { d } from '../derive.ts';
import type { Condition, Expr } from '../derive.ts';
import { defineEntity } from '../entity.ts';
import { entityCalls } from '../entity-calls.ts';
import { f } from '../fields.ts';
import { fieldMessage } from '../messages.ts';
import type { RowTemplate } from '../row-templates.ts';
import { op, route } from '../routes.ts';
import { defineTechnique } from '../technique.ts';
import { z } from 'zod';
import { lubeOilId } from './lube-oil.id.ts';
import { opensFinding } from '../finding-severity.ts';

/**
 * Lube oil analysis (docs/lube-oil.md): per report one oil analysis (the sample and the general
 * summary), its components' laboratory readings graded normal / caution / critical against the new
 * oil and the limits below, and the visual checks of the sample with their photo.
 */

/** A component's grade, least severe first: the report's worst finding reads them in this order. */
export const lubeOilGrades = ['normal', 'caution', 'critical'] as const;
export type LubeOilGrade = (typeof lubeOilGrades)[number];
const gradeLabels = { normal: 'Normal', caution: 'Caution', critical: 'Critical' };

/**
 * Every limit a component is graded by, in one place (sources in docs/lube-oil.md). A reading
 * strictly above a limit takes its grade; the cleanliness is judged in whole ISO 4406 scale
 * numbers above the target, at or above.
 */
export const lubeOilLimits = {
  /** Change of viscosity at 40 °C from the new oil's, in % either way (ISO 3448 grades are ±10 %). */
  viscosityChangePercent: { caution: 10, critical: 20 },
  /** Dissolved and free water, ppm (0.05 % and 0.1 %). */
  waterPpm: { caution: 500, critical: 1000 },
  /** Rise of the total acid number over the new oil's, mg KOH/g. */
  tanIncrease: { caution: 0.2, critical: 0.4 },
  /** ISO 4406 scale numbers above the target code, at the worst of its three sizes. */
  codesAboveTarget: { caution: 1, critical: 2 },
  /** General wear and contamination limits, ppm (ICP spectroscopy), until the machine's own are set. */
  wearMetalsPpm: {
    ironPpm: { caution: 50, critical: 100 },
    copperPpm: { caution: 25, critical: 50 },
    aluminiumPpm: { caution: 10, critical: 20 },
    chromiumPpm: { caution: 5, critical: 10 },
    leadPpm: { caution: 10, critical: 20 },
    siliconPpm: { caution: 15, critical: 25 },
  },
} as const;

/** The ISO 3448 viscosity grades: each names its mid-point kinematic viscosity at 40 °C, in cSt. */
export const isoVgGrades = [
  2, 3, 5, 7, 10, 15, 22, 32, 46, 68, 100, 150, 220, 320, 460, 680, 1000, 1500, 2200, 3200,
] as const;

/** An ISO 4406 code of three scale numbers, each 0–28 (`18/16/13`: ≥4, ≥6 and ≥14 µm(c) per mL). */
const scale = '(?:[0-9]|1[0-9]|2[0-8])';
export const iso4406Pattern = new RegExp(`^${scale}/${scale}/${scale}$`);
const iso4406 = {
  regex: iso4406Pattern,
  message: fieldMessage('iso4406Code'),
  examples: ['18/16/13', '17/15/12'],
} as const;

/** The three sizes of an ISO 4406 code, as read by `d.codePart`. */
const codeParts = [1, 2, 3] as const;

const analysisField = (key: string) => `lubeOilAnalysisId.${key}`;

/**
 * The new oil's viscosity at 40 °C: as measured on the new oil where entered, else its ISO VG's
 * mid-point (ISO 3448).
 */
const newOilViscosity: Expr = d.if(
  d.isSet(d.field(analysisField('newOilViscosity40Cst'))),
  d.field(analysisField('newOilViscosity40Cst')),
  d.field(analysisField('newOilIsoVg')),
);

/** (In-service − new) / new × 100, to 0.1 %. */
const viscosityChangeExpr = d.round(
  d.mul(d.div(d.sub(d.field('viscosity40Cst'), newOilViscosity), newOilViscosity), d.number(100)),
  1,
);
const tanIncreaseExpr = d.round(d.sub(d.field('tanMgKohG'), d.field(analysisField('newOilTanMgKohG'))), 2);
/** How many scale numbers one size of the code is above the target's same size. */
const codeAboveTarget = (part: number) =>
  d.sub(d.codePart('isoCode', part), d.codePart(analysisField('targetIsoCode'), part));

type Limits = { caution: number; critical: number };
/**
 * One criterion: what it reads (empty: not judged), and when a reading is beyond a limit. Written
 * as conditions, not as a worst of ranks, so the SQL grows with the criteria, never doubles.
 */
type Criterion = { read: Expr; limits: Limits; beyond: (limit: number) => Condition };
const above = (value: Expr, limits: Limits): Criterion => ({
  read: value,
  limits,
  beyond: (limit) => d.gt(value, d.number(limit)),
});
const anyOf = (all: Condition[]) => d.or(...(all as [Condition, ...Condition[]]));

const viscosity: Criterion = {
  read: viscosityChangeExpr,
  limits: lubeOilLimits.viscosityChangePercent,
  beyond: (limit) =>
    d.or(d.gt(viscosityChangeExpr, d.number(limit)), d.lt(viscosityChangeExpr, d.number(-limit))),
};
const water = above(d.field('waterPpm'), lubeOilLimits.waterPpm);
const acidity = above(tanIncreaseExpr, lubeOilLimits.tanIncrease);
const cleanliness: Criterion = {
  read: codeAboveTarget(1),
  limits: lubeOilLimits.codesAboveTarget,
  beyond: (limit) => anyOf(codeParts.map((part) => d.gte(codeAboveTarget(part), d.number(limit)))),
};
const metals = (Object.entries(lubeOilLimits.wearMetalsPpm) as [string, Limits][]).map(([key, limits]) =>
  above(d.field(key), limits),
);

/** The worst grade of some criteria: critical, else caution, else normal; empty while none is read. */
const worstGrade = (criteria: Criterion[]) =>
  d.if(
    anyOf(criteria.map((c) => c.beyond(c.limits.critical))),
    d.text('critical'),
    d.if(
      anyOf(criteria.map((c) => c.beyond(c.limits.caution))),
      d.text('caution'),
      d.if(anyOf(criteria.map((c) => d.isSet(c.read))), d.text('normal')),
    ),
  );

/** The component's grade: the worst of its criteria; empty while nothing it is graded by is read. */
export const lubeOilGradeExpr = worstGrade([viscosity, water, acidity, cleanliness, ...metals]);

const gradeField = (label: string, description: string) =>
  f.enumOf(lubeOilGrades, { label, description, valueLabels: gradeLabels });

/** The report's oil analysis: the sample as the laboratory took it, the new oil, the summary. */
export const lubeOilAnalysis = defineEntity('lubeOilAnalysis', {
  label: 'Lube oil analysis',
  module: 'lubeOil',
  fields: {
    reportHeaderId: f.ref('reportHeader', { label: 'Report', required: true }),
    sampleDate: f.date({ label: 'Sample date', required: true, group: 'sample' }),
    laboratory: f.text({ maxLength: 200, group: 'sample' }),
    sampleNumber: f.text({ label: 'Laboratory sample number', maxLength: 100, group: 'sample' }),
    hoursOnOil: f.number({ label: 'Hours on oil', unit: 'h', min: 0, max: 1_000_000, group: 'sample' }),
    oilBrand: f.text({ maxLength: 200, group: 'newOil' }),
    oilGrade: f.text({
      maxLength: 200,
      description: 'The product as its maker names it, e.g. "Omala S2 GX 220"',
      group: 'newOil',
    }),
    newOilIsoVg: f.integer({
      label: 'ISO VG of the new oil',
      description: 'ISO 3448 grade: its number is the mid-point viscosity at 40 °C in cSt',
      min: 2,
      max: 3200,
      group: 'newOil',
    }),
    newOilViscosity40Cst: f.number({
      label: 'New oil viscosity at 40 °C',
      unit: 'cSt',
      min: 0.1,
      max: 100_000,
      description: 'As measured on the new oil; the ISO VG mid-point is used when empty',
      group: 'newOil',
    }),
    newOilTanMgKohG: f.number({ label: 'New oil TAN', unit: 'mg KOH/g', min: 0, max: 100, group: 'newOil' }),
    targetIsoCode: f.text({
      label: 'Target cleanliness (ISO 4406)',
      maxLength: 8,
      pattern: iso4406,
      description: 'The cleanliness the machine is to be kept at, e.g. 17/15/12',
      group: 'newOil',
    }),
    finding: f.longText({ maxLength: 10_000, group: 'summary' }),
    recommendation: f.longText({ maxLength: 10_000, group: 'summary' }),
    remarks: f.longText({ maxLength: 5000, group: 'summary' }),
  },
  groups: { sample: 'Sample', newOil: 'New oil and targets', summary: 'General summary' },
  parent: 'reportHeaderId',
  uniquePerParent: true,
  // Written by `PUT /lube-oil/general-summary`, by its report: created by the first write.
  naturalKey: ['reportHeaderId'],
  idAlias: 'lubeOilAnalysisId',
  rules: (rule) => ({
    notIsoVg: rule.warning(
      ['newOilIsoVg'],
      (a) => !(isoVgGrades as readonly number[]).includes(a.newOilIsoVg),
      `The new oil's ISO VG is not an ISO 3448 grade (${isoVgGrades.join(', ')}): check the oil's data sheet.`,
    ),
  }),
});

const ppm = (label: string, group = 'wear') =>
  f.number({ label, unit: 'ppm', min: 0, max: 1_000_000, group });

/** One component's laboratory readings under the sample. */
export const lubeOilComponent = defineEntity('lubeOilComponent', {
  label: 'Lube oil component',
  module: 'lubeOil',
  print: {
    columns: [
      'component',
      'viscosity40Cst',
      'viscosityChangePercent',
      'waterPpm',
      'tanMgKohG',
      'isoCode',
      'ironPpm',
      'grade',
    ],
  },
  fields: {
    lubeOilAnalysisId: f.ref('lubeOilAnalysis', { label: 'Lube oil analysis', required: true }),
    component: f.text({
      maxLength: 100,
      required: true,
      description: 'The part the sample stands for, e.g. "Gearbox"',
    }),
    viscosity40Cst: f.number({
      label: 'Viscosity at 40 °C',
      unit: 'cSt',
      min: 0.1,
      max: 100_000,
      group: 'condition',
    }),
    waterPpm: ppm('Water', 'condition'),
    tanMgKohG: f.number({ label: 'TAN', unit: 'mg KOH/g', min: 0, max: 100, group: 'condition' }),
    oxidationAbsPer01Mm: f.number({
      label: 'Oxidation',
      unit: 'Abs/0.1 mm',
      min: 0,
      max: 1000,
      description: 'FTIR oxidation peak, recorded and trended, not graded',
      group: 'condition',
    }),
    isoCode: f.text({ label: 'Cleanliness (ISO 4406)', maxLength: 8, pattern: iso4406, group: 'condition' }),
    ironPpm: ppm('Iron (Fe)'),
    copperPpm: ppm('Copper (Cu)'),
    aluminiumPpm: ppm('Aluminium (Al)'),
    chromiumPpm: ppm('Chromium (Cr)'),
    leadPpm: ppm('Lead (Pb)'),
    siliconPpm: ppm('Silicon (Si)'),
    status: f.enumOf(lubeOilGrades, {
      label: 'Analyst status',
      description: 'The analyst’s own grade; where it differs from the limits’ it needs a reason',
      valueLabels: gradeLabels,
      group: 'verdict',
    }),
    remarks: f.longText({ maxLength: 5000, group: 'verdict' }),
  },
  groups: { condition: 'Oil condition', wear: 'Wear metals and contamination', verdict: 'Verdict' },
  parent: 'lubeOilAnalysisId',
  naturalKey: ['lubeOilAnalysisId', 'component'],
  search: ['component'],
  // A component's readings over the samples of its equipment, in the samples' dates (docs/series.md).
  series: {
    key: ['component'],
    time: { from: 'lubeOilAnalysisId', field: 'sampleDate' },
    values: [
      'waterPpm',
      'viscosity40Cst',
      'tanMgKohG',
      'ironPpm',
      'copperPpm',
      'siliconPpm',
      'oxidationAbsPer01Mm',
    ],
  },
  derived: {
    viscosityChangePercent: {
      field: f.number({
        label: 'Viscosity change',
        unit: '%',
        description: 'From the new oil’s viscosity at 40 °C',
      }),
      expr: viscosityChangeExpr,
    },
    viscosityGrade: {
      field: gradeField('Viscosity', 'Change from the new oil: above ±10 % caution, above ±20 % critical'),
      expr: worstGrade([viscosity]),
    },
    waterGrade: {
      field: gradeField('Water', 'Above 500 ppm caution, above 1,000 ppm critical'),
      expr: worstGrade([water]),
    },
    tanIncrease: {
      field: f.number({ label: 'TAN increase', unit: 'mg KOH/g', description: 'Over the new oil’s TAN' }),
      expr: tanIncreaseExpr,
    },
    tanGrade: {
      field: gradeField('TAN', 'Rise over the new oil: above 0.2 mg KOH/g caution, above 0.4 critical'),
      expr: worstGrade([acidity]),
    },
    cleanlinessGrade: {
      field: gradeField('Cleanliness', 'One ISO 4406 scale number above the target caution, two critical'),
      expr: worstGrade([cleanliness]),
    },
    wearGrade: {
      field: gradeField('Wear metals', 'The worst of Fe, Cu, Al, Cr, Pb and Si against their general limits'),
      expr: worstGrade(metals),
    },
    grade: {
      field: gradeField('Grade by the limits', 'The worst of the component’s criteria'),
      expr: lubeOilGradeExpr,
    },
  },
});

/** A visual check of the sample: what it looks like, with its photo (SPEC 3: `VisualImage`). */
export const lubeOilVisual = defineEntity('lubeOilVisual', {
  label: 'Lube oil visual',
  module: 'lubeOil',
  fields: {
    lubeOilAnalysisId: f.ref('lubeOilAnalysis', { label: 'Lube oil analysis', required: true }),
    component: f.text({ maxLength: 100, description: 'The component the sample was drawn from' }),
    appearance: f.enumOf(['clearBright', 'hazy', 'cloudy', 'milky', 'emulsified'] as const, {
      valueLabels: {
        clearBright: 'Clear and bright',
        hazy: 'Hazy',
        cloudy: 'Cloudy',
        milky: 'Milky',
        emulsified: 'Emulsified',
      },
    }),
    colour: f.enumOf(['light', 'amber', 'brown', 'dark', 'black'] as const, {
      valueLabels: { light: 'Light', amber: 'Amber', brown: 'Brown', dark: 'Dark', black: 'Black' },
    }),
    freeWater: f.boolean({ label: 'Free water' }),
    sediment: f.boolean({ label: 'Sediment or particles' }),
    odour: f.enumOf(['normal', 'burnt', 'sour', 'fuel', 'solvent'] as const, {
      valueLabels: { normal: 'Normal', burnt: 'Burnt', sour: 'Sour', fuel: 'Fuel', solvent: 'Solvent' },
    }),
    remarks: f.longText({ maxLength: 5000 }),
  },
  parent: 'lubeOilAnalysisId',
  images: { VisualImage: f.image({ label: 'Visual image' }) },
});

/** Rows of one call of `PUT /lube-oil/measurements`: every component of a sample, and more. */
export const lubeOilComponentsPerCall = 50;

/** `GET /lube-oil/components/{reportHeaderId}`: the report named in the path. */
export const lubeOilReportParams = z.object({
  reportHeaderId: z.uuid({ error: 'reportHeaderId must be an identifier (UUID)' }),
});

const tag = 'Lube oil';
export const lubeOilRoutes = [
  route('GET', '/lube-oil/by-report', op.getByParent(lubeOilAnalysis, 'reportHeaderId'), {
    summary: 'The lube oil analysis of a report (null until its general summary is first written)',
    tag,
  }),
  route('PUT', '/lube-oil/general-summary', op.upsert(lubeOilAnalysis), {
    summary:
      'Write the sample and general summary of a report’s lube oil analysis, by its report: the first write creates it with its template components',
    tag,
  }),
  route('GET', '/lube-oil/measurements', op.listByParent(lubeOilComponent, 'lubeOilAnalysisId'), {
    summary: 'The component readings of an analysis (?lubeOilAnalysisId=)',
    tag,
  }),
  route('PUT', '/lube-oil/measurements', op.upsert(lubeOilComponent, { many: lubeOilComponentsPerCall }), {
    summary: `Write one component's readings or a sample's (at most ${lubeOilComponentsPerCall}), by analysis and component, all or none`,
    tag,
  }),
  route(
    'GET',
    '/lube-oil/components/:reportHeaderId',
    op.action('lubeOil.components', {
      params: lubeOilReportParams,
      // Read when the routes are served: the schemas carry the verdict pair the technique names below.
      response: z.array(z.lazy(() => lubeOilComponent.schemas.response)),
    }),
    {
      summary:
        'The components of a report’s lube oil analysis, with their readings and grades (none before it exists)',
      tag,
      access: { module: 'lubeOil', action: 'view' },
    },
  ),
  route('GET', '/lube-oil/trend', op.trend(lubeOilComponent), {
    summary:
      "Readings of the equipment's oil components over its samples: per component, each sample with the previous and the change (bounded; docs/series.md)",
    tag,
  }),
  ...entityCalls(
    lubeOilVisual,
    '/lube-oil/visual',
    {
      get: { id: 'path' },
      create: 'json-or-multipart',
      update: { body: 'json-or-multipart' },
      delete: 'query',
    },
    { tag },
  ),
  // The workspace's list of visual checks (our addition: SPEC reads one by id).
  route('GET', '/lube-oil/visual/by-analysis', op.listByParent(lubeOilVisual, 'lubeOilAnalysisId'), {
    summary: 'The visual checks of an analysis (?lubeOilAnalysisId=)',
    tag,
  }),
];

/** The components a new sample starts with: a pump set's usual oil-lubricated parts. */
export const lubeOilTemplate: RowTemplate = {
  parent: lubeOilAnalysis,
  rows: lubeOilComponent,
  items: [{ component: 'Bearings' }, { component: 'Gearbox' }, { component: 'Reservoir' }],
};

/**
 * Lube oil analysis: the report's sample, its components graded against the new oil and the
 * limits, and the sample's visual checks.
 */
export const lubeOil = defineTechnique({
  module: 'lubeOil',
  labelsId: lubeOilId,
  method: 'lubeOil',
  description: 'Oil samples: viscosity, water, acidity, cleanliness and wear metals per component.',
  slug: 'lube-oil',
  icon: 'oil',
  color: 'yellow',
  entities: [lubeOilAnalysis, lubeOilComponent, lubeOilVisual],
  routes: lubeOilRoutes,
  workspace: {
    inspection: lubeOilAnalysis,
    rows: lubeOilComponent,
    lists: [{ entity: lubeOilVisual }],
  },
  findingGrade: {
    field: 'status',
    levels: lubeOilGrades,
    standard: 'grade',
    opens: { critical: opensFinding('high') },
  },
  complete: { rows: { min: 1 } },
  templates: [lubeOilTemplate],
});
