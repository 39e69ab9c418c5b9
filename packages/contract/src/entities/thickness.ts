import { z } from 'zod';
import { d, evaluate } from '../derive.ts';
import type { Expr } from '../derive.ts';
import { defineEntity } from '../entity.ts';
import { opensFinding } from '../finding-severity.ts';
import type { OpenedFinding } from '../finding-severity.ts';
import { f } from '../fields.ts';
import type { FieldValues } from '../fields.ts';
import { op, pageNumberSchema, pageSizeSchema, route } from '../routes.ts';
import { isFutureDate } from '../rules.ts';

/**
 * Thickness monitoring (docs/thickness-monitoring.md): condition monitoring locations of a piece of
 * equipment, their wall-thickness readings over time, and per location the corrosion rates, the
 * remaining life and the next inspection date worked out on the server by API 570 (piping), API 510
 * (pressure vessels) or API 653 (tank shells).
 */

/** The code a location is assessed by: piping, a pressure vessel, a storage tank's shell. */
export const thicknessCodes = ['api570', 'api510', 'api653'] as const;
export type ThicknessCode = (typeof thicknessCodes)[number];

/** A location's state, least severe first: what a register of findings opens from (docs). */
export const thicknessStatuses = ['ok', 'approaching', 'belowRequired'] as const;
export type ThicknessStatus = (typeof thicknessStatuses)[number];

/**
 * Why a value is empty or what it leaves out: no readings; one reading (no rate yet, not 0); no
 * metal loss (every rate 0 or growth: no remaining life); growth in one rate, not used for life.
 */
export const thicknessRateNotes = ['noReadings', 'oneReading', 'noMetalLoss', 'growthNotUsed'] as const;

/** How a reading was taken. */
export const thicknessMethods = ['utSpot', 'utScan', 'paut', 'srut', 'ufd', 'rt', 'other'] as const;

/**
 * The limits a location is judged by, in one place (clauses in docs/thickness-monitoring.md).
 * `classMaxYears`: API 570 Table 2's thickness-measurement interval per piping class (class 4:
 * optional, no maximum); `vesselMaxYears`: API 510 §6.5's 10 years; `tankShellMaxYears`: API 653
 * §6.3.3's 15 years; "approaching": under `approachingLifeYears` of life, or within
 * `approachingMargin` of the required thickness (latest ≤ required × 1.10).
 */
export const thicknessLimits = {
  classMaxYears: { 1: 5, 2: 10, 3: 10 } as Readonly<Record<number, number>>,
  vesselMaxYears: 10,
  tankShellMaxYears: 15,
  approachingLifeYears: 2,
  approachingMargin: 0.1,
} as const;

/**
 * What a location opens in the register of findings to close (docs/recommendations.md, "Thickness
 * locations"), kept with its writes: a wall at or below the required thickness (critical), and one
 * not yet there with under `approachingLifeYears` of remaining life (high). One finding not yet
 * closed per location and kind.
 */
export const thicknessFindings = {
  belowRequired: opensFinding('critical'),
  underTwoYears: opensFinding('high'),
} as const satisfies Record<string, OpenedFinding>;
export type ThicknessFindingKind = keyof typeof thicknessFindings;

/** A condition monitoring location (CML / TML): where a wall's thickness is measured over the years. */
export const thicknessLocation = defineEntity('thicknessLocation', {
  label: 'Thickness location',
  module: 'thickness',
  fields: {
    equipmentNo: f.text({
      label: 'Equipment number',
      required: true,
      maxLength: 60,
      references: 'equipment',
    }),
    name: f.text({ label: 'Location', required: true, maxLength: 100 }),
    component: f.text({ maxLength: 100 }),
    code: f.enumOf(thicknessCodes, {
      label: 'Code',
      required: true,
      valueLabels: {
        api570: 'API 570 (piping)',
        api510: 'API 510 (pressure vessel)',
        api653: 'API 653 (tank shell)',
      },
    }),
    inspectionClass: f.integer({ label: 'Inspection class (piping)', min: 1, max: 4 }),
    nominalThicknessMm: f.number({
      label: 'Nominal thickness',
      unit: 'mm',
      required: true,
      min: 0.1,
      max: 500,
    }),
    requiredThicknessMm: f.number({
      label: 'Required thickness',
      unit: 'mm',
      required: true,
      min: 0.1,
      max: 500,
    }),
    corrosionAllowanceMm: f.number({ label: 'Corrosion allowance', unit: 'mm', min: 0, max: 100 }),
    // Kept by the server in every reading's write transaction (and the location's own): its series
    // and the assessment's values over it (`thicknessAssessment`), so the plant list filters and
    // pages by status off an index and answers without working anything out per row
    // (docs/thickness-monitoring.md, "The plant list at scale").
    readingCount: f.integer({ label: 'Readings', serverOwned: true }),
    firstThicknessMm: f.number({ label: 'First thickness', unit: 'mm', serverOwned: true }),
    firstDate: f.date({ label: 'First reading', serverOwned: true }),
    previousThicknessMm: f.number({ label: 'Previous thickness', unit: 'mm', serverOwned: true }),
    previousDate: f.date({ label: 'Previous reading', serverOwned: true }),
    latestThicknessMm: f.number({ label: 'Latest thickness', unit: 'mm', serverOwned: true }),
    latestDate: f.date({ label: 'Latest reading', serverOwned: true }),
    corrosionRateLongTermMmPerYear: f.number({
      label: 'Long-term corrosion rate',
      unit: 'mm/y',
      serverOwned: true,
    }),
    corrosionRateShortTermMmPerYear: f.number({
      label: 'Short-term corrosion rate',
      unit: 'mm/y',
      serverOwned: true,
    }),
    remainingLifeYears: f.number({ label: 'Remaining life', unit: 'years', serverOwned: true }),
    nextInspectionDate: f.date({ label: 'Next inspection', serverOwned: true }),
    projectedRequiredDate: f.date({ label: 'Reaches required thickness', serverOwned: true }),
    status: f.enumOf(thicknessStatuses, {
      label: 'Status',
      serverOwned: true,
      valueLabels: { ok: 'OK', approaching: 'Approaching', belowRequired: 'Below required' },
    }),
    rateNote: f.enumOf(thicknessRateNotes, {
      label: 'Rate note',
      serverOwned: true,
      valueLabels: {
        noReadings: 'No readings',
        oneReading: 'One reading: no rate yet',
        noMetalLoss: 'No metal loss',
        growthNotUsed: 'Growth, not used for life',
      },
    }),
  },
  naturalKey: ['equipmentNo', 'name'],
  // The plant list by status (`?status=`), in list order, off the index alone.
  indexes: { byStatus: { fields: ['status', 'equipmentNo', 'name'] } },
  represent: ['name'],
  search: ['equipmentNo', 'name', 'component'],
  sort: { field: 'equipmentNo', direction: 'asc' },
  rules: (rule) => ({
    requiredBelowNominal: rule.error(
      ['requiredThicknessMm', 'nominalThicknessMm'],
      (v) => v.requiredThicknessMm >= v.nominalThicknessMm,
      'The required thickness must be below the nominal thickness',
    ),
    pipingNeedsClass: rule.error(
      ['code'],
      (v) => v.code === 'api570' && (v.inspectionClass === null || v.inspectionClass === undefined),
      'A piping location (API 570) needs its inspection class, 1 to 4',
    ),
  }),
});

/** One wall-thickness reading of a location. */
export const thicknessReading = defineEntity('thicknessReading', {
  label: 'Thickness reading',
  module: 'thickness',
  fields: {
    thicknessLocationId: f.ref('thicknessLocation', { label: 'Location', required: true }),
    date: f.date({ label: 'Date', required: true }),
    thicknessMm: f.number({ label: 'Thickness', unit: 'mm', required: true, min: 0, max: 500 }),
    method: f.enumOf(thicknessMethods, {
      required: true,
      valueLabels: {
        utSpot: 'UT spot',
        utScan: 'UT scan',
        paut: 'PAUT',
        srut: 'SRUT',
        ufd: 'UFD',
        rt: 'Radiography',
        other: 'Other',
      },
    }),
    sourceReportId: f.ref('reportHeader', { label: 'Source report' }),
    // The record of a UFD, SRUT or PAUT report the reading was taken from (`thicknessSource`), set by
    // the server when it takes it (`POST /thickness-readings/from-records`): a record is taken once.
    sourceRecordId: f.text({ label: 'Source record', maxLength: 36, serverOwned: true }),
  },
  parent: 'thicknessLocationId',
  unique: ['sourceRecordId'],
  // One reading per location and day: a second one the same day is a 409, not a rate over 0 years.
  naturalKey: ['thicknessLocationId', 'date'],
  represent: ['date'],
  sort: { field: 'date', direction: 'asc' },
  rules: (rule) => ({
    notInFuture: rule.error(['date'], (v) => isFutureDate(v.date), 'A reading cannot be dated in the future'),
  }),
});

/**
 * What a location's assessment reads: its own fields and its series' first, previous and latest
 * readings (thickness and date). The server selects these beside each location (SQL) and the
 * expressions below work on them alike in JS and SQL (derive.ts).
 */
export const thicknessInputs = [
  'requiredThicknessMm',
  'code',
  'inspectionClass',
  'firstThicknessMm',
  'firstDate',
  'previousThicknessMm',
  'previousDate',
  'latestThicknessMm',
  'latestDate',
] as const;

const latest = d.field('latestThicknessMm');
const required = d.field('requiredThicknessMm');

/** (t_first − t_latest) ÷ years between (API 570 §7.1.1, long-term). Empty with one reading. */
const longTermRateRaw = d.div(
  d.sub(d.field('firstThicknessMm'), latest),
  d.yearsBetween(d.date('firstDate'), d.date('latestDate')),
);
/** (t_previous − t_latest) ÷ years between (API 570 §7.1.1, short-term). */
const shortTermRateRaw = d.div(
  d.sub(d.field('previousThicknessMm'), latest),
  d.yearsBetween(d.date('previousDate'), d.date('latestDate')),
);
/** The greater of the two rates: the one remaining life is judged by. */
const governingRate = d.max(longTermRateRaw, shortTermRateRaw);
/** (t_latest − t_required) ÷ the governing rate, never below 0; empty where no metal is lost. */
const remainingLifeRaw = d.if(
  d.gt(governingRate, d.number(0)),
  d.max(d.div(d.sub(latest, required), governingRate), d.number(0)),
);
/** The code's (or piping class's) longest interval between thickness measurements, in years. */
const maxIntervalYears: Expr = d.byValue('code', {
  api570: d.if(
    d.eq(d.field('inspectionClass'), d.number(1)),
    d.number(thicknessLimits.classMaxYears[1]!),
    d.if(d.lte(d.field('inspectionClass'), d.number(3)), d.number(thicknessLimits.classMaxYears[2]!)),
  ),
  api510: d.number(thicknessLimits.vesselMaxYears),
  api653: d.number(thicknessLimits.tankShellMaxYears),
});
const byHalfLife = d.addYears(d.date('latestDate'), d.div(remainingLifeRaw, d.number(2)));
const byMaxInterval = d.addYears(d.date('latestDate'), maxIntervalYears);

/**
 * Every value worked out per location, declared once as expressions (derive.ts) that the server
 * compiles to SQL for lists and filters and evaluates in JS for one location.
 */
export const thicknessAssessment = {
  corrosionRateLongTermMmPerYear: d.round(longTermRateRaw, 3),
  corrosionRateShortTermMmPerYear: d.round(shortTermRateRaw, 3),
  remainingLifeYears: d.round(remainingLifeRaw, 1),
  /** The earlier of half the remaining life and the longest interval; either alone where the other is unknown. */
  nextInspectionDate: d.if(
    d.isSet(byHalfLife),
    d.if(d.isSet(byMaxInterval), d.min(byHalfLife, byMaxInterval), byHalfLife),
    byMaxInterval,
  ),
  /** The date the wall reaches the required thickness at the governing rate (the chart's projection). */
  projectedRequiredDate: d.addYears(d.date('latestDate'), remainingLifeRaw),
  status: d.if(
    d.isSet(latest),
    d.if(
      d.lte(latest, required),
      d.text('belowRequired'),
      d.if(
        d.or(
          d.lte(latest, d.mul(required, d.number(1 + thicknessLimits.approachingMargin))),
          d.lt(remainingLifeRaw, d.number(thicknessLimits.approachingLifeYears)),
        ),
        d.text('approaching'),
        d.text('ok'),
      ),
    ),
  ),
  /**
   * Why a value is empty or what it leaves out: no readings; one reading (no rate yet, not 0); no
   * metal loss (every rate 0 or growth: no remaining life); growth in one rate, not used for life.
   */
  rateNote: d.if(
    d.not(d.isSet(latest)),
    d.text('noReadings'),
    d.if(
      d.not(d.isSet(longTermRateRaw)),
      d.text('oneReading'),
      d.if(
        d.lte(governingRate, d.number(0)),
        d.text('noMetalLoss'),
        d.if(
          d.or(d.lt(longTermRateRaw, d.number(0)), d.lt(shortTermRateRaw, d.number(0))),
          d.text('growthNotUsed'),
        ),
      ),
    ),
  ),
} as const satisfies Record<string, Expr>;

export type ThicknessAssessment = {
  corrosionRateLongTermMmPerYear: number | null;
  corrosionRateShortTermMmPerYear: number | null;
  remainingLifeYears: number | null;
  nextInspectionDate: string | null;
  projectedRequiredDate: string | null;
  status: ThicknessStatus | null;
  rateNote: (typeof thicknessRateNotes)[number] | null;
};

/** One location's assessment from its inputs (`thicknessInputs`), as the SQL works it out. */
export function assessThickness(inputs: Record<string, unknown>): ThicknessAssessment {
  return Object.fromEntries(
    Object.entries(thicknessAssessment).map(([key, expr]) => [key, evaluate(expr, inputs)]),
  ) as ThicknessAssessment;
}

const readingSummary = z.object({ date: z.string(), thicknessMm: z.number() }).nullable();

/** A location as its calls answer it: the record, its first, previous and latest readings, its assessment. */
export const thicknessLocationViewSchema = thicknessLocation.schemas.response
  .extend({
    readingCount: z.number().int(),
    firstReading: readingSummary,
    previousReading: readingSummary,
    latestReading: readingSummary,
    corrosionRateLongTermMmPerYear: z.number().nullable(),
    corrosionRateShortTermMmPerYear: z.number().nullable(),
    remainingLifeYears: z.number().nullable(),
    nextInspectionDate: z.string().nullable(),
    status: z.enum(thicknessStatuses).nullable(),
    rateNote: z.enum(thicknessRateNotes).nullable(),
    /** The date the wall reaches the required thickness at the governing rate; empty without a loss. */
    projectedRequiredDate: z.string().nullable(),
  })
  .meta({ id: 'thicknessLocationView' });
/** A reading as a location's answer names it: its day and thickness. */
export type ThicknessReadingSummary = { date: string; thicknessMm: number };
/** A location as its calls answer it (`thicknessLocationViewSchema`), typed from the declaration. */
export type ThicknessLocationView = FieldValues<typeof thicknessLocation.fields> & {
  id: string;
  version: number;
  createdAt: string;
  updatedAt: string;
  readingCount: number;
  firstReading: ThicknessReadingSummary | null;
  previousReading: ThicknessReadingSummary | null;
  latestReading: ThicknessReadingSummary | null;
} & ThicknessAssessment;

/**
 * A page of locations: of one equipment, and/or in some states (`?status=belowRequired,approaching`:
 * the plant's list of locations below required or near it).
 */
export const thicknessLocationListQuery = z.object({
  pageNumber: pageNumberSchema,
  pageSize: pageSizeSchema,
  equipmentNo: z
    .string()
    .trim()
    .min(1, 'equipmentNo needs a value')
    .max(60, 'equipmentNo: at most 60 characters')
    .optional(),
  status: z
    .string()
    .transform((s) => s.split(',').map((v) => v.trim()))
    .pipe(
      z
        .array(z.enum(thicknessStatuses, { error: `status is one of ${thicknessStatuses.join(', ')}` }))
        .min(1)
        .max(thicknessStatuses.length),
    )
    .optional(),
});
export const thicknessLocationParams = z.object({ id: z.uuid({ error: 'id must be an identifier (UUID)' }) });

/**
 * A reading against the one before it (STYLE 19), declared once as expressions over the reading's
 * own thickness and date and its location's previous reading's (`previousThicknessMm`,
 * `previousDate`, by date): the change (t − t_previous, negative as the wall thins) and the rate
 * over that interval ((t_previous − t) ÷ years between, the short-term rate's formula, API 570
 * §7.1.1). Empty for a location's first reading: no change, not zero.
 */
export const thicknessReadingChange = {
  changeMm: d.round(d.sub(d.field('thicknessMm'), d.field('previousThicknessMm')), 3),
  rateMmPerYear: d.round(
    d.div(
      d.sub(d.field('previousThicknessMm'), d.field('thicknessMm')),
      d.yearsBetween(d.date('previousDate'), d.date('date')),
    ),
    3,
  ),
} as const satisfies Record<string, Expr>;

/** A reading as the location's readings list answers it: the record, the reading before it, the change. */
export const thicknessReadingViewSchema = thicknessReading.schemas.response
  .extend({
    previousReading: readingSummary,
    /** t − t_previous in mm; empty for the first reading. */
    changeMm: z.number().nullable(),
    /** (t_previous − t) ÷ years between, in mm/y (a loss is positive); empty for the first reading. */
    rateMmPerYear: z.number().nullable(),
  })
  .meta({ id: 'thicknessReadingView' });
export type ThicknessReadingView = FieldValues<typeof thicknessReading.fields> & {
  id: string;
  version: number;
  createdAt: string;
  updatedAt: string;
  previousReading: ThicknessReadingSummary | null;
  changeMm: number | null;
  rateMmPerYear: number | null;
};

/** The most readings a location's list answers; `meta.notShown` says how many more there are. */
export const thicknessReadingsCap = 1000;
/** The most candidate values a location's picker answers (latest reports first). */
export const thicknessCandidatesCap = 200;
/** The most records taken as readings in one call. */
export const thicknessFromRecordsMax = 50;

const locationIdSchema = z.uuid({ error: 'thicknessLocationId must be an identifier (UUID)' });
export const thicknessLocationQuery = z.object({ thicknessLocationId: locationIdSchema });

/**
 * A thickness a record of the location's equipment measured (a technique's `thicknessSource`), in
 * an approved report no revision has superseded, not yet taken as a reading.
 */
export const thicknessCandidateSchema = z
  .object({
    recordId: z.uuid(),
    reportHeaderId: z.uuid(),
    reportNumber: z.string(),
    /** The report's inspection date: completed, else started, else the day it was written. */
    date: z.string(),
    method: z.enum(thicknessMethods),
    /** The record as its report names it (a SRUT scan's tag, a PAUT joint, a UFD joint). */
    label: z.string(),
    thicknessMm: z.number(),
  })
  .meta({ id: 'thicknessCandidate' });
export type ThicknessCandidate = z.infer<typeof thicknessCandidateSchema>;

export const thicknessFromRecordsBody = z.object({
  thicknessLocationId: locationIdSchema,
  recordIds: z
    .array(z.uuid({ error: 'recordIds: each is a record identifier (UUID)' }))
    .min(1, 'recordIds: choose at least one record')
    .max(thicknessFromRecordsMax, `recordIds: at most ${thicknessFromRecordsMax} records in one call`)
    .refine((ids) => new Set(ids).size === ids.length, 'recordIds: a record is named twice'),
});

const tag = 'Thickness monitoring';
const viewAccess = { module: 'thickness', action: 'view' } as const;
const createAccess = { module: 'thickness', action: 'create' } as const;

export const thicknessRoutes = [
  route(
    'GET',
    '/thickness-locations',
    op.action('thickness.locations', {
      query: thicknessLocationListQuery,
      response: z.array(thicknessLocationViewSchema),
      paged: true,
    }),
    {
      summary:
        'Thickness locations with their rates, remaining life and status (paged; ?equipmentNo, ?status)',
      tag,
      access: viewAccess,
    },
  ),
  route(
    'GET',
    '/thickness-locations/:id',
    op.action('thickness.location', {
      params: thicknessLocationParams,
      response: thicknessLocationViewSchema,
    }),
    { summary: 'A thickness location with its rates, remaining life and status', tag, access: viewAccess },
  ),
  route('POST', '/thickness-locations', op.create(thicknessLocation), {
    summary: 'Create a thickness location',
    tag,
  }),
  route('PUT', '/thickness-locations/:id', op.update(thicknessLocation, 'path'), {
    summary: 'Update a thickness location',
    tag,
  }),
  route('DELETE', '/thickness-locations/:id', op.delete(thicknessLocation, 'path'), {
    summary: 'Delete a thickness location (and its readings)',
    tag,
  }),
  route(
    'GET',
    '/thickness-readings/by-location',
    op.action('thickness.readings', {
      query: thicknessLocationQuery,
      response: z.array(thicknessReadingViewSchema),
      capped: { data: thicknessReadingsCap },
    }),
    {
      summary:
        'The readings of one location, oldest first, each with its change from the previous one and the rate over that interval (?thicknessLocationId=)',
      tag,
      access: viewAccess,
    },
  ),
  route(
    'GET',
    '/thickness-readings/candidates',
    op.action('thickness.candidates', {
      query: thicknessLocationQuery,
      response: z.array(thicknessCandidateSchema),
      capped: { data: thicknessCandidatesCap },
    }),
    {
      summary:
        "Thicknesses measured in UFD, SRUT or PAUT records of the location's equipment (approved, current reports) not yet taken as readings",
      tag,
      access: createAccess,
    },
  ),
  route(
    'POST',
    '/thickness-readings/from-records',
    op.action('thickness.fromRecords', {
      body: thicknessFromRecordsBody,
      response: z.array(thicknessReading.schemas.response),
    }),
    {
      summary:
        "Take records' thicknesses as readings of a location (dated by the report, by its technique): all or none",
      tag,
      access: createAccess,
      status: 201,
    },
  ),
  route('POST', '/thickness-readings', op.create(thicknessReading), {
    summary: 'Add a thickness reading',
    tag,
  }),
  route('PUT', '/thickness-readings/:id', op.update(thicknessReading, 'path'), {
    summary: 'Update a thickness reading',
    tag,
  }),
  route('DELETE', '/thickness-readings/:id', op.delete(thicknessReading, 'path'), {
    summary: 'Delete a thickness reading',
    tag,
  }),
  route('GET', '/thickness-readings/export/template', op.exportSheet(thicknessReading, { template: true }), {
    summary: 'An empty .xlsx to fill in with thickness readings',
    tag,
  }),
  route('POST', '/thickness-readings/import', op.importSheet(thicknessReading), {
    summary: 'Load thickness readings from an .xlsx: all rows or none, per-row errors',
    tag,
  }),
];
