import { d } from '../derive.ts';
import { defineEntity } from '../entity.ts';
import { f } from '../fields.ts';
import { entityCalls } from '../entity-calls.ts';
import { defineTechnique, eachVariant } from '../technique.ts';
import { pipeFamilies } from './findings.ts';
import { ufdId } from './ufd.id.ts';
import { opensFinding } from '../finding-severity.ts';

/** The equipment classes ultrasonic flaw detection is reported for (SPEC 3). */
export const ufdVariants = [...pipeFamilies, 'pressure-vessel'] as const;

/**
 * What an indication is taken to be, in the usual weld-discontinuity families (ISO 6520-1): cracks,
 * lack of fusion and incomplete penetration are planar, which weld codes reject whatever their
 * length; the others are judged by length and echo height against the acceptance code.
 */
export const ufdDefectTypes = [
  'crack',
  'lackOfFusion',
  'incompletePenetration',
  'slagInclusion',
  'porosity',
  'undercut',
  'other',
] as const;

/** An indication's result against the acceptance code, worst last (the report's worst finding). */
export const ufdResults = ['accept', 'reject'] as const;

/**
 * One ultrasonic examination of welds under a report: the procedure and acceptance code, the weld
 * and material, the flaw detector, probe and calibration block, the set-up, and the conclusions.
 */
export const ufdInspection = defineEntity('ufdInspection', {
  label: 'UFD inspection',
  module: 'ufd',
  variants: ufdVariants,
  fields: {
    reportHeaderId: f.ref('reportHeader', { label: 'Report', required: true }),
    measurementDate: f.date({ label: 'Examination date', required: true }),
    procedureName: f.text({ label: 'Procedure', maxLength: 200, group: 'procedure' }),
    acceptanceCode: f.text({
      label: 'Acceptance code',
      maxLength: 200,
      description: 'The code or standard indications are judged against, e.g. "ASME B31.3" or "API 1104"',
      group: 'procedure',
    }),
    scanningTechnique: f.text({ maxLength: 200, group: 'procedure' }),
    sensitivityLevel: f.text({
      maxLength: 200,
      description: 'The scanning sensitivity, e.g. "Reference level + 6 dB"',
      group: 'procedure',
    }),
    jobOrJoint: f.text({ label: 'Job or joint', maxLength: 200, group: 'weld' }),
    matThickness: f.number({ label: 'Material thickness', unit: 'mm', min: 0.1, max: 500, group: 'weld' }),
    weldingPrep: f.text({ label: 'Weld preparation', maxLength: 200, group: 'weld' }),
    weldingProcess: f.text({ label: 'Welding process', maxLength: 200, group: 'weld' }),
    surfaceCondition: f.text({ maxLength: 200, group: 'weld' }),
    equipmentUsed: f.text({ label: 'Flaw detector', maxLength: 200, group: 'equipment' }),
    equipmentSerialNumber: f.text({
      label: 'Flaw detector serial number',
      maxLength: 100,
      group: 'equipment',
    }),
    testBlockUsed: f.text({ label: 'Calibration block', maxLength: 200, group: 'equipment' }),
    couplantUsed: f.text({ label: 'Couplant', maxLength: 200, group: 'equipment' }),
    probeUsed: f.text({ label: 'Probe', maxLength: 200, group: 'probe' }),
    probeSerialNumber: f.text({ label: 'Probe serial number', maxLength: 100, group: 'probe' }),
    finding: f.longText({ maxLength: 10_000, group: 'results' }),
    recommendation: f.longText({ maxLength: 10_000, group: 'results' }),
    remarks: f.longText({ maxLength: 5000, group: 'results' }),
  },
  groups: {
    procedure: 'Procedure',
    weld: 'Weld and material',
    equipment: 'Equipment',
    probe: 'Probe',
    results: 'Results',
  },
  parent: 'reportHeaderId',
  sort: { field: 'measurementDate', direction: 'desc' },
  search: ['jobOrJoint', 'procedureName', 'finding'],
  images: { isometricImage: f.image({ label: 'Isometric' }) },
});

/** Indication types the weld codes reject whatever their length or echo: planar ones. */
export const ufdPlanarDefects = ['crack', 'lackOfFusion', 'incompletePenetration'] as const;
const judgedBySize = ufdDefectTypes.filter(
  (t) => !(ufdPlanarDefects as readonly string[]).includes(t),
) as unknown as readonly [string, ...string[]];

/**
 * Where the reference level is on the screen: the reference reflector's echo at the reference gain,
 * set to 80 % of full screen height along the sound path (time-corrected gain, ASME V Article 4). An
 * echo height above it exceeds the reference level (docs/techniques.md, UFD).
 */
export const ufdReferenceEchoPercent = 80;

const code = 'ufdInspectionId.acceptanceCode';
const thickness = d.field('ufdInspectionId.matThickness');
const length = d.field('decibelsDefectLength');
const echo = d.field('decibelsDefectHeightOfScreenPercentage');
/**
 * The longest indication above the reference level the codes accept, by the thickness t: 6 mm up to
 * 19 mm, t/3 up to 57 mm, 19 mm above (ASME B31.3 344.6.2, ASME VIII Div. 1 Appendix 12-3).
 */
const longestAccepted = d.if(
  d.isSet(thickness),
  d.if(
    d.lte(thickness, d.number(19)),
    d.number(6),
    d.if(d.lte(thickness, d.number(57)), d.div(thickness, d.number(3)), d.number(19)),
  ),
);
/** The codes whose acceptance criteria the proposal applies; Section VIII Division 2 judges otherwise. */
const codeApplies = d.or(
  d.mentions(code, ['B31.3']),
  d.and(d.mentions(code, ['VIII']), d.not(d.mentions(code, ['Div. 2', 'Div 2', 'Division 2']))),
);

/**
 * One part examined and what was found there: its result, the indication's type, size and position,
 * and the signal it was judged by (probe angle, echo against the reference), with typed photos
 * (A-scans).
 */
export const ufdSummary = defineEntity('ufdSummary', {
  label: 'UFD finding',
  module: 'ufd',
  // The PDF's rows table (docs/report-pdf.md).
  print: {
    columns: [
      'partOfSubject',
      'decibelsDefectType',
      'decibelsDefectLength',
      'decibelsDefectThickness',
      'decibelsDefectHeightOfScreenPercentage',
      'proposedResult',
      'result',
    ],
  },
  variants: ufdVariants,
  // In the order a reader scans a list of findings: what and where, the result, the indication's
  // type and size (the first columns of the tables), then the signal it was judged by.
  fields: {
    ufdInspectionId: f.ref('ufdInspection', { label: 'UFD inspection', required: true }),
    measurementDate: f.date({ label: 'Examination date', required: true }),
    partOfSubject: f.text({
      label: 'Part examined',
      required: true,
      maxLength: 200,
      description: 'Where on the joint, e.g. "Weld root, 3 o’clock"',
    }),
    result: f.enumOf(ufdResults, { required: true }),
    decibelsDefectType: f.enumOf(ufdDefectTypes, { label: 'Indication type', group: 'indication' }),
    decibelsDefectLength: f.number({
      label: 'Length',
      unit: 'mm',
      min: 0,
      max: 100_000,
      group: 'indication',
    }),
    decibelsDefectThickness: f.number({
      label: 'Depth',
      unit: 'mm',
      min: 0,
      max: 500,
      description: 'How deep the indication lies below the scanning surface',
      group: 'indication',
    }),
    defectLocationFromYAxis: f.number({
      label: 'Location from the Y axis',
      unit: 'mm',
      min: -100_000,
      max: 100_000,
      group: 'indication',
    }),
    decibelsDefectAngularDistance: f.number({
      label: 'Sound-path distance',
      unit: 'mm',
      min: 0,
      max: 100_000,
      group: 'indication',
    }),
    decibelsDefectHeightOfScreenPercentage: f.number({
      label: 'Echo height',
      unit: '%',
      min: 0,
      max: 1000,
      description: 'Of full screen height, at the reference gain',
      group: 'signal',
    }),
    transducerAngle: f.number({ label: 'Probe angle', unit: '°', min: 0, max: 90, group: 'signal' }),
    decibelsDefectSensitivityLevel: f.number({
      label: 'Sensitivity level',
      unit: 'dB',
      min: -20,
      max: 120,
      group: 'signal',
    }),
    decibelsDefectReferenceLevel: f.number({
      label: 'Reference level',
      unit: 'dB',
      min: -20,
      max: 120,
      group: 'signal',
    }),
    examinationTime: f.text({
      maxLength: 40,
      description: 'When the indication was recorded, e.g. "10:45"',
      group: 'signal',
    }),
  },
  groups: { indication: 'Indication', signal: 'Signal' },
  derived: {
    // The code's answer beside the inspector's: a planar indication is rejected; another is
    // rejected when its echo exceeds the reference level and it is longer than the thickness allows.
    // Empty for another code or while a value it needs is missing; the result stays the record.
    proposedResult: {
      field: f.enumOf(ufdResults, {
        label: 'Result by the code',
        description:
          'What ASME B31.3 (344.6.2) or ASME VIII Div. 1 (Appendix 12) gives for this indication, from its type, echo height and length and the material thickness',
      }),
      expr: d.if(
        codeApplies,
        d.if(
          d.oneOf('decibelsDefectType', ufdPlanarDefects),
          d.text('reject'),
          d.if(
            d.and(d.oneOf('decibelsDefectType', judgedBySize), d.isSet(echo)),
            d.if(
              d.lte(echo, d.number(ufdReferenceEchoPercent)),
              d.text('accept'),
              d.if(
                d.gt(length, longestAccepted),
                d.text('reject'),
                d.if(d.lte(length, longestAccepted), d.text('accept')),
              ),
            ),
          ),
        ),
      ),
    },
  },
  parent: 'ufdInspectionId',
  sort: { field: 'measurementDate', direction: 'desc' },
  search: ['partOfSubject'],
  imageLists: {
    summaryImages: f.imageList({
      label: 'Photos',
      types: ['aScan', 'indication', 'marking', 'overview', 'other'],
      typeLabels: { aScan: 'A-scan' },
    }),
  },
});

/** SPEC 7's UFD calls per equipment class. */
export const ufdRoutes = eachVariant(ufdVariants, (variant) => [
  ...entityCalls(
    ufdInspection,
    `/ufd-inspection-${variant}`,
    {
      byParent: { suffix: 'by-report', param: 'reportHeaderId' },
      create: 'multipart',
      update: { body: 'multipart' },
    },
    { tag: 'UFD', variant },
  ),
  ...entityCalls(
    ufdSummary,
    `/ufd-summary-${variant}`,
    {
      byParent: { suffix: 'by-inspection', param: 'inspectionId' },
      create: 'multipart',
      update: { body: 'json-or-multipart' },
      delete: 'query',
    },
    { tag: 'UFD', variant },
  ),
]);

/**
 * Ultrasonic flaw detection of welds: an inspection per examination with its procedure, equipment
 * and probe, and the indications found, each accepted or rejected against the acceptance code.
 */
export const ufd = defineTechnique({
  module: 'ufd',
  labelsId: ufdId,
  method: 'ufd',
  description: 'Ultrasonic examination of welds: the set-up, and each indication accepted or rejected.',
  slug: 'ufd',
  icon: 'ultrasound',
  color: 'indigo',
  entities: [ufdInspection, ufdSummary],
  routes: ufdRoutes,
  workspace: { inspection: ufdInspection, rows: ufdSummary },
  // The material thickness the examination measured: a thickness location's reading.
  thicknessSource: { entity: ufdInspection, field: 'matThickness' },
  // The code's verdict beside the inspector's: a difference is an override (docs/verdict-pairs.md).
  findingGrade: {
    field: 'result',
    levels: ufdResults,
    standard: 'proposedResult',
    opens: { reject: opensFinding('high') },
  },
  // An examination reports what it found: at least one indication, accepted or not.
  complete: { rows: { min: 1 } },
});
