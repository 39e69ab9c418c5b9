import { d } from '../derive.ts';
import { defineEntity } from '../entity.ts';
import { f } from '../fields.ts';
import { entityCalls } from '../entity-calls.ts';
import { op, route } from '../routes.ts';
import { defineTechnique, eachVariant } from '../technique.ts';
import { srutId } from './srut.id.ts';
import { opensFinding } from '../finding-severity.ts';

/** The equipment classes SRUT is reported for (SPEC 3). */
export const srutVariants = ['storage-tank', 'pressure-vessel'] as const;

/**
 * How an indication leaves the wall against the inspection's minimum required thickness, least
 * severe first: at or above it, or below it (docs/techniques.md, "SRUT").
 */
export const srutWallConditions = ['acceptable', 'belowMinimum'] as const;

/** What a general view shows, the headings its gallery groups the pictures under. */
export const srutGeneralViewCategories = [
  'overallView',
  'scanArea',
  'indication',
  'testSetUp',
  'other',
] as const;

/** What kind of picture a general view is: a photo, a sketch, or a screen of the instrument. */
export const srutGeneralViewImageTypes = ['photo', 'sketch', 'aScan', 'bScan', 'other'] as const;

/**
 * One short-range ultrasonic examination of an equipment under a report: the thicknesses the
 * indications are judged by, the conclusions, and its photo and drawings. One per report and class:
 * the scans are its summaries, the pictures of the work its general views.
 */
export const srutInspection = defineEntity('srutInspection', {
  label: 'SRUT inspection',
  module: 'srut',
  variants: srutVariants,
  fields: {
    reportHeaderId: f.ref('reportHeader', { label: 'Report', required: true }),
    measurementDate: f.date({ label: 'Examination date' }),
    nominalThickness: f.number({
      label: 'Nominal thickness',
      unit: 'mm',
      min: 0.1,
      max: 500,
      description: 'Of the plate scanned (annular plate, shell course or head), as built',
      group: 'thickness',
    }),
    minimumThickness: f.number({
      label: 'Minimum required thickness',
      unit: 'mm',
      min: 0,
      max: 500,
      description:
        't-min: for a storage tank by API 653 (shell 4.3, bottom and annular plates 4.4); for a pressure vessel the required thickness of its design calculation (API 510)',
      group: 'thickness',
    }),
    finding: f.longText({ maxLength: 10_000, group: 'results' }),
    recommendation: f.longText({ maxLength: 10_000, group: 'results' }),
    remarks: f.longText({ maxLength: 5000, group: 'results' }),
  },
  groups: { thickness: 'Thickness', results: 'Results' },
  parent: 'reportHeaderId',
  uniquePerParent: true,
  idAlias: 'srutInspectionId',
  images: {
    equipmentPhoto: f.image({ label: 'Equipment photo' }),
    topViewSketchDrawing: f.image({ label: 'Top view sketch' }),
    fdOrPidDrawing: f.image({ label: 'FD or P&ID drawing' }),
  },
  rules: (rule) => ({
    // Possible after a change of service, far likelier two values swapped: confirmed, not refused.
    minimumAboveNominal: rule.warning(
      ['minimumThickness', 'nominalThickness'],
      (v) => v.minimumThickness > v.nominalThickness,
      'The minimum required thickness is above the nominal thickness: every indication will be graded below minimum. Check that the two are not swapped.',
    ),
  }),
});

const nominal = d.field('srutInspectionId.nominalThickness');
const minimum = d.field('srutInspectionId.minimumThickness');
/** To 0.01 mm, so a wall exactly at the minimum is not graded below it by a float's last digit. */
const remainingWall = d.round(d.sub(nominal, d.field('estimationOfDepth')), 2);

/**
 * One scan (a tag: a stretch of annular plate or shell) and the indication it found: where, how
 * large and how deep, with typed pictures; the wall it leaves and its grade are worked out from the
 * inspection's thicknesses.
 */
export const srutSummary = defineEntity('srutSummary', {
  label: 'SRUT summary',
  module: 'srut',
  // The PDF's rows table (docs/report-pdf.md).
  print: {
    columns: [
      'tag',
      'scanLength',
      'locationOfIndicationL',
      'locationOfIndicationH',
      'dimentionOfIndicationDL',
      'dimentionOfIndicationDH',
      'estimationOfDepth',
      'remainingWall',
      'wallCondition',
    ],
  },
  variants: srutVariants,
  fields: {
    srutInspectionId: f.ref('srutInspection', { label: 'SRUT inspection', required: true }),
    tag: f.text({
      required: true,
      maxLength: 100,
      description: 'The scan’s name as marked on the equipment, e.g. "A-03" or "Annular 90–120°"',
    }),
    scanLength: f.number({
      unit: 'mm',
      min: 0,
      max: 1_000_000,
      description: 'Length scanned along the plate’s edge or the shell, from the tag’s zero mark',
    }),
    locationOfIndicationL: f.number({
      label: 'Indication location L',
      unit: 'mm',
      min: 0,
      max: 1_000_000,
      description: 'Along the scan, from the tag’s zero mark',
      group: 'indication',
    }),
    locationOfIndicationH: f.number({
      label: 'Indication location H',
      unit: 'mm',
      min: 0,
      max: 10_000,
      description: 'From the probe into the plate, along the sound path',
      group: 'indication',
    }),
    dimentionOfIndicationDL: f.number({
      label: 'Indication dimension DL',
      unit: 'mm',
      min: 0,
      max: 1_000_000,
      description: 'Extent along the scan (L)',
      group: 'indication',
    }),
    dimentionOfIndicationDH: f.number({
      label: 'Indication dimension DH',
      unit: 'mm',
      min: 0,
      max: 10_000,
      description: 'Extent into the plate (H)',
      group: 'indication',
    }),
    estimationOfDepth: f.number({
      label: 'Estimated depth',
      unit: 'mm',
      min: 0,
      max: 500,
      description: 'Metal lost at the indication, as the scan estimates it',
      group: 'indication',
    }),
    remarks: f.longText({ maxLength: 5000 }),
  },
  groups: { indication: 'Indication' },
  derived: {
    remainingWall: {
      field: f.number({
        label: 'Remaining wall',
        unit: 'mm',
        description: 'The inspection’s nominal thickness less the estimated depth',
      }),
      expr: remainingWall,
    },
    // Empty while the depth or either thickness is missing: nothing is proposed on a guess.
    wallCondition: {
      field: f.enumOf(srutWallConditions, {
        label: 'Wall condition',
        description: 'The remaining wall against the inspection’s minimum required thickness',
        valueLabels: { belowMinimum: 'Below minimum' },
      }),
      expr: d.if(
        d.lt(remainingWall, minimum),
        d.text('belowMinimum'),
        d.if(d.gte(remainingWall, minimum), d.text('acceptable')),
      ),
    },
  },
  parent: 'srutInspectionId',
  sort: { field: 'tag', direction: 'asc' },
  search: ['tag'],
  imageLists: {
    summaryImages: f.imageList({
      label: 'Photos',
      types: ['aScan', 'bScan', 'indication', 'marking', 'overview', 'other'],
      typeLabels: { aScan: 'A-scan', bScan: 'B-scan' },
    }),
  },
});

/** One picture of the work (the tank, the area scanned, the set-up), captioned and filed under a category. */
export const srutGeneralView = defineEntity('srutGeneralView', {
  label: 'SRUT general view',
  module: 'srut',
  variants: srutVariants,
  fields: {
    srutInspectionId: f.ref('srutInspection', { label: 'SRUT inspection', required: true }),
    category: f.enumOf(srutGeneralViewCategories, {
      required: true,
      valueLabels: { testSetUp: 'Test set-up' },
    }),
    imageType: f.enumOf(srutGeneralViewImageTypes, {
      required: true,
      default: 'photo',
      valueLabels: { aScan: 'A-scan', bScan: 'B-scan' },
    }),
    displayName: f.text({
      label: 'Caption',
      maxLength: 200,
      description: 'What the picture shows, e.g. "North side, annular plate at 0°"',
    }),
  },
  parent: 'srutInspectionId',
  search: ['displayName'],
  images: { imageFile: f.image({ label: 'Image', required: true }) },
});

/**
 * SPEC 7's SRUT calls per class. Beside the usual ones, two lists: the summaries paged over the
 * whole table, narrowed by SPEC's flag to the indications located and sized (and, our addition, to
 * one inspection), and the general views paged with a search.
 */
export const srutRoutes = eachVariant(srutVariants, (variant) => {
  const tag = `SRUT ${variant}`;
  const summaries = `/srut-summary-${variant}` as const;
  const generalViews = `/srut-general-view-${variant}` as const;
  return [
    ...entityCalls(
      srutInspection,
      `/srut-inspection-${variant}`,
      {
        byParent: { suffix: 'by-report', param: 'reportHeaderId' },
        get: { id: 'query', suffix: 'details' },
        create: 'multipart',
        update: { body: 'json-or-multipart' },
        delete: 'query',
      },
      { tag: 'SRUT', variant },
    ),
    route(
      'GET',
      summaries,
      op.list(srutSummary, {
        variant,
        filters: {
          isShowLocationAndDimentionOfIndicationThatHaveValue: {
            op: 'hasValues',
            fields: [
              'locationOfIndicationL',
              'locationOfIndicationH',
              'dimentionOfIndicationDL',
              'dimentionOfIndicationDH',
            ],
          },
          inspectionId: { field: 'srutInspectionId', op: 'eq' },
        },
      }),
      {
        summary: `SRUT summary: list (${variant}; paged; ?isShowLocationAndDimentionOfIndicationThatHaveValue=true: only those located and sized; ?inspectionId=)`,
        tag,
      },
    ),
    ...entityCalls(
      srutSummary,
      summaries,
      {
        byParent: { suffix: 'by-inspection', param: 'inspectionId' },
        create: 'multipart',
        update: { body: 'json-or-multipart' },
        delete: 'query',
      },
      { tag: 'SRUT', variant },
    ),
    route('GET', generalViews, op.list(srutGeneralView, { variant }), {
      summary: `SRUT general view: list (${variant}; paged; ?search= on the caption; with ?id=, that one)`,
      tag,
    }),
    ...entityCalls(
      srutGeneralView,
      generalViews,
      {
        byParent: { suffix: 'by-inspection', param: 'inspectionId' },
        get: { id: 'query', suffix: 'details' },
        create: 'multipart',
        update: { body: 'json-or-multipart' },
        delete: 'query',
      },
      { tag: 'SRUT', variant },
    ),
  ];
});

/**
 * SRUT: short-range guided-wave scans of a tank's annular plate or a vessel's shell where it cannot
 * be reached (under the shell, a saddle, a support), each indication's depth taken from the
 * nominal wall and graded against the minimum required thickness, with pictures of the work.
 */
export const srut = defineTechnique({
  module: 'srut',
  labelsId: srutId,
  method: 'srut',
  description:
    'Short-range ultrasonic scans: each indication’s depth, and the wall it leaves against the minimum.',
  slug: 'srut',
  icon: 'ultrasound',
  color: 'pink',
  entities: [srutInspection, srutSummary, srutGeneralView],
  routes: srutRoutes,
  workspace: {
    inspection: srutInspection,
    rows: srutSummary,
    lists: [
      {
        entity: srutGeneralView,
        gallery: { image: 'imageFile', groupBy: 'category', caption: 'displayName' },
      },
    ],
  },
  // The wall each indication leaves: a thickness location's reading.
  thicknessSource: { entity: srutSummary, field: 'remainingWall' },
  findingGrade: {
    field: 'wallCondition',
    levels: srutWallConditions,
    opens: { belowMinimum: opensFinding('high') },
  },
  // An inspection reports what its scans found: at least one summary.
  complete: { rows: { min: 1 } },
});
