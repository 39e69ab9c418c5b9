import type {
  AssignableUser,
  assignedReportSchema,
  inspectionMethod,
  woTaskAssignment,
} from '@inspectra/contract';
import type { QueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { callApi } from '../../api/calls.ts';
import { cappedOf, notShownOf } from '../../api/capped.ts';
import type { RecordOf } from '../../api/records.ts';

type JsonOf<K extends 'userPDMIds' | 'levelApprovals' | 'positionLevels'> = z.output<
  (typeof woTaskAssignment.fields)[K]['schema']
>;

/**
 * One assignment of a work order as the inspections call answers it: the record (its JSON fields
 * typed by their declared schemas), the method's name, the inspectors and the reports.
 */
export type AssignmentInspection = RecordOf<typeof woTaskAssignment> & {
  userPDMIds: JsonOf<'userPDMIds'>;
  levelApprovals: JsonOf<'levelApprovals'>;
  positionLevels: JsonOf<'positionLevels'>;
  inspectionMethodName: string;
  inspectors: (AssignableUser & { isActive: boolean })[];
  reports: AssignedReport[];
};
export type AssignedReport = z.output<typeof assignedReportSchema>;

/** Every query of a work order's assignments starts with this, so a change refreshes them all. */
export const assignmentsKey = (workOrderId: string) => ['taskAssignments', workOrderId] as const;

/**
 * A work order's assignments with their reports, and how many of its reports are more than the
 * answer lists (`meta.notShown.reports`).
 */
export const inspectionsQuery = (workOrderId: string) => ({
  queryKey: [...assignmentsKey(workOrderId), 'inspections'],
  queryFn: async () => {
    const envelope = await callApi<AssignmentInspection[]>('GET /wo-task-assignments/inspections', {
      query: { workOrderSPKId: workOrderId },
    });
    return { rows: envelope.data, reportsNotShown: notShownOf(envelope, 'reports') };
  },
});

/** Every inspection method, to choose one (a short list that rarely changes). */
export const methodsQuery = {
  queryKey: ['inspectionMethods', 'all'],
  queryFn: async () =>
    cappedOf(await callApi<RecordOf<typeof inspectionMethod>[]>('GET /master-inspection-method/all')),
  staleTime: 5 * 60_000,
};

/**
 * Users matching what was typed who may be named as inspectors of the method (active, their role
 * writes its reports: the server's rule, docs/task-assignments.md). Asked for only with a method.
 */
export const assignableUsersQuery = (search: string, inspectionMethod: string | null) => ({
  queryKey: ['taskAssignments', 'assignableUsers', inspectionMethod, search],
  queryFn: async () =>
    cappedOf(
      await callApi('GET /wo-task-assignments/assignable-users', {
        query: { ...(search ? { search } : {}), ...(inspectionMethod ? { inspectionMethod } : {}) },
      }),
    ),
  enabled: Boolean(inspectionMethod),
  staleTime: 60_000,
});

/** After a change: the work order's assignments, and its reports (a status may have moved). */
export async function refreshAssignments(queryClient: QueryClient, workOrderId: string) {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: assignmentsKey(workOrderId) }),
    queryClient.invalidateQueries({ queryKey: ['reports'] }),
  ]);
}

/** How a user is shown: the full name, and the user name when it says something more. */
export const userLabel = (u: { username: string; fullName: string }) =>
  u.fullName && u.fullName !== u.username ? `${u.fullName} (${u.username})` : u.username;
