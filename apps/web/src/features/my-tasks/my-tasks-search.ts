import { taskStates } from '@inspectra/contract';
import type { TaskState } from '@inspectra/contract';

/**
 * What the my-tasks screen keeps in the address: the tab (a state), the filters, the page and the
 * view. Opening a task and coming back, a reload or a shared link shows the same tasks.
 */
export type MyTasksSearch = {
  tab?: TaskState;
  search?: string;
  woNumber?: string;
  equipmentCategory?: string;
  dateStart?: string;
  dateEnd?: string;
  page?: number;
  view?: 'calendar';
};

const isoDate = /^\d{4}-\d{2}-\d{2}$/;

export function validateMyTasksSearch(raw: Record<string, unknown>): MyTasksSearch {
  const text = (key: string) => {
    const v = raw[key];
    return typeof v === 'string' && v.trim() !== '' ? v.slice(0, 100) : undefined;
  };
  const date = (key: string) => {
    const v = text(key);
    return v && isoDate.test(v) ? v : undefined;
  };
  const tab = text('tab');
  const page = Number(raw.page);
  const found: MyTasksSearch = {
    tab: taskStates.includes(tab as TaskState) ? (tab as TaskState) : undefined,
    search: text('search'),
    woNumber: text('woNumber'),
    equipmentCategory: text('equipmentCategory'),
    dateStart: date('dateStart'),
    dateEnd: date('dateEnd'),
    page: Number.isInteger(page) && page > 1 ? page : undefined,
    view: raw.view === 'calendar' ? 'calendar' : undefined,
  };
  // Only what is set: the address stays short, and `?` alone for the defaults.
  return Object.fromEntries(Object.entries(found).filter(([, v]) => v !== undefined)) as MyTasksSearch;
}
