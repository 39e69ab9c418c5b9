import { defineEntity } from '../entity.ts';
import { f } from '../fields.ts';
import { equalityFilters, resourceRoutes } from '../routes.ts';

export const reportStatuses = ['draft', 'submitted', 'approved', 'rejected'] as const;

/** Report header: one report on one piece of equipment under a work order; inspections hang off it. */
export const reportHeader = defineEntity('reportHeader', {
  label: 'Report',
  module: 'reportHeader',
  fields: {
    workOrderSPKId: f.ref('workOrderSpk', { label: 'Work order', required: true }),
    reportNumber: f.text({ required: true, maxLength: 60 }),
    title: f.text({ required: true }),
    equipmentNo: f.text({ label: 'Equipment number', maxLength: 100 }),
    objectType: f.text({ maxLength: 100 }),
    inspectionMethod: f.text({ maxLength: 100 }),
    location: f.text(),
    actualStartDate: f.date(),
    actualCompletedDate: f.date(),
    // Changed only by the report-status call, under its transitions (never by PUT /report-headers/{id}).
    status: f.enumOf(reportStatuses, { default: 'draft', serverOwned: true }),
  },
  parent: 'workOrderSPKId',
  unique: ['reportNumber'],
  represent: ['reportNumber', 'title'],
  search: ['reportNumber', 'title', 'equipmentNo'],
});

/** `GET /report-headers?id=` reads one report; there is no `GET /report-headers/{id}`. */
export const reportHeaderRoutes = resourceRoutes(reportHeader, '/report-headers', {
  tag: 'Report headers',
  get: false,
  filters: {
    ...equalityFilters('workOrderSPKId', 'objectType', 'inspectionMethod'),
    actualStartDate: { field: 'actualStartDate', op: 'gte' },
    actualCompletedDate: { field: 'actualCompletedDate', op: 'lte' },
  },
});
