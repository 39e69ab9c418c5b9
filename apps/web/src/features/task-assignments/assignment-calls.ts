import { maxPageSize, workOrderSpk } from '@inspectra/contract';
import type { SheetRows } from '@inspectra/contract';
import { callApi, routeOf } from '../../api/calls.ts';
import { apiRequest } from '../../api/http-client.ts';
import type { AssignmentCalls } from './bulk-assignment.ts';

/** The import's calls through the app's client, so a session that expires mid-import is renewed. */
export const assignmentCalls: AssignmentCalls = {
  readSheet: async (file) => {
    // A multipart form with the file alone: the route row takes no JSON body, so it is sent as is.
    const form = new FormData();
    form.append('file', file, 'assignments.xlsx');
    const envelope = await apiRequest<SheetRows>({
      method: 'POST',
      url: routeOf('POST /wo-task-assignments/import/sheet-rows').path,
      data: form,
    });
    return envelope.data.rows;
  },
  inspectionMethods: async () =>
    (await callApi('GET /master-inspection-method/all')).data.map((m) => ({
      code: String(m.code),
      name: String(m.name),
    })),
  searchWorkOrders: async (search, pageNumber) => {
    // Longer than any WO number can be: no work order has it (and the search would refuse it).
    if (search.length > workOrderSpk.fields.woNumber.maxLength) return { rows: [], totalPages: 1 };
    const envelope = await callApi('GET /work-order-spks', {
      query: { search, pageNumber, pageSize: maxPageSize, sortBy: 'woNumber', sortDirection: 'asc' },
    });
    return { rows: envelope.data, totalPages: envelope.meta?.totalPages ?? 1 };
  },
  assign: async (assignment) => {
    await callApi('POST /wo-task-assignments', { body: { values: assignment } });
  },
};
