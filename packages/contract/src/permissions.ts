/**
 * Permission actions, and the modules that are not inspection techniques. A role holds a set of
 * (module, action) pairs; every route in the route table names the pair it needs. Each technique
 * brings its own module with its declaration (`defineTechnique`); the full list is in the catalogue.
 */
export const permissionActions = ['view', 'create', 'update', 'delete', 'approve'] as const;
export type PermissionAction = (typeof permissionActions)[number];

/** Modules of the work and administration areas, with their labels. */
export const coreModuleLabels = {
  workOrder: 'Work orders',
  reportHeader: 'Reports',
  taskAssignment: 'Task assignments',
  myTask: 'My tasks',
  asset: 'Asset master',
  inspectionMethod: 'Inspection methods',
  user: 'Users',
  role: 'Roles and permissions',
  contractorCompany: 'Contractor companies',
  approval: 'Approval settings and reviewers',
  plantOwner: 'Plant owner',
  thickness: 'Thickness monitoring',
} as const;
export type CoreModule = keyof typeof coreModuleLabels;

/** The administration modules: the permission matrix shows them apart from the daily work's. */
export const administrationModules: readonly CoreModule[] = [
  'user',
  'role',
  'contractorCompany',
  'approval',
  'plantOwner',
];

export type Permission = { module: string; action: PermissionAction };
