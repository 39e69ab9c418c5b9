import {
  assignReviewersBody,
  reviewerActivationQuery,
  reviewerAssignment,
  reviewerAssignmentQuery,
} from '@inspectra/contract';
import { and, asc, count, eq, ilike, inArray, or } from 'drizzle-orm';
import { z } from 'zod';
import type { DbOrTx } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import type { AuthenticatedUser } from '../../engine/access.ts';
import { auditable, pageMeta, typedAction } from '../../engine/register-routes.ts';
import { callerScope } from '../../engine/record-scope.ts';
import type { ActionHandler, EngineDeps } from '../../engine/register-routes.ts';
import { likePattern, recordViews, writeAudit } from '../../engine/records.ts';
import type { StoredRecord } from '../../engine/records.ts';
import { AppError } from '../../errors.ts';
import { methodLevelTable, reviewerIsUser, reviewerTable } from './approval-path.ts';

const repo = (deps: EngineDeps) => deps.repositories.get(reviewerAssignment.name)!;
const idParams = z.object({ id: z.uuid() });

function refuse(path: string, message: string): never {
  throw new AppError('VALIDATION_ERROR', message, [{ path, message }]);
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
    );
  const [user] = await tx
    .select({ fullName: users.fullName, isActive: users.isActive, position: users.approvalPosition })
    .from(users)
    .where(eq(users.id, values.userPdmId));
  if (!user) refuse('userPdmId', `No user has the id ${values.userPdmId}`);
  if (!user.isActive) refuse('userPdmId', `${user.fullName} is inactive and cannot review`);
  if (user.position !== level.position)
    refuse(
      'userPdmId',
      `${user.fullName} holds the position ${user.position ?? '(none)'}; level ${values.levelApproval} of ${values.inspectionMethod} is approved by ${level.position}`,
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

export const reviewerAssignmentActions: Record<string, ActionHandler> = {
  'approval.reviewers': typedAction({ query: reviewerAssignmentQuery }, async ({ query, deps }) => {
    const pattern = query.search ? likePattern(query.search) : undefined;
    const where = and(
      query.inspectionMethod ? eq(reviewerTable.inspectionMethod, query.inspectionMethod) : undefined,
      query.levelApproval ? eq(reviewerTable.levelApproval, query.levelApproval as never) : undefined,
      query.userPdmId ? eq(reviewerTable.userPdmId, query.userPdmId) : undefined,
      query.isActive === undefined ? undefined : eq(reviewerTable.isActive, query.isActive as never),
      pattern
        ? or(
            ilike(users.fullName, pattern),
            ilike(users.username, pattern),
            ilike(reviewerTable.approvalPosition, pattern),
            ilike(reviewerTable.inspectionMethod, pattern),
          )
        : undefined,
    );
    const [rows, [total]] = await Promise.all([
      deps.db
        .select({
          row: reviewerTable,
          username: users.username,
          fullName: users.fullName,
          userActive: users.isActive,
        })
        .from(reviewerTable)
        .innerJoin(users, reviewerIsUser)
        .where(where)
        .orderBy(asc(reviewerTable.inspectionMethod), asc(reviewerTable.levelApproval), asc(users.fullName))
        .limit(query.pageSize)
        .offset((query.pageNumber - 1) * query.pageSize),
      deps.db.select({ n: count() }).from(reviewerTable).innerJoin(users, reviewerIsUser).where(where),
    ]);
    const views = await recordViews(deps.db, reviewerAssignment, rows.map((r) => r.row) as never);
    return {
      data: views.map((view, i) => ({
        ...view,
        username: rows[i]!.username,
        fullName: rows[i]!.fullName,
        userActive: rows[i]!.userActive,
      })),
      meta: pageMeta(query.pageNumber, query.pageSize, total?.n ?? 0, true),
    };
  }),

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
