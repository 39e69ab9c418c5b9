import { d } from '../derive.ts';
import { defineEntity } from '../entity.ts';
import { f } from '../fields.ts';
import { entityCalls } from '../entity-calls.ts';
import { defineTechnique, eachVariant } from '../technique.ts';
import { motionMagnificationId } from './motion-magnification.id.ts';
import { opensFinding } from '../finding-severity.ts';

/** The equipment classes motion magnification is reported for (SPEC 3). */
export const motionMagnificationVariants = ['pipe', 'storage-tank', 'pressure-vessel'] as const;
const vessel = { variants: ['pressure-vessel'] } as const;

/**
 * How a summary's vibration screens against the piping vibration severity lines of Wachel and
 * Southwest Research Institute (docs/techniques.md, "Motion magnification"), least severe first:
 * within the design line, then above each line in turn.
 */
export const vibrationScreeningLevels = [
  'acceptable',
  'aboveDesign',
  'marginal',
  'correction',
  'danger',
] as const;

/**
 * The lines as peak velocity in mm/s (design 0.5, marginal 1, correction 2, danger 4 in/s): a
 * velocity above a line is of its level, one on it of the level below. And the band of dominant
 * frequencies where velocity screens (below it displacement governs; the lines stop above it).
 */
export const vibrationScreening = {
  designMmS: 12.7,
  marginalMmS: 25.4,
  correctionMmS: 50.8,
  dangerMmS: 101.6,
  fromHz: 10,
  toHz: 300,
} as const;

const frequency = d.field('dominantFrequencyHz');
const velocity = d.field('velAmplitude');

/**
 * One motion-magnification analysis of an equipment under a report: what the videos showed overall
 * (finding, diagnosis, analysis, recommendation) and its drawings. One per report and class: the
 * shooting areas are its summaries.
 */
export const motionMagnificationAnalysis = defineEntity('motionMagnificationAnalysis', {
  label: 'Motion magnification analysis',
  module: 'motionMagnification',
  variants: motionMagnificationVariants,
  fields: {
    reportHeaderId: f.ref('reportHeader', { label: 'Report', required: true }),
    measurementDate: f.date({ label: 'Recording date' }),
    finding: f.longText({ maxLength: 10_000 }),
    diagnosis: f.longText({
      maxLength: 10_000,
      description: 'What moves the equipment, e.g. "Resonance of the discharge line near 1× pump speed"',
    }),
    analysis: f.longText({ maxLength: 10_000 }),
    recommendation: f.longText({ maxLength: 10_000 }),
    remarks: f.longText({ maxLength: 5000 }),
  },
  parent: 'reportHeaderId',
  uniquePerParent: true,
  images: {
    isometricImage: f.image({ label: 'Isometric' }),
    equipmentTopViewImage: f.image({ label: 'Equipment top view' }),
    overallDeflectionDirectionImage: f.image({ label: 'Overall deflection direction' }),
  },
});

/**
 * What one camera position recorded: where it looked from, the dominant frequency and amplitudes
 * read from the magnified video, and the frames that show it; a pressure vessel's also keeps the
 * video itself, its deflection direction and its motion intensity spectrum.
 */
export const motionMagnificationSummary = defineEntity('motionMagnificationSummary', {
  label: 'Motion magnification summary',
  module: 'motionMagnification',
  // The PDF's rows table (docs/report-pdf.md).
  print: {
    columns: [
      'shootingAreaOrCameraDirection',
      'measurementDate',
      'velAmplitude',
      'dispAmplitude',
      'dominantFrequencyHz',
      'vibrationScreening',
    ],
  },
  variants: motionMagnificationVariants,
  fields: {
    motionMagnificationAnalysisId: f.ref('motionMagnificationAnalysis', {
      label: 'Motion magnification analysis',
      required: true,
    }),
    measurementDate: f.date({ label: 'Recording date', required: true }),
    shootingAreaOrCameraDirection: f.text({
      label: 'Shooting area or camera direction',
      required: true,
      maxLength: 200,
      description:
        'Where the camera stood and what it looked at, e.g. "North side, grade level, facing the discharge elbow"',
    }),
    // The velocity before the frequency: what the screening grades, kept beside it in the tables.
    velAmplitude: f.number({
      label: 'Velocity amplitude',
      unit: 'mm/s',
      min: 0,
      max: 10_000,
      description: 'Peak (zero to peak) velocity at the dominant frequency',
    }),
    dominantFrequencyHz: f.number({ label: 'Dominant frequency', unit: 'Hz', min: 0, max: 10_000 }),
    dispAmplitude: f.number({
      label: 'Displacement amplitude',
      unit: 'µm',
      min: 0,
      max: 1_000_000,
      description: 'Peak-to-peak displacement at the dominant frequency',
    }),
    finding: f.longText({ maxLength: 10_000 }),
    remarks: f.longText({ maxLength: 5000 }),
  },
  derived: {
    // Velocity screens the vibration between 10 and 300 Hz; outside that band (displacement
    // governs below it) or without a frequency or velocity, nothing is proposed.
    vibrationScreening: {
      field: f.enumOf(vibrationScreeningLevels, {
        label: 'Vibration screening',
        description:
          'The velocity amplitude against the piping vibration severity lines of Wachel (SwRI), peak: design 12.7, marginal 25.4, correction 50.8, danger 101.6 mm/s; for a dominant frequency of 10 to 300 Hz',
        valueLabels: { aboveDesign: 'Above design', correction: 'Correction needed' },
      }),
      expr: d.if(
        d.and(
          d.gte(frequency, d.number(vibrationScreening.fromHz)),
          d.lte(frequency, d.number(vibrationScreening.toHz)),
        ),
        d.bands(
          velocity,
          [
            { when: 'gt', limit: vibrationScreening.dangerMmS, value: 'danger' },
            { when: 'gt', limit: vibrationScreening.correctionMmS, value: 'correction' },
            { when: 'gt', limit: vibrationScreening.marginalMmS, value: 'marginal' },
            { when: 'gt', limit: vibrationScreening.designMmS, value: 'aboveDesign' },
          ],
          'acceptable',
        ),
      ),
    },
  },
  parent: 'motionMagnificationAnalysisId',
  sort: { field: 'measurementDate', direction: 'desc' },
  search: ['shootingAreaOrCameraDirection'],
  images: {
    magnificationVideo: f.file({ accepts: 'video', label: 'Magnification video', ...vessel }),
    deflectionDirection: f.image({ label: 'Deflection direction', ...vessel }),
    motionIntensitySpectrum: f.image({ label: 'Motion intensity spectrum', ...vessel }),
  },
  imageLists: {
    summaryImages: f.imageList({
      label: 'Photos',
      types: ['magnifiedFrame', 'motionMap', 'spectrum', 'overview', 'other'],
    }),
  },
});

/**
 * SPEC 7's motion magnification calls per class. The pipe's summaries are on
 * `/motion-magnification-summary` (no class in the path), and their update names the summary in
 * the body; the other classes' on `-storage-tank` and `-pressure-vessel`, updated by `?id=`.
 */
export const motionMagnificationRoutes = eachVariant(motionMagnificationVariants, (variant) => [
  ...entityCalls(
    motionMagnificationAnalysis,
    `/motion-magnification-analysis-${variant}`,
    {
      byParent: { suffix: 'by-report', param: 'reportHeaderId' },
      get: { id: 'query' },
      create: 'multipart',
      update: { body: 'multipart' },
    },
    { tag: 'Motion magnification', variant },
  ),
  ...entityCalls(
    motionMagnificationSummary,
    variant === 'pipe' ? '/motion-magnification-summary' : `/motion-magnification-summary-${variant}`,
    {
      byParent: { suffix: 'by-analysis', param: 'analysisId' },
      get: { id: 'query', suffix: 'details' },
      create: 'multipart',
      update: { body: 'json-or-multipart', id: variant === 'pipe' ? 'body' : 'query' },
      delete: 'query',
    },
    { tag: 'Motion magnification', variant },
  ),
]);

/**
 * Motion magnification: videos of an equipment in operation, magnified so its vibration shows, and
 * per camera position the dominant frequency and amplitudes screened against piping vibration
 * severity levels.
 */
export const motionMagnification = defineTechnique({
  module: 'motionMagnification',
  labelsId: motionMagnificationId,
  method: 'motionMagnification',
  description: 'Magnified video of equipment in operation: how it moves, and how severe the vibration is.',
  slug: 'motion-magnification',
  icon: 'motion',
  color: 'cyan',
  entities: [motionMagnificationAnalysis, motionMagnificationSummary],
  routes: motionMagnificationRoutes,
  workspace: { inspection: motionMagnificationAnalysis, rows: motionMagnificationSummary },
  findingGrade: {
    field: 'vibrationScreening',
    levels: vibrationScreeningLevels,
    opens: { correction: opensFinding('high'), danger: opensFinding('critical') },
  },
  // An analysis reports what the camera recorded: at least one shooting area.
  complete: { rows: { min: 1 } },
});
