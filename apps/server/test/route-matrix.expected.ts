import { routeTable } from '@inspectra/contract';
import type { RouteDefinition } from '@inspectra/contract';

/*
 * The access every route must have (route-matrix.test.ts checks the route table and the running
 * server against it): 'public', 'authenticated', or the 'module.action' a role must grant. Calls over
 * a declared entity follow one rule, stated below apart from the route table's own code; every other
 * route is written out by hand. A route added that the rule does not cover and no row lists, or whose
 * access differs from what this file says, fails the test until this file says so too.
 */

/**
 * The rule: what each kind of call over a declared entity asks, with the entity's module. Written
 * here, not read from the route table, so that a change to the table's defaults fails the test
 * instead of moving every route's access with it.
 */
export const actionOfEntityCall: Readonly<Record<string, string>> = {
  list: 'view',
  listByParent: 'view',
  getByParent: 'view',
  get: 'view',
  enumValues: 'view',
  exportSheet: 'view',
  trend: 'view',
  create: 'create',
  importSheet: 'create',
  update: 'update',
  upsert: 'update',
  delete: 'delete',
};

/** A declared entity call's access by the rule; undefined for a module's action. */
export function accessByRule(route: RouteDefinition): string | undefined {
  const op = route.operation;
  if (op.kind === 'action') return undefined;
  const action = actionOfEntityCall[op.kind];
  return action && `${op.entity.module}.${action}`;
}

/**
 * The exceptions, by hand: public and signed-in-only calls, module actions (each names its own
 * permission), and entity calls that ask another permission than their kind's. Review the access
 * before you add or change a row; `npx tsx apps/server/scripts/route-matrix-rows.ts` prints the
 * rows the rule does not give, as declared today.
 */
export const accessByHand: Readonly<Record<string, string>> = {
  'GET /health': 'public',
  'GET /health/live': 'public',
  'GET /files/:id': 'authenticated',
  'POST /auth/login': 'public',
  'POST /auth/refresh': 'public',
  'POST /auth/logout': 'public',
  'POST /auth/logout-all': 'authenticated',
  'GET /auth/profile': 'authenticated',
  'GET /auth/profile/signature': 'authenticated',
  'PUT /auth/profile/signature': 'authenticated',
  'DELETE /auth/profile/signature': 'authenticated',
  'POST /uploads': 'authenticated',
  'GET /uploads/:id': 'authenticated',
  'PATCH /uploads/:id': 'authenticated',
  'GET /equipment-categories': 'asset.view',
  'GET /category-object-type': 'asset.view',
  'GET /by-equipment-categories/:category': 'asset.view',
  'GET /inspection-point-equipment/for-filter': 'asset.view',
  'GET /master-inspection-method/summary': 'inspectionMethod.view',
  'GET /master-inspection-method/get-by-object-type': 'inspectionMethod.view',
  'GET /master-inspection-method/all': 'inspectionMethod.view',
  'GET /work-order-spks/contract-numbers': 'workOrder.view',
  'GET /work-order-spks/equipments': 'workOrder.view',
  'PUT /report-headers/update-report-status/:id': 'reportHeader.view',
  'POST /report-headers/:id/revision': 'reportHeader.create',
  'GET /wo-task-assignments/assignable-users': 'taskAssignment.view',
  'GET /wo-task-assignments/inspections': 'taskAssignment.view',
  'PUT /wo-task-assignments/update-approval-status/:id': 'taskAssignment.update',
  'GET /wo-task-assignments/export/template': 'taskAssignment.view',
  'GET /wo-task-assignments/export/template-with-data': 'taskAssignment.view',
  'POST /wo-task-assignments/import/sheet-rows': 'taskAssignment.create',
  'POST /wo-task-assignments/import/results-sheet': 'taskAssignment.view',
  'GET /my-task/statistics': 'myTask.view',
  'GET /my-tasks/inspection-planner': 'myTask.view',
  'GET /my-tasks/work-order-numbers': 'myTask.view',
  'GET /my-tasks': 'myTask.view',
  'GET /my-tasks/:id': 'myTask.view',
  'GET /team-plan/inspection-planner': 'taskAssignment.update',
  'GET /team-plan/statistics': 'taskAssignment.update',
  'GET /report-headers/:id/author': 'reportHeader.view',
  'GET /plant-owner': 'authenticated',
  'GET /report-headers/:id/techniques': 'reportHeader.view',
  'GET /report-headers/:id/readiness': 'reportHeader.view',
  'GET /report-headers/:id/pdf': 'reportHeader.view',
  'GET /report-headers/:id/content': 'reportHeader.view',
  'GET /report-headers/:id/versions': 'reportHeader.view',
  'GET /report-headers/:id/versions/:number': 'reportHeader.view',
  'GET /report-headers/:id/versions/:number/pdf': 'reportHeader.view',
  'GET /report-headers/:id/verify': 'reportHeader.view',
  'GET /report-signing-keys': 'reportHeader.view',
  'GET /inspection-method-approvals/options': 'reportHeader.view',
  'PUT /inspection-method-approvals/options': 'approval.update',
  'GET /inspection-method-approvals': 'approval.view',
  'POST /inspection-method-approvals/upsert-many': 'approval.update',
  'GET /inspection-method-approvals/get-settings': 'approval.view',
  'GET /inspection-method-approvals/get-approval-settings': 'approval.view',
  'GET /inspection-method-approvals/get-summary': 'approval.view',
  'GET /reviewer-assignment': 'approval.view',
  'POST /reviewer-assignment': 'approval.create',
  'POST /reviewer-assignment/assign-user': 'approval.create',
  'PUT /reviewer-assignment/update-reviewer-status/:id': 'approval.update',
  'PUT /reviewer-assignment/:id': 'approval.update',
  'GET /report-approval-paths/history': 'reportHeader.view',
  'GET /report-approval-paths/current': 'reportHeader.view',
  'GET /report-approval-paths/queue': 'reportHeader.approve',
  'GET /report-approval-paths/queue/summary': 'reportHeader.approve',
  'GET /report-approval-paths/verdict-overrides': 'reportHeader.view',
  'POST /report-approval-paths/verdict-acceptances': 'reportHeader.approve',
  'GET /user-pdm/summary': 'user.view',
  'GET /user-pdm/get-by-approval-position/by-company': 'user.view',
  'GET /user-pdm/get-planner-group': 'user.view',
  'GET /user-pdm': 'user.view',
  'POST /user-pdm': 'user.create',
  'POST /user-pdm/update-status': 'user.update',
  'PUT /user-pdm/update-password/:id': 'user.update',
  'GET /user-pdm/:id': 'user.view',
  'PUT /user-pdm/:id': 'user.update',
  'DELETE /user-pdm/:id': 'user.delete',
  'GET /roles': 'role.view',
  'GET /roles/access-permissions/summaries': 'role.view',
  'GET /roles/access-permissions': 'role.view',
  'GET /roles/role-management': 'role.view',
  'POST /roles/role-module': 'role.update',
  'GET /thermal-analysis/summary': 'thermal.view',
  'GET /thermal-analysis/result': 'thermal.view',
  'GET /vci-summary-pipe/grouped-by-feature': 'vci.view',
  'GET /vci-summary-pipeline/grouped-by-feature': 'vci.view',
  'GET /lube-oil/components/:reportHeaderId': 'lubeOil.view',
  'GET /ndt-equipment-list': 'ndt.view',
  'GET /ndt-equipment-list/isometrics/:equipmentNo': 'ndt.view',
  'GET /ndt-equipment-list/isometrics/download/:fileName': 'ndt.view',
  'GET /equipment-isometric': 'ndt.view',
  'GET /equipment-health/:equipmentNo': 'asset.view',
  'GET /thickness-locations': 'thickness.view',
  'GET /thickness-locations/:id': 'thickness.view',
  'GET /thickness-readings/by-location': 'thickness.view',
  'GET /thickness-readings/candidates': 'thickness.create',
  'POST /thickness-readings/from-records': 'thickness.create',
  // The register of findings: read as reports are; changed and acted on by who plans the work.
  'GET /recommendations': 'reportHeader.view',
  'GET /recommendations/export': 'reportHeader.view',
  'GET /recommendations/owners': 'workOrder.update',
  'GET /recommendations/counts': 'reportHeader.view',
  'GET /recommendations/:id': 'reportHeader.view',
  'GET /recommendations/:id/evidence-candidates': 'workOrder.update',
  'PUT /recommendations/:id': 'workOrder.update',
  'POST /recommendations/:id/work-order': 'workOrder.create',
};

/** Every route's expected access: its row by hand where it has one, else the rule's. */
export const expectedAccess: Readonly<Record<string, string>> = {
  ...Object.fromEntries(
    routeTable.flatMap((r) => {
      const access = accessByRule(r as RouteDefinition);
      return access ? [[`${r.method} ${r.path}`, access]] : [];
    }),
  ),
  ...accessByHand,
};
