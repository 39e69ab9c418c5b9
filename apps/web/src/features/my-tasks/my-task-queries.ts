import type { MyTask, TaskState } from '@inspectra/contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { callApi } from '../../api/calls.ts';
import { cappedOf, notShownOf } from '../../api/capped.ts';

/** What the list is narrowed by: a state (the tab) and the filters, as `GET /my-tasks` takes them. */
export type TaskFilters = {
  search?: string;
  woNumber?: string;
  equipmentCategory?: string;
  dateStart?: string;
  dateEnd?: string;
};

/** Every cached read of my tasks starts with this key, so a new report refreshes them all. */
export const myTasksKey = ['my-tasks'] as const;

/** Tasks per page: enough to fill a tablet held upright without a second page for most inspectors. */
export const taskPageSize = 20;

const compact = (o: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined && v !== '' && v !== null));

export function taskListQuery(p: { tab?: TaskState; filters: TaskFilters; pageNumber: number }) {
  return queryOptions({
    queryKey: [...myTasksKey, 'list', p],
    queryFn: async ({ signal }) => {
      const envelope = await callApi('GET /my-tasks', {
        query: compact({ ...p.filters, tab: p.tab, pageNumber: p.pageNumber, pageSize: taskPageSize }),
        signal,
      });
      return { tasks: envelope.data, meta: envelope.meta! };
    },
    placeholderData: keepPreviousData,
  });
}

export const statisticsQuery = queryOptions({
  queryKey: [...myTasksKey, 'statistics'],
  queryFn: async ({ signal }) => (await callApi('GET /my-task/statistics', { signal })).data,
});

export function taskQuery(id: string) {
  return queryOptions({
    queryKey: [...myTasksKey, 'task', id],
    queryFn: async ({ signal }) => (await callApi('GET /my-tasks/:id', { params: { id }, signal })).data,
  });
}

/** The planner's tasks of a period (a month as the calendar shows it), with the server's note when cut. */
export function plannerQuery(dateStart: string, dateEnd: string) {
  return queryOptions({
    queryKey: [...myTasksKey, 'planner', dateStart, dateEnd],
    queryFn: async ({ signal }) => {
      const envelope = await callApi('GET /my-tasks/inspection-planner', {
        query: { dateStart, dateEnd },
        signal,
      });
      return { tasks: envelope.data, notShown: notShownOf(envelope, 'data') };
    },
    placeholderData: keepPreviousData,
  });
}

export function workOrderNumbersQuery(search: string) {
  return queryOptions({
    queryKey: [...myTasksKey, 'work-order-numbers', search],
    queryFn: async ({ signal }) =>
      (
        await callApi('GET /my-tasks/work-order-numbers', {
          query: compact({ search, pageNumber: 1, pageSize: 20 }),
          signal,
        })
      ).data,
    placeholderData: keepPreviousData,
  });
}

export const equipmentCategoriesQuery = queryOptions({
  queryKey: ['equipment-categories'],
  queryFn: async ({ signal }) => cappedOf(await callApi('GET /equipment-categories', { signal })),
  staleTime: 10 * 60_000,
});

/** A task's name where it is listed: its work order and method. */
export const taskName = (task: Pick<MyTask, 'woNumber' | 'inspectionMethodName'>) =>
  `${task.woNumber} · ${task.inspectionMethodName}`;
