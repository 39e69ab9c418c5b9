import { permissionModules, techniquePermissionModules } from '@inspectra/contract';
import type { PermissionAction, PermissionModule } from '@inspectra/contract';
import { inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { rolePermissions, roles } from '../../db/schema/index.ts';

const all: PermissionAction[] = ['view', 'create', 'update', 'delete'];
const view: PermissionAction[] = ['view'];
/** Every method's module, planned ones too: a role holds a technique the day its screens arrive. */
const techniqueGrants = (actions: PermissionAction[]) =>
  Object.fromEntries(techniquePermissionModules.map((m) => [m, actions])) as Partial<
    Record<PermissionModule, PermissionAction[]>
  >;

export type StandardRole = {
  name: string;
  description: string;
  /** The administrator role holds every permission without grants (docs/roles.md). */
  isAdministrator?: boolean;
  grants: Partial<Record<PermissionModule, PermissionAction[]>>;
};

export const administratorRoleName = 'Administrator';

/** What an inspector does, whether the plant's own staff or a contractor's. */
const inspectorGrants: StandardRole['grants'] = {
  myTask: view,
  workOrder: view,
  reportHeader: ['view', 'create', 'update'],
  asset: view,
  inspectionMethod: view,
  // Inspectors keep the thickness locations and enter their readings; a contractor company's are
  // refused the writes all the same, the locations being the plant's own (plant-wide) records.
  thickness: all,
  ...techniqueGrants(all),
};

/**
 * The roles a plant has, in one list (docs/roles.md has the table and the why). They are created at
 * start when missing, never overwritten: an administrator's later changes to their grants stay.
 */
export const standardRoles: readonly StandardRole[] = [
  {
    name: administratorRoleName,
    description: 'Every permission of every module',
    isAdministrator: true,
    grants: {},
  },
  {
    name: 'Planner',
    description: 'Plans the inspection campaign: work orders, reports and task assignments',
    grants: {
      workOrder: all,
      reportHeader: all,
      taskAssignment: all,
      // The planner keeps the asset master the campaign is planned over (and loads it from sheets).
      asset: ['view', 'create', 'update'],
      inspectionMethod: view,
      myTask: view,
      thickness: view,
    },
  },
  {
    name: 'Inspector',
    description: 'Inspects what is assigned: my tasks, reports and every technique',
    grants: inspectorGrants,
  },
  {
    name: 'Contractor inspector',
    description: "A contractor company's inspector: the inspector's work, on their company's assignments",
    grants: inspectorGrants,
  },
  {
    name: 'Reviewer',
    description: 'Approves or returns reports at their approval level; reads what they approve',
    grants: {
      myTask: view,
      workOrder: view,
      reportHeader: ['view', 'approve'],
      taskAssignment: view,
      asset: view,
      inspectionMethod: view,
      approval: view,
      thickness: view,
      ...techniqueGrants(view),
    },
  },
  {
    name: 'Viewer',
    description: 'Auditors and managers: read everything, change nothing',
    grants: Object.fromEntries(permissionModules.map((m) => [m, view])),
  },
];

/** Creates the standard roles a database lacks (by name), with their grants; changes nothing else. */
export async function ensureStandardRoles(db: DbOrTx): Promise<void> {
  const names = standardRoles.map((r) => r.name);
  const existing = new Set(
    (await db.select({ name: roles.name }).from(roles).where(inArray(roles.name, names))).map((r) => r.name),
  );
  for (const role of standardRoles.filter((r) => !existing.has(r.name))) {
    const [created] = await db
      .insert(roles)
      .values({
        name: role.name,
        description: role.description,
        isAdministrator: role.isAdministrator ?? false,
      })
      // Another process starting at the same time may have made it: theirs stands.
      .onConflictDoNothing({ target: roles.name })
      .returning({ id: roles.id });
    if (!created) continue;
    const rows = Object.entries(role.grants).flatMap(([module, actions]) =>
      actions.map((action) => ({ roleId: created.id, module, action })),
    );
    if (rows.length > 0) await db.insert(rolePermissions).values(rows);
  }
}
