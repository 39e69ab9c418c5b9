import { z } from 'zod';
import { uuidPattern } from '../ids.ts';
import { fieldMessage } from '../messages.ts';
import { defineEntity } from '../entity.ts';
import { f } from '../fields.ts';
import { op, pageNumberSchema, pageSizeSchema, route, searchSchema } from '../routes.ts';
import { reportStatuses } from './report-headers.ts';
import { verdictOverrideSchema } from '../verdicts.ts';

/** Approval levels run 1..maxApprovalLevel (docs/approvals.md). */
export const maxApprovalLevel = 10;

const levelSchema = (name: string) =>
  z.coerce
    .number({ error: `${name} must be a whole number` })
    .int(`${name} must be a whole number`)
    .min(1, `${name} starts at 1`)
    .max(maxApprovalLevel, `${name} is at most ${maxApprovalLevel}`);
const uuid = (name: string) => z.uuid({ error: `${name} must be an identifier (UUID)` });
const userIdentifier = {
  regex: uuidPattern,
  message: fieldMessage('userIdentifier'),
};

/**
 * An approval position ("Area inspection engineer"): the catalogue the approval paths, reviewer
 * assignments, task assignments' positions and the users' `approval_position` name. Its name is the
 * key they hold (foreign keys where the column is text, a checked list where it is JSON), so a
 * rename follows into all of them (docs/approvals.md). Upserted by name
 * (`POST /reviewer-assignment/position-level-approval`), changed by id (`PUT …/{id}`).
 */
export const approvalPosition = defineEntity('approvalPosition', {
  label: 'Approval position',
  module: 'approval',
  fields: {
    name: f.text({ label: 'Name', required: true, maxLength: 100 }),
    description: f.longText({ maxLength: 1000 }),
    levelApproval: f.integer({ label: 'Usual level', min: 1, max: maxApprovalLevel, default: 1 }),
    isActive: f.boolean({ label: 'Active', default: true }),
  },
  naturalKey: ['name'],
  duplicateMessage: 'An approval position with this name already exists',
  represent: ['name'],
  search: ['name', 'description'],
  sort: { field: 'name', direction: 'asc' },
});

/** What names one level of a method's path: the method, the level and the position approving there. */
const approvalLevelFields = {
  inspectionMethod: f.text({ required: true, maxLength: 60, references: 'inspectionMethod' }),
  levelApproval: f.integer({ label: 'Level', required: true, min: 1, max: maxApprovalLevel }),
  approvalPosition: f.text({
    label: 'Approval position',
    required: true,
    maxLength: 100,
    references: 'approvalPosition',
  }),
};

/** One level of an inspection method's approval path: at `levelApproval`, `approvalPosition` approves. */
export const inspectionMethodApproval = defineEntity('inspectionMethodApproval', {
  label: 'Approval level',
  module: 'approval',
  fields: {
    ...approvalLevelFields,
  },
  naturalKey: ['inspectionMethod', 'levelApproval'],
  duplicateMessage: 'This method already has this level',
  represent: ['inspectionMethod', 'levelApproval'],
  sort: { field: 'levelApproval', direction: 'asc' },
});

/**
 * A reviewer: a user who approves reports of one method at one level, holding the position the
 * method's path names there; of one contractor company's reports, or of any (none named).
 */
export const reviewerAssignment = defineEntity('reviewerAssignment', {
  label: 'Reviewer assignment',
  module: 'approval',
  fields: {
    userPdmId: f.text({ label: 'Reviewer', required: true, maxLength: 36, pattern: userIdentifier }),
    ...approvalLevelFields,
    contractorCompanyId: f.ref('contractorCompany', { label: 'Reviews reports of' }),
    isActive: f.boolean({ label: 'Active', default: true }),
  },
  naturalKey: ['userPdmId', 'inspectionMethod', 'levelApproval'],
  duplicateMessage: 'This user is already a reviewer of this method at this level',
  represent: ['inspectionMethod', 'levelApproval'],
  search: ['inspectionMethod', 'approvalPosition'],
  // As an administrator reads a path: each method's reviewers level by level.
  sort: { field: 'inspectionMethod', direction: 'asc', then: [{ field: 'levelApproval', direction: 'asc' }] },
});

/** One level of a path as the settings answer it. */
export const approvalLevelSchema = z
  .object({ levelApproval: z.number().int(), approvalPosition: z.string() })
  .meta({ id: 'approvalLevel' });
export type ApprovalLevel = z.infer<typeof approvalLevelSchema>;

/** An inspection method with its approval path (levels 1..N in order; empty when none is set). */
export const methodApprovalPathSchema = z
  .object({
    inspectionMethodId: z.uuid(),
    inspectionMethod: z.string(),
    inspectionMethodName: z.string(),
    levels: z.array(approvalLevelSchema),
  })
  .meta({ id: 'methodApprovalPath' });
export type MethodApprovalPath = z.infer<typeof methodApprovalPathSchema>;

export const approvalSummarySchema = z
  .object({
    inspectionMethodId: z.uuid(),
    inspectionMethod: z.string(),
    inspectionMethodName: z.string(),
    levelCount: z.number().int(),
    levels: z.array(approvalLevelSchema.extend({ activeReviewers: z.number().int() })),
    /** Every level has at least one active reviewer (a method without a path counts as not set). */
    complete: z.boolean(),
  })
  .meta({ id: 'approvalSummary' });
export type ApprovalSummary = z.infer<typeof approvalSummarySchema>;

/** Most approval levels one settings call lists (a method has at most ten); `meta.notShown` says the rest. */
export const methodApprovalsCap = 1000;

export const methodApprovalsQuery = z.object({
  inspectionMethodId: uuid('inspectionMethodId').optional(),
  levelApproval: levelSchema('levelApproval').optional(),
});
export const methodApprovalSettingsQuery = z.object({ inspectionMethodId: uuid('inspectionMethodId') });

/** One method's whole path: levels 1..N, contiguous, each once; an empty list removes the path. */
export const approvalPathBody = z.object({
  inspectionMethodId: uuid('inspectionMethodId'),
  levels: z
    .array(
      z.object({
        levelApproval: levelSchema('levelApproval'),
        approvalPosition: z.string().trim().min(1, fieldMessage('required')).max(100),
      }),
    )
    .max(maxApprovalLevel, `At most ${maxApprovalLevel} levels`)
    .superRefine((levels, ctx) => {
      const sorted = levels.map((l) => l.levelApproval).sort((a, b) => a - b);
      if (sorted.some((level, i) => level !== i + 1))
        ctx.addIssue({ code: 'custom', message: fieldMessage('approvalLevelsInOrder') });
    }),
});

export const reviewerAssignmentQuery = z.object({
  pageNumber: pageNumberSchema,
  pageSize: pageSizeSchema,
  search: searchSchema,
  inspectionMethod: z.string().trim().max(60).optional(),
  levelApproval: levelSchema('levelApproval').optional(),
  userPdmId: uuid('userPdmId').optional(),
  isActive: z.stringbool({ error: 'isActive must be true or false' }).optional(),
});
export const reviewerAssignmentViewSchema = reviewerAssignment.schemas.response
  .extend({ username: z.string(), fullName: z.string(), userActive: z.boolean() })
  .meta({ id: 'reviewerAssignmentView' });
export type ReviewerAssignmentView = z.infer<typeof reviewerAssignmentViewSchema>;

export const reviewerActivationQuery = z.object({
  activation: z.stringbool({ error: 'activation must be true or false' }),
});
export const assignReviewersBody = z.object({
  inspectionMethod: z.string().trim().min(1, fieldMessage('required')).max(60),
  levelApproval: levelSchema('levelApproval'),
  userPdmIds: z
    .array(uuid('userPdmIds'))
    .min(1, 'Name at least one user')
    .max(50, 'At most 50 users at once'),
  contractorCompanyId: uuid('contractorCompanyId').nullable().optional(),
});
const idParams = z.object({ id: uuid('id') });

/** `revised`: a new revision of the approved report was started (on both reports' histories, with the reason). */
/** `verdictAccepted`: a reviewer accepted an inspector's verdict over the standard's (docs/verdict-pairs.md). */
export const approvalActions = [
  'submitted',
  'approved',
  'returned',
  'withdrawn',
  'revised',
  'verdictAccepted',
] as const;
export type ApprovalAction = (typeof approvalActions)[number];

/** One step of a report's approval history. */
export const approvalStepSchema = z
  .object({
    id: z.uuid(),
    reportHeaderId: z.uuid(),
    level: z.number().int().nullable(),
    position: z.string().nullable(),
    actorId: z.uuid(),
    actorUsername: z.string(),
    actorFullName: z.string(),
    action: z.enum(approvalActions),
    comment: z.string().nullable(),
    at: z.string(),
    fromStatus: z.enum(reportStatuses),
    toStatus: z.enum(reportStatuses),
  })
  .meta({ id: 'approvalStep' });
export type ApprovalStep = z.infer<typeof approvalStepSchema>;

/** A report's overrides (docs/verdict-pairs.md). */
export const verdictOverridesQuery = z.object({ reportHeaderId: uuid('reportHeaderId') });

/** A reviewer's acceptance of one override's recorded verdict, by its row. */
export const verdictAcceptanceBody = z.object({
  reportHeaderId: uuid('reportHeaderId'),
  rowId: uuid('rowId'),
});

export const approvalHistoryQuery = z.object({
  reportHeaderId: uuid('reportHeaderId'),
  username: z.string().trim().max(100).optional(),
});
export const approvalCurrentQuery = z.object({ reportHeaderId: uuid('reportHeaderId') });
/**
 * `?contractorCompanyId=none` in the queue: reports written by the plant owner's staff (the word the
 * users' filter uses, `ownerStaffFilter`; users.ts imports this file, so it cannot be imported here).
 */
export const ownStaffCompany = 'none';
/** `?severity=none` in the queue: reports with no graded finding. */
export const noFindingSeverity = 'none';

/** The queue's filters (our addition), each optional and combined; the summary takes the same. */
export const approvalQueueFilters = {
  /** A method's code (`thermal`). */
  inspectionMethod: z.string().trim().max(60, 'inspectionMethod is at most 60 characters').optional(),
  /**
   * Worst finding levels, comma-separated (`repairImmediately,critical`), as the techniques grade
   * them, or `none`; the server refuses a level no technique declares.
   */
  severity: z
    .string()
    .trim()
    .max(300, 'severity is at most 300 characters')
    .optional()
    .transform((s) =>
      s
        ? [
            ...new Set(
              s
                .split(',')
                .map((v) => v.trim())
                .filter(Boolean),
            ),
          ]
        : undefined,
    ),
  /** The report's company (its author's), or `none` for the plant owner's staff. */
  contractorCompanyId: z
    .union([z.literal(ownStaffCompany), uuid('contractorCompanyId')], {
      error: `contractorCompanyId must be a company identifier (UUID) or "${ownStaffCompany}"`,
    })
    .optional(),
  /** Report number, title, equipment number, tag or description. */
  search: searchSchema,
};
export const approvalQueueQuery = z.object({
  pageNumber: pageNumberSchema,
  pageSize: pageSizeSchema,
  ...approvalQueueFilters,
});
export const approvalQueueSummaryQuery = z.object(approvalQueueFilters);

const reviewerSchema = z.object({ id: z.uuid(), username: z.string(), fullName: z.string() });
/** A report's path and where it stands: what the report page's approval panel shows. */
export const approvalCurrentSchema = z
  .object({
    reportHeaderId: z.uuid(),
    status: z.enum(reportStatuses),
    /** The level the report waits at; null when it is not in approval. */
    approvalLevel: z.number().int().nullable(),
    /** Where the path comes from: the report's snapshot, its task assignment, the method, or none set. */
    source: z.enum(['snapshot', 'taskAssignment', 'method', 'fallback']),
    path: z.array(
      z.object({
        level: z.number().int(),
        position: z.string().nullable(),
        reviewers: z.array(reviewerSchema),
      }),
    ),
    canAct: z.boolean(),
    /** Why the caller cannot act, when they cannot (shown beside the panel). */
    reason: z.string().nullable(),
    /**
     * Whether the caller wrote any of the report's content (our addition): four eyes, they never
     * approve or return it (docs/approvals.md); the panel shows its acts disabled with the reason.
     */
    wroteContent: z.boolean(),
  })
  .meta({ id: 'approvalCurrent' });
export type ApprovalCurrent = z.infer<typeof approvalCurrentSchema>;

export const approvalQueueItemSchema = z
  .object({
    id: z.uuid(),
    reportNumber: z.string(),
    title: z.string(),
    inspectionMethod: z.string(),
    status: z.enum(reportStatuses),
    approvalLevel: z.number().int(),
    approvalPosition: z.string().nullable(),
    submittedBy: z.string(),
    /** When the report reached the level it waits at: its submission or the last approval. */
    waitingSince: z.string(),
    /** The method's name in the method catalogue (the web shows its technique's translated name). */
    inspectionMethodName: z.string().nullable(),
    equipmentNo: z.string(),
    /** The equipment master's tag and description (null when the master lacks the number). */
    tagNumber: z.string().nullable(),
    equipmentDescription: z.string().nullable(),
    /** The report's company: its author's; null for the plant owner's staff. */
    contractorCompanyId: z.uuid().nullable(),
    contractorName: z.string().nullable(),
    /** The report's worst finding, a level of its technique's `findingGrade`; null when none. */
    worstFinding: z.string().nullable(),
    /**
     * Rows whose recorded verdict differs from the standard's (our addition, docs/verdict-pairs.md),
     * and how many of them a reviewer has accepted; the worst finding counts the others at the
     * stricter verdict.
     */
    overrides: z.object({ total: z.number().int(), accepted: z.number().int() }),
  })
  .meta({ id: 'approvalQueueItem' });
export type ApprovalQueueItem = z.infer<typeof approvalQueueItemSchema>;

const queueCount = z.number().int();
/** How many reports wait for the caller, by method and by company: the queue's filter choices. */
export const approvalQueueSummarySchema = z
  .object({
    total: queueCount,
    byMethod: z.array(
      z.object({ inspectionMethod: z.string(), name: z.string().nullable(), count: queueCount }),
    ),
    /** `contractorCompanyId` null: the plant owner's staff. */
    byCompany: z.array(
      z.object({
        contractorCompanyId: z.uuid().nullable(),
        contractorName: z.string().nullable(),
        count: queueCount,
      }),
    ),
  })
  .meta({ id: 'approvalQueueSummary' });
export type ApprovalQueueSummary = z.infer<typeof approvalQueueSummarySchema>;

/**
 * Plant-wide approval options (our addition, docs/revisions-and-supersession.md), set beside the
 * approval paths: `signatureRequired`, an approval is refused while the approver has no stored
 * signature (the approve dialog asks them to draw one first). Off until an administrator turns it on.
 */
export const approvalOptionsSchema = z
  .object({ signatureRequired: z.boolean() })
  .meta({ id: 'approvalOptions' });
export type ApprovalOptions = z.infer<typeof approvalOptionsSchema>;
export const approvalOptionsBody = z.object({
  signatureRequired: z.boolean({ error: 'signatureRequired must be true or false' }),
});

const settingsTag = 'Inspection method approvals';
const reviewerTag = 'Reviewer assignment';
const pathTag = 'Report approval paths';
const approval = (action: 'view' | 'create' | 'update') => ({ module: 'approval', action }) as const;

export const approvalRoutes = [
  route(
    'GET',
    '/inspection-method-approvals/options',
    op.action('approval.options', { response: approvalOptionsSchema }),
    {
      summary:
        'Plant-wide approval options (our addition): whether approving needs a stored signature; read by whoever reads reports (the approve dialog)',
      tag: settingsTag,
      access: { module: 'reportHeader', action: 'view' },
    },
  ),
  route(
    'PUT',
    '/inspection-method-approvals/options',
    op.action('approval.updateOptions', { body: approvalOptionsBody, response: approvalOptionsSchema }),
    {
      summary: 'Change the plant-wide approval options (our addition): signatureRequired',
      tag: settingsTag,
      access: approval('update'),
    },
  ),
  route(
    'GET',
    '/inspection-method-approvals',
    op.action('approval.methodApprovals', {
      query: methodApprovalsQuery,
      response: z.array(inspectionMethodApproval.schemas.response),
      capped: { data: methodApprovalsCap },
    }),
    {
      summary: 'Approval levels, of one method (?inspectionMethodId, its uuid) and/or one level',
      tag: settingsTag,
      access: approval('view'),
    },
  ),
  route(
    'POST',
    '/inspection-method-approvals/upsert-many',
    op.action('approval.upsertMany', { body: approvalPathBody, response: methodApprovalPathSchema }),
    {
      summary: "Replace one method's approval path: levels 1..N (N ≤ 10), a position each",
      tag: settingsTag,
      access: approval('update'),
    },
  ),
  route(
    'GET',
    '/inspection-method-approvals/get-settings',
    op.action('approval.settings', { response: z.array(methodApprovalPathSchema) }),
    { summary: 'Every inspection method with its approval path', tag: settingsTag, access: approval('view') },
  ),
  route(
    'GET',
    '/inspection-method-approvals/get-approval-settings',
    op.action('approval.methodSettings', {
      query: methodApprovalSettingsQuery,
      response: methodApprovalPathSchema,
    }),
    { summary: "One method's approval path", tag: settingsTag, access: approval('view') },
  ),
  route(
    'GET',
    '/inspection-method-approvals/get-summary',
    op.action('approval.summary', { response: z.array(approvalSummarySchema) }),
    {
      summary: 'Per method: levels, positions, active reviewers per level, whether every level has one',
      tag: settingsTag,
      access: approval('view'),
    },
  ),
  route('POST', '/reviewer-assignment/position-level-approval', op.upsert(approvalPosition), {
    summary: 'Create an approval position, or update the one with the same name',
    tag: reviewerTag,
  }),
  route('GET', '/reviewer-assignment/position-level-approvals', op.list(approvalPosition), {
    summary: 'Approval positions (paged, search)',
    tag: reviewerTag,
  }),
  // Our addition: the upsert matches by name, so it cannot rename. A new name follows into the
  // users, levels and reviewers holding the position (foreign keys) and into the paths of task
  // assignments and reports (a trigger: docs/approvals.md).
  route('PUT', '/reviewer-assignment/position-level-approval/:id', op.update(approvalPosition, 'path'), {
    summary: 'Change an approval position, its name included (everything naming it follows)',
    tag: reviewerTag,
  }),
  route(
    'GET',
    '/reviewer-assignment',
    op.action('approval.reviewers', {
      query: reviewerAssignmentQuery,
      response: z.array(reviewerAssignmentViewSchema),
      paged: true,
    }),
    {
      summary: 'Reviewer assignments (paged; inspectionMethod, levelApproval, userPdmId, isActive)',
      tag: reviewerTag,
      access: approval('view'),
    },
  ),
  route(
    'POST',
    '/reviewer-assignment',
    op.action('approval.createReviewer', {
      body: reviewerAssignment.schemas.create,
      response: reviewerAssignment.schemas.response,
    }),
    { summary: 'Assign one reviewer to a method and level', tag: reviewerTag, access: approval('create') },
  ),
  route(
    'POST',
    '/reviewer-assignment/assign-user',
    op.action('approval.assignUsers', {
      body: assignReviewersBody,
      response: z.array(reviewerAssignment.schemas.response),
    }),
    {
      summary: "Make users reviewers of a method's level (creates or re-activates one assignment each)",
      tag: reviewerTag,
      access: approval('create'),
    },
  ),
  route(
    'PUT',
    '/reviewer-assignment/update-reviewer-status/:id',
    op.action('approval.reviewerStatus', {
      params: idParams,
      query: reviewerActivationQuery,
      response: reviewerAssignment.schemas.response,
    }),
    {
      summary: 'Activate or deactivate a reviewer (?activation=true|false)',
      tag: reviewerTag,
      access: approval('update'),
    },
  ),
  route(
    'PUT',
    '/reviewer-assignment/:id',
    op.action('approval.updateReviewer', {
      params: idParams,
      body: reviewerAssignment.schemas.update,
      response: reviewerAssignment.schemas.response,
    }),
    { summary: 'Change a reviewer assignment', tag: reviewerTag, access: approval('update') },
  ),
  route(
    'GET',
    '/report-approval-paths/history',
    op.action('approval.history', { query: approvalHistoryQuery, response: z.array(approvalStepSchema) }),
    {
      summary: "Every step of a report's approval, oldest first (?username narrows to one actor)",
      tag: pathTag,
      access: { module: 'reportHeader', action: 'view' },
    },
  ),
  // Our addition (docs/verdict-pairs.md): verdicts recorded against the standard's, and a
  // reviewer's acceptance of one at approval.
  route(
    'GET',
    '/report-approval-paths/verdict-overrides',
    op.action('approval.verdictOverrides', {
      query: verdictOverridesQuery,
      response: z.array(verdictOverrideSchema),
    }),
    {
      summary:
        "A report's rows whose recorded verdict differs from the standard's (our addition): both verdicts, the one counted, the reason and who accepted it",
      tag: pathTag,
      access: { module: 'reportHeader', action: 'view' },
    },
  ),
  route(
    'POST',
    '/report-approval-paths/verdict-acceptances',
    op.action('approval.acceptVerdict', { body: verdictAcceptanceBody, response: verdictOverrideSchema }),
    {
      summary:
        "Accept an inspector's verdict over the standard's, as the reviewer whose turn it is (our addition): recorded in the history; the recorded verdict then counts",
      tag: pathTag,
      access: { module: 'reportHeader', action: 'approve' },
    },
  ),
  route(
    'GET',
    '/report-approval-paths/current',
    op.action('approval.current', { query: approvalCurrentQuery, response: approvalCurrentSchema }),
    {
      summary: "A report's approval path, the level it waits at, who may act there and whether you may",
      tag: pathTag,
      access: { module: 'reportHeader', action: 'view' },
    },
  ),
  route(
    'GET',
    '/report-approval-paths/queue',
    op.action('approval.queue', {
      query: approvalQueueQuery,
      response: z.array(approvalQueueItemSchema),
      paged: true,
    }),
    {
      summary:
        'Reports waiting at a level where you are an active reviewer (not your own), oldest first, with their worst finding, equipment and company; filtered by method, severity and company, searched by report or equipment',
      tag: pathTag,
      access: { module: 'reportHeader', action: 'approve' },
    },
  ),
  route(
    'GET',
    '/report-approval-paths/queue/summary',
    op.action('approval.queueSummary', {
      query: approvalQueueSummaryQuery,
      response: approvalQueueSummarySchema,
    }),
    {
      summary:
        'How many reports wait for you (our addition): in all, by method and by company, under the same filters',
      tag: pathTag,
      access: { module: 'reportHeader', action: 'approve' },
    },
  ),
];
