import { z } from 'zod';
import { uuidPattern } from '../ids.ts';
import { defineEntity } from '../entity.ts';
import { f } from '../fields.ts';
import type { FieldValues } from '../fields.ts';
import { recommendationSeverities } from '../finding-severity.ts';
import { fieldMessage } from '../messages.ts';
import { op, pageNumberSchema, pageSizeSchema, route, searchSchema } from '../routes.ts';
import { assignableUserSchema, maxAssignableUsers } from './task-assignments.ts';

/**
 * The register of findings to close (docs/recommendations.md): one recommendation per graded row at
 * or above a level its technique's grade declares (`findingGrade.opens`), written when the row's
 * report is finally approved, carried over to the revision that supersedes it, and worked through
 * open → in progress → closed with evidence. Nothing here names a technique.
 */

/** Where a recommendation stands; the moves are `recommendationTransitions`. */
export const recommendationStatuses = ['open', 'inProgress', 'closed'] as const;
export type RecommendationStatus = (typeof recommendationStatuses)[number];

/**
 * The one state machine: open → in progress → closed, open → closed (closed straight away with
 * evidence), and back from in progress to open (the work order was cancelled). Closed is final.
 */
export const recommendationTransitions: Readonly<
  Record<RecommendationStatus, readonly RecommendationStatus[]>
> = {
  open: ['inProgress', 'closed'],
  inProgress: ['open', 'closed'],
  closed: [],
};

const userId = {
  regex: uuidPattern,
  message: fieldMessage('userIdentifier'),
};

export const recommendation = defineEntity('recommendation', {
  label: 'Recommendation',
  module: 'reportHeader',
  fields: {
    equipmentNo: f.text({
      label: 'Equipment number',
      required: true,
      maxLength: 60,
      references: 'equipment',
      serverOwned: true,
    }),
    /** The source: a report's graded row, or a thickness location (exactly one, `exactlyOne.source`). */
    reportHeaderId: f.ref('reportHeader', { label: 'Source report', serverOwned: true }),
    thicknessLocationId: f.ref('thicknessLocation', { label: 'Thickness location', serverOwned: true }),
    /** The report's inspection method; empty for a thickness location's finding. */
    inspectionMethod: f.text({
      label: 'Inspection method',
      maxLength: 60,
      references: 'inspectionMethod',
      serverOwned: true,
    }),
    /** The graded records' entity and the row: a report's finding is one row of one report. */
    gradedEntity: f.text({ label: 'Graded record', maxLength: 60, serverOwned: true }),
    gradedRowId: f.text({ label: 'Graded row', maxLength: 36, serverOwned: true }),
    /**
     * The equipment's area (its functional location in the asset master) when the finding was
     * written: the register's area filter and count read it off an index, not the asset master per row.
     */
    area: f.text({ label: 'Area', maxLength: 60, references: 'functionalLocation', serverOwned: true }),
    /** The row as the engine names it (its represented fields, else its lead field). */
    finding: f.text({ label: 'Finding', required: true, maxLength: 300, serverOwned: true }),
    /**
     * A thickness location's figures when its finding was opened (docs/recommendations.md,
     * "Thickness locations"): the latest reading and the required thickness (below required), or
     * the remaining life (under two years). The reader's language words them; `finding` names the
     * location only. Empty for a report's finding, and for thickness findings opened before they
     * were kept (their `finding` holds the figure in words).
     */
    thicknessMm: f.number({ label: 'Thickness', unit: 'mm', serverOwned: true }),
    requiredThicknessMm: f.number({ label: 'Required thickness', unit: 'mm', serverOwned: true }),
    remainingLifeYears: f.number({ label: 'Remaining life', unit: 'y', serverOwned: true }),
    /**
     * The grade counted for the row (the stricter verdict of a pair), a level of its technique; for a
     * thickness location the kind of finding (`thicknessFindingKinds`).
     */
    grade: f.text({ label: 'Grade', required: true, maxLength: 60, serverOwned: true }),
    severity: f.enumOf(recommendationSeverities, { required: true, serverOwned: true }),
    dueDate: f.date({ label: 'Due date', required: true }),
    ownerId: f.text({ label: 'Owner', maxLength: 36, pattern: userId }),
    status: f.enumOf(recommendationStatuses, {
      default: 'open',
      valueLabels: { open: 'Open', inProgress: 'In progress', closed: 'Closed' },
    }),
    evidenceComment: f.longText({ label: 'Evidence', maxLength: 2000 }),
    /** A later report showing the finding dealt with. */
    evidenceReportId: f.ref('reportHeader', { label: 'Evidence report' }),
    /** The work order raised to deal with it (`POST /recommendations/{id}/work-order`). */
    workOrderSPKId: f.ref('workOrderSpk', { label: 'Work order' }),
    closedAt: f.datetime({ label: 'Closed at', serverOwned: true }),
    closedBy: f.text({ label: 'Closed by', maxLength: 36, serverOwned: true }),
  },
  // One recommendation per graded row: approving twice cannot open the same finding twice.
  naturalKey: ['gradedEntity', 'gradedRowId'],
  exactlyOne: { source: ['reportHeaderId', 'thicknessLocationId'] },
  represent: ['finding'],
  search: ['finding', 'equipmentNo'],
  sort: { field: 'dueDate', direction: 'asc' },
  indexes: {
    equipmentNo: { fields: ['equipmentNo', 'status'] },
    report: { fields: ['reportHeaderId'] },
    workOrder: { fields: ['workOrderSPKId'] },
    due: { fields: ['status', 'dueDate'] },
    byArea: { fields: ['area', 'status'] },
    // One finding not yet closed per thickness location and kind: its readings' writes cannot open two.
    thicknessOpen: {
      fields: ['thicknessLocationId', 'grade'],
      unique: true,
      where: { status: { in: ['open', 'inProgress'] } },
    },
  },
});

const uuid = (name: string) => z.uuid({ error: `${name} must be an identifier (UUID)` });
const oneOf = <const V extends readonly [string, ...string[]]>(name: string, values: V) =>
  z
    .string()
    .transform((s) => s.split(',').map((v) => v.trim()))
    .pipe(
      z
        .array(z.enum(values, { error: `${name} is one of ${values.join(', ')}` }))
        .min(1)
        .max(values.length),
    );

/** A page of the register: by equipment, state, severity, overdue, area (the equipment's location), owner. */
export const recommendationListQuery = z.object({
  pageNumber: pageNumberSchema,
  pageSize: pageSizeSchema,
  search: z.string().trim().max(200, 'search: at most 200 characters').optional(),
  equipmentNo: z.string().trim().min(1, 'equipmentNo needs a value').max(60).optional(),
  status: oneOf('status', recommendationStatuses).optional(),
  severity: oneOf('severity', recommendationSeverities).optional(),
  overdue: z
    .enum(['true', 'false'], { error: 'overdue is true or false' })
    .transform((v) => v === 'true')
    .optional(),
  area: z.string().trim().min(1, 'area needs a value').max(60).optional(),
  ownerId: uuid('ownerId').optional(),
});
export const recommendationParams = z.object({ id: uuid('id') });
/** Who may own a finding, as a picker asks: what was typed of a name. */
export const recommendationOwnersQuery = z.object({ search: searchSchema });

/** The register as a workbook: the list's filters, every page. */
export const recommendationExportQuery = recommendationListQuery.omit({ pageNumber: true, pageSize: true });

/**
 * What a planner changes: the owner, the due date, the state and the evidence. Closing needs a
 * comment and a later report or a work order (docs/recommendations.md); `version` guards against a
 * stale screen (409). Strict: what the server writes (severity, grade, the source) is refused, not
 * dropped in silence.
 */
export const recommendationUpdateBody = z.strictObject({
  version: z.number().int().min(1).optional(),
  ownerId: uuid('ownerId').nullable().optional(),
  dueDate: z.iso.date({ error: 'dueDate is a date (YYYY-MM-DD)' }).optional(),
  status: z
    .enum(recommendationStatuses, { error: `status is one of ${recommendationStatuses.join(', ')}` })
    .optional(),
  evidenceComment: z
    .string()
    .trim()
    .max(2000, 'evidenceComment: at most 2000 characters')
    .nullable()
    .optional(),
  evidenceReportId: uuid('evidenceReportId').nullable().optional(),
});

/** The work order a planner raises from a recommendation: its number and when it is planned. */
export const recommendationWorkOrderBody = z.object({
  woNumber: z.string().trim().min(1, 'woNumber needs a value').max(60, 'woNumber: at most 60 characters'),
  title: z.string().trim().min(1).max(200).optional(),
  dateStart: z.iso.date({ error: 'dateStart is a date (YYYY-MM-DD)' }).optional(),
  dateEnd: z.iso.date({ error: 'dateEnd is a date (YYYY-MM-DD)' }).optional(),
});

/** A recommendation as its calls answer it: the record, with whether it is overdue and the names it points at. */
export const recommendationViewSchema = recommendation.schemas.response
  .extend({
    overdue: z.boolean(),
    reportNumber: z.string().nullable(),
    area: z.string().nullable(),
    ownerName: z.string().nullable(),
    evidenceReportNumber: z.string().nullable(),
    woNumber: z.string().nullable(),
  })
  .meta({ id: 'recommendationView' });
/** A recommendation as its calls answer it (`recommendationViewSchema`), typed from the declaration. */
export type RecommendationView = FieldValues<typeof recommendation.fields> & {
  id: string;
  version: number;
  createdAt: string;
  updatedAt: string;
  overdue: boolean;
  reportNumber: string | null;
  area: string | null;
  ownerName: string | null;
  evidenceReportNumber: string | null;
  woNumber: string | null;
};

/** The most evidence candidates one answer lists (`meta.notShown` says how many more matched). */
export const evidenceCandidatesCap = 200;

/**
 * A report that may close a finding (docs/recommendations.md, "The evidence report"): approved, no
 * revision superseding it, on the finding's equipment, readable by the caller, and approved after
 * the finding was opened.
 */
export const evidenceCandidateSchema = z
  .object({
    id: z.uuid(),
    reportNumber: z.string(),
    inspectionMethod: z.string(),
    /** The report's inspection date: completed, else started, else the day it was written. */
    date: z.string(),
    /** When it was approved at its last level (when written, for a report approved without steps). */
    approvedAt: z.string(),
    /** Its worst graded finding, a level of its technique; null when nothing is graded. */
    worstFinding: z.string().nullable(),
  })
  .meta({ id: 'evidenceCandidate' });
export type EvidenceCandidate = z.infer<typeof evidenceCandidateSchema>;

/** Open findings counted for the dashboard: by severity and by area, and how many are overdue. */
export const recommendationCountsSchema = z
  .object({
    bySeverity: z.array(z.object({ severity: z.string(), count: z.number().int() })),
    byArea: z.array(z.object({ area: z.string().nullable(), count: z.number().int() })),
    overdue: z.number().int(),
  })
  .meta({ id: 'recommendationCounts' });
export type RecommendationCounts = z.infer<typeof recommendationCountsSchema>;

const tag = 'Recommendations';
/** Findings come from reports and are read as reports are (company scope included). */
const viewAccess = { module: 'reportHeader', action: 'view' } as const;

export const recommendationRoutes = [
  route(
    'GET',
    '/recommendations',
    op.action('recommendation.list', {
      query: recommendationListQuery,
      response: z.array(recommendationViewSchema),
      paged: true,
    }),
    {
      summary:
        'Findings to close, soonest due first (paged; ?equipmentNo, ?status, ?severity, ?overdue, ?area, ?ownerId, ?search)',
      tag,
      access: viewAccess,
    },
  ),
  route(
    'GET',
    '/recommendations/export',
    op.action('recommendation.export', {
      query: recommendationExportQuery,
      response: z.string().meta({ format: 'binary' }),
    }),
    {
      summary:
        'The findings the list filters match, soonest due first, as an .xlsx (the same filters; at most 100,000 rows)',
      tag,
      access: viewAccess,
    },
  ),
  route(
    'GET',
    '/recommendations/owners',
    op.action('recommendation.owners', {
      query: recommendationOwnersQuery,
      response: z.array(assignableUserSchema),
      capped: { data: maxAssignableUsers },
    }),
    {
      summary: `Active users a finding may be given to (search by name; at most ${maxAssignableUsers})`,
      tag,
      access: { module: 'workOrder', action: 'update' },
    },
  ),
  route(
    'GET',
    '/recommendations/counts',
    op.action('recommendation.counts', { response: recommendationCountsSchema }),
    {
      summary: 'Findings not yet closed: how many by severity and by area, and how many overdue',
      tag,
      access: viewAccess,
    },
  ),
  route(
    'GET',
    '/recommendations/:id',
    op.action('recommendation.get', { params: recommendationParams, response: recommendationViewSchema }),
    { summary: 'One finding to close', tag, access: viewAccess },
  ),
  route(
    'GET',
    '/recommendations/:id/evidence-candidates',
    op.action('recommendation.evidenceCandidates', {
      params: recommendationParams,
      response: z.array(evidenceCandidateSchema),
      capped: { data: evidenceCandidatesCap },
    }),
    {
      summary: `Reports that may close the finding: approved, current, on its equipment, approved after it was opened; newest first (at most ${evidenceCandidatesCap})`,
      tag,
      // Whoever may close the finding (PUT /recommendations/{id}) picks its evidence.
      access: { module: 'workOrder', action: 'update' },
    },
  ),
  route(
    'PUT',
    '/recommendations/:id',
    op.action('recommendation.update', {
      params: recommendationParams,
      body: recommendationUpdateBody,
      response: recommendationViewSchema,
    }),
    {
      summary:
        'Change the owner, due date, state or evidence (closing needs a comment and a later report or a work order)',
      tag,
      access: { module: 'workOrder', action: 'update' },
    },
  ),
  route(
    'POST',
    '/recommendations/:id/work-order',
    op.action('recommendation.workOrder', {
      params: recommendationParams,
      body: recommendationWorkOrderBody,
      response: recommendationViewSchema,
    }),
    {
      summary:
        'Raise a work order for the finding: its equipment and finding carried over; the recommendation goes in progress',
      tag,
      access: { module: 'workOrder', action: 'create' },
    },
  ),
];
