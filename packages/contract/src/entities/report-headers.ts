import { z } from 'zod';
import { defineEntity } from '../entity.ts';
import { f } from '../fields.ts';
import { isFutureDate } from '../rules.ts';
import type { PermissionAction } from '../permissions.ts';
import { equalityFilters, op, resourceRoutes, route } from '../routes.ts';

export const reportStatuses = ['draft', 'submitted', 'inReview', 'returned', 'approved'] as const;
export type ReportStatus = (typeof reportStatuses)[number];

/**
 * Which status a report may move to from each, and the permission the move needs (docs/report-status.md):
 * the inspector submits a draft (or withdraws it while nobody has taken it up); a reviewer takes it
 * into review, returns it with a reason, or approves it; a returned report is corrected and submitted
 * again. An approved report moves nowhere and its records are locked: a change is a new revision.
 * A move to `approved` is an approval at the level the report waits at (docs/approvals.md): short of
 * its path's last level it lands in `approvalInProgressStatus` at the next level instead.
 * Submitted means nobody has approved yet (the inspector may still withdraw it); in review, that at
 * least one level has.
 */
export const reportStatusTransitions: Record<
  ReportStatus,
  Partial<Record<ReportStatus, PermissionAction>>
> = {
  draft: { submitted: 'update' },
  submitted: { approved: 'approve', returned: 'approve', draft: 'update' },
  inReview: { approved: 'approve', returned: 'approve' },
  returned: { submitted: 'update', draft: 'update' },
  approved: {},
};

/** Where an approval short of the path's last level leaves a report (at the next level). */
export const approvalInProgressStatus: ReportStatus = 'inReview';

/** A move's optional `level`: the approval level the reviewer saw; 409 when the report has moved on. */
export const approvalLevelQuery = z.coerce
  .number({ error: 'level must be a whole number' })
  .int('level must be a whole number')
  .min(1, 'level starts at 1')
  .max(10, 'level is at most 10')
  .optional();

/**
 * Statuses of a report in approval: what the reviewers judge is what was submitted, so the report and
 * every record under it are frozen until it is returned (or withdrawn) (docs/report-status.md).
 */
export const frozenReportStatuses: readonly ReportStatus[] = ['submitted', 'inReview'];

/** Statuses in which a report is final (approved): a change is a new revision. */
export const finalReportStatuses: readonly ReportStatus[] = ['approved'];

/** Statuses in which a report and every record under it cannot change: frozen in approval, or final. */
export const lockedReportStatuses: readonly ReportStatus[] = [
  ...frozenReportStatuses,
  ...finalReportStatuses,
];

/**
 * Whether a report in this status, and every record under it, cannot change: the rule the server's
 * lock enforces (the report header's `lock`), read by the screens to offer no write there.
 */
export function isReportLocked(status: string | null | undefined): boolean {
  return status != null && (lockedReportStatuses as readonly string[]).includes(status);
}

/** Whether a report has been replaced by an approved revision: shown as "Superseded", no longer current. */
export function isReportSuperseded(report: { supersededBy?: unknown }): boolean {
  return report.supersededBy != null;
}

/** Whether a report is final (approved): locked for good, changed only by a new revision. */
export function isReportFinal(status: string | null | undefined): boolean {
  return status != null && (finalReportStatuses as readonly string[]).includes(status);
}

/** Report header: one report on one piece of equipment under a work order; inspections hang off it. */
export const reportHeader = defineEntity('reportHeader', {
  label: 'Report',
  module: 'reportHeader',
  fields: {
    workOrderSPKId: f.ref('workOrderSpk', { label: 'Work order', required: true }),
    reportNumber: f.text({ required: true, maxLength: 60 }),
    title: f.text({ required: true }),
    equipmentNo: f.text({
      label: 'Equipment number',
      required: true,
      maxLength: 60,
      references: 'equipment',
      // The asset master knows the equipment's category and object type: picking it fills them.
      referenceFills: { equipmentCategory: 'categoryCode', objectType: 'objectTypeCode' },
      // A report is on equipment of its category (checked on every write).
      referenceMatches: { equipmentCategory: 'categoryCode' },
      // A new report is on its work order's equipment (the form starts with it).
      prefill: 'workOrderSPKId.tagNumber.equipmentNo',
    }),
    equipmentCategory: f.text({
      maxLength: 60,
      references: 'equipmentCategory',
      prefill: 'equipmentNo.categoryCode',
    }),
    objectType: f.text({ maxLength: 60, references: 'objectType', prefill: 'equipmentNo.objectTypeCode' }),
    inspectionMethod: f.text({ required: true, maxLength: 60, references: 'inspectionMethod' }),
    location: f.text({ prefill: 'workOrderSPKId.location' }),
    actualStartDate: f.date(),
    actualCompletedDate: f.date(),
    // Changed only by the report-status call, under its transitions (never by PUT /report-headers/{id}).
    status: f.enumOf(reportStatuses, { default: 'draft', serverOwned: true }),
    // Why the report last moved (a reviewer's reason for returning it), given with the status call.
    statusComment: f.longText({ label: 'Status comment', maxLength: 2000, serverOwned: true }),
    // A correction of an approved report is a new report: its revision number and the report it revises.
    revision: f.integer({ label: 'Revision', min: 0, default: 0, serverOwned: true }),
    revisionOf: f.ref('reportHeader', { label: 'Revision of', serverOwned: true }),
    // Why the approved report it revises is corrected, given when the revision is started.
    revisionReason: f.longText({ label: 'Reason for revision', maxLength: 2000, serverOwned: true }),
    // The revision that replaced this report: set when that revision is approved at its last level,
    // in the same transaction. The report stays approved (it was, and its version stands); it is no
    // longer current (docs/revisions-and-supersession.md).
    supersededBy: f.ref('reportHeader', { label: 'Superseded by', serverOwned: true }),
    // The approval level the report waits at (null when not in approval), and the path it follows,
    // copied at submission so a later change of the settings does not move reports in flight.
    approvalLevel: f.integer({ label: 'Approval level', min: 1, max: 10, serverOwned: true }),
    approvalPath: f.json({
      label: 'Approval path',
      serverOwned: true,
      schema: z.array(z.object({ level: z.number().int(), position: z.string().nullable() })),
    }),
  },
  parent: 'workOrderSPKId',
  lock: {
    field: 'status',
    values: lockedReportStatuses,
    remedy: 'Create a new revision of the report to change it',
    // In approval the report is frozen as submitted, not for good: the way back is the flow's.
    remedies: {
      submitted: 'Withdraw it, or ask a reviewer to return it, to change it',
      inReview: 'Ask a reviewer to return it to change it',
    },
  },
  unique: ['reportNumber'],
  // A task's state is read from the statuses of its work order's reports by its method (my tasks).
  indexes: {
    byWorkOrderMethod: { fields: ['workOrderSPKId', 'inspectionMethod', 'status'] },
    // The reviewers' queue: the few reports in approval, by method and the level they wait at.
    inApproval: { fields: ['status', 'inspectionMethod', 'approvalLevel'] },
    // The actual dates' range filters of the list.
    actualStartDate: { fields: ['actualStartDate'], withListOrder: true },
    actualCompletedDate: { fields: ['actualCompletedDate'], withListOrder: true },
  },
  represent: ['reportNumber', 'title'],
  search: ['reportNumber', 'title', 'equipmentNo'],
  rules: (rule) => ({
    actualStartInFuture: rule.error(
      ['actualStartDate'],
      (r) => isFutureDate(r.actualStartDate),
      'The actual start date is in the future',
    ),
    // ISO dates (YYYY-MM-DD) compare as text in calendar order.
    actualCompletedBeforeStart: rule.error(
      ['actualCompletedDate', 'actualStartDate'],
      (r) => r.actualCompletedDate < r.actualStartDate,
      'The actual completed date is before the actual start date',
    ),
  }),
});

export const reportStatusQuery = z.object({
  status: z.enum(reportStatuses, { error: `status must be one of: ${reportStatuses.join(', ')}` }),
  /** Why (a reviewer's reason for returning the report); kept on the report and in its audit. */
  comment: z.string().trim().max(2000, 'comment: at most 2000 characters').optional(),
  level: approvalLevelQuery,
});

export const reportIdParams = z.object({ id: z.uuid({ error: 'id must be an identifier (UUID)' }) });
/**
 * A new revision of an approved report says why it is revised (docs/report-of-record.md): the reason
 * is kept on the revision, printed on its PDF and on the version its approval writes.
 */
export const reportRevisionBody = z.object({
  reason: z
    .string({ error: 'reason is required: say why the approved report is revised' })
    .trim()
    .min(3, 'reason: say why the approved report is revised (at least 3 characters)')
    .max(2000, 'reason: at most 2000 characters'),
});
export type ReportRevisionBody = z.infer<typeof reportRevisionBody>;

/** `/report-headers/{id}/versions/{number}`: a version by its place in the report's chain, from 1. */
export const reportVersionParams = reportIdParams.extend({
  number: z.coerce
    .number({ error: 'number must be a version number (1, 2, …)' })
    .int('number must be a version number (1, 2, …)')
    .min(1, 'number must be a version number (1, 2, …)')
    .max(100_000, 'number must be a version number (1, 2, …)'),
});

/**
 * One immutable version of a report (docs/report-of-record.md "Versions"): written when the report,
 * or a revision of it, is approved at its last level. The versions of an original report and of its
 * revisions form one chain, each naming the hash of the one before it.
 */
export const reportVersionSchema = z
  .object({
    /** Its place in the chain: 1 is the original report's approval, 2 its first revision's, … */
    number: z.number().int(),
    /** The report (the original or a revision) whose approval wrote it. */
    reportHeaderId: z.uuid(),
    reportNumber: z.string(),
    /** The report's revision number (0 for the original). */
    revision: z.number().int(),
    /** SHA-256 (hex) of the version's canonical JSON: the report's fingerprint when it was approved. */
    sha256: z.string(),
    /** The previous version's `sha256`; null for the first. */
    previousSha256: z.string().nullable(),
    /** The version this one revises (the previous one); null for the first. */
    revises: z.number().int().nullable(),
    /** Why the report was revised; null for the first. */
    reason: z.string().nullable(),
    /** Who asked for the revision, and when; null for the first. */
    revisedBy: z.string().nullable(),
    revisedAt: z.string().nullable(),
    /** When and by whom it was approved at the last level. */
    approvedAt: z.string(),
    approvedBy: z.string().nullable(),
    /** Size of its canonical JSON in bytes. */
    size: z.number().int(),
    /**
     * Ed25519 signature (base64) of the version's statement (docs/report-signing.md), made with a
     * key the database does not hold, and that key's id; null when approved before signing began.
     */
    signature: z.string().nullable(),
    signingKeyId: z.string().nullable(),
  })
  .meta({ id: 'reportVersion' });
export type ReportVersion = z.infer<typeof reportVersionSchema>;

/**
 * A report tree as canonical JSON reads (docs/report-of-record.md "Canonical JSON"): its header and a
 * section per technique, each with lists of records, records with lists under them.
 */
export type ReportTreeRecordJson = {
  entity: string;
  fields: Record<string, unknown>;
  derived: Record<string, unknown>;
  attachments: Record<string, unknown>[];
  lists: ReportTreeListJson[];
  /** Only in `/content`: how a person reads the records its fields name, by field. */
  names?: Record<string, string>;
};
export type ReportTreeListJson = { entity: string; records: ReportTreeRecordJson[] };
export type ReportTreeJson = {
  format: string;
  header: ReportTreeRecordJson;
  sections: { key: string; lists: ReportTreeListJson[] }[];
};

const reportTreeJsonSchema = z.record(z.string(), z.unknown()).meta({
  id: 'reportTree',
  description:
    'The report as one tree: {format, header, sections: [{key, lists: [{entity, records: [{entity, fields, derived, attachments, lists}]}]}]}',
});

/** A version with its snapshot: the canonical JSON as it was approved. */
export const reportVersionDetailSchema = reportVersionSchema
  .extend({ content: reportTreeJsonSchema })
  .meta({ id: 'reportVersionDetail' });

/** The report as it is now (our addition): the tree the whole-report page draws, and its fingerprint. */
export const reportContentSchema = z
  .object({
    /** SHA-256 (hex) of the report's canonical JSON now: equal to the version's once approved. */
    fingerprint: z.string(),
    content: reportTreeJsonSchema,
  })
  .meta({ id: 'reportContent' });

/** One thing a version's snapshot and the report as it is now disagree on. */
export const reportDifferenceSchema = z
  .object({
    /**
     * `changed`: a field, derived value or file record; `added`/`removed`: a record; `file`: a stored
     * file's bytes no longer have the hash recorded (or the file is gone); `snapshot`: the stored
     * snapshot no longer has its own hash; `chain`: the version does not name the one before it;
     * `signature`: its signature does not hold (`path` says why: `invalid`, `unknownKey`, `missing`).
     */
    kind: z.enum(['changed', 'added', 'removed', 'file', 'snapshot', 'chain', 'signature']),
    entity: z.string().nullable(),
    recordId: z.string().nullable(),
    /** `fields.temperature`, `derived.severity`, `attachments.<id>`… */
    path: z.string().nullable(),
    was: z.unknown(),
    now: z.unknown(),
    /** In English, naming the record and what changed. */
    message: z.string(),
  })
  .meta({ id: 'reportDifference' });
export type ReportDifference = z.infer<typeof reportDifferenceSchema>;

/** How a version's signature checks out (`reportVersionCheckSchema.signature`). */
export const reportSignatureChecks = ['valid', 'unsigned', 'invalid', 'unknownKey', 'missing'] as const;

export const reportVersionCheckSchema = z
  .object({
    number: z.number().int(),
    reportHeaderId: z.uuid(),
    reportNumber: z.string(),
    sha256: z.string(),
    /** The report as it is now hashes to `sha256`, its files included. */
    matches: z.boolean(),
    /** The fingerprint of the report as it is now. */
    liveSha256: z.string(),
    /**
     * Its signature checked against the keys the server holds outside the database
     * (docs/report-signing.md): `valid`; `unsigned` (approved before signing began: not a
     * difference); `invalid`, `unknownKey` or `missing` (each also a `signature` difference).
     */
    signature: z.enum(reportSignatureChecks),
    signingKeyId: z.string().nullable(),
    /** What differs (at most 200 named; `moreDifferences` counts the rest). */
    differences: z.array(reportDifferenceSchema),
    moreDifferences: z.number().int(),
  })
  .meta({ id: 'reportVersionCheck' });

/** `GET /report-headers/{id}/verify` (our addition): every version of the chain checked against now. */
export const reportVerificationSchema = z
  .object({
    /**
     * Every version matches, every snapshot holds its hash, every link holds and every signature
     * holds (a version approved before signing began is unsigned, not broken).
     */
    intact: z.boolean(),
    checkedAt: z.string(),
    versions: z.array(reportVersionCheckSchema),
  })
  .meta({ id: 'reportVerification' });
export type ReportVerification = z.infer<typeof reportVerificationSchema>;

/**
 * `GET /report-signing-keys` (our addition, docs/report-signing.md): the public keys versions are
 * signed with, the current one and every older one still trusted, to check a printed report offline.
 */
export const reportSigningKeySchema = z
  .object({
    /** First 16 hex digits of the SHA-256 of the raw public key: what a version names. */
    keyId: z.string(),
    /** The raw 32-byte Ed25519 public key, base64. */
    publicKey: z.string(),
    /** The same key as PEM (SubjectPublicKeyInfo), for `openssl pkeyutl -verify`. */
    pem: z.string(),
    /** New versions are signed with it; the others only check older versions. */
    current: z.boolean(),
  })
  .meta({ id: 'reportSigningKey' });
export type ReportSigningKey = z.infer<typeof reportSigningKeySchema>;

/** The languages a report's PDF is printed in (our addition): English and Bahasa Indonesia. */
export const reportPdfLanguages = ['en', 'id'] as const;
export type ReportPdfLanguage = (typeof reportPdfLanguages)[number];

/** `?lang=` of a report's PDF; without it, the request's `Accept-Language` decides (English by default). */
export const reportPdfQuery = z.object({
  lang: z
    .enum(reportPdfLanguages, { error: 'lang must be en (English) or id (Bahasa Indonesia)' })
    .optional(),
});

/**
 * How many graded records take one level of a technique's finding grade: rows, or inspections
 * where the inspection is the graded record (an MCSA test, `gradedEntity`).
 */
export const gradeCountSchema = z
  .object({ level: z.string(), rows: z.number().int() })
  .meta({ id: 'gradeCount' });
export type GradeCount = z.infer<typeof gradeCountSchema>;

/**
 * What the report page shows of one technique on a report, per equipment class: how many
 * inspections and rows it holds, its worst graded finding and how many photos; one call for every
 * technique, so the page never reads the rows themselves to draw its cards. The rows per grade,
 * counted by the server, are given for the class and for each inspection: the workspace states
 * them under an inspection's rows ("3 findings: 2 Accept, 1 Reject").
 */
export const reportTechniqueSummarySchema = z
  .object({
    /** The technique's permission module, its key in the catalogue. */
    technique: z.string(),
    variant: z.string().nullable(),
    inspections: z.number().int(),
    rows: z.number().int(),
    /** The worst level of the technique's finding grade among its graded records; null when none is graded. */
    worstFinding: z.string().nullable(),
    /** Graded records per level of the finding grade, least severe first, levels none takes left out. */
    byGrade: z.array(gradeCountSchema),
    /** Each inspection of the class, oldest first: its rows and its rows per level of the grade. */
    perInspection: z.array(
      z.object({ id: z.string(), rows: z.number().int(), byGrade: z.array(gradeCountSchema) }),
    ),
  })
  .meta({ id: 'reportTechniqueSummary' });
export type ReportTechniqueSummary = z.infer<typeof reportTechniqueSummarySchema>;

/** What a report still lacks for its method before it may be submitted (docs/report-status.md "Completeness"). */
export const reportRequirements = ['rows', 'documents', 'rowsAtMost', 'inspections'] as const;
export type ReportRequirement = (typeof reportRequirements)[number];

export const reportMissingSchema = z
  .object({
    /**
     * `rows`: the technique's rows (measurements, findings); `documents`: supporting documents;
     * `rowsAtMost`: one list holds more rows than the report of record writes and prints (`max`).
     */
    requirement: z.enum(reportRequirements),
    /** The technique (its permission module) whose records are missing; null for documents. */
    technique: z.string().nullable(),
    /** The entity of the records missing (`thermalMeasurement`, `reportSupportingDocument`). */
    entity: z.string(),
    /** How many are needed at least. */
    min: z.number().int(),
    /** How many the report holds (for `rowsAtMost`, the longest list's, counted up to `max` + 1). */
    found: z.number().int(),
    /** For `rowsAtMost`: the most rows one list may hold (docs/revisions-and-supersession.md). */
    max: z.number().int().optional(),
    /** In English; the web words it from the fields above. */
    message: z.string(),
  })
  .meta({ id: 'reportMissing' });
export type ReportMissing = z.infer<typeof reportMissingSchema>;

export const reportReadinessSchema = z
  .object({
    /** Whether the report holds what its method requires (submitting is still judged by status and role). */
    ready: z.boolean(),
    missing: z.array(reportMissingSchema),
  })
  .meta({ id: 'reportReadiness' });
export type ReportReadiness = z.infer<typeof reportReadinessSchema>;

/** `GET /report-headers?id=` reads one report; there is no `GET /report-headers/{id}`. */
export const reportHeaderRoutes = [
  ...reportHeaderResourceRoutes(),
  route(
    'PUT',
    '/report-headers/update-report-status/:id',
    op.action('reportHeader.updateStatus', {
      params: reportIdParams,
      query: reportStatusQuery,
      response: reportHeader.schemas.response,
    }),
    {
      summary:
        'Move a report to another status (?status=, optional ?comment= and ?level=): submitting and withdrawing need update, approving and returning approve at the level it waits at',
      tag: 'Report headers',
      // Each move checks the permission the state machine names: a reviewer need not edit reports.
      access: { module: 'reportHeader', action: 'view' },
    },
  ),
  route(
    'GET',
    '/report-headers/:id/techniques',
    op.action('reportHeader.techniques', {
      params: reportIdParams,
      response: z.array(reportTechniqueSummarySchema),
    }),
    {
      summary:
        "Per technique and equipment class on the report: inspections, rows, worst finding and rows per grade (the techniques the caller's role may view)",
      tag: 'Report headers',
      access: { module: 'reportHeader', action: 'view' },
    },
  ),
  route(
    'GET',
    '/report-headers/:id/readiness',
    op.action('reportHeader.readiness', { params: reportIdParams, response: reportReadinessSchema }),
    {
      summary:
        'What the report still lacks for its inspection method before it may be submitted (our addition): ready, and each missing requirement',
      tag: 'Report headers',
      access: { module: 'reportHeader', action: 'view' },
    },
  ),
  route(
    'GET',
    '/report-headers/:id/pdf',
    op.action('reportHeader.pdf', {
      params: reportIdParams,
      query: reportPdfQuery,
      response: z.string().meta({ description: 'The report as a PDF document', format: 'binary' }),
    }),
    {
      summary:
        "The whole report as a PDF (our addition): cover, every technique's records laid out from their declarations, photos, the approval record and history; ?lang=en|id or Accept-Language",
      tag: 'Report headers',
      access: { module: 'reportHeader', action: 'view' },
    },
  ),
  route(
    'GET',
    '/report-headers/:id/content',
    op.action('reportHeader.content', { params: reportIdParams, response: reportContentSchema }),
    {
      summary:
        "The whole report as one tree (our addition): header, every technique's records and files, with the names of the records they name, and its fingerprint",
      tag: 'Report headers',
      access: { module: 'reportHeader', action: 'view' },
    },
  ),
  route(
    'GET',
    '/report-headers/:id/versions',
    op.action('reportHeader.versions', { params: reportIdParams, response: z.array(reportVersionSchema) }),
    {
      summary:
        'The approved versions of the report and of its revisions, one chain (our addition): number, report, fingerprint, the previous fingerprint, reason',
      tag: 'Report headers',
      access: { module: 'reportHeader', action: 'view' },
    },
  ),
  route(
    'GET',
    '/report-headers/:id/versions/:number',
    op.action('reportHeader.version', { params: reportVersionParams, response: reportVersionDetailSchema }),
    {
      summary: 'One approved version of the report with its snapshot, as it was approved (our addition)',
      tag: 'Report headers',
      access: { module: 'reportHeader', action: 'view' },
    },
  ),
  route(
    'GET',
    '/report-headers/:id/versions/:number/pdf',
    op.action('reportHeader.versionPdf', {
      params: reportVersionParams,
      query: reportPdfQuery,
      response: z.string().meta({ description: 'The version as a PDF document', format: 'binary' }),
    }),
    {
      summary:
        'One approved version as a PDF, printed from its snapshot (our addition); ?lang=en|id or Accept-Language',
      tag: 'Report headers',
      access: { module: 'reportHeader', action: 'view' },
    },
  ),
  route(
    'GET',
    '/report-headers/:id/verify',
    op.action('reportHeader.verify', { params: reportIdParams, response: reportVerificationSchema }),
    {
      summary:
        "Checks every version of the report's chain against the report as it is now and its stored files, naming what differs, and each version's signature against the keys held outside the database (our addition)",
      tag: 'Report headers',
      access: { module: 'reportHeader', action: 'view' },
    },
  ),
  route(
    'GET',
    '/report-signing-keys',
    op.action('reportHeader.signingKeys', { response: z.array(reportSigningKeySchema) }),
    {
      summary:
        'The public keys approved versions are signed with (our addition): the current one and every older one still trusted, to check a printed report offline',
      tag: 'Report headers',
      // Whoever may read reports and verify them; a checker trusts a key by comparing it with the one
      // the plant publishes, not because this server answered it (docs/report-signing.md).
      access: { module: 'reportHeader', action: 'view' },
    },
  ),
  route(
    'POST',
    '/report-headers/:id/revision',
    op.action('reportHeader.revise', {
      params: reportIdParams,
      body: reportRevisionBody,
      response: reportHeader.schemas.response,
    }),
    {
      summary:
        'Start a new revision of an approved report, saying why (reason): a draft copy of the whole report, its records and files (number suffixed -R1, -R2…), that can be changed; its approval writes the next version',
      tag: 'Report headers',
      access: { module: 'reportHeader', action: 'create' },
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
      // Our addition: current reports by default; `?includeSuperseded=true` shows the rest.
      includeSuperseded: { op: 'unlessIncluded', field: 'supersededBy' },
    },
  });
}
