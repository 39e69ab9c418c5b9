import { z } from 'zod';
import { defineEntity } from '../entity.ts';
import { f } from '../fields.ts';
import { op, route } from '../routes.ts';
import { defineTechnique, eachVariant } from '../technique.ts';
import { findingSeverityLevels, pipeFamilies, visualFindingsOpen } from './findings.ts';
import { vciId } from './vci.id.ts';

/** What a visual crack inspection finds on a pipe's surface. */
export const vciFeatures = [
  'crack',
  'corrosion',
  'pitting',
  'dent',
  'gouge',
  'coatingDamage',
  'leak',
  'deformation',
  'other',
] as const;

/** VCI of one report (pipe or pipeline): the written analysis and its drawings. */
export const vciAnalysis = defineEntity('vciAnalysis', {
  label: 'VCI analysis',
  module: 'vci',
  variants: pipeFamilies,
  fields: {
    reportHeaderId: f.ref('reportHeader', { label: 'Report', required: true }),
    measurementDate: f.date(),
    finding: f.longText({ maxLength: 10_000 }),
    analysis: f.longText({ maxLength: 10_000 }),
    recommendation: f.longText({ maxLength: 10_000 }),
  },
  parent: 'reportHeaderId',
  uniquePerParent: true,
  idAlias: 'vciAnalysisId',
  images: { drawingImage: f.image({ label: 'Drawing' }), isometricImage: f.image({ label: 'Isometric' }) },
});

/** One VCI spot: where, what feature, how bad, with typed photos. */
export const vciSummary = defineEntity('vciSummary', {
  label: 'VCI summary',
  module: 'vci',
  // The PDF's rows table (docs/report-pdf.md).
  print: {
    columns: ['location', 'segmentPipingNumber', 'vciSpotNumber', 'measurementDate', 'feature', 'severity'],
  },
  variants: pipeFamilies,
  fields: {
    vciAnalysisId: f.ref('vciAnalysis', { label: 'VCI analysis', required: true }),
    measurementDate: f.date({ required: true }),
    location: f.text({ required: true }),
    segmentPipingNumber: f.text({ label: 'Segment / piping number', maxLength: 100 }),
    feature: f.enumOf(vciFeatures, { required: true }),
    vciSpotNumber: f.text({ label: 'VCI spot number', maxLength: 60 }),
    severity: f.enumOf(findingSeverityLevels, { required: true }),
    remarks: f.longText({ maxLength: 5000 }),
  },
  parent: 'vciAnalysisId',
  sort: { field: 'measurementDate', direction: 'desc' },
  search: ['location', 'segmentPipingNumber', 'vciSpotNumber'],
  imageLists: {
    summaryImages: f.imageList({
      label: 'Photos',
      types: ['overview', 'closeUp', 'measurement', 'marking', 'other'],
    }),
  },
});

/** Per feature found: how many spots, which, and the worst severity among them. */
export const vciFeatureGroupSchema = z
  .object({
    feature: z.enum(vciFeatures),
    count: z.number().int(),
    worstSeverity: z.enum(findingSeverityLevels),
    spots: z.array(vciSummary.schemas.response),
  })
  .meta({ id: 'vciFeatureGroup' });
export type VciFeatureGroup = z.infer<typeof vciFeatureGroupSchema>;

export const vciAnalysisQuery = z.object({
  vciAnalysisId: z.uuid({ error: 'vciAnalysisId must be an identifier (UUID)' }),
});

/**
 * SPEC 7's VCI calls per family. The two families differ only in a path quirk: the pipe summaries
 * are listed `by-analysis`, the pipeline's `by-reporting`. There is no create call for the analysis:
 * it is created on the first read of a report's analysis (docs/techniques.md).
 */
export const vciRoutes = eachVariant(pipeFamilies, (v) => {
  const tag = `VCI ${v}`;
  const variant = { variant: v };
  return [
    route(
      'GET',
      `/vci-analysis-${v}/by-report`,
      op.getByParent(vciAnalysis, 'reportHeaderId', { ...variant, createIfMissing: true }),
      { summary: `The ${v} VCI analysis of a report (created on first read)`, tag },
    ),
    route('PUT', `/vci-analysis-${v}`, op.update(vciAnalysis, 'query', 'multipart', variant), {
      summary: `Update a ${v} VCI analysis (?id=; multipart with the drawing or isometric)`,
      tag,
    }),
    route(
      'GET',
      `/vci-summary-${v}/${v === 'pipe' ? 'by-analysis' : 'by-reporting'}`,
      op.listByParent(vciSummary, 'vciAnalysisId', variant),
      { summary: `Summaries of a ${v} VCI analysis`, tag },
    ),
    route(
      'GET',
      `/vci-summary-${v}/grouped-by-feature`,
      op.action('vci.groupedByFeature', {
        variant: v,
        query: vciAnalysisQuery,
        response: z.array(vciFeatureGroupSchema),
      }),
      {
        summary: `The ${v} summaries grouped by feature, worst severity per feature`,
        tag,
        access: { module: 'vci', action: 'view' },
      },
    ),
    route('POST', `/vci-summary-${v}`, op.create(vciSummary, 'json-or-multipart', variant), {
      summary: `Create a ${v} VCI summary (multipart when photos are sent)`,
      tag,
    }),
    route('PUT', `/vci-summary-${v}`, op.update(vciSummary, 'query', 'json-or-multipart', variant), {
      summary: `Update a ${v} VCI summary (?id=)`,
      tag,
    }),
    route('DELETE', `/vci-summary-${v}/:id`, op.delete(vciSummary, 'path', variant), {
      summary: `Delete a ${v} VCI summary`,
      tag,
    }),
  ];
});

export const vci = defineTechnique({
  module: 'vci',
  labelsId: vciId,
  method: 'vci',
  description: 'Cracks, corrosion and damage found on the surface, spot by spot, with photos.',
  slug: 'vci',
  icon: 'crack',
  color: 'grape',
  entities: [vciAnalysis, vciSummary],
  routes: vciRoutes,
  workspace: { inspection: vciAnalysis, rows: vciSummary },
  findingGrade: { field: 'severity', levels: findingSeverityLevels, opens: visualFindingsOpen },
  // A VCI report records what was found, spot by spot: at least one finding.
  complete: { rows: { min: 1 } },
});
