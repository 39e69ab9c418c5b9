import type { TeamTask } from '@inspectra/contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { callApi } from '../../api/calls.ts';
import { notShownOf } from '../../api/capped.ts';
import { myTasksKey } from '../my-tasks/my-task-queries.ts';

/**
 * Every cached read of the team plan starts with this key; under my tasks' key, so a report or an
 * assignment that refreshes my tasks refreshes the team's too.
 */
export const teamPlanKey = [...myTasksKey, 'team'] as const;

export const teamStatisticsQuery = queryOptions({
  queryKey: [...teamPlanKey, 'statistics'],
  queryFn: async ({ signal }) => (await callApi('GET /team-plan/statistics', { signal })).data,
});

/** The team's tasks of a period (the weeks a month shows), one inspector's or everyone's. */
export function teamPlannerQuery(dateStart: string, dateEnd: string, inspectorId?: string) {
  return queryOptions({
    queryKey: [...teamPlanKey, 'planner', dateStart, dateEnd, inspectorId ?? null],
    queryFn: async ({ signal }) => {
      const envelope = await callApi('GET /team-plan/inspection-planner', {
        query: { dateStart, dateEnd, ...(inspectorId ? { inspectorId } : {}) },
        signal,
      });
      return { tasks: envelope.data satisfies TeamTask[], notShown: notShownOf(envelope, 'data') };
    },
    placeholderData: keepPreviousData,
  });
}
