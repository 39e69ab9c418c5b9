import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { entityTables } from './entities.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const roles = pgTable('role', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull().unique(),
  description: text('description'),
  /** The administrator role: given every permission of every module, now and when modules are added. */
  isAdministrator: boolean('is_administrator').notNull().default(false),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const rolePermissions = pgTable(
  'role_permission',
  {
    roleId: uuid('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    module: text('module').notNull(),
    action: text('action').notNull(),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.module, t.action] })],
);

export const users = pgTable(
  'user_account',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    username: text('username').notNull(),
    fullName: text('full_name').notNull(),
    email: text('email'),
    passwordHash: text('password_hash').notNull(),
    roleId: uuid('role_id')
      .notNull()
      .references(() => roles.id),
    isActive: boolean('is_active').notNull().default(true),
    /** The contractor company the user works for; null for the plant owner's staff. */
    contractorCompanyId: uuid('contractor_company_id').references(() => entityTables.contractorCompany!.id, {
      onDelete: 'restrict',
    }),
    employeeNumber: text('employee_number'),
    phoneNumber: text('phone_number'),
    /**
     * The approval position the user holds ("Area inspection engineer"), by its name, and its level.
     * A key like the approval paths' (docs/approvals.md): renaming the position follows, and a
     * position still held cannot be deleted.
     */
    approvalPosition: text('approval_position').references(() => entityTables.approvalPosition!.name!, {
      onUpdate: 'cascade',
      onDelete: 'restrict',
    }),
    approvalLevel: integer('approval_level'),
    /** Codes of the planner groups the user works for. */
    plannerGroups: jsonb('planner_groups').$type<string[]>().notNull().default([]),
    passwordChangedAt: ts('password_changed_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('user_account_username_unique').on(sql`lower(${t.username})`),
    index('user_account_company_idx').on(t.contractorCompanyId),
    // Holders of a position (reviewer pickers), and a rename's cascade, find the users by it.
    index('user_account_approval_position_idx').on(t.approvalPosition),
    // The roles page counts each role's users; deleting a role checks none is left; inspector
    // eligibility reads the user's role: all by this key.
    index('user_account_role_idx').on(t.roleId),
  ],
);

/**
 * Refresh tokens, stored as SHA-256 hashes. Tokens issued from one sign-in form a family; a token is
 * spent when used, and presenting a spent token revokes the whole family (it has been stolen or
 * replayed). `familyExpiresAt` bounds the life of a family however often it is refreshed.
 */
export const refreshTokens = pgTable(
  'refresh_token',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull().unique(),
    familyId: uuid('family_id').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    familyExpiresAt: ts('family_expires_at').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    spentAt: ts('spent_at'),
    revokedAt: ts('revoked_at'),
  },
  (t) => [
    index('refresh_token_family_idx').on(t.familyId),
    // Signing out of all devices finds a user's sessions, and deleting a user cascades to them.
    index('refresh_token_user_idx').on(t.userId),
  ],
);

/**
 * Sign-in attempts per key (`user:<name>`, `ip:<address>`, `pair:<name>|<address>` or
 * `device:<nonce>` of a device cookie) within a window, for throttling; a device cookie past its
 * limit is locked out until its window ends. `nextAttemptAt` is when an account under attack next
 * takes a password check from an address it has never signed in from.
 */
export const loginFailures = pgTable('login_failure', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  windowStartedAt: ts('window_started_at').notNull(),
  nextAttemptAt: ts('next_attempt_at'),
});

/**
 * The answers of keyed writes (`Idempotency-Key`, docs/offline-capture.md): per user and key, what
 * the request was (method, address with query, a hash of its body) and, once it has run, what it
 * answered. `claimedUntil` is how long a request still running holds the key: a process killed
 * mid-request leaves its claim to run out, and a retry after that runs the write again.
 */
export const idempotencyKeys = pgTable(
  'idempotency_key',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: uuid('key').notNull(),
    method: text('method').notNull(),
    path: text('path').notNull(),
    /** SHA-256 of the body as sent (a multipart form's with its boundary left out); null until read whole. */
    bodyHash: text('body_hash'),
    /** Who holds a running request's claim: a retry that takes over an expired claim gets its own. */
    claim: uuid('claim').notNull(),
    claimedUntil: ts('claimed_until').notNull(),
    /** The answer once the request has run; null while it runs. */
    status: smallint('status'),
    headers: jsonb('headers').$type<Record<string, string>>(),
    body: text('body'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.key] }),
    // The upkeep's sweep deletes keys older than they are kept.
    index('idempotency_key_created_idx').on(t.createdAt),
  ],
);

/** Addresses a user has signed in from; sign-ins from them are not slowed when the account is attacked. */
export const signInAddresses = pgTable(
  'sign_in_address',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    address: text('address').notNull(),
    lastSignedInAt: ts('last_signed_in_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.address] })],
);

/**
 * A file a device sends in pieces (resumable uploads, docs/offline-capture.md part 4). The id is the
 * client's; `pieces` names the pieces the file store holds, in order, and `received` counts their
 * bytes: a piece is counted by an update conditional on `received`, so two processes given a piece
 * at one offset cannot both count theirs. Once whole the file is checked and stored like any
 * upload (`storageKey`, `mediaType`), its pieces are removed, and a record's form may name it.
 */
export const uploads = pgTable(
  'upload',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The file's name as the client gave it: a record that names the upload shows it, made safe. */
    name: text('name').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    /** The SHA-256 the client declared: the whole file must have it. */
    sha256: text('sha256').notNull(),
    received: bigint('received', { mode: 'number' }).notNull().default(0),
    pieces: jsonb('pieces').$type<string[]>().notNull().default([]),
    storageKey: text('storage_key'),
    mediaType: text('media_type'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    // What a user holds open is counted per user; the upkeep removes uploads by age; the file
    // sweep asks which stored files an upload still holds.
    index('upload_user_idx').on(t.userId),
    index('upload_created_idx').on(t.createdAt),
    index('upload_storage_key_idx').on(t.storageKey),
  ],
);

/** Images and documents of any record; the bytes live in the file store under `storageKey`. */
export const attachments = pgTable(
  'attachment',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerEntity: text('owner_entity').notNull(),
    ownerId: uuid('owner_id').notNull(),
    slot: text('slot').notNull(),
    imageType: text('image_type'),
    displayName: text('display_name').notNull(),
    category: text('category'),
    /** Place in an image list, from 0; 0 for a single-image slot. */
    position: integer('position').notNull().default(0),
    mediaType: text('media_type').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    sha256: text('sha256').notNull(),
    storageKey: text('storage_key').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    createdBy: uuid('created_by'),
  },
  (t) => [
    index('attachment_owner_idx').on(t.ownerEntity, t.ownerId),
    index('attachment_storage_key_idx').on(t.storageKey),
  ],
);

/** Every change to a record, written in the transaction that made it. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    entity: text('entity').notNull(),
    entityId: uuid('entity_id').notNull(),
    action: text('action').notNull(),
    actorId: uuid('actor_id'),
    at: ts('at').notNull().defaultNow(),
    before: jsonb('before'),
    after: jsonb('after'),
    /**
     * The record whose content this change wrote: the lock holder (a report) the changed record is
     * under, or the holder itself; null for a change of no lock holder's content and for a status
     * move. Who wrote a report's content is read from here (four eyes, docs/approvals.md). No
     * foreign key: the log outlives what it names.
     */
    contentOf: uuid('content_of'),
  },
  (t) => [
    index('audit_log_entity_idx').on(t.entity, t.entityId),
    // "Did this user write any of this report?": one probe per report and user.
    index('audit_log_content_of_idx').on(t.contentOf, t.actorId),
  ],
);

/**
 * A report's approval history (docs/approvals.md): one row per step — submitted, approved at a level,
 * returned, withdrawn — written in the transaction of the move. The actor's username and full name
 * are copied so the record reads the same after the user is renamed or deactivated.
 */
export const reportApprovalSteps = pgTable(
  'report_approval_step',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    reportHeaderId: uuid('report_header_id')
      .notNull()
      .references(() => entityTables.reportHeader!.id, { onDelete: 'cascade' }),
    level: integer('level'),
    position: text('position'),
    actorId: uuid('actor_id').notNull(),
    actorUsername: text('actor_username').notNull(),
    actorFullName: text('actor_full_name').notNull(),
    action: text('action').notNull(),
    comment: text('comment'),
    fromStatus: text('from_status').notNull(),
    toStatus: text('to_status').notNull(),
    at: ts('at').notNull().defaultNow(),
    /**
     * The approver's signature as it was when they approved (its stored file), printed beside the
     * approval; kept when they draw a new one. Null for other steps and approvers without one.
     */
    signatureKey: text('signature_key'),
    signatureMediaType: text('signature_media_type'),
  },
  (t) => [
    index('report_approval_step_report_idx').on(t.reportHeaderId, t.at),
    // The file sweep keeps a stored file an approval names.
    index('report_approval_step_signature_idx').on(t.signatureKey),
  ],
);

/**
 * A report's approved versions (docs/report-of-record.md "Versions"): written when a report, or a
 * revision of it, is approved at its last level; never changed or deleted (a trigger of migration
 * 0034 refuses both). The versions of an original report and its revisions are one chain (`chainId`,
 * the original's id), numbered from 1, each naming the hash of the one before it.
 */
/**
 * A reviewer's acceptance of an inspector's verdict that differs from the standard's
 * (docs/verdict-pairs.md): kept apart from the row, so a report frozen in review keeps the
 * fingerprint it was submitted with. It holds for the two verdicts it was given over; once it does,
 * the recorded verdict counts.
 */
export const verdictAcceptances = pgTable(
  'verdict_acceptance',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    reportHeaderId: uuid('report_header_id')
      .notNull()
      .references(() => entityTables.reportHeader!.id, { onDelete: 'cascade' }),
    /** The row's entity and id: rows of every technique with a verdict pair. */
    entity: text('entity').notNull(),
    rowId: uuid('row_id').notNull(),
    recorded: text('recorded').notNull(),
    standard: text('standard').notNull(),
    /** The approval level the reviewer accepted it at. */
    level: integer('level'),
    acceptedBy: uuid('accepted_by').notNull(),
    acceptedByName: text('accepted_by_name').notNull(),
    acceptedAt: ts('accepted_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('verdict_acceptance_row_idx').on(t.rowId, t.recorded, t.standard),
    index('verdict_acceptance_report_idx').on(t.reportHeaderId),
  ],
);

export const reportVersions = pgTable(
  'report_version',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The original report's id: the chain its revisions' versions join. */
    chainId: uuid('chain_id').notNull(),
    number: integer('number').notNull(),
    /** The report whose approval wrote it; a report with a version cannot be deleted. */
    reportHeaderId: uuid('report_header_id')
      .notNull()
      .references(() => entityTables.reportHeader!.id, { onDelete: 'restrict' }),
    reportNumber: text('report_number').notNull(),
    revision: integer('revision').notNull(),
    /** The report's canonical JSON as approved (report-canonical.ts), byte for byte. */
    content: text('content').notNull(),
    sha256: text('sha256').notNull(),
    previousSha256: text('previous_sha256'),
    reason: text('reason'),
    revisedBy: text('revised_by'),
    revisedAt: ts('revised_at'),
    approvedAt: ts('approved_at').notNull().defaultNow(),
    approvedById: uuid('approved_by_id'),
    approvedBy: text('approved_by'),
    /**
     * Ed25519 signature (base64) of the version's statement (docs/report-signing.md) with a key the
     * database does not hold, and that key's id; null for versions approved before signing began.
     */
    signature: text('signature'),
    signingKeyId: text('signing_key_id'),
  },
  (t) => [
    uniqueIndex('report_version_chain_number_unique').on(t.chainId, t.number),
    uniqueIndex('report_version_report_unique').on(t.reportHeaderId),
  ],
);

/**
 * How many reports each inspection method has in each status, kept by the database in the statement
 * that changes them (triggers of migration 0020): the method summary reads 65 rows, not 300,000.
 */
export const reportStatusCounts = pgTable(
  'report_status_count',
  {
    inspectionMethod: text('inspection_method').notNull(),
    status: text('status').notNull(),
    n: integer('n').notNull(),
  },
  (t) => [primaryKey({ columns: [t.inspectionMethod, t.status] })],
);

/**
 * How many task assignments of each inspection method are under a work order not yet completed or
 * cancelled, kept by the same triggers as `report_status_count`.
 */
export const openAssignmentCounts = pgTable('open_assignment_count', {
  inspectionMethod: text('inspection_method').primaryKey(),
  n: integer('n').notNull(),
});

/**
 * One row per inspector named on a task assignment, with what the lists of my tasks filter, order,
 * search and count by, kept by the database from the assignments in the statement that changes them
 * (triggers of migration 0026). Every column is in `inspector_task_list_idx`, which starts with the
 * user and the list's order: a user's tasks are one range of it, read from the index alone, instead
 * of 2,000 assignments fetched through the GIN index over `user_pdmids` and sorted. A page's rows
 * are then read whole from their assignments (docs/my-tasks.md).
 */
export const inspectorTasks = pgTable(
  'inspector_task',
  {
    assignmentId: uuid('assignment_id').notNull(),
    /** As `user_pdmids` names the user: text, so no assignment is ever refused for its copy. */
    userId: text('user_id').notNull(),
    plannedFinish: date('planned_finish', { mode: 'string' }),
    woNumber: text('wo_number'),
    inspectionMethod: text('inspection_method').notNull(),
    state: text('state').notNull(),
    /** The planned period: start to finish, or the one day of whichever is set. */
    plannedFrom: date('planned_from', { mode: 'string' }),
    plannedTo: date('planned_to', { mode: 'string' }),
    equipmentCategory: text('equipment_category'),
    /**
     * What the search of my tasks matches, lowercased: the WO number, the tag and the title, one per
     * line, so a search is one `like`. A title too long for an index entry (over 800 bytes: 500
     * characters of up to 4 bytes) is left out and flagged (`longTitle`); the search reads it from
     * the assignment.
     */
    searchText: text('search_text').notNull(),
    longTitle: boolean('long_title').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.assignmentId, t.userId] }),
    // The list's order first (most pressing; the assignment keeps pages stable), then the rest.
    index('inspector_task_list_idx').on(
      t.userId,
      t.plannedFinish,
      t.woNumber,
      t.inspectionMethod,
      t.assignmentId,
      t.state,
      t.plannedFrom,
      t.plannedTo,
      t.equipmentCategory,
      t.searchText,
      t.longTitle,
    ),
  ],
);

/**
 * Plant-wide approval options, set in administration → approval settings (our addition,
 * docs/revisions-and-supersession.md): one row, absent until first saved (the defaults then hold).
 * `signatureRequired`: an approval is refused while the approver has no stored signature.
 */
export const approvalOptions = pgTable(
  'approval_option',
  {
    id: smallint('id').primaryKey().default(1),
    signatureRequired: boolean('signature_required').notNull().default(false),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    updatedBy: uuid('updated_by'),
  },
  (t) => [check('approval_option_one_row', sql`${t.id} = 1`)],
);
