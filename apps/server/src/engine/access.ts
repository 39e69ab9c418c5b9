import type { Permission } from '@inspectra/contract';

/** The caller of a request once authenticated: who, and what their role allows. */
export type AuthenticatedUser = {
  id: string;
  username: string;
  fullName: string;
  email: string | null;
  roleId: string;
  roleName: string;
  /** The role is the administrator role (every permission, now and as modules are added). */
  isAdministrator: boolean;
  /** The contractor company the user works for, or null for the plant owner's staff (sees all). */
  companyId: string | null;
  /** The approval position the user holds (reviewer assignment), if any. */
  approvalPosition: string | null;
  /** `module.action` pairs the role grants. */
  permissions: ReadonlySet<string>;
};

export const permissionKey = (p: Permission) => `${p.module}.${p.action}`;

export function can(user: AuthenticatedUser, permission: Permission): boolean {
  return user.permissions.has(permissionKey(permission));
}

declare module 'fastify' {
  // Declaration merging needs an interface.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface FastifyRequest {
    user: AuthenticatedUser | undefined;
  }
}
