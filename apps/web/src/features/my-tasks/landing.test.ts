import { permissionActions, permissionModules, techniquePermissionModules } from '@inspectra/contract';
import type { PermissionAction, PermissionModule } from '@inspectra/contract';
import { describe, expect, it } from 'vitest';
import { editActions, grants, testProfile } from '../../api/test-server.ts';
import { landingPath } from './landing.ts';

const view = ['view'] as const;
const techniques = [...techniquePermissionModules];

/**
 * The demo users' roles as the server's standard roles grant them (apps/server/src/modules/users/
 * standard-roles.ts; the seed gives each demo user one, modules/seed/demo-users.ts). The
 * administrator's profile carries every permission.
 */
const inspectorGrants = [
  ...grants(['myTask', 'workOrder', 'asset', 'inspectionMethod'], view),
  ...grants(['reportHeader'], ['view', 'create', 'update']),
  ...grants(techniques, editActions),
];
const reviewerGrants = [
  ...grants(['myTask', 'workOrder', 'taskAssignment', 'asset', 'inspectionMethod', 'approval'], view),
  ...grants(['reportHeader'], ['view', 'approve']),
  ...grants(techniques, view),
];
const demoUsers: Record<string, { role: string; permissions: ReturnType<typeof grants> }> = {
  planner: {
    role: 'Planner',
    permissions: [
      ...grants(['workOrder', 'reportHeader', 'taskAssignment'], editActions),
      ...grants(['asset'], ['view', 'create', 'update']),
      ...grants(['inspectionMethod', 'myTask'], view),
    ],
  },
  inspector: { role: 'Inspector', permissions: inspectorGrants },
  contractor: { role: 'Contractor inspector', permissions: inspectorGrants },
  reviewer1: { role: 'Reviewer', permissions: reviewerGrants },
  reviewer2: { role: 'Reviewer', permissions: reviewerGrants },
  admin: {
    role: 'Administrator',
    permissions: grants(
      [...permissionModules] as PermissionModule[],
      permissionActions as readonly PermissionAction[],
    ),
  },
};
const profileOf = (username: keyof typeof demoUsers) => testProfile({ username, ...demoUsers[username]! });

describe('landingPath: where each demo user starts', () => {
  it.each([
    ['planner', '/plan'],
    ['inspector', '/my-tasks'],
    ['contractor', '/my-tasks'],
    ['reviewer1', '/approvals'],
    ['reviewer2', '/approvals'],
    ['admin', '/'],
  ] as const)('%s lands on %s', (username, path) => {
    expect(landingPath(profileOf(username))).toBe(path);
  });

  it('takes the broadest work first when a role has several rights', () => {
    const planner = demoUsers.planner!.permissions;
    const approve = grants(['reportHeader'], ['approve']);
    // A planner who may approve plans; the queue's count shows in the menu.
    expect(landingPath(testProfile({ permissions: [...planner, ...approve] }))).toBe('/plan');
    // An inspector who may approve reviews first: a report waits on them.
    expect(landingPath(testProfile({ permissions: [...inspectorGrants, ...approve] }))).toBe('/approvals');
    // A viewer may read everything, my tasks too, but has no tasks: the dashboard.
    const viewer = grants([...permissionModules] as PermissionModule[], view);
    expect(landingPath(testProfile({ role: 'Viewer', permissions: viewer }))).toBe('/');
  });
});
