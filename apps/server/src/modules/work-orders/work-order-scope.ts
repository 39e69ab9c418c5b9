import { reportHeader, woTaskAssignment, workOrderSpk } from '@inspectra/contract';
import { and, eq, exists, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import { QueryBuilder, alias } from 'drizzle-orm/pg-core';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { tableOf, users } from '../../db/schema/index.ts';
import type { RecordScopes } from '../../engine/record-scope.ts';

const scopeAssignments = alias(tableOf(woTaskAssignment), 'scope_assignment');
const scopeUsers = alias(users, 'scope_user');

/**
 * Whether inspectors (an assignment's `userPDMIds`) name a user of the company: the company's
 * users are found by their company index, each matched with `@>` (the GIN index on userPDMIds
 * serves it when the assignments are the ones looked for).
 */
const namesUserOf = (inspectors: AnyPgColumn, companyId: SQL) =>
  exists(
    new QueryBuilder()
      .select({ one: sql`1` })
      .from(scopeUsers)
      .where(
        and(
          sql`${scopeUsers.contractorCompanyId} = ${companyId}`,
          sql`${inspectors} @> jsonb_build_array(${scopeUsers.id}::text)`,
        ),
      ),
  );

/** Whether one of the assignments the condition picks names a user of the company. */
const assignedToCompany = (where: SQL | undefined, companyId: SQL) =>
  exists(
    new QueryBuilder()
      .select({ one: sql`1` })
      .from(scopeAssignments)
      .innerJoin(scopeUsers, sql`${scopeAssignments.userPDMIds} @> jsonb_build_array(${scopeUsers.id}::text)`)
      .where(and(where, sql`${scopeUsers.contractorCompanyId} = ${companyId}`)),
  );

/**
 * Company scoping by assignment (docs/company-scoping.md). A contractor company's user sees:
 * - a work order when one of its task assignments names at least one user of that company;
 * - on it, only the assignments naming one of its users, and only the reports of those
 *   assignments' methods (a report belongs to the assignment of its work order and method): the
 *   plant owner's own reports on a shared work order are not the contractor's. Every record under
 *   a report (a technique's inspections and rows, documents, approval history, files) inherits the
 *   report's scope through its parent chain.
 * The report's condition is one probe of the assignments' natural key (work order, method).
 */
export const workOrderScopes: RecordScopes = {
  [workOrderSpk.name]: (workOrderId, companyId) =>
    assignedToCompany(eq(scopeAssignments.workOrderSPKId, workOrderId), companyId),
  [woTaskAssignment.name]: {
    condition: (row, companyId) => namesUserOf(row.userPDMIds!, companyId),
    fields: ['userPDMIds'],
    refusal:
      "Name at least one of your company's inspectors: work without them is the plant owner's to assign",
  },
  [reportHeader.name]: {
    condition: (row, companyId) =>
      assignedToCompany(
        and(
          eq(scopeAssignments.workOrderSPKId, row.workOrderSPKId!),
          eq(scopeAssignments.inspectionMethod, row.inspectionMethod!),
        ),
        companyId,
      ),
    fields: ['workOrderSPKId', 'inspectionMethod'],
    refusal:
      'Your company is not assigned this inspection method on this work order: its reports are made by those it is assigned to',
  },
};
