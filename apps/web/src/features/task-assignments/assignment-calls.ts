import { maxPageSize, workOrderSpk } from '@inspectra/contract';
import { callApi } from '../../api/calls.ts';
import type { AssignmentCalls } from './bulk-assignment.ts';

/** The import's calls through the app's client, so a session that expires mid-import is renewed. */
export const assignmentCalls: AssignmentCalls = {
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
