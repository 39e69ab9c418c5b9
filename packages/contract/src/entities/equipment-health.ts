import { z } from 'zod';
import { fieldValueSchema } from '../fields.ts';
import { op, route } from '../routes.ts';
import { taskStates } from '../task-states.ts';
import { equipment } from './assets.ts';
import { recommendationSeverities } from '../finding-severity.ts';
import type { RecommendationSeverity } from '../finding-severity.ts';

/**
 * The health card of one piece of equipment (docs/equipment-health.md): who it is in the asset
 * master, its drawings, and per technique (inspection method) its current reports over the years
 * with the worst finding of each, as the engine's equipment history reads them. No technique is
 * named here: every technique's reports join by its declaration.
 */

/**
 * Most reports of one method a card answers, the latest: ten years of monthly inspections. Past it
 * the method's `reportCount` says how many there are (STYLE 15).
 */
export const healthReportsPerMethod = 120;
/** Most drawings a card lists (by file name); `drawingCount` says how many there are. */
export const healthDrawingCap = 50;
/** Most photos a card shows, newest first: a glance at the equipment, not its gallery. */
export const healthPhotoCap = 6;

export const equipmentHealthParams = z.object({
  equipmentNo: fieldValueSchema(equipment.fields.equipmentNo) as z.ZodType<string>,
});

/** One current report of the equipment by one method. */
export const equipmentHealthReportSchema = z.object({
  reportHeaderId: z.uuid(),
  reportNumber: z.string(),
  status: z.string(),
  /** When the inspection was done (completed, else started, else the day the report was written). */
  date: z.string().nullable(),
  /** The worst graded finding of the report (the stricter verdict of a pair), null when none. */
  worstFinding: z.string().nullable(),
});
export type EquipmentHealthReport = z.infer<typeof equipmentHealthReportSchema>;

/** One technique (inspection method) on the card. */
export const equipmentHealthMethodSchema = z.object({
  inspectionMethod: z.string(),
  /** Its current reports on the equipment the caller may see, also those past `reports`. */
  reportCount: z.number().int(),
  /** The last report: latest done, then newest. */
  latest: equipmentHealthReportSchema,
  /** Its reports oldest first, for the timeline: the latest `healthReportsPerMethod` of them. */
  reports: z.array(equipmentHealthReportSchema),
});
export type EquipmentHealthMethod = z.infer<typeof equipmentHealthMethodSchema>;

/** A drawing of the equipment (the NDT register's isometrics), downloaded by its file name. */
export const equipmentHealthDrawingSchema = z.object({
  id: z.uuid(),
  fileName: z.string(),
  drawingNumber: z.string().nullable(),
  revision: z.string().nullable(),
});

/**
 * The next planned inspection of the equipment by one method (docs/equipment-health.md): the
 * earliest open task assignment of a live work order naming the equipment's tag, by its planned
 * finish (else start). Overdue as my tasks count it: planned finish before today, not done.
 */
export const equipmentHealthNextDueSchema = z.object({
  inspectionMethod: z.string(),
  taskAssignmentId: z.uuid(),
  workOrderSPKId: z.uuid(),
  woNumber: z.string(),
  plannedStart: z.string().nullable(),
  plannedFinish: z.string().nullable(),
  /** The task's state from its reports (to do, in progress, waiting for approval, returned). */
  state: z.enum(taskStates),
  overdue: z.boolean(),
  /** Open tasks of the method on the equipment, this one included. */
  openCount: z.number().int(),
});
export type EquipmentHealthNextDue = z.infer<typeof equipmentHealthNextDueSchema>;

/**
 * When the equipment's wall thickness is next due to be measured: the earliest next inspection date
 * of its thickness locations (the thickness module's assessment, API 570/510/653).
 */
export const equipmentHealthThicknessDueSchema = z.object({
  nextInspectionDate: z.string(),
  thicknessLocationId: z.uuid(),
  locationName: z.string(),
  overdue: z.boolean(),
  /** The equipment's thickness locations, also those without a date (no reading yet). */
  locationCount: z.number().int(),
});
export type EquipmentHealthThicknessDue = z.infer<typeof equipmentHealthThicknessDueSchema>;

/** An image of a record of one of the equipment's latest reports, downloaded through `url`. */
export const equipmentHealthPhotoSchema = z.object({
  id: z.uuid(),
  /** `GET /api/files/{id}`: needs view permission on the record's module, as every file does. */
  url: z.string(),
  displayName: z.string(),
  mediaType: z.string(),
  /** The image slot or list of the record it belongs to. */
  slot: z.string(),
  imageType: z.string().nullable(),
  reportHeaderId: z.uuid(),
  reportNumber: z.string(),
  inspectionMethod: z.string(),
  /** The report's inspection date. */
  date: z.string().nullable(),
});
export type EquipmentHealthPhoto = z.infer<typeof equipmentHealthPhotoSchema>;

/** An equipment's findings to close not yet closed, counted. */
export const equipmentHealthRecommendationsSchema = z.object({
  bySeverity: z.object(
    Object.fromEntries(recommendationSeverities.map((s) => [s, z.number().int()])) as Record<
      RecommendationSeverity,
      z.ZodNumber
    >,
  ),
  overdue: z.number().int(),
  total: z.number().int(),
});
export type EquipmentHealthRecommendations = z.infer<typeof equipmentHealthRecommendationsSchema>;

export const equipmentHealthSchema = z
  .object({
    equipment: equipment.schemas.response,
    /** The names of the codes the equipment is placed by, as the asset master holds them. */
    names: z.object({
      category: z.string().nullable(),
      objectType: z.string().nullable(),
      location: z.string().nullable(),
      plannerGroup: z.string().nullable(),
    }),
    drawings: z.array(equipmentHealthDrawingSchema),
    drawingCount: z.number().int(),
    /** One entry per method with a current report the caller may see, by method code. */
    methods: z.array(equipmentHealthMethodSchema),
    /** Per method with an open task on the equipment, its next planned inspection, by method code. */
    nextDue: z.array(equipmentHealthNextDueSchema),
    /** The thickness monitoring's next due date; null without a location with a reading. */
    thicknessDue: equipmentHealthThicknessDueSchema.nullable(),
    /**
     * The latest images of the records of each method's latest report (the reports on the card),
     * newest report first, at most `healthPhotoCap`; only of records whose module the caller may view.
     */
    photos: z.array(equipmentHealthPhotoSchema),
    /**
     * Its findings to close not yet closed (docs/recommendations.md): how many per severity, how
     * many overdue; null for a caller who may not read reports, whose findings they are.
     */
    openRecommendations: equipmentHealthRecommendationsSchema.nullable(),
  })
  .meta({ id: 'equipmentHealth' });
export type EquipmentHealth = z.infer<typeof equipmentHealthSchema>;

export const equipmentHealthRoutes = [
  route(
    'GET',
    '/equipment-health/:equipmentNo',
    op.action('equipmentHealth.card', { params: equipmentHealthParams, response: equipmentHealthSchema }),
    {
      summary:
        "The health card of one piece of equipment: identity, drawings, latest photos, per inspection method its current reports with their worst findings over the years and its next planned inspection (overdue marked), and the thickness monitoring's next due date",
      tag: 'Asset master',
      // The card is the asset master's view of an equipment; its reports are scoped to the caller's company.
      access: { module: 'asset', action: 'view' },
    },
  ),
];
