import type { Permission } from '@inspectra/contract';

/** The caller of a request once authenticated: who, and what their role allows. */
export type AuthenticatedUser = {
  id: string;
  username: string;
  fullName: string;
  email: string | null;
  roleId: string;
  roleName: string;
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
