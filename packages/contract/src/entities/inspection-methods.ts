import { z } from 'zod';
import { defineEntity } from '../entity.ts';
import { f } from '../fields.ts';
import { op, resourceRoutes, route, searchSchema } from '../routes.ts';
import { assetCode } from './assets.ts';

/**
 * An inspection method (thermal, VCI, UFD…), with the equipment categories it applies to. Its code is
 * the technique's module name where the product has the technique (`thermal`, `vci`), so a report's
 * method leads to its screens.
 */
export const inspectionMethod = defineEntity('inspectionMethod', {
  label: 'Inspection method',
  module: 'inspectionMethod',
  fields: {
    code: f.text({ label: 'Code', required: true, maxLength: 60, pattern: assetCode }),
    name: f.text({ required: true, maxLength: 100 }),
    description: f.longText({ maxLength: 2000 }),
    /** Codes of the equipment categories the method applies to. */
    equipmentCategories: f.json({
      label: 'Equipment categories',
      default: [] as never,
      itemsReference: 'equipmentCategory',
      schema: z
        .array(z.string().trim().min(1).max(60), { error: 'Use a list of category codes' })
        .max(50, 'At most 50 categories'),
    }),
    isActive: f.boolean({ label: 'Active', default: true }),
  },
  naturalKey: ['code'],
  represent: ['code', 'name'],
  search: ['code', 'name'],
  sort: { field: 'code', direction: 'asc' },
});

export const inspectionMethodSummarySchema = z
  .object({
    code: z.string(),
    name: z.string(),
    /** Task assignments of the method on work orders not completed or cancelled. */
    openAssignments: z.number().int(),
    /** Reports of the method, by status (every status present, 0 when none). */
    reportsByStatus: z.record(z.string(), z.number().int()),
  })
  .meta({ id: 'inspectionMethodSummary' });
export type InspectionMethodSummary = z.infer<typeof inspectionMethodSummarySchema>;
export const inspectionMethodSummaryQuery = z.object({ search: searchSchema });

export const byObjectTypeQuery = z.object({
  objectType: z.string().trim().min(1, 'Name an object type').max(60, 'objectType is at most 60 characters'),
});

const access = { module: 'inspectionMethod', action: 'view' } as const;
const tag = 'Inspection methods';

export const inspectionMethodRoutes = [
  route(
    'GET',
    '/master-inspection-method/summary',
    op.action('inspectionMethod.summary', {
      query: inspectionMethodSummaryQuery,
      response: z.array(inspectionMethodSummarySchema),
    }),
    { summary: 'Per method: open assignments and reports by status', tag, access },
  ),
  route(
    'GET',
    '/master-inspection-method/get-by-object-type',
    op.action('inspectionMethod.byObjectType', {
      query: byObjectTypeQuery,
      response: z.array(inspectionMethod.schemas.response),
    }),
    { summary: "The active methods that apply to an object type's category", tag, access },
  ),
  route(
    'GET',
    '/master-inspection-method/all',
    op.action('inspectionMethod.all', { response: z.array(inspectionMethod.schemas.response) }),
    { summary: 'Every inspection method, unpaged (for choosing one)', tag, access },
  ),
  ...resourceRoutes(inspectionMethod, '/master-inspection-method', { tag }),
];
