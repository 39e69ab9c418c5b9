import { woTaskAssignment, workOrderSpk } from '@inspectra/contract';
import { and, eq, exists, sql } from 'drizzle-orm';
import { QueryBuilder, alias } from 'drizzle-orm/pg-core';
import { tableOf, users } from '../../db/schema/index.ts';
import type { RecordScopes } from '../../engine/record-scope.ts';

const scopeAssignments = alias(tableOf(woTaskAssignment), 'scope_assignment');
const scopeUsers = alias(users, 'scope_user');

/**
 * Company scoping (docs/company-scoping.md): a contractor company's user sees a work order when one
 * of its task assignments names at least one user of that company. Reports, assignments, and every
 * record under them inherit it through their parent chain. The join reads the assignments of one
 * work order by its index, and matches inspectors with `@>` (the GIN index on userPDMIds serves it).
 */
export const workOrderScopes: RecordScopes = {
  [workOrderSpk.name]: (workOrderId, companyId) =>
    exists(
      new QueryBuilder()
        .select({ one: sql`1` })
        .from(scopeAssignments)
        .innerJoin(
          scopeUsers,
          sql`${scopeAssignments.userPDMIds} @> jsonb_build_array(${scopeUsers.id}::text)`,
        )
        .where(
          and(
            eq(scopeAssignments.workOrderSPKId, workOrderId),
            sql`${scopeUsers.contractorCompanyId} = ${companyId}`,
          ),
        ),
    ),
};
