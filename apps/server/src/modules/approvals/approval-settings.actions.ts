import {
  methodApprovalsCap,
  approvalPathBody,
  inspectionMethod,
  inspectionMethodApproval,
  methodApprovalSettingsQuery,
  methodApprovalsQuery,
} from '@inspectra/contract';
import type { ApprovalSummary, MethodApprovalPath } from '@inspectra/contract';
import { and, asc, count, eq, getTableColumns, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { tableOf, users } from '../../db/schema/index.ts';
import { typedAction } from '../../engine/action-handler.ts';
import type { ActionHandler } from '../../engine/action-handler.ts';
import { auditable } from '../../engine/auditable.ts';
import type { EngineDeps } from '../../engine/engine-deps.ts';
import { cappedRows, matchedRows, notShownMeta } from '../../engine/page-meta.ts';
import { recordViews, writeAudit } from '../../engine/records.ts';
import { AppError } from '../../errors.ts';
import { methodLevelTable, reviewerIsUser, reviewerTable } from './approval-path.ts';
import { plantWide } from '../../engine/record-scope.ts';
import type { RecordScopes } from '../../engine/record-scope.ts';

const methods = tableOf(inspectionMethod);
const levelsRepo = (deps: EngineDeps) => deps.repositories.get(inspectionMethodApproval.name)!;

/** The method a settings call names by its uuid (SPEC 7 `inspectionMethodId`), or 404. */
async function methodById(db: DbOrTx, id: string) {
  const [method] = await db
    .select({ id: methods.id, code: methods.code, name: methods.name })
    .from(methods)
    .where(eq(methods.id, id));
  if (!method) throw new AppError('NOT_FOUND', `Inspection method ${id} was not found`);
  return method;
}

/** Every method (or one) with its path, levels in order. */
async function approvalPaths(db: DbOrTx, methodId?: string): Promise<MethodApprovalPath[]> {
  const found = await db
    .select({ id: methods.id, code: methods.code, name: methods.name })
    .from(methods)
    .where(methodId ? eq(methods.id, methodId) : undefined)
    .orderBy(asc(methods.code));
  const codes = found.map((m) => m.code);
  const levels =
    codes.length === 0
      ? []
      : await db
          .select()
          .from(methodLevelTable)
          .where(inArray(methodLevelTable.inspectionMethod, codes as string[]))
          .orderBy(asc(methodLevelTable.levelApproval));
  return found.map((m) => ({
    inspectionMethodId: m.id,
    inspectionMethod: String(m.code),
    inspectionMethodName: String(m.name),
    levels: levels
      .filter((l) => l.inspectionMethod === m.code)
      .map((l) => ({ levelApproval: Number(l.levelApproval), approvalPosition: String(l.approvalPosition) })),
  }));
}

export const approvalSettingsActions: Record<string, ActionHandler> = {
  'approval.methodApprovals': typedAction({ query: methodApprovalsQuery }, async ({ query, deps }) => {
    const code = query.inspectionMethodId
      ? (await methodById(deps.db, query.inspectionMethodId)).code
      : undefined;
    const [rows, matched] = await deps.db
      .select({ ...getTableColumns(methodLevelTable), matched: matchedRows() })
      .from(methodLevelTable)
      .where(
        and(
          code ? eq(methodLevelTable.inspectionMethod, code) : undefined,
          query.levelApproval ? eq(methodLevelTable.levelApproval, query.levelApproval as never) : undefined,
        ),
      )
      .orderBy(asc(methodLevelTable.inspectionMethod), asc(methodLevelTable.levelApproval))
      .limit(methodApprovalsCap)
      .then(cappedRows);
    return {
      data: await recordViews(deps.db, inspectionMethodApproval, rows as never),
      meta: notShownMeta({ data: [rows.length, matched] }),
    };
  }),

  /**
   * Replaces one method's path in one transaction: the levels not in the new path go, the others are
   * written; each change with its audit row. Reports already in approval keep the path they copied.
   */
  'approval.upsertMany': typedAction({ body: approvalPathBody }, async ({ body, deps, user }) => {
    const method = await methodById(deps.db, body.inspectionMethodId);
    const repo = levelsRepo(deps);
    await deps.db.transaction(async (tx) => {
      const existing = await tx
        .select()
        .from(methodLevelTable)
        .where(eq(methodLevelTable.inspectionMethod, method.code as string))
        .for('update');
      const wanted = new Map(body.levels.map((l) => [l.levelApproval, l.approvalPosition]));
      for (const row of existing) {
        const position = wanted.get(Number(row.levelApproval));
        if (position === undefined) {
          const removed = await repo.delete(tx, row.id, user!);
          await writeAudit(tx, {
            entity: inspectionMethodApproval.name,
            entityId: row.id,
            action: 'delete',
            actorId: user!.id,
            before: auditable(removed),
          });
        } else if (position !== row.approvalPosition) {
          const updated = await repo.update(tx, row.id, { approvalPosition: position }, undefined, user!);
          await writeAudit(tx, {
            entity: inspectionMethodApproval.name,
            entityId: row.id,
            action: 'update',
            actorId: user!.id,
            before: auditable(row as never),
            after: auditable(updated),
          });
        }
        wanted.delete(Number(row.levelApproval));
      }
      for (const [levelApproval, approvalPosition] of wanted) {
        const created = await repo.insert(
          tx,
          { inspectionMethod: method.code, levelApproval, approvalPosition },
          user!,
        );
        await writeAudit(tx, {
          entity: inspectionMethodApproval.name,
          entityId: created.id,
          action: 'create',
          actorId: user!.id,
          after: auditable(created),
        });
      }
    });
    const [path] = await approvalPaths(deps.db, method.id);
    return {
      data: path,
      message: `${method.name}: ${body.levels.length} approval level${body.levels.length === 1 ? '' : 's'}`,
    };
  }),

  'approval.settings': async ({ deps }) => ({ data: await approvalPaths(deps.db) }),

  'approval.methodSettings': typedAction({ query: methodApprovalSettingsQuery }, async ({ query, deps }) => {
    await methodById(deps.db, query.inspectionMethodId);
    return { data: (await approvalPaths(deps.db, query.inspectionMethodId))[0] };
  }),

  'approval.summary': async ({ deps }) => {
    const paths = await approvalPaths(deps.db);
    const counted = await deps.db
      .select({
        method: reviewerTable.inspectionMethod,
        level: reviewerTable.levelApproval,
        n: count(),
      })
      .from(reviewerTable)
      .innerJoin(users, reviewerIsUser)
      .where(and(eq(reviewerTable.isActive, true as never), eq(users.isActive, true as never)))
      .groupBy(reviewerTable.inspectionMethod, reviewerTable.levelApproval);
    const active = (method: string, level: number) =>
      counted.find((c) => c.method === method && Number(c.level) === level)?.n ?? 0;
    const data: ApprovalSummary[] = paths.map((p) => {
      const levels = p.levels.map((l) => ({
        ...l,
        activeReviewers: active(p.inspectionMethod, l.levelApproval),
      }));
      return {
        ...p,
        levelCount: levels.length,
        levels,
        complete: levels.length > 0 && levels.every((l) => l.activeReviewers > 0),
      };
    });
    return { data };
  },
};

/**
 * Approval settings are the plant owner's: which positions approve each method's levels, and who
 * reviews which company's reports. Contractors' users may read them (their reports follow them);
 * only the owner's staff change them.
 */
export const approvalScopes: RecordScopes = {
  approvalPosition: plantWide(
    "the plant owner's approval positions, which every company's approval path names",
  ),
  inspectionMethodApproval: plantWide(
    "each method's approval path, set by the plant owner for every company",
  ),
  reviewerAssignment: plantWide("who reviews each company's reports is the plant owner's decision"),
};
