import { z } from 'zod';
import { defineEntity } from '../entity.ts';
import { f, plainText } from '../fields.ts';
import { op, pageNumberSchema, pageSizeSchema, route, searchSchema } from '../routes.ts';
import { lookupQuery, lookupValueSchema, workOrderPriorities } from './work-orders.ts';
import { approvalLevelQuery, reportStatuses } from './report-headers.ts';
import type { ReportStatus } from './report-headers.ts';
import { taskStates } from '../task-states.ts';
import type { TaskState } from '../task-states.ts';

// A file of its own, read by the sign-in page's first download (task-states.ts).
export { taskStates };
export type { TaskState };

/**
 * A task assignment: an inspection method to be done under a work order, by the users named
 * (`userPDMIds`), approved through the levels and positions named. One per work order and method.
 */
export const woTaskAssignment = defineEntity('woTaskAssignment', {
  label: 'Task assignment',
  module: 'taskAssignment',
  fields: {
    workOrderSPKId: f.ref('workOrderSpk', { label: 'Work order', required: true }),
    inspectionMethod: f.text({ required: true, maxLength: 60, references: 'inspectionMethod' }),
    userPDMIds: f.json({
      label: 'Inspectors',
      default: [] as never,
      schema: z
        .array(z.uuid({ error: 'Each inspector is a user identifier (UUID)' }))
        .max(50, 'At most 50 inspectors'),
    }),
    levelApprovals: f.json({
      label: 'Approval levels',
      default: [] as never,
      schema: z
        .array(
          z.number().int('Levels are whole numbers').min(1, 'Levels start at 1').max(10, 'At most level 10'),
        )
        .max(10, 'At most 10 levels'),
    }),
    /** Names of approval positions, one per level: each must be a position of the catalogue. */
    positionLevels: f.json({
      label: 'Approval positions',
      default: [] as never,
      itemsReference: 'approvalPosition',
      schema: z.array(z.string().trim().min(1).max(100)).max(10, 'At most 10 positions'),
    }),
    approvalStatus: f.boolean({
      label: 'Approved',
      default: false,
      keptByServer:
        "Kept by the database from the task's reports: true once every report under the work order with the method is approved (migration 0046)",
    }),
    approvalComment: f.longText({ maxLength: 2000, serverOwned: true }),
    // Kept by the database as the reports under the work order with this method change (migration
    // 0020, `task_state_of`), so my tasks can filter and count by it without reading every report.
    state: f.enumOf(taskStates, { label: 'Task state', default: 'todo', serverOwned: true }),
    // Copied from the work order by the database (migrations 0023 and 0024) whenever either
    // changes: what my tasks order, bound, search and filter a user's tasks by, read without a
    // work order per task.
    woNumber: f.text({ label: 'WO number', maxLength: 60, serverOwned: true }),
    woTitle: f.text({ label: 'WO title', serverOwned: true }),
    tagNumber: f.text({ label: 'Equipment tag', maxLength: 60, serverOwned: true }),
    equipmentCategory: f.text({ label: 'Equipment category', maxLength: 60, serverOwned: true }),
    plannedStart: f.date({ label: 'Planned start', serverOwned: true }),
    plannedFinish: f.date({ label: 'Planned finish', serverOwned: true }),
  },
  parent: 'workOrderSPKId',
  naturalKey: ['workOrderSPKId', 'inspectionMethod'],
  duplicateMessage: 'This inspection method is already assigned on this work order',
  // My tasks: the assignments naming a user (`user_pdmids @> '["<id>"]'`), docs/my-tasks.md. A
  // renamed approval position: the assignments naming it (docs/approvals.md).
  indexes: { byInspector: { contains: 'userPDMIds' }, byPosition: { contains: 'positionLevels' } },
  represent: ['inspectionMethod'],
  sort: { field: 'inspectionMethod', direction: 'asc' },
});

/** A report made under an assignment's work order with its method. */
export const assignedReportSchema = z.object({
  id: z.uuid(),
  reportNumber: z.string(),
  title: z.string(),
  equipmentNo: z.string(),
  status: z.enum(reportStatuses),
  updatedAt: z.string(),
  /**
   * Why a reviewer returned the report (the return's comment, kept on the report until its next
   * move): what the inspector reads on the task. Null unless the report is returned; absent where
   * a list does not read it.
   */
  returnedReason: z.string().nullable().optional(),
});

/**
 * A user who may be named as an inspector: an active user whose role is not the administrator's and
 * holds what writing the method's reports takes (`inspectorGrantsOf`, docs/task-assignments.md).
 */
export const assignableUserSchema = z
  .object({ id: z.uuid(), username: z.string(), fullName: z.string() })
  .meta({ id: 'assignableUser' });
export type AssignableUser = z.infer<typeof assignableUserSchema>;

/** Most users one assignable-users answer lists (a picker narrows by typing); `meta.notShown` says the rest. */
export const maxAssignableUsers = 50;

/**
 * Most reports one inspections answer lists, newest first, across its assignments (a work order is a
 * campaign, not a plant); `meta.notShown.reports` says how many more.
 */
export const maxInspectionReports = 1000;

export const assignableUsersQuery = z.object({
  search: searchSchema,
  /**
   * The method the users are to inspect (our addition): only those who may be named for it. Without
   * it, those who may be named for at least one active method.
   */
  inspectionMethod: plainText
    .max(60, 'An inspection method code is at most 60 characters')
    .optional()
    .transform((s) => (s ? s : undefined)),
});

export const assignmentInspectionsQuery = z.object({
  workOrderSPKId: z.uuid({ error: 'workOrderSPKId must be an identifier (UUID)' }),
  reportHeaderId: z.uuid({ error: 'reportHeaderId must be an identifier (UUID)' }).optional(),
});
export const assignmentInspectionSchema = woTaskAssignment.schemas.response
  .extend({
    inspectionMethodName: z.string(),
    /** The users `userPDMIds` names, in that order (an inactive one too, so it can be taken off). */
    inspectors: z.array(assignableUserSchema.extend({ isActive: z.boolean() })),
    reports: z.array(assignedReportSchema),
  })
  .meta({ id: 'assignmentInspection' });

export const approvalStatusQuery = z.object({
  reportHeaderId: z.uuid({ error: 'reportHeaderId must be an identifier (UUID)' }),
  status: z.enum(reportStatuses, { error: `status must be one of: ${reportStatuses.join(', ')}` }),
  comment: z.string().trim().max(2000, 'comment is at most 2000 characters').optional(),
  /** The approval level the reviewer saw (docs/approvals.md): 409 when the report has moved on. */
  level: approvalLevelQuery,
});

/** Most assignments one template-with-data holds: narrow the period for more. */
export const maxAssignmentSheetRows = 10_000;

export const assignmentSheetQuery = z
  .object({
    startDate: z.iso.date({ error: 'startDate must be a date (YYYY-MM-DD)' }).optional(),
    endDate: z.iso.date({ error: 'endDate must be a date (YYYY-MM-DD)' }).optional(),
  })
  // ISO dates compare as text in calendar order.
  .refine((q) => !q.startDate || !q.endDate || q.endDate >= q.startDate, {
    error: 'endDate is before startDate',
    path: ['endDate'],
  });

/**
 * How a task's state is read from the statuses of its reports, first match wins; a task without
 * reports is `todo`. The server compiles this list to SQL and `taskStateOf` reads it in TypeScript,
 * so the two cannot disagree. Every report status is named once (test/my-tasks.test.ts).
 */
export const taskStateByReports: readonly { state: TaskState; anyReportIn: readonly ReportStatus[] }[] = [
  // Sent back: the inspector has work to do before anything else happens.
  { state: 'returned', anyReportIn: ['returned'] },
  // A report still being written.
  { state: 'inProgress', anyReportIn: ['draft'] },
  // Everything written is with the reviewers.
  { state: 'waitingApproval', anyReportIn: ['submitted', 'inReview'] },
  // Every report approved.
  { state: 'done', anyReportIn: ['approved'] },
];

/** The state of a task whose reports have these statuses. */
export function taskStateOf(statuses: readonly ReportStatus[]): TaskState {
  if (statuses.length === 0) return 'todo';
  return taskStateByReports.find((rule) => rule.anyReportIn.some((s) => statuses.includes(s)))!.state;
}

export const myTaskSchema = z
  .object({
    id: z.uuid(),
    workOrderSPKId: z.uuid(),
    woNumber: z.string(),
    woTitle: z.string(),
    inspectionMethod: z.string(),
    inspectionMethodName: z.string(),
    equipmentCategory: z.string().nullable(),
    tagNumber: z.string().nullable(),
    location: z.string().nullable(),
    priority: z.enum(workOrderPriorities),
    isEmergency: z.boolean(),
    dateStart: z.string().nullable(),
    dateEnd: z.string().nullable(),
    state: z.enum(taskStates),
    /** Past its planned finish and not done. */
    overdue: z.boolean(),
    reports: z.array(assignedReportSchema),
  })
  .meta({ id: 'myTask' });
export type MyTask = z.infer<typeof myTaskSchema>;

const isoDate = (name: string) => z.iso.date({ error: `${name} must be a date (YYYY-MM-DD)` });

export const myTasksQuery = z.object({
  pageNumber: pageNumberSchema,
  pageSize: pageSizeSchema,
  search: searchSchema,
  tab: z.enum(taskStates, { error: `tab must be one of: ${taskStates.join(', ')}` }).optional(),
  woNumber: searchSchema,
  equipmentCategory: searchSchema,
  dateStart: isoDate('dateStart').optional(),
  dateEnd: isoDate('dateEnd').optional(),
});

export const myTaskStatisticsSchema = z
  .object({
    byState: z.record(z.enum(taskStates), z.number().int()),
    total: z.number().int(),
    overdue: z.number().int(),
    /** Tasks planned to be under way this week (Monday to Sunday, server time). */
    thisWeek: z.number().int(),
    byMethod: z.array(z.object({ code: z.string(), name: z.string(), count: z.number().int() })),
  })
  .meta({ id: 'myTaskStatistics' });
export type MyTaskStatistics = z.infer<typeof myTaskStatisticsSchema>;

/** The planner's period: both dates, or neither for the current month (docs/my-tasks.md). */
export const plannerQuery = z.object({
  dateStart: isoDate('dateStart').optional(),
  dateEnd: isoDate('dateEnd').optional(),
});

// ---------------------------------------------------------------------------------------------
// The team plan (our addition; docs/team-plan.md): the planner's calendar and statistics over
// every inspector of the work orders of the planner's planner groups.

/** An inspector as the team plan names them. */
export const teamInspectorSchema = z.object({ id: z.string(), fullName: z.string() });
export type TeamInspector = z.infer<typeof teamInspectorSchema>;

/** A task of the team: an assignment with the inspectors of the team it names (none: nobody yet). */
export const teamTaskSchema = myTaskSchema
  .omit({ reports: true })
  .extend({ inspectors: z.array(teamInspectorSchema) })
  .meta({ id: 'teamTask' });
export type TeamTask = z.infer<typeof teamTaskSchema>;

/** The team planner's period (as the planner's), optionally one inspector's tasks only. */
export const teamPlannerQuery = plannerQuery.extend({
  inspectorId: z.uuid({ error: 'inspectorId must be an identifier (UUID)' }).optional(),
});

/** Most overdue tasks the team statistics list (the count says how many there are in all). */
export const maxTeamOverdueTasks = 50;
/** The most tasks a planner (an inspector's or the team's) returns for one period; `meta.notShown` says the rest. */
export const plannerMaxTasks = 2000;

const teamCount = z.number().int();
export const teamStatisticsSchema = z
  .object({
    /** The planner groups the team is drawn from; none: the whole plant (within the company). */
    plannerGroups: z.array(z.object({ code: z.string(), name: z.string() })),
    /** Tasks of the team's live work orders (open or in progress), each counted once. */
    byState: z.record(z.enum(taskStates), teamCount),
    total: teamCount,
    overdue: teamCount,
    thisWeek: teamCount,
    /** Tasks not done that name no inspector. */
    unassigned: teamCount,
    /** Per inspector, most open tasks first. */
    byInspector: z.array(
      teamInspectorSchema.extend({
        open: teamCount,
        overdue: teamCount,
        thisWeek: teamCount,
        byState: z.record(z.enum(taskStates), teamCount),
      }),
    ),
    /** The most overdue tasks first, at most `maxTeamOverdueTasks` (`overdue` counts them all). */
    overdueTasks: z.array(teamTaskSchema),
  })
  .meta({ id: 'teamStatistics' });
export type TeamStatistics = z.infer<typeof teamStatisticsSchema>;

/** Who may see the team plan: who may change who does what (docs/team-plan.md). */
export const teamPlanAccess = { module: 'taskAssignment', action: 'update' } as const;

const tag = 'Task assignment';
const assignmentView = { module: 'taskAssignment', action: 'view' } as const;
const myTaskView = { module: 'myTask', action: 'view' } as const;
const idParams = z.object({ id: z.uuid({ error: 'id must be an identifier (UUID)' }) });

export const taskAssignmentRoutes = [
  route(
    'GET',
    '/wo-task-assignments/assignable-users',
    op.action('taskAssignment.assignableUsers', {
      query: assignableUsersQuery,
      response: z.array(assignableUserSchema),
      capped: { data: maxAssignableUsers },
    }),
    {
      summary: `Active users who may be named as inspectors of a method (?inspectionMethod, our addition: their role writes its reports; search by name; at most ${maxAssignableUsers})`,
      tag,
      access: assignmentView,
    },
  ),
  route('GET', '/wo-task-assignments/by-work-order', op.listByParent(woTaskAssignment, 'workOrderSPKId'), {
    summary: "A work order's task assignments",
    tag,
  }),
  route(
    'GET',
    '/wo-task-assignments/inspections',
    op.action('taskAssignment.inspections', {
      query: assignmentInspectionsQuery,
      response: z.array(assignmentInspectionSchema),
      capped: { reports: maxInspectionReports },
    }),
    {
      summary: "A work order's assignments with their reports (?reportHeaderId narrows to that report's)",
      tag,
      access: assignmentView,
    },
  ),
  route(
    'PUT',
    '/wo-task-assignments/update-approval-status/:id',
    op.action('taskAssignment.updateApprovalStatus', {
      params: idParams,
      query: approvalStatusQuery,
      response: woTaskAssignment.schemas.response,
    }),
    {
      summary:
        "Move an assignment's report to a status with a comment (approving needs the approve permission)",
      tag,
      access: { module: 'taskAssignment', action: 'update' },
    },
  ),
  route(
    'GET',
    '/wo-task-assignments/export/template',
    op.action('taskAssignment.template', { response: z.string().meta({ format: 'binary' }) }),
    { summary: 'An .xlsx to fill in: work order number, inspection method', tag, access: assignmentView },
  ),
  route(
    'GET',
    '/wo-task-assignments/export/template-with-data',
    op.action('taskAssignment.templateWithData', {
      query: assignmentSheetQuery,
      response: z.string().meta({ format: 'binary' }),
    }),
    {
      summary: 'The assignments of work orders planned in a period (?startDate, ?endDate) as that .xlsx',
      tag,
      access: assignmentView,
    },
  ),
  route('POST', '/wo-task-assignments', op.create(woTaskAssignment), {
    summary: 'Assign an inspection method under a work order to inspectors',
    tag,
  }),
  route('PUT', '/wo-task-assignments/:id', op.update(woTaskAssignment, 'path'), {
    summary: 'Change the inspectors or approval levels of an assignment',
    tag,
  }),
  route('DELETE', '/wo-task-assignments/:id', op.delete(woTaskAssignment, 'path'), {
    summary: 'Remove an assignment',
    tag,
  }),
];

export const myTaskRoutes = [
  route('GET', '/my-task/statistics', op.action('myTask.statistics', { response: myTaskStatisticsSchema }), {
    summary: "The signed-in user's tasks counted by state, overdue, this week and method",
    tag: 'My tasks',
    access: myTaskView,
  }),
  route(
    'GET',
    '/my-tasks/inspection-planner',
    op.action('myTask.planner', {
      query: plannerQuery,
      response: z.array(myTaskSchema),
      capped: { data: plannerMaxTasks },
    }),
    {
      summary:
        "The signed-in user's tasks planned between two dates (at most 400 days), or in the current month without them",
      tag: 'My tasks',
      access: myTaskView,
    },
  ),
  route(
    'GET',
    '/my-tasks/work-order-numbers',
    op.action('myTask.workOrderNumbers', {
      query: lookupQuery,
      response: z.array(lookupValueSchema),
      paged: true,
    }),
    {
      summary: "Work order numbers of the signed-in user's tasks (search, paged)",
      tag: 'My tasks',
      access: myTaskView,
    },
  ),
  route(
    'GET',
    '/my-tasks',
    op.action('myTask.list', { query: myTasksQuery, response: z.array(myTaskSchema), paged: true }),
    {
      summary: "The signed-in user's tasks (tab = state, filters, paged)",
      tag: 'My tasks',
      access: myTaskView,
    },
  ),
  route('GET', '/my-tasks/:id', op.action('myTask.get', { params: idParams, response: myTaskSchema }), {
    summary: 'One task of the signed-in user',
    tag: 'My tasks',
    access: myTaskView,
  }),
  // Our addition (docs/team-plan.md): the planner's view of the team.
  route(
    'GET',
    '/team-plan/inspection-planner',
    op.action('teamPlan.planner', {
      query: teamPlannerQuery,
      response: z.array(teamTaskSchema),
      capped: { data: plannerMaxTasks },
    }),
    {
      summary:
        "The tasks of the planner's team planned between two dates (at most 400 days), or in the current month without them",
      tag: 'Team plan',
      access: teamPlanAccess,
    },
  ),
  route(
    'GET',
    '/team-plan/statistics',
    op.action('teamPlan.statistics', {
      response: teamStatisticsSchema,
      capped: { overdueTasks: maxTeamOverdueTasks },
    }),
    {
      summary:
        "The planner's team: live tasks by state, workload per inspector (open, overdue, this week) and the overdue tasks",
      tag: 'Team plan',
      access: teamPlanAccess,
    },
  ),
];

// ---------------------------------------------------------------------------------------------
// Bulk assignment import (SPEC 5; docs/task-assignment-import.md). The browser does the import;
// the server only reads the sheet's rows for it and writes the results back as a sheet.

/** How much one bulk import reads and writes. */
export const assignmentImportBounds = {
  /** Data rows below the header; the header and these are read, one more refuses the file. */
  maxDataRows: 2000,
  maxFileBytes: 10 * 1024 * 1024,
  /** Columns answered from A on: A and B are imported, the rest give the planner context. */
  maxColumns: 10,
  /** Characters of a cell answered (a WO number has at most 60); a longer text is cut. */
  maxCellLength: 200,
  maxMessageLength: 500,
};

export const sheetRowsSchema = z
  .object({
    rows: z.array(
      z.object({
        /** The row's number as Excel shows it (the header is usually 1). */
        rowNumber: z.number().int(),
        /** Columns A, B, … as text, up to the last one with something in it. */
        cells: z.array(z.string()),
      }),
    ),
  })
  .meta({ id: 'sheetRows' });
export type SheetRows = z.infer<typeof sheetRowsSchema>;

const resultText = (name: string, max: number) =>
  z.string({ error: `${name} must be text` }).max(max, `${name} is at most ${max} characters`);

export const importResultRowSchema = z.object({
  rowNumber: z
    .number({ error: 'rowNumber must be a whole number' })
    .int('rowNumber must be a whole number')
    .min(1, 'rowNumber starts at 1')
    .max(1_048_576, 'rowNumber is at most 1048576'),
  workOrder: resultText('workOrder', assignmentImportBounds.maxCellLength),
  method: resultText('method', assignmentImportBounds.maxCellLength),
  result: resultText('result', 60),
  message: resultText('message', assignmentImportBounds.maxMessageLength),
});

/** The results sheet's column headings, in the planner's language (English when absent). */
export const resultsSheetHeadings = z.object({
  workOrder: resultText('headings.workOrder', 60),
  method: resultText('headings.method', 60),
  rowNumber: resultText('headings.rowNumber', 60),
  result: resultText('headings.result', 60),
  message: resultText('headings.message', 60),
});

export const resultsSheetBody = z.object({
  rows: z
    .array(importResultRowSchema)
    .max(
      assignmentImportBounds.maxDataRows,
      `rows holds at most ${assignmentImportBounds.maxDataRows} rows (one import)`,
    ),
  headings: resultsSheetHeadings.optional(),
  sheetName: resultText('sheetName', 31).optional(),
});

export const assignmentImportRoutes = [
  route(
    'POST',
    '/wo-task-assignments/import/sheet-rows',
    op.action('taskAssignment.importSheetRows', { response: sheetRowsSchema, upload: true }),
    {
      summary:
        "The first sheet's non-empty rows as text (multipart, field file: an .xlsx of up to 10 MB, a header and 2000 rows)",
      tag,
      access: { module: 'taskAssignment', action: 'create' },
    },
  ),
  route(
    'POST',
    '/wo-task-assignments/import/results-sheet',
    op.action('taskAssignment.importResultsSheet', {
      body: resultsSheetBody,
      response: z.string().meta({ format: 'binary' }),
    }),
    {
      summary: "An import's results as an .xlsx (work order in A and method in B, to fix and import again)",
      tag,
      access: assignmentView,
    },
  ),
];
