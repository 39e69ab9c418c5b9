import type { RoleManagement, UserPdm } from '@inspectra/contract';
import { maxPageSize } from '@inspectra/contract';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../api/calls.ts';
import { cappedOf } from '../../api/capped.ts';

/** Every query of the administration screens starts with one of these, so a change refreshes them. */
export const usersKey = ['users'] as const;
export const rolesKey = ['roles'] as const;

export type UserFilters = {
  search?: string;
  roleId?: string;
  /** A company's id, or `none` for the plant owner's staff. */
  contractorCompanyId?: string;
  isActive?: 'true' | 'false';
  pageNumber: number;
  pageSize: number;
};

export const usersQuery = (filters: UserFilters) => ({
  queryKey: [...usersKey, 'list', filters],
  queryFn: async () => {
    const query = Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== undefined && v !== ''));
    const envelope = await callApi('GET /user-pdm', { query });
    return { users: envelope.data, meta: envelope.meta };
  },
});

export const userSummaryQuery = {
  queryKey: [...usersKey, 'summary'],
  queryFn: async () => (await callApi('GET /user-pdm/summary')).data,
};

export const roleManagementQuery = {
  queryKey: [...rolesKey, 'management'],
  queryFn: async (): Promise<RoleManagement> => (await callApi('GET /roles/role-management')).data,
};

export const plannerGroupsQuery = {
  queryKey: [...usersKey, 'plannerGroups'],
  queryFn: async () => cappedOf(await callApi('GET /user-pdm/get-planner-group')),
  staleTime: 5 * 60_000,
};

export type CompanyOption = { id: string; contractorName: string };

/**
 * Contractor companies to choose from (`GET /contractor-company`); a failure (a role that may not
 * list them) leaves the list empty: users are then the owner's staff.
 */
export function useContractorCompanies() {
  return useQuery({
    queryKey: ['contractorCompanies', 'options'],
    queryFn: async () =>
      (await callApi('GET /contractor-company', { query: { pageNumber: 1, pageSize: maxPageSize } })).data,
    retry: false,
    staleTime: 5 * 60_000,
  });
}

export type { UserPdm };
