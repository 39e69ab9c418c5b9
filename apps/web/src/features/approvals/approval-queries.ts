import type { PageMeta } from '@inspectra/contract';
import { queryOptions } from '@tanstack/react-query';
import { callApi } from '../../api/calls.ts';

/** The approval settings' queries, shared by the settings and reviewer pages. */
export const approvalSettingsQuery = queryOptions({
  queryKey: ['approvals', 'settings'],
  queryFn: async () => (await callApi('GET /inspection-method-approvals/get-settings')).data,
});

export const approvalSummaryQuery = queryOptions({
  queryKey: ['approvals', 'summary'],
  queryFn: async () => (await callApi('GET /inspection-method-approvals/get-summary')).data,
});

/** The positions catalogue (a plant has a handful: one page of the largest size holds them). */
export const approvalPositionsQuery = queryOptions({
  queryKey: ['approvals', 'positions'],
  queryFn: async () =>
    (await callApi('GET /reviewer-assignment/position-level-approvals', { query: { pageSize: 200 } })).data,
});

/** Every query of one report's approval starts with this. */
export const approvalQueryKey = (reportId: string) => ['reports', reportId, 'approval'] as const;

/**
 * A report's path, the level it waits at and whether the caller may act there (the server says;
 * `status` in the key so a move refetches it). The report's panel and its assignment's dialog use it.
 */
export const approvalCurrentQuery = (reportId: string, status: string | null | undefined) =>
  queryOptions({
    queryKey: [...approvalQueryKey(reportId), 'current', status],
    queryFn: async () =>
      (await callApi('GET /report-approval-paths/current', { query: { reportHeaderId: reportId } })).data,
  });

/**
 * Every query of the reviewer's queue starts with this: under `reports`, so any move of a report
 * (the report page's panel invalidates `reports`) refreshes the queue and its count.
 */
export const approvalQueueKey = ['reports', 'approval-queue'] as const;

/** How often the menu asks how many reports wait: a page of one, a count over the few in approval. */
export const approvalQueueCountInterval = 60_000;

/**
 * How many reports wait for the signed-in reviewer (the menu's badge): the queue's total from a
 * page of one, asked again every minute and after every approval act.
 */
export const approvalQueueCountQuery = queryOptions({
  queryKey: [...approvalQueueKey, 'count'],
  queryFn: async () => {
    const answer = await callApi('GET /report-approval-paths/queue', {
      query: { pageNumber: 1, pageSize: 1 },
    });
    return (answer.meta as PageMeta).totalCount;
  },
  refetchInterval: approvalQueueCountInterval,
  staleTime: 15_000,
});

/** The queue's filters as the page sends them (`severity`: finding levels, comma-separated). */
export type ApprovalQueueFilters = {
  inspectionMethod?: string;
  severity?: string;
  contractorCompanyId?: string;
  search?: string;
};

/** What waits, by method and by company, under the same filters: the filters' choices. */
export const approvalQueueSummaryQuery = (filters: ApprovalQueueFilters) =>
  queryOptions({
    queryKey: [...approvalQueueKey, 'summary', filters],
    queryFn: async () => (await callApi('GET /report-approval-paths/queue/summary', { query: filters })).data,
  });
