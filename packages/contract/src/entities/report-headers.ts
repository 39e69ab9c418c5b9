import { defineEntity } from '../entity.ts';
import { f } from '../fields.ts';
import { op, route } from '../routes.ts';

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
    status: f.enumOf(reportStatuses, { default: 'draft' }),
  },
  parent: 'workOrderSPKId',
  unique: ['reportNumber'],
  search: ['reportNumber', 'title', 'equipmentNo'],
});

const tag = 'Report headers';
export const reportHeaderRoutes = [
  route(
    'GET',
    '/report-headers',
    op.list(reportHeader, {
      filters: {
        workOrderSPKId: { field: 'workOrderSPKId', op: 'eq' },
        objectType: { field: 'objectType', op: 'eq' },
        inspectionMethod: { field: 'inspectionMethod', op: 'eq' },
        actualStartDate: { field: 'actualStartDate', op: 'gte' },
        actualCompletedDate: { field: 'actualCompletedDate', op: 'lte' },
      },
    }),
    { summary: 'List report headers (with ?id=, the one report)', tag },
  ),
  route('POST', '/report-headers', op.create(reportHeader), { summary: 'Create a report header', tag }),
  route('PUT', '/report-headers/:id', op.update(reportHeader, 'path'), {
    summary: 'Update a report header',
    tag,
  }),
  route('DELETE', '/report-headers/:id', op.delete(reportHeader, 'path'), {
    summary: 'Delete a report header',
    tag,
  }),
];
