/**
 * The lists of issue 10 (work management) under load: each list page 1, and once with each filter of
 * SPEC 7 on its own. Judged against the budget: p50 at most 15 ms on PostgreSQL. Shorter loads
 * than the engine's first scenarios (`--work-duration`), on fewer connections (`--work-connections`):
 * the budget is the time a planner waits for a page, not a figure under saturation.
 */
import type { Scenario } from './engine-scenarios.ts';
import type { SeedFacts } from './engine-seed.ts';

/** Issue 10: every list, page 1 with any one filter, p50 ≤ 15 ms on PostgreSQL. */
export const workBudgetMs = 15;

type Query = Record<string, string | number>;
const page1 = { pageNumber: 1, pageSize: 20 };

/**
 * One scenario per query: `[name, query]`, and `'search'` when the query is a free-text search or
 * `'range'` when it is a date range (plans shown, not judged: engine-scenarios.ts).
 */
function rows(
  list: string,
  route: string,
  queries: [name: string, query: (f: SeedFacts['work']) => Query, kind?: 'search' | 'range'][],
): Scenario[] {
  return queries.map(([name, query, kind]) => ({
    name: `${list}: ${name}`,
    route,
    query: (f) => query(f.work),
    group: 'work',
    budgetMs: workBudgetMs,
    ...(kind === 'search' ? { search: true } : kind === 'range' ? { dateRange: true } : {}),
  }));
}

const paged =
  (extra: (f: SeedFacts['work']) => Query = () => ({})) =>
  (f: SeedFacts['work']) => ({
    ...page1,
    ...extra(f),
  });

export const workScenarios: Scenario[] = [
  ...rows('work orders', 'GET /work-order-spks', [
    ['page 1', paged()],
    ['tab open', paged(() => ({ tab: 'open' }))],
    ['tab emergency', paged(() => ({ tab: 'emergency' }))],
    ['workType', paged(() => ({ workType: 'statutoryInspection' }))],
    ['showEmergency', paged(() => ({ showEmergency: 'true' }))],
    ['equipmentCategory', paged((f) => ({ equipmentCategory: f.equipmentCategory }))],
    ['tagNumber', paged((f) => ({ tagNumber: f.tagNumber }))],
    ['contractNo', paged((f) => ({ contractNo: f.contractNo }))],
    ['dateStart', paged((f) => ({ dateStart: f.dates.from })), 'range'],
    ['dateEnd', paged((f) => ({ dateEnd: f.dates.to })), 'range'],
    ['search', paged((f) => ({ search: f.search.workOrders })), 'search'],
  ]),
  ...rows('work-order contract numbers', 'GET /work-order-spks/contract-numbers', [
    ['page 1', paged()],
    ['search', paged((f) => ({ search: f.search.lookups })), 'search'],
  ]),
  ...rows('work-order equipment tags', 'GET /work-order-spks/equipments', [
    ['page 1', paged()],
    ['search', paged((f) => ({ search: f.search.equipment })), 'search'],
  ]),
  ...rows('report headers', 'GET /report-headers', [
    ['page 1', paged()],
    ['workOrderSPKId', paged((f) => ({ workOrderSPKId: f.workOrderId }))],
    ['objectType', paged((f) => ({ objectType: f.objectType }))],
    ['inspectionMethod', paged((f) => ({ inspectionMethod: f.inspectionMethod }))],
    ['actualStartDate', paged((f) => ({ actualStartDate: f.dates.from })), 'range'],
    ['actualCompletedDate', paged((f) => ({ actualCompletedDate: f.dates.to })), 'range'],
    ['search', paged((f) => ({ search: f.search.reports })), 'search'],
  ]),
  ...rows('equipment', 'GET /asset', [
    ['page 1', paged()],
    ['category', paged((f) => ({ category: f.equipmentCategory }))],
    ['objectType', paged((f) => ({ objectType: f.objectType }))],
    ['location', paged((f) => ({ location: f.location }))],
    ['plannerGroup', paged((f) => ({ plannerGroup: f.plannerGroup }))],
    ['search', paged((f) => ({ search: f.search.equipment })), 'search'],
  ]),
  ...rows('equipment numbers', 'GET /asset/equipment-numbers', [
    ['page 1', paged()],
    ['category', paged((f) => ({ category: f.equipmentCategory }))],
    ['search', paged((f) => ({ search: f.search.equipment })), 'search'],
  ]),
  ...rows('planner groups', 'GET /asset/planner-groups', [['page 1', paged()]]),
  ...rows('locations', 'GET /asset/locations', [['page 1', paged()]]),
  ...rows('categories', 'GET /asset/categories', [['page 1', paged()]]),
  ...rows('object types', 'GET /asset/object-types', [
    ['page 1', paged()],
    ['categoryCode', paged((f) => ({ categoryCode: f.equipmentCategory }))],
  ]),
  ...rows('equipment categories', 'GET /equipment-categories', [['all', () => ({})]]),
  ...rows('categories with object types', 'GET /category-object-type', [['all', () => ({})]]),
  ...rows('inspection points for filter', 'GET /inspection-point-equipment/for-filter', [
    ['sapNumber', (f) => ({ sapNumber: f.equipmentNo })],
    ['objectType', (f) => ({ objectType: f.objectType })],
  ]),
  ...rows('inspection method summary', 'GET /master-inspection-method/summary', [['all', () => ({})]]),
  ...rows('inspection methods', 'GET /master-inspection-method', [['page 1', paged()]]),
  ...rows('task assignments by work order', 'GET /wo-task-assignments/by-work-order', [
    ['work order 1', (f) => ({ workOrderSPKId: f.workOrderId })],
  ]),
  ...rows('task assignments with reports', 'GET /wo-task-assignments/inspections', [
    ['work order 1', (f) => ({ workOrderSPKId: f.workOrderId })],
    [
      'one report',
      (f) => ({
        workOrderSPKId: f.workOrderId,
        ...(f.reportHeaderId ? { reportHeaderId: f.reportHeaderId } : {}),
      }),
    ],
  ]),
  ...rows('my tasks', 'GET /my-tasks', [
    ['page 1', paged()],
    ...(['todo', 'inProgress', 'waitingApproval', 'returned', 'done'] as const).map(
      (tab): [string, (f: SeedFacts['work']) => Query] => [`tab ${tab}`, paged(() => ({ tab }))],
    ),
    ['woNumber', paged((f) => ({ woNumber: f.myWoNumber ?? 'none' }))],
    ['equipmentCategory', paged((f) => ({ equipmentCategory: f.equipmentCategory }))],
    ['dateStart', paged((f) => ({ dateStart: f.dates.from }))],
    ['dateEnd', paged((f) => ({ dateEnd: f.dates.to }))],
    ['search', paged((f) => ({ search: f.search.equipment })), 'search'],
  ]),
  ...rows('my task statistics', 'GET /my-task/statistics', [['all', () => ({})]]),
  ...rows('my inspection planner', 'GET /my-tasks/inspection-planner', [['a month', (f) => f.dates.month]]),
  ...rows('my work-order numbers', 'GET /my-tasks/work-order-numbers', [
    ['page 1', paged()],
    ['search', paged((f) => ({ search: f.search.lookups })), 'search'],
  ]),
];
