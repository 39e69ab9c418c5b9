import { z } from 'zod';
import { defineEntity } from '../entity.ts';
import { f } from '../fields.ts';
import { isFutureDate } from '../rules.ts';
import {
  equalityFilters,
  op,
  resourceRoutes,
  route,
  searchSchema,
  pageNumberSchema,
  pageSizeSchema,
} from '../routes.ts';
import type { ListTab } from '../routes.ts';

export const workTypes = [
  'conditionMonitoring',
  'preventive',
  'corrective',
  'statutoryInspection',
  'turnaround',
  'project',
] as const;
/** SAP-style priorities, most urgent first. */
export const workOrderPriorities = ['veryHigh', 'high', 'medium', 'low'] as const;
/**
 * Where a work order stands, set by its planner: open (planned, nothing started), in progress,
 * completed, cancelled. The list's tabs are read from it (docs/work-orders.md).
 */
export const workOrderStatuses = ['open', 'inProgress', 'completed', 'cancelled'] as const;

/** Work order (SPK): the job under which equipment is inspected and reports are made. */
export const workOrderSpk = defineEntity('workOrderSpk', {
  label: 'Work order',
  module: 'workOrder',
  fields: {
    woNumber: f.text({ label: 'WO number', required: true, maxLength: 60 }),
    title: f.text({ required: true }),
    description: f.longText(),
    workType: f.enumOf(workTypes, { default: 'conditionMonitoring' }),
    contractNo: f.text({ label: 'Contract number', maxLength: 60 }),
    equipmentCategory: f.text({ maxLength: 60, references: 'equipmentCategory' }),
    tagNumber: f.text({
      label: 'Equipment tag',
      maxLength: 60,
      references: 'equipment.tagNumber',
      // A piping work order names piping: its equipment is of its category (checked on every write).
      referenceMatches: { equipmentCategory: 'categoryCode' },
      referenceFills: {
        equipmentCategory: 'categoryCode',
        location: 'locationCode',
        plannerGroup: 'plannerGroupCode',
      },
    }),
    plannerGroup: f.text({ maxLength: 60, references: 'plannerGroup' }),
    location: f.text({ maxLength: 60, references: 'functionalLocation' }),
    priority: f.enumOf(workOrderPriorities, { default: 'medium' }),
    isEmergency: f.boolean({ label: 'Emergency', default: false }),
    dateStart: f.date({ label: 'Planned start' }),
    dateEnd: f.date({ label: 'Planned finish' }),
    actualStartDate: f.date({ label: 'Actual start' }),
    actualEndDate: f.date({ label: 'Actual finish' }),
    status: f.enumOf(workOrderStatuses, { default: 'open' }),
  },
  naturalKey: ['woNumber'],
  represent: ['woNumber', 'title'],
  search: ['woNumber', 'title', 'tagNumber', 'contractNo'],
  // The lookups list these fields' distinct values; the filters and tabs of the same names match
  // them. With the list order after the field, a page of one value is read off the index in order;
  // a date range reads its matches and their order from it (docs/engine-performance.md).
  indexes: {
    contractNo: { fields: ['contractNo'], withListOrder: true },
    tagNumber: { fields: ['tagNumber'], withListOrder: true },
    equipmentCategory: { fields: ['equipmentCategory'], withListOrder: true },
    status: { fields: ['status'], withListOrder: true },
    dateStart: { fields: ['dateStart'], withListOrder: true },
    dateEnd: { fields: ['dateEnd'], withListOrder: true },
    // The team plan (docs/team-plan.md): a planner group's live work (open, in progress), and its
    // work orders planned in a period (finish from the period's start, start up to its end).
    plannerGroupStatus: { fields: ['plannerGroup', 'status'] },
    plannerGroupPlanned: { fields: ['plannerGroup', 'dateEnd', 'dateStart'] },
  },
  rules: (rule) => ({
    // ISO dates (YYYY-MM-DD) compare as text in calendar order.
    endBeforeStart: rule.error(
      ['dateEnd', 'dateStart'],
      (w) => w.dateEnd < w.dateStart,
      'The end date is before the start date',
    ),
    actualEndBeforeStart: rule.error(
      ['actualEndDate', 'actualStartDate'],
      (w) => w.actualEndDate < w.actualStartDate,
      'The actual finish is before the actual start',
    ),
    actualStartInFuture: rule.error(
      ['actualStartDate'],
      (w) => isFutureDate(w.actualStartDate),
      'The actual start is in the future',
    ),
  }),
});

export const workOrderFilters = {
  ...equalityFilters('workType', 'equipmentCategory', 'tagNumber', 'contractNo'),
  showEmergency: { field: 'isEmergency', op: 'eq' },
  dateStart: { field: 'dateStart', op: 'gte' },
  dateEnd: { field: 'dateEnd', op: 'lte' },
} as const;

const closed = ['completed', 'cancelled'] as const;

/**
 * The slices of the work-order list a planner works through (docs/work-orders.md): what is still to
 * start, what is under way, what is closed, and the emergencies still open whatever their progress.
 */
export const workOrderTabs = {
  open: { label: 'Open', description: 'Planned, not started', where: { status: { eq: 'open' } } },
  inProgress: { label: 'In progress', where: { status: { eq: 'inProgress' } } },
  completed: {
    label: 'Completed',
    description: 'Completed or cancelled',
    where: { status: { in: closed } },
  },
  emergency: {
    label: 'Emergency',
    description: 'Emergency work not yet completed or cancelled',
    where: { isEmergency: { eq: true }, status: { notIn: closed } },
  },
} as const satisfies Record<string, ListTab>;

/** A lookup's query: text to match and a page (SPEC 7 "Lookups"). */
export const lookupQuery = z.object({
  search: searchSchema,
  pageNumber: pageNumberSchema,
  pageSize: pageSizeSchema,
});
export const lookupValueSchema = z
  .object({ value: z.string(), count: z.number().int() })
  .meta({ id: 'lookupValue' });
export type LookupValue = z.infer<typeof lookupValueSchema>;

const tag = 'Work orders';
const access = { module: 'workOrder', action: 'view' } as const;

export const workOrderRoutes = [
  route(
    'GET',
    '/work-order-spks/contract-numbers',
    op.action('workOrder.contractNumbers', {
      query: lookupQuery,
      response: z.array(lookupValueSchema),
      paged: true,
    }),
    { summary: 'Contract numbers used on work orders, with how many each (search, paged)', tag, access },
  ),
  route(
    'GET',
    '/work-order-spks/equipments',
    op.action('workOrder.equipments', {
      query: lookupQuery,
      response: z.array(lookupValueSchema),
      paged: true,
    }),
    { summary: 'Equipment tags named on work orders, with how many each (search, paged)', tag, access },
  ),
  route('GET', '/work-order-spks/export/template', op.exportSheet(workOrderSpk, { template: true }), {
    summary: 'An .xlsx to fill in with work orders: header row, notes, choice lists',
    tag,
  }),
  route('POST', '/work-order-spks/import', op.importSheet(workOrderSpk), {
    summary:
      'Load work orders from the template: all rows or none, per-row errors; the same file again creates none',
    tag,
  }),
  ...resourceRoutes(workOrderSpk, '/work-order-spks', {
    tag,
    filters: workOrderFilters,
    tabs: workOrderTabs,
  }),
];
