import { z } from 'zod';
import { defineEntity } from '../entity.ts';
import { f } from '../fields.ts';
import type { PermissionAction } from '../permissions.ts';
import { equalityFilters, op, resourceRoutes, route } from '../routes.ts';

export const reportStatuses = ['draft', 'submitted', 'approved', 'rejected'] as const;
export type ReportStatus = (typeof reportStatuses)[number];

/**
 * Which status a report may move to from each, and the permission the move needs: approving or
 * rejecting is `approve`, the rest `update`. An approved report moves nowhere (a new revision is a
 * new report). The approval levels themselves come with the approvals module.
 */
export const reportStatusTransitions: Record<
  ReportStatus,
  Partial<Record<ReportStatus, PermissionAction>>
> = {
  draft: { submitted: 'update' },
  submitted: { approved: 'approve', rejected: 'approve', draft: 'update' },
  rejected: { draft: 'update', submitted: 'update' },
  approved: {},
};

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

export const reportStatusQuery = z.object({
  status: z.enum(reportStatuses, { error: `status must be one of: ${reportStatuses.join(', ')}` }),
});

/** `GET /report-headers?id=` reads one report; there is no `GET /report-headers/{id}`. */
export const reportHeaderRoutes = [
  ...reportHeaderResourceRoutes(),
  route(
    'PUT',
    '/report-headers/update-report-status/:id',
    op.action('reportHeader.updateStatus', {
      params: z.object({ id: z.uuid({ error: 'id must be an identifier (UUID)' }) }),
      query: reportStatusQuery,
      response: reportHeader.schemas.response,
    }),
    {
      summary:
        'Move a report to another status (?status=); approving and rejecting need the approve permission',
      tag: 'Report headers',
      access: { module: 'reportHeader', action: 'update' },
    },
  ),
];

function reportHeaderResourceRoutes() {
  return resourceRoutes(reportHeader, '/report-headers', {
    tag: 'Report headers',
    get: false,
    filters: {
      ...equalityFilters('workOrderSPKId', 'objectType', 'inspectionMethod'),
      actualStartDate: { field: 'actualStartDate', op: 'gte' },
      actualCompletedDate: { field: 'actualCompletedDate', op: 'lte' },
    },
  });
}
