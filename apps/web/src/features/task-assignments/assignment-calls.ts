import { maxPageSize } from '@inspectra/contract';
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
    const envelope = await callApi('GET /work-order-spks', {
      query: { search, pageNumber, pageSize: maxPageSize, sortBy: 'woNumber', sortDirection: 'asc' },
    });
    return { rows: envelope.data, totalPages: envelope.meta?.totalPages ?? 1 };
  },
  assign: async (assignment) => {
    await callApi('POST /wo-task-assignments', { body: { values: assignment } });
  },
};
