import { d } from '../derive.ts';
import type { Expr } from '../derive.ts';
import { defineEntity } from '../entity.ts';
import { f } from '../fields.ts';
import { entityCalls } from '../entity-calls.ts';
import { op, route } from '../routes.ts';
import { defineTechnique, eachVariant } from '../technique.ts';
import { pipeFamilies } from './findings.ts';
import { sacpId } from './sacp.id.ts';
import { opensFinding } from '../finding-severity.ts';

/** The structures a cathodic-protection survey is reported for (SPEC 3). */
export const sacpVariants = [...pipeFamilies, 'structure'] as const;
const lines = { variants: pipeFamilies } as const;
const structure = { variants: ['structure'] } as const;

/**
 * The reference electrode a potential was read against: copper/copper-sulphate in soil (CSE),
 * silver/silver-chloride in seawater, or zinc. The criteria depend on it (docs/techniques.md "SACP").
 */
export const referenceElectrodes = ['cse', 'agAgCl', 'zinc'] as const;

/** A test point's protection, worst last: under-protection lets the steel corrode. */
export const protectionLevels = ['protected', 'overprotected', 'underprotected'] as const;

/**
 * The usual criteria, per electrode, in mV: protected at or more negative than `protectedAt`;
 * more negative than `overAt` is overprotection (coating disbondment, hydrogen in high-strength
 * steel). CSE: NACE SP0169 §6.2.2 and ISO 15589-1 (−850 mV; −1,200 mV as the negative limit);
 * Ag/AgCl in seawater: DNV-RP-B401 and ISO 15589-2 (−800 mV), the same limit converted (−1,150 mV);
 * zinc: the same potentials against a zinc electrode (+250 mV, −100 mV).
 */
export const protectionCriteria = {
  cse: { protectedAt: -850, overAt: -1200 },
  agAgCl: { protectedAt: -800, overAt: -1150 },
  zinc: { protectedAt: 250, overAt: -100 },
} as const satisfies Record<(typeof referenceElectrodes)[number], { protectedAt: number; overAt: number }>;

/** Polarisation that protects whatever the potential (NACE SP0169 §6.2.2.1.3): native to instant-off. */
export const polarisationShiftMv = 100;

/**
 * A test point's protection: the instant-off potential where given (free of the IR drop), else the
 * potential with the current on, against the electrode's criteria; 100 mV of polarisation from the
 * native potential also protects, short of overprotection.
 */
function protection(): Expr {
  const judged = d.if(
    d.isSet(d.field('potentialReading')),
    d.field('potentialReading'),
    d.field('potential'),
  );
  const judge = (c: { protectedAt: number; overAt: number }) =>
    d.if(
      d.and(
        d.gte(d.sub(d.field('nativePotential'), d.field('potentialReading')), d.number(polarisationShiftMv)),
        d.gte(judged, d.number(c.overAt)),
      ),
      d.text('protected'),
      d.bands(
        judged,
        [
          { when: 'gt', limit: c.protectedAt, value: 'underprotected' },
          { when: 'gte', limit: c.overAt, value: 'protected' },
        ],
        'overprotected',
      ),
    );
  return d.byValue('referenceElectrode', {
    cse: judge(protectionCriteria.cse),
    agAgCl: judge(protectionCriteria.agAgCl),
    zinc: judge(protectionCriteria.zinc),
  });
}

/**
 * One cathodic-protection survey under a report. A pipe or pipeline survey carries the set-up SPEC 3
 * gives it (the same header as UFD's: procedure, line and material, instrument, electrode); a
 * structure's, the survey's conclusions and a photo of the structure.
 */
export const sacpInspection = defineEntity('sacpInspection', {
  label: 'SACP inspection',
  module: 'sacp',
  variants: sacpVariants,
  fields: {
    reportHeaderId: f.ref('reportHeader', { label: 'Report', required: true }),
    measurementDate: f.date({ label: 'Survey date', required: true }),
    procedureName: f.text({ label: 'Procedure', maxLength: 200, group: 'procedure', ...lines }),
    acceptanceCode: f.text({
      label: 'Criteria',
      maxLength: 200,
      description: 'The criteria potentials are judged against, e.g. "NACE SP0169"',
      group: 'procedure',
      ...lines,
    }),
    scanningTechnique: f.text({
      label: 'Survey technique',
      maxLength: 200,
      description: 'e.g. "Test-point survey, ON and instant-OFF"',
      group: 'procedure',
      ...lines,
    }),
    sensitivityLevel: f.text({ label: 'Instrument range', maxLength: 200, group: 'procedure', ...lines }),
    jobOrJoint: f.text({ label: 'Line or section', maxLength: 200, group: 'line', ...lines }),
    matThickness: f.number({
      label: 'Wall thickness',
      unit: 'mm',
      min: 0.1,
      max: 500,
      group: 'line',
      ...lines,
    }),
    weldingPrep: f.text({ label: 'Coating', maxLength: 200, group: 'line', ...lines }),
    weldingProcess: f.text({ label: 'CP system', maxLength: 200, group: 'line', ...lines }),
    surfaceCondition: f.text({ maxLength: 200, group: 'line', ...lines }),
    equipmentUsed: f.text({ label: 'Instrument', maxLength: 200, group: 'equipment', ...lines }),
    equipmentSerialNumber: f.text({
      label: 'Instrument serial number',
      maxLength: 100,
      group: 'equipment',
      ...lines,
    }),
    probeUsed: f.text({ label: 'Reference electrode', maxLength: 200, group: 'equipment', ...lines }),
    probeSerialNumber: f.text({
      label: 'Electrode serial number',
      maxLength: 100,
      group: 'equipment',
      ...lines,
    }),
    testBlockUsed: f.text({ label: 'Electrode check', maxLength: 200, group: 'equipment', ...lines }),
    couplantUsed: f.text({ label: 'Contact medium', maxLength: 200, group: 'equipment', ...lines }),
    finding: f.longText({ maxLength: 10_000, group: 'results' }),
    recommendation: f.longText({ maxLength: 10_000, group: 'results' }),
    remarks: f.longText({ maxLength: 5000, group: 'results' }),
  },
  groups: {
    procedure: 'Procedure',
    line: 'Line',
    equipment: 'Equipment',
    results: 'Results',
  },
  parent: 'reportHeaderId',
  sort: { field: 'measurementDate', direction: 'desc' },
  search: ['jobOrJoint', 'procedureName', 'finding'],
  images: {
    isometricImage: f.image({ label: 'Isometric', ...lines }),
    equipmentImage: f.image({ label: 'Structure photo', ...structure }),
  },
});

/**
 * One test point read: where it is (kilometre post and joint, or pile; its coordinates), the
 * potentials and the electrode they were read against, its protection by the criteria, and photos.
 */
export const sacpMeasurement = defineEntity('sacpMeasurement', {
  label: 'SACP measurement',
  module: 'sacp',
  // The PDF's rows table (docs/report-pdf.md).
  print: {
    columns: [
      'testPoint',
      'pkm',
      'measurementDate',
      'potential',
      'potentialReading',
      'referenceElectrode',
      'protection',
    ],
  },
  variants: sacpVariants,
  fields: {
    sacpInspectionId: f.ref('sacpInspection', { label: 'SACP inspection', required: true }),
    measurementDate: f.date({ label: 'Reading date', required: true }),
    testPoint: f.text({ maxLength: 100, description: 'The test point’s tag, e.g. "TP-012"' }),
    pkm: f.number({
      label: 'Kilometre post',
      unit: 'km',
      min: 0,
      max: 10_000,
      group: 'location',
      ...lines,
    }),
    pileNumber: f.text({ maxLength: 100, group: 'location', ...structure }),
    jointNumber: f.text({ maxLength: 100, group: 'location', ...lines }),
    ldOrBWDOrFWD: f.text({
      label: 'LD, BWD or FWD',
      maxLength: 20,
      description: 'Where the reading was taken from the test point, as the survey sheet writes it',
      group: 'location',
      ...lines,
    }),
    ...f.coordinate('latitude', 'latitude', { group: 'location' }),
    ...f.coordinate('longitude', 'longitude', { group: 'location' }),
    pipePosition: f.text({
      maxLength: 100,
      description: 'e.g. "Buried", "Above ground", "Road crossing"',
      group: 'location',
      ...lines,
    }),
    potential: f.number({
      label: 'Potential (ON)',
      unit: 'mV',
      min: -5000,
      max: 5000,
      description: 'Structure-to-electrolyte, with the protective current on',
      group: 'potential',
    }),
    potentialReading: f.number({
      label: 'Instant-OFF potential',
      unit: 'mV',
      min: -5000,
      max: 5000,
      description: 'Read the instant the current is interrupted, free of IR drop; judged first when given',
      group: 'potential',
    }),
    nativePotential: f.number({
      unit: 'mV',
      min: -5000,
      max: 5000,
      description: 'Before protection or depolarised: 100 mV of polarisation from it also protects',
      group: 'potential',
    }),
    referenceElectrode: f.enumOf(referenceElectrodes, {
      default: 'cse',
      group: 'potential',
      valueLabels: { cse: 'CSE (Cu/CuSO₄)', agAgCl: 'Ag/AgCl', zinc: 'Zinc' },
    }),
    connectedYesNo: f.boolean({
      label: 'Connected',
      description: 'Whether the test point’s lead is connected to the line or structure',
      group: 'potential',
    }),
    soilCondition: f.text({ maxLength: 100, description: 'e.g. "Wet clay"', group: 'site', ...lines }),
    waterCondition: f.text({
      maxLength: 100,
      description: 'e.g. "Seawater, splash zone"',
      group: 'site',
      ...structure,
    }),
    rowCase: f.text({
      label: 'Right-of-way case',
      maxLength: 200,
      description: 'What was seen on the right of way at the point (encroachment, washout…)',
      group: 'site',
    }),
    recommendation: f.longText({ maxLength: 10_000 }),
    remarks: f.longText({ maxLength: 5000 }),
  },
  groups: { location: 'Location', potential: 'Potential', site: 'Site' },
  parent: 'sacpInspectionId',
  // A survey reads each test point once a day: what a data logger's readings are written by, all
  // at once (`POST /sacp-measurement-{variant}/upsert`, docs/architecture-engine.md "Keyed bulk writes").
  naturalKey: ['sacpInspectionId', 'testPoint', 'measurementDate'],
  duplicateMessage: 'This survey already has a reading of this test point on this date',
  sort: { field: 'pkm', direction: 'asc', then: [{ field: 'testPoint', direction: 'asc' }] },
  search: ['testPoint', 'jointNumber', 'pileNumber'],
  derived: {
    protection: { field: f.enumOf(protectionLevels, { label: 'Protection' }), expr: protection() },
  },
  rules: (rule) => ({
    // Interrupting the current removes the IR drop, so the instant-OFF potential is the less
    // negative of the two; more negative usually means the two columns were swapped.
    offBelowOn: rule.warning(
      ['potential', 'potentialReading'],
      (m) => m.potentialReading < m.potential,
      'The instant-OFF potential is more negative than the ON potential, which the IR drop makes unlikely. Check that the two are not swapped.',
    ),
  }),
  imageLists: {
    summaryImages: f.imageList({
      label: 'Photos',
      types: ['reading', 'testPoint', 'site', 'other'],
    }),
  },
});

/** Most readings one bulk write of a survey takes: a long line's test points, a kilometre apart. */
export const sacpReadingsPerCall = 500;

/** SPEC 7's SACP calls per structure. */
export const sacpRoutes = eachVariant(sacpVariants, (variant) => [
  ...entityCalls(
    sacpInspection,
    `/sacp-inspection-${variant}`,
    {
      byParent: { suffix: 'by-report', param: 'reportHeaderId' },
      create: 'multipart',
      update: { body: 'multipart' },
    },
    { tag: 'SACP', variant },
  ),
  ...entityCalls(
    sacpMeasurement,
    `/sacp-measurement-${variant}`,
    {
      byParent: { suffix: 'by-inspection', param: 'inspectionId' },
      create: 'multipart',
      update: { body: 'json-or-multipart' },
      delete: 'query',
    },
    { tag: 'SACP', variant },
  ),
  // Our addition: a data logger's survey written at once, by test point and date.
  route(
    'POST',
    `/sacp-measurement-${variant}/upsert`,
    op.upsert(sacpMeasurement, { variant, many: sacpReadingsPerCall }),
    {
      summary: `Write one test point's reading or a survey's (at most ${sacpReadingsPerCall}), by test point and date, all or none`,
      tag: 'SACP',
    },
  ),
]);

/**
 * Cathodic-protection potential surveys: an inspection per survey, and each test point's
 * potentials judged against the electrode's criteria (protected, under- or overprotected).
 */
export const sacp = defineTechnique({
  module: 'sacp',
  labelsId: sacpId,
  method: 'sacp',
  description: 'Cathodic-protection potential surveys: each test point judged against the criteria.',
  slug: 'sacp',
  icon: 'potential',
  color: 'teal',
  entities: [sacpInspection, sacpMeasurement],
  routes: sacpRoutes,
  workspace: {
    inspection: sacpInspection,
    rows: sacpMeasurement,
    // The potentials along the line, with the electrode's criterion and overprotection limit.
    profile: {
      x: 'pkm',
      series: ['potential', 'potentialReading'],
      limits: {
        by: 'referenceElectrode',
        cases: Object.fromEntries(
          Object.entries(protectionCriteria).map(([electrode, c]) => [
            electrode,
            [
              { value: c.protectedAt, level: 'underprotected', beyond: 'above' },
              { value: c.overAt, level: 'overprotected', beyond: 'below' },
            ],
          ]),
        ),
      },
      variants: pipeFamilies,
    },
  },
  findingGrade: {
    field: 'protection',
    levels: protectionLevels,
    opens: { underprotected: opensFinding('high') },
  },
  // A survey reports what it read: at least one test point.
  complete: { rows: { min: 1 } },
});
