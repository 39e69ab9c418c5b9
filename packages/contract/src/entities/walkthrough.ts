import { defineEntity } from '../entity.ts';
import { f } from '../fields.ts';
import { op, route } from '../routes.ts';
import { defineTechnique, eachVariant } from '../technique.ts';
import { findingSeverityLevels, pipeFamilies, visualFindingsOpen } from './findings.ts';
import { walkthroughId } from './walkthrough.id.ts';

/** The state an area is found in on a walk along the line. */
export const walkthroughConditions = ['good', 'fair', 'poor', 'bad'] as const;

/** One walk along a pipe or pipeline under a report: when, the isometric, and the conclusions. */
export const walkthroughInspection = defineEntity('walkthroughInspection', {
  label: 'Walkthrough inspection',
  module: 'walkthrough',
  variants: pipeFamilies,
  fields: {
    reportHeaderId: f.ref('reportHeader', { label: 'Report', required: true }),
    inspectionDate: f.date({ required: true }),
    finding: f.longText({ maxLength: 10_000 }),
    recommendation: f.longText({ maxLength: 10_000 }),
    remarks: f.longText({ maxLength: 5000 }),
  },
  parent: 'reportHeaderId',
  idAlias: 'walkthroughInspectionId',
  sort: { field: 'inspectionDate', direction: 'desc' },
  search: ['finding', 'remarks'],
  images: { isometricImage: f.image({ label: 'Isometric' }) },
});

/** One area seen on the walk: its condition, how serious, what to do, with typed photos. */
export const walkthroughSummary = defineEntity('walkthroughSummary', {
  label: 'Walkthrough finding',
  module: 'walkthrough',
  // The PDF's rows table (docs/report-pdf.md).
  print: { columns: ['inspectionArea', 'inspectionDate', 'condition', 'severity'] },
  variants: pipeFamilies,
  fields: {
    walkthroughInspectionId: f.ref('walkthroughInspection', {
      label: 'Walkthrough inspection',
      required: true,
    }),
    inspectionDate: f.date({ required: true }),
    inspectionArea: f.text({ required: true }),
    finding: f.longText({ required: true, maxLength: 5000 }),
    condition: f.enumOf(walkthroughConditions, { required: true }),
    severity: f.enumOf(findingSeverityLevels, { required: true }),
    recommendation: f.longText({ maxLength: 5000 }),
    remarks: f.longText({ maxLength: 5000 }),
  },
  parent: 'walkthroughInspectionId',
  sort: { field: 'inspectionDate', direction: 'desc' },
  search: ['inspectionArea'],
  imageLists: {
    summaryImages: f.imageList({
      label: 'Photos',
      types: ['overview', 'closeUp', 'support', 'coating', 'leak', 'other'],
    }),
  },
});

/** SPEC 7's walkthrough calls per family (the web reaches them by plain fetch, SPEC 4 and 8). */
export const walkthroughRoutes = eachVariant(pipeFamilies, (v) => {
  const tag = `Walkthrough ${v}`;
  const variant = { variant: v };
  const inspections = `/walkthrough-inspection-${v}` as const;
  const summaries = `/walkthrough-summary-${v}` as const;
  return [
    route(
      'GET',
      inspections,
      op.list(walkthroughInspection, {
        ...variant,
        filters: {
          reportHeaderId: { field: 'reportHeaderId', op: 'eq' },
          inspectionDateStart: { field: 'inspectionDate', op: 'gte' },
          inspectionDateEnd: { field: 'inspectionDate', op: 'lte' },
        },
      }),
      { summary: `List ${v} walkthrough inspections (paged; with ?id=, that one)`, tag },
    ),
    route(
      'GET',
      `${inspections}/by-report`,
      op.listByParent(walkthroughInspection, 'reportHeaderId', variant),
      {
        summary: `The ${v} walkthrough inspections of a report`,
        tag,
      },
    ),
    route('POST', inspections, op.create(walkthroughInspection, 'multipart', variant), {
      summary: `Create a ${v} walkthrough inspection (multipart, with the isometric)`,
      tag,
    }),
    route('PUT', inspections, op.update(walkthroughInspection, 'query', 'multipart', variant), {
      summary: `Update a ${v} walkthrough inspection (?id=; multipart)`,
      tag,
    }),
    route('DELETE', inspections, op.delete(walkthroughInspection, 'query', variant), {
      summary: `Delete a ${v} walkthrough inspection (?id=)`,
      tag,
    }),
    route('GET', summaries, op.list(walkthroughSummary, variant), {
      summary: `List ${v} walkthrough findings (paged)`,
      tag,
    }),
    route('GET', `${summaries}/details`, op.get(walkthroughSummary, 'query', variant), {
      summary: `A ${v} walkthrough finding (?id=)`,
      tag,
    }),
    route('GET', `${summaries}/by-inspection`, op.listByParent(walkthroughSummary, 'inspectionId', variant), {
      summary: `The findings of a ${v} walkthrough inspection`,
      tag,
    }),
    route('POST', summaries, op.create(walkthroughSummary, 'json-or-multipart', variant), {
      summary: `Create a ${v} walkthrough finding (multipart when photos are sent)`,
      tag,
    }),
    route('PUT', summaries, op.update(walkthroughSummary, 'query', 'json-or-multipart', variant), {
      summary: `Update a ${v} walkthrough finding (?id=)`,
      tag,
    }),
    route('DELETE', summaries, op.delete(walkthroughSummary, 'query', variant), {
      summary: `Delete a ${v} walkthrough finding (?id=)`,
      tag,
    }),
  ];
});

export const walkthrough = defineTechnique({
  module: 'walkthrough',
  labelsId: walkthroughId,
  method: 'walkthrough',
  description: 'A walk along the line: areas, their condition and severity, with photos.',
  slug: 'walkthrough',
  icon: 'walk',
  color: 'teal',
  entities: [walkthroughInspection, walkthroughSummary],
  routes: walkthroughRoutes,
  workspace: { inspection: walkthroughInspection, rows: walkthroughSummary },
  findingGrade: { field: 'severity', levels: findingSeverityLevels, opens: visualFindingsOpen },
  // A walk records the areas seen: at least one area (summary).
  complete: { rows: { min: 1 } },
  transport: 'fetch',
});
