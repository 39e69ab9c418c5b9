import { d } from '../derive.ts';
import { defineEntity } from '../entity.ts';
import { f } from '../fields.ts';
import type { IntegerField, NumberField, TextField } from '../fields.ts';
import { entityCalls } from '../entity-calls.ts';
import { defineTechnique, eachVariant } from '../technique.ts';
import { pipeFamilies } from './findings.ts';
import { ufdDefectTypes, ufdResults } from './ufd.ts';
import { pautId } from './paut.id.ts';
import { opensFinding } from '../finding-severity.ts';

/** The equipment classes phased-array UT is reported for (SPEC 3). */
export const pautVariants = pipeFamilies;

/** Years past the inspection a calibration may fall due: a longer interval is a typing slip. */
export const calibrationHorizonYears = 5;

/** What an additional file of a PAUT inspection documents: what an auditor asks to see beside the scans. */
export const pautFileCategories = [
  'procedure',
  'calibrationCertificate',
  'personnelCertificate',
  'scanData',
  'drawing',
  'other',
] as const;

const addYears = (date: string, years: number) =>
  `${String(Number(date.slice(0, 4)) + years)}${date.slice(4)}`;

/** One scan group's set-up, under keys ending in its number (SPEC 3 names the fields, not the keys). */
function scanGroup<const N extends 1 | 2>(n: N) {
  const group = `scanGroup${n}` as const;
  return {
    [`scan${n}`]: f.text({ label: 'Scan', maxLength: 100, description: 'e.g. "S-scan, 40–70°"', group }),
    [`firstActivateEl${n}`]: f.integer({ label: 'First active element', min: 1, max: 1024, group }),
    [`apetureEl${n}`]: f.integer({ label: 'Aperture (elements)', min: 1, max: 1024, group }),
    [`angle${n}`]: f.text({ label: 'Angle', maxLength: 40, description: 'e.g. "40–70°" or "55°"', group }),
    [`focusDistance${n}`]: f.number({ label: 'Focus distance', unit: 'mm', min: 0, max: 1000, group }),
    [`beamResolution${n}`]: f.number({ label: 'Beam resolution', unit: '°', min: 0, max: 10, group }),
    [`refDesibel${n}`]: f.number({ label: 'Reference gain', unit: 'dB', min: 0, max: 120, group }),
    [`scanningDesibel${n}`]: f.number({ label: 'Scanning gain', unit: 'dB', min: 0, max: 120, group }),
  } as Record<`${'scan' | 'angle'}${N}`, TextField & { group: `scanGroup${N}`; description: string }> &
    Record<`${'firstActivateEl' | 'apetureEl'}${N}`, IntegerField & { group: `scanGroup${N}` }> &
    Record<
      `${'focusDistance' | 'beamResolution' | 'refDesibel' | 'scanningDesibel'}${N}`,
      NumberField & { group: `scanGroup${N}` }
    >;
}

/**
 * One phased-array examination under a report: the procedure and code, the instrument with its
 * calibration, probe and wedge, the material, two scan groups, the encoder, and the conclusions.
 */
export const pautInspection = defineEntity('pautInspection', {
  label: 'PAUT inspection',
  module: 'paut',
  variants: pautVariants,
  idAlias: 'pautInspectionId',
  fields: {
    reportHeaderId: f.ref('reportHeader', { label: 'Report', required: true }),
    measurementDate: f.date({ label: 'Examination date', required: true }),
    procedureNo: f.text({ label: 'Procedure', maxLength: 200, group: 'procedure' }),
    refCodeOrAccCriteria: f.text({
      label: 'Code or acceptance criteria',
      maxLength: 200,
      description: 'e.g. "ASME B31.3 Table 341.3.2" or "API 1104 §9"',
      group: 'procedure',
    }),
    testingEquipmentMake: f.text({ label: 'Make', maxLength: 100, group: 'equipment' }),
    testingEquipmentModel: f.text({ label: 'Model', maxLength: 100, group: 'equipment' }),
    testingEquipmentModelSerialNumber: f.text({ label: 'Serial number', maxLength: 100, group: 'equipment' }),
    testingEquipmentCalDueDate: f.date({ label: 'Calibration due', group: 'equipment' }),
    testingEquipmentSoftware: f.text({ label: 'Software', maxLength: 100, group: 'equipment' }),
    testingEquipmentSoftwareSerialNumber: f.text({
      label: 'Software serial number',
      maxLength: 100,
      group: 'equipment',
    }),
    testingEquipmentEncoder: f.text({ label: 'Encoder', maxLength: 100, group: 'equipment' }),
    probeMake: f.text({ maxLength: 100, group: 'probe' }),
    probeModel: f.text({ maxLength: 100, group: 'probe' }),
    probeFrequency: f.number({ unit: 'MHz', min: 0.1, max: 50, group: 'probe' }),
    probeNumber: f.text({ label: 'Probe serial number', maxLength: 100, group: 'probe' }),
    cable: f.text({ maxLength: 100, group: 'probe' }),
    wedgeMaterial: f.text({ maxLength: 100, group: 'probe' }),
    wedgeModel: f.text({ maxLength: 100, group: 'probe' }),
    wedgeDiameter: f.text({
      maxLength: 100,
      description: 'The pipe diameter the wedge is contoured for, or "flat"',
      group: 'probe',
    }),
    plateMaterial: f.text({ label: 'Material', maxLength: 100, group: 'material' }),
    materialClass: f.text({ maxLength: 100, group: 'material' }),
    velocity: f.number({ label: 'Sound velocity', unit: 'm/s', min: 500, max: 10_000, group: 'material' }),
    diameter: f.number({ label: 'Outside diameter', unit: 'mm', min: 1, max: 5000, group: 'material' }),
    schOrNomThickness: f.text({
      label: 'Schedule or nominal thickness',
      maxLength: 100,
      description: 'e.g. "SCH 40" or "9.5 mm"',
      group: 'material',
    }),
    temperatureC: f.number({
      label: 'Surface temperature',
      unit: '°C',
      min: -50,
      max: 500,
      group: 'material',
    }),
    surfaceCondition: f.text({ maxLength: 100, group: 'material' }),
    couplant: f.text({ maxLength: 100, group: 'material' }),
    ...scanGroup(1),
    ...scanGroup(2),
    encoderCalibration: f.text({ maxLength: 100, group: 'encoder' }),
    encoderScanResolution: f.number({
      label: 'Scan resolution',
      unit: 'mm',
      min: 0,
      max: 100,
      group: 'encoder',
    }),
    encoderSpeed: f.number({ label: 'Scan speed', unit: 'mm/s', min: 0, max: 1000, group: 'encoder' }),
    finding: f.longText({ maxLength: 10_000, group: 'results' }),
    recommendation: f.longText({ maxLength: 10_000, group: 'results' }),
    remarks: f.longText({ maxLength: 5000, group: 'results' }),
  },
  groups: {
    procedure: 'Procedure',
    equipment: 'Equipment',
    probe: 'Probe and wedge',
    material: 'Material',
    scanGroup1: 'Scan group 1',
    scanGroup2: 'Scan group 2',
    encoder: 'Encoder',
    results: 'Results',
  },
  parent: 'reportHeaderId',
  sort: { field: 'measurementDate', direction: 'desc' },
  search: ['procedureNo', 'finding'],
  images: { isometricImageFile: f.image({ label: 'Isometric' }) },
  imageLists: {
    // SPEC 3: "additionalFiles with fileCategories and fileTypes lists". What a file supports is its
    // category (declared, so the report groups them); its type is kept as the client says it (a
    // media type or a word: SPEC does not say), while the server judges the file from its bytes.
    additionalFiles: f.fileList({
      label: 'Additional files',
      categories: pautFileCategories,
      sentWith: { categories: 'fileCategories', types: 'fileTypes' },
    }),
  },
  rules: (rule) => ({
    calibrationOverdue: rule.warning(
      ['testingEquipmentCalDueDate', 'measurementDate'],
      (v) => v.testingEquipmentCalDueDate < v.measurementDate,
      'The instrument’s calibration was due before the examination: results from an instrument out of calibration may not be accepted. Confirm only if a valid calibration is on record.',
    ),
    calibrationTooFar: rule.error(
      ['testingEquipmentCalDueDate', 'measurementDate'],
      (v) => v.testingEquipmentCalDueDate > addYears(v.measurementDate, calibrationHorizonYears),
      `A calibration falls due within ${calibrationHorizonYears} years of the examination: check the year`,
    ),
  }),
});

/** Whether an instrument's calibration was in date when a joint was scanned. */
export const calibrationStates = ['inDate', 'overdue'] as const;
/** The calibration due date of the instrument, read from the joint's inspection. */
const calibrationDue = d.date('pautInspectionId.testingEquipmentCalDueDate');

/** One indication on a PAUT scan: where along the weld, its size, its type and the verdict. */
export const pautSpot = {
  position: f.number({ label: 'Position', unit: 'mm', min: 0, max: 100_000, required: true }),
  length: f.number({ unit: 'mm', min: 0, max: 100_000 }),
  depth: f.number({ unit: 'mm', min: 0, max: 500 }),
  height: f.number({ label: 'Through-wall height', unit: 'mm', min: 0, max: 500 }),
  type: f.enumOf(ufdDefectTypes, { label: 'Indication type' }),
  result: f.enumOf(ufdResults, { required: true }),
};

/**
 * One scanned joint: where it is (kilometre post, joint, GPS position) and the indications found on
 * it, each accepted or rejected; the joint is rejected when any indication is.
 */
export const pautSummary = defineEntity('pautSummary', {
  label: 'PAUT joint',
  module: 'paut',
  // The PDF's rows table (docs/report-pdf.md).
  print: {
    columns: ['jointNumber', 'measurementDate', 'pkm', 'rejectedSpots', 'result'],
  },
  variants: pautVariants,
  idAlias: 'pautSummaryId',
  fields: {
    pautInspectionId: f.ref('pautInspection', { label: 'PAUT inspection', required: true }),
    measurementDate: f.date({ label: 'Scan date', required: true }),
    jointNumber: f.text({ maxLength: 100 }),
    pkm: f.number({ label: 'Kilometre post', unit: 'km', min: 0, max: 10_000 }),
    minimumWallThickness: f.number({
      label: 'Minimum wall thickness',
      unit: 'mm',
      min: 0,
      max: 500,
      description: 'The thinnest wall the scans measured on the joint',
    }),
    ...f.coordinate('gpsCoordinateLatitude', 'latitude', { notation: 'decimal' }),
    ...f.coordinate('gpsCoordinateLongitude', 'longitude', { notation: 'decimal' }),
    spotsJson: f.list(pautSpot, {
      label: 'Indications',
      itemLabel: 'Indication',
      maxItems: 100,
      text: { readAs: 'spots' },
    }),
  },
  parent: 'pautInspectionId',
  sort: { field: 'pkm', direction: 'asc', then: [{ field: 'jointNumber', direction: 'asc' }] },
  search: ['jointNumber'],
  derived: {
    rejectedSpots: {
      field: f.integer({ label: 'Rejected indications' }),
      expr: d.countItems('spotsJson', 'result', ['reject']),
    },
    result: {
      field: f.enumOf(ufdResults, { label: 'Result' }),
      expr: d.bands(
        d.countItems('spotsJson', 'result', ['reject']),
        [{ when: 'gt', limit: 0, value: 'reject' }],
        'accept',
      ),
    },
    // Each joint against its own scan date (a campaign spans days, a calibration may run out in
    // between): empty until the inspection names the calibration's due date.
    calibrationAtScan: {
      field: f.enumOf(calibrationStates, {
        label: 'Calibration at scan',
        description:
          'Whether the instrument’s calibration was still in date on the scan date (due on or after it)',
        valueLabels: { inDate: 'In date', overdue: 'Overdue' },
      }),
      expr: d.if(
        d.lt(calibrationDue, d.date('measurementDate')),
        d.text('overdue'),
        d.if(d.gte(calibrationDue, d.date('measurementDate')), d.text('inDate')),
      ),
    },
  },
});

/** SPEC 7's PAUT calls per class. */
export const pautRoutes = eachVariant(pautVariants, (variant) => [
  ...entityCalls(
    pautInspection,
    `/paut-inspection-${variant}`,
    {
      byParent: { suffix: 'by-report', param: 'reportHeaderId' },
      create: 'json-or-multipart',
      update: { body: 'json-or-multipart' },
    },
    { tag: 'PAUT', variant },
  ),
  ...entityCalls(
    pautSummary,
    `/paut-summary-${variant}`,
    {
      byParent: { suffix: 'by-inspection', param: 'inspectionId' },
      get: { id: 'path' },
      create: 'json',
      update: { body: 'json' },
      delete: 'query',
    },
    { tag: 'PAUT', variant },
  ),
]);

/**
 * Phased-array ultrasonic examination of welds: the set-up an auditor checks (instrument and its
 * calibration, probe, wedge, scan groups), and each joint's indications, accepted or rejected.
 */
export const paut = defineTechnique({
  module: 'paut',
  labelsId: pautId,
  method: 'paut',
  description: 'Phased-array examination of welds: the set-up, and each joint’s indications judged.',
  slug: 'paut',
  icon: 'ultrasound',
  color: 'violet',
  entities: [pautInspection, pautSummary],
  routes: pautRoutes,
  workspace: { inspection: pautInspection, rows: pautSummary },
  // The thinnest wall measured on a joint: a thickness location's reading.
  thicknessSource: { entity: pautSummary, field: 'minimumWallThickness' },
  findingGrade: { field: 'result', levels: ufdResults, opens: { reject: opensFinding('high') } },
  // An examination reports the joints it scanned: at least one, with or without indications.
  complete: { rows: { min: 1 } },
});
