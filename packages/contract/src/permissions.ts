/**
 * Permission modules and actions. A role holds a set of (module, action) pairs; every route in the
 * route table names the pair it needs. New inspection techniques add their module here.
 */
export const permissionModules = ['workOrder', 'reportHeader', 'thermal', 'user', 'role'] as const;
export type PermissionModule = (typeof permissionModules)[number];

export const permissionActions = ['view', 'create', 'update', 'delete', 'approve'] as const;
export type PermissionAction = (typeof permissionActions)[number];

export type Permission = { module: PermissionModule; action: PermissionAction };

export const permissionModuleLabels: Record<PermissionModule, string> = {
  workOrder: 'Work orders',
  reportHeader: 'Reports',
  thermal: 'Thermal inspection',
  user: 'Users',
  role: 'Roles and permissions',
};
