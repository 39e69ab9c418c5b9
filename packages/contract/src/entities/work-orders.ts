import { defineEntity } from '../entity.ts';
import { f } from '../fields.ts';
import { equalityFilters, resourceRoutes } from '../routes.ts';

/** Work order (SPK): the job under which reports are made. Minimal until the work-order issue. */
export const workOrderSpk = defineEntity('workOrderSpk', {
  label: 'Work order',
  module: 'workOrder',
  fields: {
    woNumber: f.text({ label: 'WO number', required: true, maxLength: 60 }),
    title: f.text({ required: true }),
    description: f.longText(),
    workType: f.text({ maxLength: 60 }),
    contractNo: f.text({ label: 'Contract number', maxLength: 60 }),
    equipmentCategory: f.text({ maxLength: 100 }),
    tagNumber: f.text({ maxLength: 100 }),
    isEmergency: f.boolean({ label: 'Emergency', default: false }),
    dateStart: f.date({ label: 'Start date' }),
    dateEnd: f.date({ label: 'End date' }),
  },
  unique: ['woNumber'],
  represent: ['woNumber', 'title'],
  search: ['woNumber', 'title', 'tagNumber', 'contractNo'],
  rules: (rule) => ({
    // ISO dates (YYYY-MM-DD) compare as text in calendar order.
    endBeforeStart: rule.error(
      ['dateEnd', 'dateStart'],
      (w) => w.dateEnd < w.dateStart,
      'The end date is before the start date',
    ),
  }),
});

export const workOrderRoutes = resourceRoutes(workOrderSpk, '/work-order-spks', {
  tag: 'Work orders',
  filters: {
    ...equalityFilters('workType', 'equipmentCategory', 'tagNumber', 'contractNo'),
    showEmergency: { field: 'isEmergency', op: 'eq' },
    dateStart: { field: 'dateStart', op: 'gte' },
    dateEnd: { field: 'dateEnd', op: 'lte' },
  },
});
