import { z } from 'zod';
import { formattedText, plainText } from '../fields.ts';
import type { TextFormat } from '../fields.ts';
import { fieldMessage } from '../messages.ts';
import { permissionActions } from '../permissions.ts';
import { op, pageNumberSchema, pageSizeSchema, route, searchSchema } from '../routes.ts';
import { maxApprovalLevel } from './approvals.ts';

// ---------------------------------------------------------------------------------------------
// Users (`user-pdm`) and roles (docs/users-and-roles.md). Users live in the hand-written
// `user_account` table, not in an engine entity: every call here is a module action.

const uuid = (name: string) => z.uuid({ error: `${name} must be an identifier (UUID)` });
const text = (name: string, max: number) => plainText.max(max, `${name} is at most ${max} characters`);
const optionalText = (name: string, max: number) =>
  text(name, max)
    .nullish()
    .transform((s) => (s ? s : null));
/** An e-mail address or telephone number, checked as the entities' declared ones are (`textFormats`). */
const optionalFormatted = (name: string, max: number, format: TextFormat) =>
  formattedText(text(name, max), format)
    .nullish()
    .transform((s) => (s ? s : null));

/**
 * The password policy's length bounds; the server adds "not the username" and "hard to guess"
 * (a guessing estimate, docs/authentication.md).
 */
export const passwordBounds = { min: 12, max: 128 } as const;
export const passwordPolicyMessage = `At least ${passwordBounds.min} characters, not containing the username, and hard to guess: no common password, keyboard pattern or the user's own name`;

const passwordAdvice = 'A few uncommon words together are easy to remember and hard to guess.';
/**
 * Why the server refuses a new password: the field message of its 400, one of these sentences
 * (English; the web translates them by key).
 */
export const passwordWeaknessMessages = {
  containsUsername: 'The password may not contain the username.',
  personal: `The password leans on words anyone could guess here: the user's name, username or e-mail address, or the application's name. ${passwordAdvice}`,
  keyboard: `Rows and patterns of keys on a keyboard are easy to guess. ${passwordAdvice}`,
  repeated: `Repeated characters or patterns, like "aaa" or "abcabc", are easy to guess. ${passwordAdvice}`,
  sequence: `Sequences like "abc" or "123" are easy to guess. ${passwordAdvice}`,
  dates: `Dates and years are easy to guess. ${passwordAdvice}`,
  common: `This is a commonly used password. ${passwordAdvice}`,
  similarToCommon: `This is too much like a commonly used password. ${passwordAdvice}`,
  singleWord: `A single word is easy to guess. ${passwordAdvice}`,
  names: `Names are easy to guess. ${passwordAdvice}`,
  guessable: `This password is too easy to guess. ${passwordAdvice}`,
  company: `The password contains the name of a company using Inspectra, which anyone here would try. ${passwordAdvice}`,
  place: `The password contains the name of a place, like the plant's city or region, which anyone here would try. ${passwordAdvice}`,
  corporatePattern: `A word with a year and a symbol, like "Welcome@2026!", is the first pattern guessed. ${passwordAdvice}`,
} as const;
export type PasswordWeakness = keyof typeof passwordWeaknessMessages;
export const newPasswordSchema = z
  .string({ error: fieldMessage('enterPassword') })
  .min(passwordBounds.min, fieldMessage('passwordLength', { min: passwordBounds.min }))
  .max(passwordBounds.max, fieldMessage('passwordTooLong', { max: passwordBounds.max }));

/** `?contractorCompanyId=none` selects the plant owner's staff (users of no company). */
export const ownerStaffFilter = 'none';
const companyFilter = z
  .union([z.literal(ownerStaffFilter), uuid('contractorCompanyId')], {
    error: `contractorCompanyId must be a company identifier (UUID) or "${ownerStaffFilter}"`,
  })
  .optional();

export const userApprovalLevelSchema = z
  .number({ error: 'approvalLevel must be a whole number' })
  .int('approvalLevel must be a whole number')
  .min(1, 'approvalLevel is at least 1')
  .max(maxApprovalLevel, `approvalLevel is at most ${maxApprovalLevel}`);

/** A user as every call answers it: never the password hash. */
export const userPdmSchema = z
  .object({
    id: z.uuid(),
    username: z.string(),
    fullName: z.string(),
    email: z.string().nullable(),
    employeeNumber: z.string().nullable(),
    phoneNumber: z.string().nullable(),
    roleId: z.uuid(),
    roleName: z.string(),
    isAdministrator: z.boolean(),
    contractorCompanyId: z.uuid().nullable(),
    contractorName: z.string().nullable(),
    approvalPosition: z.string().nullable(),
    approvalLevel: z.number().int().nullable(),
    plannerGroups: z.array(z.string()),
    isActive: z.boolean(),
    passwordChangedAt: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'userPdm' });
export type UserPdm = z.infer<typeof userPdmSchema>;

export const userListQuery = z.object({
  pageNumber: pageNumberSchema,
  pageSize: pageSizeSchema,
  search: searchSchema,
  roleId: uuid('roleId').optional(),
  contractorCompanyId: companyFilter,
  isActive: z.stringbool({ error: 'isActive must be true or false' }).optional(),
  approvalPosition: searchSchema,
});

/** What a user's profile holds besides sign-in: the same on create and update. */
const userProfileShape = {
  fullName: text('fullName', 150).min(1, fieldMessage('enterFullName')),
  email: optionalFormatted('email', 200, 'email'),
  employeeNumber: optionalText('employeeNumber', 40),
  phoneNumber: optionalFormatted('phoneNumber', 40, 'phone'),
  roleId: uuid('roleId'),
  contractorCompanyId: uuid('contractorCompanyId')
    .nullish()
    .transform((s) => s ?? null),
  approvalPosition: optionalText('approvalPosition', 100),
  approvalLevel: userApprovalLevelSchema.nullish().transform((n) => n ?? null),
  plannerGroups: z
    .array(text('plannerGroups', 60).min(1, fieldMessage('plannerGroupEmpty')))
    .max(50, 'At most 50 planner groups')
    .default([]),
};

export const userCreateBody = z.object({
  username: text('username', 100)
    .min(3, fieldMessage('usernameLength', { min: 3 }))
    .regex(/^[A-Za-z0-9._@-]+$/, fieldMessage('usernameCharacters')),
  password: newPasswordSchema,
  ...userProfileShape,
});
export type UserCreateBody = z.input<typeof userCreateBody>;

/**
 * A change to a user: only the fields sent change. `updatedAt` is the time the editor read; a user
 * changed since then is refused with 409 (nothing overwritten).
 */
export const userUpdateBody = z.object({
  ...Object.fromEntries(Object.entries(userProfileShape).map(([k, s]) => [k, s.optional()])),
  updatedAt: z.iso.datetime({ error: 'updatedAt must be the time the user was read (ISO date-time)' }),
}) as z.ZodObject<
  {
    [K in keyof typeof userProfileShape]: z.ZodOptional<(typeof userProfileShape)[K]>;
  } & { updatedAt: z.ZodISODateTime }
>;
export type UserUpdateBody = z.input<typeof userUpdateBody>;

export const passwordChangeBody = z.object({ newPassword: newPasswordSchema });

export const userStatusBody = z
  .object({
    id: uuid('id').optional(),
    ids: z
      .array(uuid('ids'))
      .min(1, 'ids names at least one user')
      .max(200, 'ids names at most 200 users')
      .optional(),
    isActive: z.boolean({ error: 'isActive must be true or false' }),
  })
  .refine((b) => (b.id === undefined) !== (b.ids === undefined), {
    error: 'Send either id or ids',
    path: ['id'],
  });

export const userStatusResultSchema = z
  .object({ updated: z.array(userPdmSchema), sessionsEnded: z.number().int() })
  .meta({ id: 'userStatusResult' });

/** A delete answers whether the user was removed or, having authored records, deactivated. */
export const userDeleteResultSchema = z
  .object({ id: z.uuid(), outcome: z.enum(['deleted', 'deactivated']) })
  .meta({ id: 'userDeleteResult' });

const countSchema = z.number().int();
export const userSummarySchema = z
  .object({
    total: countSchema,
    byStatus: z.object({ active: countSchema, inactive: countSchema }),
    byRole: z.array(z.object({ roleId: z.uuid(), roleName: z.string(), count: countSchema })),
    /** Companies with users; `contractorCompanyId` null is the plant owner's staff. */
    byCompany: z.array(
      z.object({
        contractorCompanyId: z.uuid().nullable(),
        contractorName: z.string().nullable(),
        count: countSchema,
      }),
    ),
  })
  .meta({ id: 'userSummary' });
export type UserSummary = z.infer<typeof userSummarySchema>;

export const approvalPositionQuery = z.object({
  approvalPosition: text('approvalPosition', 100).min(1, 'approvalPosition is required'),
  contractorCompanyId: companyFilter,
});
/** Active holders of one approval position, grouped by their company (owner's staff: null). */
export const approvalPositionHoldersSchema = z
  .array(
    z.object({
      contractorCompanyId: z.uuid().nullable(),
      contractorName: z.string().nullable(),
      users: z.array(
        z.object({
          id: z.uuid(),
          username: z.string(),
          fullName: z.string(),
          approvalLevel: z.number().int().nullable(),
        }),
      ),
    }),
  )
  .meta({ id: 'approvalPositionHolders' });

export const plannerGroupUsageQuery = z.object({ search: searchSchema });
/** The planner groups a user may be put in, with how many active users each has. */
/** Most planner groups one usage call lists (by code); `meta.notShown` says the rest. */
export const plannerGroupsCap = 500;

export const plannerGroupUsageSchema = z
  .array(z.object({ code: z.string(), name: z.string(), userCount: countSchema }))
  .meta({ id: 'plannerGroupUsage' });

export const userIdParams = z.object({ id: uuid('id') });
const idParams = userIdParams;
const userTag = 'Users';
const userAccess = (action: (typeof permissionActions)[number]) => ({ module: 'user', action }) as const;

export const userRoutes = [
  route('GET', '/user-pdm/summary', op.action('user.summary', { response: userSummarySchema }), {
    summary: 'Users counted by status, role and company',
    tag: userTag,
    access: userAccess('view'),
  }),
  route(
    'GET',
    '/user-pdm/get-by-approval-position/by-company',
    op.action('user.byApprovalPosition', {
      query: approvalPositionQuery,
      response: approvalPositionHoldersSchema,
    }),
    {
      summary: 'Active users holding an approval position, grouped by company (?contractorCompanyId narrows)',
      tag: userTag,
      access: userAccess('view'),
    },
  ),
  route(
    'GET',
    '/user-pdm/get-planner-group',
    op.action('user.plannerGroups', {
      query: plannerGroupUsageQuery,
      response: plannerGroupUsageSchema,
      capped: { data: plannerGroupsCap },
    }),
    {
      summary: 'Planner groups a user may be put in, with their active user counts',
      tag: userTag,
      access: userAccess('view'),
    },
  ),
  route(
    'GET',
    '/user-pdm',
    op.action('user.list', { query: userListQuery, response: z.array(userPdmSchema), paged: true }),
    {
      summary: 'Users (paged; search, role, company or "none", status, approval position)',
      tag: userTag,
      access: userAccess('view'),
    },
  ),
  route('POST', '/user-pdm', op.action('user.create', { body: userCreateBody, response: userPdmSchema }), {
    summary: 'Create a user',
    tag: userTag,
    access: userAccess('create'),
  }),
  route(
    'POST',
    '/user-pdm/update-status',
    op.action('user.updateStatus', { body: userStatusBody, response: userStatusResultSchema }),
    {
      summary: 'Activate or deactivate users; deactivated users are signed out at once',
      tag: userTag,
      access: userAccess('update'),
    },
  ),
  route(
    'PUT',
    '/user-pdm/update-password/:id',
    op.action('user.updatePassword', { params: idParams, body: passwordChangeBody, response: userPdmSchema }),
    {
      summary: "Set a user's password (policy applies); their sessions end",
      tag: userTag,
      access: userAccess('update'),
    },
  ),
  route('GET', '/user-pdm/:id', op.action('user.get', { params: idParams, response: userPdmSchema }), {
    summary: 'Get a user',
    tag: userTag,
    access: userAccess('view'),
  }),
  route(
    'PUT',
    '/user-pdm/:id',
    op.action('user.update', { params: idParams, body: userUpdateBody, response: userPdmSchema }),
    {
      summary: 'Change a user (updatedAt as read; 409 when changed since)',
      tag: userTag,
      access: userAccess('update'),
    },
  ),
  route(
    'DELETE',
    '/user-pdm/:id',
    op.action('user.delete', { params: idParams, response: userDeleteResultSchema }),
    {
      summary: 'Delete a user; one who authored records is deactivated instead',
      tag: userTag,
      access: userAccess('delete'),
    },
  ),
];

// ---------------------------------------------------------------------------------------------
// Roles

/** Where a module's row sits in the permission matrix. */
export const permissionModuleGroups = ['work', 'administration', 'techniques'] as const;
export type PermissionModuleGroup = (typeof permissionModuleGroups)[number];

const actionsSchema = z.array(z.enum(permissionActions));

export const roleSchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    description: z.string().nullable(),
    isAdministrator: z.boolean(),
    userCount: countSchema,
  })
  .meta({ id: 'role' });
export type Role = z.infer<typeof roleSchema>;

export const roleListQuery = z.object({
  pageNumber: pageNumberSchema,
  // SPEC 9: the roles list pages by 50.
  pageSize: pageSizeSchema.default(50),
  search: searchSchema,
});

export const accessPermissionsQuery = z.object({ pageNumber: pageNumberSchema, pageSize: pageSizeSchema });
/** One role's grants in one module (only modules with at least one action are listed). */
export const accessPermissionSchema = z
  .object({
    roleId: z.uuid(),
    roleName: z.string(),
    module: z.string(),
    moduleLabel: z.string(),
    actions: actionsSchema,
  })
  .meta({ id: 'accessPermission' });

export const roleAccessSummarySchema = z
  .object({
    roleId: z.uuid(),
    roleName: z.string(),
    isAdministrator: z.boolean(),
    userCount: countSchema,
    moduleCount: countSchema,
    permissionCount: countSchema,
  })
  .meta({ id: 'roleAccessSummary' });

export const roleWithPermissionsSchema = roleSchema
  .extend({ permissions: z.record(z.string(), actionsSchema) })
  .meta({ id: 'roleWithPermissions' });
export type RoleWithPermissions = z.infer<typeof roleWithPermissionsSchema>;

export const roleManagementSchema = z
  .object({
    modules: z.array(
      z.object({
        module: z.string(),
        label: z.string(),
        group: z.enum(permissionModuleGroups),
        actions: actionsSchema,
        /** An inspection method no technique serves yet: grantable now, its screens to come (our addition). */
        planned: z.boolean(),
      }),
    ),
    roles: z.array(roleWithPermissionsSchema),
  })
  .meta({ id: 'roleManagement' });
export type RoleManagement = z.infer<typeof roleManagementSchema>;

/**
 * Saves a role's grants: `roleId` names an existing role, or `name` (and `description`) creates
 * one. `modules` replaces everything the role held; a module left out holds nothing.
 */
export const roleModuleBody = z
  .object({
    roleId: uuid('roleId').optional(),
    name: text('name', 100).min(1, fieldMessage('enterRoleName')).optional(),
    description: optionalText('description', 500).optional(),
    modules: z
      .array(z.object({ module: text('module', 60), actions: z.array(text('action', 20)).max(10) }))
      .max(100, 'At most 100 modules'),
  })
  .refine((b) => b.roleId !== undefined || b.name !== undefined, {
    error: 'Name the role: roleId of an existing one, or name for a new one',
    path: ['roleId'],
  });
export type RoleModuleBody = z.input<typeof roleModuleBody>;

const roleTag = 'Roles';
const roleAccess = (action: (typeof permissionActions)[number]) => ({ module: 'role', action }) as const;

export const roleRoutes = [
  route(
    'GET',
    '/roles',
    op.action('role.list', { query: roleListQuery, response: z.array(roleSchema), paged: true }),
    { summary: 'Roles (paged by 50; search by name)', tag: roleTag, access: roleAccess('view') },
  ),
  route(
    'GET',
    '/roles/access-permissions/summaries',
    op.action('role.accessSummaries', { response: z.array(roleAccessSummarySchema) }),
    { summary: 'Per role: users, modules and permissions held', tag: roleTag, access: roleAccess('view') },
  ),
  route(
    'GET',
    '/roles/access-permissions',
    op.action('role.accessPermissions', {
      query: accessPermissionsQuery,
      response: z.array(accessPermissionSchema),
      paged: true,
    }),
    {
      summary: 'Role × module rows with the actions granted (paged)',
      tag: roleTag,
      access: roleAccess('view'),
    },
  ),
  route('GET', '/roles/role-management', op.action('role.management', { response: roleManagementSchema }), {
    summary: 'Every role with its permission matrix, and the modules with their labels and actions',
    tag: roleTag,
    access: roleAccess('view'),
  }),
  route(
    'POST',
    '/roles/role-module',
    op.action('role.saveModules', { body: roleModuleBody, response: roleWithPermissionsSchema }),
    {
      summary: "Save a role's module permissions (creates the role when named by name)",
      tag: roleTag,
      access: roleAccess('update'),
    },
  ),
];
