import type { PermissionModule } from '@inspectra/contract';
import {
  createRootRoute,
  createRoute,
  createRouter,
  lazyRouteComponent,
  Outlet,
  redirect,
} from '@tanstack/react-router';
import { currentUserId, hasSession, rememberReturnTo } from '../api/session.ts';
import { SignInPage } from '../features/auth/SignInPage.tsx';
import { validateMyTasksSearch } from '../features/my-tasks/my-tasks-search.ts';
import { validateWorkspaceSearch } from '../features/techniques/workspace-search.ts';
import type { RouteNeed } from './forbidden.ts';
import { PendingScreen } from './PendingScreen.tsx';

/**
 * Every screen but the sign-in page is loaded when first shown, the signed-in shell included: the
 * sign-in page downloads neither the shell nor the query cache. The sign-in page itself comes with the
 * first download, so the page most often opened first draws without waiting for a second one; what
 * it uses (the HTTP client, the language and colour controls) the shell needs as well.
 */
const RouteError = lazyRouteComponent(() => import('./RouteError.tsx'), 'RouteError');

const rootRoute = createRootRoute({
  component: Outlet,
  notFoundComponent: lazyRouteComponent(() => import('./NotFoundPage.tsx'), 'NotFoundPage'),
});

/** The sign-in page, the only route the specification names; `?code=401` says the session ended. */
const signInRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'auth',
  // The router reads `?code=401` as the number 401 and writes back what this returns: keep it a number
  // so the address stays `/auth/?code=401`.
  validateSearch: (search: Record<string, unknown>): { code?: number | string } =>
    typeof search.code === 'number' || typeof search.code === 'string' ? { code: search.code } : {},
  component: SignInPage,
});

/** Every other screen needs a session; without one the user signs in and comes back here. */
const appRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'app',
  beforeLoad: async ({ location }) => {
    if (!hasSession()) {
      rememberReturnTo(location.href);
      throw redirect({ to: '/auth' });
    }
    // The user's offline copy before anything reads the cache (the screens' access checks run in
    // their beforeLoad, ahead of this route's loader): without a network, the profile and the task's
    // screens come from it.
    const userId = currentUserId();
    if (userId) {
      const [{ queryClient }, { openOfflineCopy }] = await Promise.all([
        import('./query-client.ts'),
        import('../engine/offline-copy.ts'),
      ]);
      await openOfflineCopy(queryClient, userId);
    }
  },
  loader: async () => {
    const [{ queryClient }, { profileQuery }] = await Promise.all([
      import('./query-client.ts'),
      import('../features/auth/useProfile.ts'),
    ]);
    return queryClient.ensureQueryData(profileQuery);
  },
  component: lazyRouteComponent(() => import('./SignedInShell.tsx'), 'SignedInShell'),
  errorComponent: RouteError,
});

/**
 * The permission a screen needs, checked before it loads (route-access.ts, loaded with it): a role
 * without it sees "You do not have access to this page" with the permission in words (RouteError),
 * never a blank page. The navigation hides such screens; this is for an address typed or kept.
 */
const guardScreen = async (need: RouteNeed, params: object) =>
  (await import('./route-access.ts')).checkRouteAccess(need, params as Record<string, string>);

/** A signed-in screen, loaded when first visited: tables, forms and date pickers come with it. */
const page = <P extends string>(
  path: P,
  component: ReturnType<typeof lazyRouteComponent>,
  need?: RouteNeed,
) =>
  createRoute({
    getParentRoute: () => appRoute,
    path,
    component,
    errorComponent: RouteError,
    // Inline, so the route's params type the call rather than being inferred from it.
    beforeLoad: need ? ({ params }) => guardScreen(need, params) : undefined,
  });

/** A technique's screen: the address keeps its equipment class and open inspection (`?variant=`). */
const techniquePage = <P extends string>(path: P, component: ReturnType<typeof lazyRouteComponent>) =>
  createRoute({
    getParentRoute: () => appRoute,
    path,
    component,
    errorComponent: RouteError,
    validateSearch: validateWorkspaceSearch,
    beforeLoad: ({ params }) => guardScreen('technique', params),
  });

const screens = {
  dashboard: lazyRouteComponent(() => import('../features/dashboard/DashboardPage.tsx'), 'DashboardPage'),
  workOrders: lazyRouteComponent(
    () => import('../features/work-orders/WorkOrdersPage.tsx'),
    'WorkOrdersPage',
  ),
  workOrder: lazyRouteComponent(() => import('../features/work-orders/WorkOrderPage.tsx'), 'WorkOrderPage'),
  workOrderEdit: lazyRouteComponent(
    () => import('../features/work-orders/WorkOrderEditPage.tsx'),
    'WorkOrderEditPage',
  ),
  reports: lazyRouteComponent(() => import('../features/reports/ReportsPage.tsx'), 'ReportsPage'),
  report: lazyRouteComponent(() => import('../features/reports/ReportPage.tsx'), 'ReportPage'),
  wholeReport: lazyRouteComponent(() => import('../features/reports/WholeReportPage.tsx'), 'WholeReportPage'),
  documents: lazyRouteComponent(
    () => import('../features/documents/SupportingDocumentsPage.tsx'),
    'SupportingDocumentsPage',
  ),
  ndt: lazyRouteComponent(() => import('../features/ndt/NdtEquipmentPage.tsx'), 'NdtEquipmentPage'),
  thickness: lazyRouteComponent(
    () => import('../features/thickness/ThicknessLocationsPage.tsx'),
    'ThicknessLocationsPage',
  ),
  recommendations: lazyRouteComponent(
    () => import('../features/recommendations/RecommendationsPage.tsx'),
    'RecommendationsPage',
  ),
  recommendation: lazyRouteComponent(
    () => import('../features/recommendations/RecommendationPage.tsx'),
    'RecommendationPage',
  ),
  thicknessLocation: lazyRouteComponent(
    () => import('../features/thickness/ThicknessLocationPage.tsx'),
    'ThicknessLocationPage',
  ),
  assets: lazyRouteComponent(() => import('../features/assets/AssetMasterPage.tsx'), 'AssetMasterPage'),
  equipmentHealth: lazyRouteComponent(
    () => import('../features/equipment-health/EquipmentHealthPage.tsx'),
    'EquipmentHealthPage',
  ),
  assignmentImport: lazyRouteComponent(
    () => import('../features/task-assignments/TaskAssignmentImportPage.tsx'),
    'TaskAssignmentImportPage',
  ),
  inspectionMethods: lazyRouteComponent(
    () => import('../features/inspection-methods/InspectionMethodsPage.tsx'),
    'InspectionMethodsPage',
  ),
  technique: lazyRouteComponent(
    () => import('../features/techniques/TechniqueWorkspacePage.tsx'),
    'TechniqueWorkspacePage',
  ),
  techniqueRow: lazyRouteComponent(() => import('../features/techniques/RowFormPage.tsx'), 'RowFormPage'),
  contractorCompanies: lazyRouteComponent(
    () => import('../features/administration/ContractorCompaniesPage.tsx'),
    'ContractorCompaniesPage',
  ),
  plantOwner: lazyRouteComponent(
    () => import('../features/administration/PlantOwnerPage.tsx'),
    'PlantOwnerPage',
  ),
  myTasks: lazyRouteComponent(() => import('../features/my-tasks/MyTasksPage.tsx'), 'MyTasksPage'),
  teamPlan: lazyRouteComponent(() => import('../features/plan/TeamPlanPage.tsx'), 'TeamPlanPage'),
  approvalQueue: lazyRouteComponent(
    () => import('../features/approvals/ApprovalQueuePage.tsx'),
    'ApprovalQueuePage',
  ),
  approvalSettings: lazyRouteComponent(
    () => import('../features/approvals/ApprovalSettingsPage.tsx'),
    'ApprovalSettingsPage',
  ),
  reviewers: lazyRouteComponent(() => import('../features/approvals/ReviewersPage.tsx'), 'ReviewersPage'),
  users: lazyRouteComponent(() => import('../features/users/UsersPage.tsx'), 'UsersPage'),
  roles: lazyRouteComponent(() => import('../features/roles/RolesPage.tsx'), 'RolesPage'),
  myTask: lazyRouteComponent(() => import('../features/my-tasks/MyTaskPage.tsx'), 'MyTaskPage'),
  newTaskReport: lazyRouteComponent(
    () => import('../features/my-tasks/NewTaskReportPage.tsx'),
    'NewTaskReportPage',
  ),
};

/**
 * The dashboard, or the start page of whose work is elsewhere (`landingPath`): a reviewer starts at
 * the approvals queue, an inspector at my tasks. Signing in opens "/", so it lands there too.
 */
const homeRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/',
  component: screens.dashboard,
  errorComponent: RouteError,
  beforeLoad: async () => {
    const [{ queryClient }, { profileQuery }, { landingPath }] = await Promise.all([
      import('./query-client.ts'),
      import('../features/auth/useProfile.ts'),
      import('../features/my-tasks/landing.ts'),
    ]);
    const landing = landingPath(await queryClient.ensureQueryData(profileQuery));
    if (landing !== '/') throw redirect({ to: landing });
  },
});

/**
 * Thermal's measurement forms moved into the generated workspace (`…/thermal/rows/…`); links and
 * bookmarks to their old addresses still open them.
 */
const thermalMeasurementRoute = <P extends string>(
  path: P,
  rowId: (params: Record<string, string>) => string,
) =>
  createRoute({
    getParentRoute: () => appRoute,
    path,
    beforeLoad: ({ params }) => {
      const { reportId } = params as Record<string, string>;
      throw redirect({
        to: '/reports/$reportId/$slug/rows/$rowId',
        params: { reportId: reportId!, slug: 'thermal', rowId: rowId(params as Record<string, string>) },
        replace: true,
      });
    },
  });

/**
 * A list a screen opens for one equipment (`?equipmentNo=`, kept when it names one): the thickness
 * locations (from the asset master), the register of findings to close (from the health card; read
 * as reports are, docs/recommendations.md).
 */
function equipmentListRoute<const P extends string>(
  path: P,
  component: (typeof screens)[keyof typeof screens],
  module: PermissionModule,
) {
  return createRoute({
    getParentRoute: () => appRoute,
    path,
    component,
    errorComponent: RouteError,
    validateSearch: (raw: Record<string, unknown>): { equipmentNo?: string } =>
      typeof raw.equipmentNo === 'string' && raw.equipmentNo.trim() !== ''
        ? { equipmentNo: raw.equipmentNo.slice(0, 60) }
        : {},
    beforeLoad: ({ params }) => guardScreen({ module }, params),
  });
}
const thicknessRoute = equipmentListRoute('thickness', screens.thickness, 'thickness');
const recommendationsRoute = equipmentListRoute('recommendations', screens.recommendations, 'reportHeader');

/** My tasks: the tab, filters, page and view are kept in the address (`my-tasks-search.ts`). */
const myTasksRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'my-tasks',
  component: screens.myTasks,
  errorComponent: RouteError,
  validateSearch: validateMyTasksSearch,
  beforeLoad: ({ params }) => guardScreen({ module: 'myTask' }, params),
});

const routeTree = rootRoute.addChildren([
  signInRoute,
  appRoute.addChildren([
    homeRoute,
    myTasksRoute,
    // The planner's view of the team (docs/team-plan.md); the permission is the server's for its calls.
    page('plan', screens.teamPlan, { module: 'taskAssignment', action: 'update' }),
    page('my-tasks/$taskId', screens.myTask, { module: 'myTask' }),
    page('my-tasks/$taskId/new-report', screens.newTaskReport, { module: 'reportHeader', action: 'create' }),
    page('work-orders', screens.workOrders, { module: 'workOrder' }),
    page('work-orders/new', screens.workOrderEdit, { module: 'workOrder', action: 'create' }),
    page('work-orders/assignments/import', screens.assignmentImport, {
      module: 'taskAssignment',
      action: 'create',
    }),
    page('work-orders/$workOrderId', screens.workOrder, { module: 'workOrder' }),
    page('work-orders/$workOrderId/edit', screens.workOrderEdit, { module: 'workOrder', action: 'update' }),
    page('reports', screens.reports, { module: 'reportHeader' }),
    page('reports/$reportId', screens.report, { module: 'reportHeader' }),
    page('reports/$reportId/whole', screens.wholeReport, { module: 'reportHeader' }),
    thermalMeasurementRoute('reports/$reportId/thermal/measurements/new', () => 'new'),
    thermalMeasurementRoute(
      'reports/$reportId/thermal/measurements/$measurementId',
      (params) => params.measurementId!,
    ),
    page('reports/$reportId/documents', screens.documents, { module: 'supportingDocument' }),
    page('ndt', screens.ndt, { module: 'ndt' }),
    thicknessRoute,
    page('thickness/$locationId', screens.thicknessLocation, { module: 'thickness' }),
    recommendationsRoute,
    page('recommendations/$recommendationId', screens.recommendation, { module: 'reportHeader' }),
    page('assets', screens.assets, { module: 'asset' }),
    // The health card: found by a search, or opened from the asset master, a report or a link.
    page('equipment', screens.equipmentHealth, { module: 'asset' }),
    page('equipment/$equipmentNo', screens.equipmentHealth, { module: 'asset' }),
    page('inspection-methods', screens.inspectionMethods, { module: 'inspectionMethod' }),
    page('admin/companies', screens.contractorCompanies, { module: 'contractorCompany' }),
    page('admin/plant-owner', screens.plantOwner, { module: 'plantOwner' }),
    page('approvals', screens.approvalQueue, { module: 'reportHeader', action: 'approve' }),
    page('admin/approval-settings', screens.approvalSettings, { module: 'approval' }),
    page('admin/reviewers', screens.reviewers, { module: 'approval' }),
    page('admin/users', screens.users, { module: 'user' }),
    page('admin/roles', screens.roles, { module: 'role' }),
    // Every technique with a workspace (thermal too), by its declared slug (a fixed path above wins).
    techniquePage('reports/$reportId/$slug', screens.technique),
    techniquePage('reports/$reportId/$slug/rows/new', screens.techniqueRow),
    techniquePage('reports/$reportId/$slug/rows/$rowId', screens.techniqueRow),
  ]),
]);

export const router = createRouter({
  routeTree,
  defaultPreload: 'intent',
  defaultPendingComponent: PendingScreen,
  defaultPreloadStaleTime: 0,
  scrollRestoration: true,
  trailingSlash: 'preserve',
});

declare module '@tanstack/react-router' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- augmenting needs an interface
  interface Register {
    router: typeof router;
  }
}
