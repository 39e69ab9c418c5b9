import { z } from 'zod';
import { fieldValueSchema } from '../fields.ts';
import { op, route } from '../routes.ts';
import { equipment } from './assets.ts';

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
  /**
   * Its reports oldest first, for the timeline: the latest `healthReportsPerMethod` of them. No
   * interval between inspections is declared or configured anywhere, so no next due date is
   * answered: the card shows when the method last inspected the equipment (docs/equipment-health.md).
   */
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
        'The health card of one piece of equipment: identity, drawings, and per inspection method its current reports with their worst findings over the years',
      tag: 'Asset master',
      // The card is the asset master's view of an equipment; its reports are scoped to the caller's company.
      access: { module: 'asset', action: 'view' },
    },
  ),
];
