import { techniqueOfMethod } from '@inspectra/contract';
import type {
  PermissionModule,
  Profile,
  ReportTechniqueSummary,
  TechniqueDefinition,
} from '@inspectra/contract';
import type { QueryClient, QueryFunction, QueryKey } from '@tanstack/react-query';
import { can, profileQuery } from '../auth/useProfile.ts';
import { reportQuery } from '../reports/useReport.ts';
import type { Report } from '../reports/useReport.ts';
import { documentCategoriesQuery, documentsKey, firstDocumentsPage } from '../documents/document-queries.ts';
import { extensionOf } from '../techniques/extensions.ts';
import {
  firstRowsPage,
  inspectionOf,
  reportTechniquesQuery,
  rowKinds,
  techniqueKey,
  techniqueQueries,
} from '../techniques/technique-queries.ts';
import type { TechniqueRecord, WorkspaceScope } from '../techniques/technique-queries.ts';
import type { OwnRead } from '../techniques/technique-extension.ts';
import {
  allTechniques,
  cardTechniques,
  findRoute,
  variantOfCategory,
} from '../techniques/technique-routes.ts';
import { takeOffline } from '../../engine/offline-copy.ts';
import { myTasksKey, taskQuery } from './my-task-queries.ts';
import { takePickersAlong } from './offline-pickers.ts';

/**
 * What taking a task offline reads, by the same queries its screens make, and the key prefixes the
 * offline copy keeps (engine/offline-copy.ts): the signed-in profile (the screens' access checks), the
 * user's task lists (the landing screen), the task, and per report its header, its techniques'
 * figures, and per technique the report page offers (`reportScopes`) every inspection, the rows of
 * each kind, the table's first page and the technique's own reads.
 * Everything else the screens read under the same prefixes (a second table page, a reference's
 * name) is kept too once it has been shown. Returns the prefixes.
 */
export async function loadTaskForOffline(queryClient: QueryClient, taskId: string): Promise<QueryKey[]> {
  const profile = await queryClient.fetchQuery(profileQuery);
  const task = await queryClient.fetchQuery({ ...taskQuery(taskId), staleTime: 0 });
  const keys: QueryKey[] = [profileQuery.queryKey, myTasksKey, ['namedRecord'], ['reference']];
  for (const { id } of task.reports) keys.push(...(await loadReport(queryClient, profile, id)));
  return keys;
}

async function loadReport(queryClient: QueryClient, profile: Profile, reportId: string): Promise<QueryKey[]> {
  const report = await queryClient.fetchQuery({ ...reportQuery(reportId), staleTime: 0 });
  const summaries = await queryClient.fetchQuery(reportTechniquesQuery(reportId));
  const keys: QueryKey[] = [reportQuery(reportId).queryKey, ['report', reportId]];
  for (const scope of reportScopes(profile, report, summaries)) {
    keys.push(techniqueKey(scope.technique, reportId));
    // The report's figures, read once above, are each technique's grade counts too.
    queryClient.setQueryData(techniqueQueries.gradeCounts(scope, '').queryKey, summaries);
    await loadScope(queryClient, scope);
  }
  return [...keys, ...(await loadDocuments(queryClient, profile, reportId))];
}

/**
 * The report's supporting documents as their panel opens (the first page, every type) and the types
 * to choose from, so a document can be added offline (it waits in the queue) beside the list.
 */
async function loadDocuments(
  queryClient: QueryClient,
  profile: Profile,
  reportId: string,
): Promise<QueryKey[]> {
  if (!can(profile, 'supportingDocument', 'view')) return [];
  await Promise.all([
    queryClient.fetchQuery({ ...firstDocumentsPage(reportId), staleTime: 0 }),
    queryClient.fetchQuery({ ...documentCategoriesQuery, staleTime: 0 }),
  ]);
  return [documentsKey(reportId), documentCategoriesQuery.queryKey];
}

/**
 * The workspaces of a report a task taken along opens offline: every technique the report page
 * offers the user (its method's, and the other inspection types' cards) on the class the report's
 * category names, and every technique and class already holding an inspection. A technique whose
 * classes the category does not name is left out (the card asks which; offline it cannot know), and
 * so is one whose inspection the server creates on its first read, unless it holds one already:
 * taking a task along creates nothing.
 */
export function reportScopes(
  profile: Profile,
  report: Pick<Report, 'id' | 'inspectionMethod' | 'equipmentCategory'>,
  summaries: readonly Pick<ReportTechniqueSummary, 'technique' | 'variant' | 'inspections'>[],
): WorkspaceScope[] {
  const scopes = new Map<string, WorkspaceScope>();
  const add = (technique: TechniqueDefinition | undefined, variant: string | undefined, held: boolean) => {
    if (!technique?.workspace || !can(profile, technique.module as PermissionModule, 'view')) return;
    if (technique.variants.length > 0 && !variant) return;
    const single = findRoute(technique, 'getByParent', inspectionOf(technique), variant);
    if (!held && single?.operation.createIfMissing) return;
    scopes.set(`${technique.module}|${variant ?? ''}`, { technique, reportId: report.id, variant });
  };
  const own = techniqueOfMethod(report.inspectionMethod) as TechniqueDefinition | undefined;
  for (const technique of [...(own ? [own] : []), ...cardTechniques])
    add(technique, variantOfCategory(technique, report.equipmentCategory), false);
  for (const summary of summaries.filter((s) => s.inspections > 0))
    add(
      allTechniques.find((t) => t.module === summary.technique),
      summary.variant ?? undefined,
      true,
    );
  return [...scopes.values()];
}

async function loadScope(queryClient: QueryClient, scope: WorkspaceScope): Promise<void> {
  const inspections: TechniqueRecord[] = inspectionOf(scope.technique).uniquePerParent
    ? [await queryClient.fetchQuery(techniqueQueries.single(scope))].filter((i) => i !== null)
    : await queryClient.fetchQuery(techniqueQueries.several(scope));
  const extension = extensionOf(scope.technique);
  for (const { id } of inspections) {
    const reads: OwnRead[] = [
      ...rowKinds(scope.technique, scope.variant).flatMap(({ entity }) => [
        techniqueQueries.rows(scope, id, entity),
        firstRowsPage(scope, id, entity),
      ]),
      ...(extension.takeAlong?.(scope, id) ?? []),
    ];
    // One inspection's reads at a time, side by side: a task of many inspections does not flood the
    // server, and one of few is loaded in the time of its slowest read.
    await Promise.all(
      reads.map(({ queryKey, queryFn }) =>
        queryClient.fetchQuery({ queryKey, queryFn: queryFn as QueryFunction | undefined, staleTime: 0 }),
      ),
    );
  }
  await takePickersAlong(queryClient, scope, inspections);
}

/** Takes a task along (or refreshes it): its reads into the cache, then onto the user's copy. */
export function takeTaskOffline(
  queryClient: QueryClient,
  userId: string,
  task: { taskId: string; name: string },
): Promise<void> {
  return takeOffline(queryClient, userId, task, () => loadTaskForOffline(queryClient, task.taskId));
}
