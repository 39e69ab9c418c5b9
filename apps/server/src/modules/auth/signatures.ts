import { maxSignatureBytes } from '@inspectra/contract';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { attachments } from '../../db/schema/index.ts';
import type { ActionHandler } from '../../engine/action-handler.ts';
import { discardUnreferenced } from '../../engine/record-files.ts';
import { PreparedStatements } from '../../engine/records/statements.ts';
import { fileUpload } from '../../engine/request-body/uploads.ts';
import { AppError } from '../../errors.ts';
import { sendAttachment } from '../files/files.actions.ts';

/**
 * A user's signature (docs/report-of-record.md "Signatures", our addition): drawn once on their
 * profile, kept as a stored image under the user (`ownerEntity` below, no record entity: nobody
 * else downloads it by id), and copied by reference onto each approval they give, so the PDF
 * prints beside an approval the signature it was given with, whatever they draw later.
 */
const signatureOwner = 'userSignature';
const signatureTypes = ['image/png', 'image/jpeg'];

/** The signature's read, prepared by name: every page's profile asks whether one is drawn. */
const signatureStatements = new PreparedStatements('attachment_signature');

/** The user's current signature, if drawn. */
export async function signatureOf(db: DbOrTx, userId: string) {
  const [row] = await signatureStatements.run<(typeof attachments.$inferSelect)[]>(
    db,
    'current',
    () =>
      db
        .select()
        .from(attachments)
        .where(
          and(
            eq(attachments.ownerEntity, signatureOwner),
            eq(attachments.ownerId, sql.placeholder('userId')),
          ),
        )
        .orderBy(desc(attachments.createdAt))
        .limit(1),
    { userId },
    'shared',
  );
  return row;
}

export const signatureActions: Record<string, ActionHandler> = {
  'auth.signature': async ({ user, deps }) => {
    const signature = await signatureOf(deps.db, user!.id);
    if (!signature)
      throw new AppError('NOT_FOUND', 'You have not drawn a signature yet: draw it once on your profile');
    return sendAttachment(deps.files, signature, 'signature');
  },

  'auth.saveSignature': async ({ user, deps, request }) => {
    const stream = await fileUpload(request, {
      field: 'signature',
      maxBytes: maxSignatureBytes,
      what: 'the signature image (PNG or JPEG)',
    });
    // The store judges the type from the bytes and counts them while streaming.
    const stored = await deps.files.put(stream, {
      maxBytes: maxSignatureBytes,
      allowedMediaTypes: signatureTypes,
    });
    // A save that fails after the bytes are stored takes them back out, unless something names them.
    const replaced = await deps.db
      .transaction(async (tx) => {
        const old = await tx
          .delete(attachments)
          .where(and(eq(attachments.ownerEntity, signatureOwner), eq(attachments.ownerId, user!.id)))
          .returning({ storageKey: attachments.storageKey });
        await tx.insert(attachments).values({
          ownerEntity: signatureOwner,
          ownerId: user!.id,
          slot: 'signature',
          displayName: 'signature',
          mediaType: stored.mediaType,
          size: stored.size,
          sha256: stored.sha256,
          storageKey: stored.key,
          createdBy: user!.id,
        });
        return old;
      })
      .catch(async (error: unknown) => {
        await discardUnreferenced(deps.db, deps.files, [stored]);
        throw error;
      });
    // The one before goes unless an approval (or another file) still names it.
    await discardUnreferenced(
      deps.db,
      deps.files,
      replaced.filter((r) => r.storageKey !== stored.key).map((r) => ({ key: r.storageKey })),
    );
    return { data: { hasSignature: true }, message: 'Your signature is saved' };
  },

  'auth.removeSignature': async ({ user, deps }) => {
    const removed = await deps.db
      .delete(attachments)
      .where(and(eq(attachments.ownerEntity, signatureOwner), eq(attachments.ownerId, user!.id)))
      .returning({ storageKey: attachments.storageKey });
    await discardUnreferenced(
      deps.db,
      deps.files,
      removed.map((r) => ({ key: r.storageKey })),
    );
    return {
      data: { hasSignature: false },
      message:
        removed.length > 0
          ? 'Your signature is removed; approvals you gave keep theirs'
          : 'You had no signature to remove',
    };
  },
};
