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
