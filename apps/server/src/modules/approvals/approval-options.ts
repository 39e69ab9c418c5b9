import { approvalOptionsBody } from '@inspectra/contract';
import type { ApprovalOptions } from '@inspectra/contract';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { approvalOptions } from '../../db/schema/index.ts';
import type { AuthenticatedUser } from '../../engine/access.ts';
import { typedAction } from '../../engine/action-handler.ts';
import type { ActionHandler } from '../../engine/action-handler.ts';
import { writeAudit } from '../../engine/records.ts';
import { AppError, fieldRefusal } from '../../errors.ts';
import { signatureOf } from '../auth/signatures.ts';

/**
 * The options when none were saved: a signature is not required. Requiring it refuses every
 * approval by a reviewer who has not drawn one, API clients included, so an administrator turns it
 * on once the reviewers have theirs; meanwhile the approve dialog asks anyone without one to draw
 * it (docs/revisions-and-supersession.md).
 */
export const defaultApprovalOptions: ApprovalOptions = { signatureRequired: false };

/** The plant-wide approval options (one row, or the defaults). */
export async function approvalOptionsOf(db: DbOrTx): Promise<ApprovalOptions> {
  const [row] = await db.select().from(approvalOptions).where(eq(approvalOptions.id, 1)).limit(1);
  return row ? { signatureRequired: row.signatureRequired } : defaultApprovalOptions;
}

/**
 * Refuses (409, catalogue code `signatureRequired` on `signature`) an approval by a user without a
 * stored signature while the options require one: the approval step carries the signature the PDF
 * prints, and an unsigned approval record is what the option rules out. A return is not signed.
 */
export async function assertMaySign(db: DbOrTx, user: AuthenticatedUser): Promise<void> {
  if (!(await approvalOptionsOf(db)).signatureRequired) return;
  if (await signatureOf(db, user.id)) return;
  const refusal = fieldRefusal('signature', 'signatureRequired');
  throw new AppError('CONFLICT', refusal.message, [refusal]);
}

/** `GET` and `PUT /inspection-method-approvals/options` (our addition). */
export const approvalOptionsActions: Record<string, ActionHandler> = {
  'approval.options': typedAction({}, async ({ deps }) => ({ data: await approvalOptionsOf(deps.db) })),

  'approval.updateOptions': typedAction({ body: approvalOptionsBody }, async ({ body, deps, user }) => {
    const data = await deps.db.transaction(async (tx) => {
      const before = await approvalOptionsOf(tx);
      const values = {
        signatureRequired: body.signatureRequired,
        updatedAt: new Date(),
        updatedBy: user!.id,
      };
      await tx
        .insert(approvalOptions)
        .values({ id: 1, ...values })
        .onConflictDoUpdate({ target: approvalOptions.id, set: values });
      const after: ApprovalOptions = { signatureRequired: body.signatureRequired };
      // Who changed what the approvals require, and when, is kept like any record's change.
      await writeAudit(tx, {
        entity: 'approvalOptions',
        entityId: '00000000-0000-0000-0000-000000000001',
        action: 'update',
        actorId: user!.id,
        before,
        after,
        contentOf: null,
      });
      return after;
    });
    return {
      data,
      message: data.signatureRequired
        ? 'Approving now needs a stored signature'
        : 'Approving no longer needs a stored signature',
    };
  }),
};
