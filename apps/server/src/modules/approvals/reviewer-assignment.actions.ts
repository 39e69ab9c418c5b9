import {
  assignReviewersBody,
  equalityFilters,
  reviewerActivationQuery,
  reviewerAssignment,
  reviewerAssignmentQuery,
} from '@inspectra/contract';
import type { FieldMessageCode, ReviewerAssignmentView } from '@inspectra/contract';
import { and, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import type { DbOrTx } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import type { AuthenticatedUser } from '../../engine/access.ts';
import { typedAction } from '../../engine/action-handler.ts';
import type { ActionHandler } from '../../engine/action-handler.ts';
import { auditable } from '../../engine/auditable.ts';
import type { EngineDeps } from '../../engine/engine-deps.ts';
import { callerScope } from '../../engine/record-scope.ts';
import { defineList, listPage, recordViews, writeAudit } from '../../engine/records.ts';
import type { StoredRecord } from '../../engine/records.ts';
import { AppError, fieldRefusal } from '../../errors.ts';
import { methodLevelTable, reviewerTable } from './approval-path.ts';

const repo = (deps: EngineDeps) => deps.repositories.get(reviewerAssignment.name)!;
const idParams = z.object({ id: z.uuid() });

/** A 400 on one field: the English names the method and people for API readers, the code for forms. */
function refuse(
  path: string,
  message: string,
  code: FieldMessageCode,
  params?: Record<string, string | number>,
): never {
  throw new AppError('VALIDATION_ERROR', message, [{ ...fieldRefusal(path, code, params), message }]);
}

/**
 * A reviewer must be an active user holding the position the method's path names at the level
 * (their `approval_position`); the level must exist on the method's path. Returns the position.
 */
async function checkReviewer(
  tx: DbOrTx,
  values: { userPdmId: string; inspectionMethod: string; levelApproval: number },
): Promise<string> {
  const [level] = await tx
    .select({ position: methodLevelTable.approvalPosition })
    .from(methodLevelTable)
    .where(
      and(
        eq(methodLevelTable.inspectionMethod, values.inspectionMethod),
        eq(methodLevelTable.levelApproval, values.levelApproval as never),
      ),
    );
  if (!level)
    refuse(
      'levelApproval',
      `${values.inspectionMethod} has no approval level ${values.levelApproval}: set it in the approval settings first`,
      'levelNotOnPath',
      { level: values.levelApproval },
    );
  const [user] = await tx
    .select({ fullName: users.fullName, isActive: users.isActive, position: users.approvalPosition })
    .from(users)
    .where(eq(users.id, values.userPdmId));
  if (!user) refuse('userPdmId', `No user has the id ${values.userPdmId}`, 'userIdentifier');
  if (!user.isActive)
    refuse('userPdmId', `${user.fullName} is inactive and cannot review`, 'reviewerInactive', {
      name: user.fullName,
    });
  if (user.position !== level.position)
    refuse(
      'userPdmId',
      `${user.fullName} holds the position ${user.position ?? '(none)'}; level ${values.levelApproval} of ${values.inspectionMethod} is approved by ${level.position}`,
      'reviewerPosition',
      { name: user.fullName, position: String(level.position) },
    );
  return String(level.position);
}

async function audited(tx: DbOrTx, user: AuthenticatedUser, row: StoredRecord, before?: StoredRecord) {
  await writeAudit(tx, {
    entity: reviewerAssignment.name,
    entityId: row.id,
    action: before ? 'update' : 'create',
    actorId: user.id,
    before: before ? auditable(before) : undefined,
    after: auditable(row),
  });
}

/** The reviewer's user account exists (and `also` holds of it): `user_pdm_id` is its id as text. */
const reviewerUser = (userPdmId: AnyPgColumn, also?: SQL) =>
  sql`exists (select 1 from ${users} where ${and(sql`${users.id} = ${userPdmId}::uuid`, also)})`;

/** A user's column for the reviewer: one of the page's reads of the user by id. */
const ofReviewerUser = (userPdmId: AnyPgColumn, column: AnyPgColumn) =>
  sql`(select ${column} from ${users} where ${users.id} = ${userPdmId}::uuid)`;

/**
 * Reviewer assignments with their user's name, username and whether the user is active. The search
 * also finds them by the user's name or username; an assignment whose user is gone is not listed.
 */
const reviewers = defineList<ReviewerAssignmentView>(reviewerAssignment, 'reviewers', {
  filters: equalityFilters('inspectionMethod', 'levelApproval', 'userPdmId', 'isActive'),
  where: ({ row }) => reviewerUser(row.userPdmId!),
  searchAlso: ({ row, value }) =>
    reviewerUser(row.userPdmId!, or(ilike(users.fullName, value()), ilike(users.username, value()))!),
  adds: ({ row }) => ({
    username: ofReviewerUser(row.userPdmId!, users.username),
    fullName: ofReviewerUser(row.userPdmId!, users.fullName),
    userActive: ofReviewerUser(row.userPdmId!, users.isActive),
  }),
});

export const reviewerAssignmentActions: Record<string, ActionHandler> = {
  'approval.reviewers': typedAction({ query: reviewerAssignmentQuery }, ({ query, deps, user }) =>
    listPage(deps, reviewers, query, user!),
  ),

  'approval.createReviewer': typedAction(
    { body: reviewerAssignment.schemas.create },
    async ({ body, deps, user }) => {
      const row = await deps.db.transaction(async (tx) => {
        const values = body as Record<string, unknown>;
        const position = await checkReviewer(tx, values as never);
        const created = await repo(deps).insert(tx, { ...values, approvalPosition: position }, user!);
        await audited(tx, user!, created);
        return created;
      });
      return { data: (await recordViews(deps.db, reviewerAssignment, [row]))[0], statusCode: 201 };
    },
  ),

  'approval.updateReviewer': typedAction(
    { params: idParams, body: reviewerAssignment.schemas.update },
    async ({ params, body, deps, user }) => {
      const row = await deps.db.transaction(async (tx) => {
        const before = await repo(deps).get(tx, params.id, callerScope(user!), { lock: true });
        const { version, ...values } = body as Record<string, unknown>;
        const merged = { ...before, ...values } as never as {
          userPdmId: string;
          inspectionMethod: string;
          levelApproval: number;
        };
        // Re-judged whenever it stays or becomes active: an inactive one may name anything.
        const active = (values.isActive ?? before.isActive) as boolean;
        const position = active ? await checkReviewer(tx, merged) : (before.approvalPosition as string);
        const updated = await repo(deps).update(
          tx,
          params.id,
          { ...values, approvalPosition: position },
          version as number | undefined,
          user!,
        );
        await audited(tx, user!, updated, before);
        return updated;
      });
      return { data: (await recordViews(deps.db, reviewerAssignment, [row]))[0] };
    },
  ),

  'approval.reviewerStatus': typedAction(
    { params: idParams, query: reviewerActivationQuery },
    async ({ params, query, deps, user }) => {
      const row = await deps.db.transaction(async (tx) => {
        const before = await repo(deps).get(tx, params.id, callerScope(user!), { lock: true });
        if (query.activation) await checkReviewer(tx, before as never);
        const updated = await repo(deps).update(
          tx,
          params.id,
          { isActive: query.activation },
          undefined,
          user!,
        );
        await audited(tx, user!, updated, before);
        return updated;
      });
      return {
        data: (await recordViews(deps.db, reviewerAssignment, [row]))[0],
        message: query.activation ? 'Reviewer activated' : 'Reviewer deactivated',
      };
    },
  ),

  'approval.assignUsers': typedAction({ body: assignReviewersBody }, async ({ body, deps, user }) => {
    const ids = [...new Set(body.userPdmIds)];
    const rows = await deps.db.transaction(async (tx) => {
      const existing = await tx
        .select()
        .from(reviewerTable)
        .where(
          and(
            eq(reviewerTable.inspectionMethod, body.inspectionMethod),
            eq(reviewerTable.levelApproval, body.levelApproval as never),
            inArray(reviewerTable.userPdmId, ids),
          ),
        )
        .for('update');
      const out: StoredRecord[] = [];
      for (const userPdmId of ids) {
        const position = await checkReviewer(tx, { ...body, userPdmId });
        const found = existing.find((r) => r.userPdmId === userPdmId) as StoredRecord | undefined;
        const values = {
          approvalPosition: position,
          isActive: true,
          ...(body.contractorCompanyId !== undefined
            ? { contractorCompanyId: body.contractorCompanyId }
            : {}),
        };
        const row = found
          ? await repo(deps).update(tx, found.id, values, undefined, user!)
          : await repo(deps).insert(
              tx,
              {
                userPdmId,
                inspectionMethod: body.inspectionMethod,
                levelApproval: body.levelApproval,
                ...values,
              },
              user!,
            );
        await audited(tx, user!, row, found);
        out.push(row);
      }
      return out;
    });
    return {
      data: await recordViews(deps.db, reviewerAssignment, rows),
      message: `${rows.length} reviewer${rows.length === 1 ? '' : 's'} assigned`,
    };
  }),
};
