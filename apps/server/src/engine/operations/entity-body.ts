import { parentPathParam, routeSchemas } from '@inspectra/contract';
import type { BodyKind, EntityDefinition, RouteDefinition } from '@inspectra/contract';
import { AppError } from '../../errors.ts';
import type { ActionContext } from '../action-handler.ts';
import { discardUnreferenced } from '../record-files.ts';
import { readEntityBody } from '../request-body/index.ts';
import { heldUpload } from '../resumable-uploads.ts';
import { receivedFiles } from '../request-body/parsed-body.ts';
import type { ParsedBody } from '../request-body/parsed-body.ts';
import type { ServedEntity } from './served-entity.ts';

/** Reads a write's body as the route declares it; files of a refused body are taken back. */
export function bodyReader(served: ServedEntity, route: RouteDefinition) {
  // An upsert that also takes many rows reads one row here: a record's create body.
  const schema =
    route.operation.kind === 'upsert'
      ? served.entity.schemasFor(served.variant).create
      : routeSchemas(route).body!;
  const parentInPath = parentPathParam(route);
  return (ctx: ActionContext, kind: BodyKind) =>
    readEntityBody(ctx.request, {
      entity: served.entity,
      variant: served.variant,
      kind,
      schema,
      files: ctx.deps.files,
      limits: {
        image: ctx.deps.maxUploadBytes,
        document: ctx.deps.maxDocumentBytes,
        video: ctx.deps.maxVideoBytes,
      },
      // A form may name the caller's whole uploads instead of sending their bytes.
      uploadsOf: async (id) => (ctx.user ? heldUpload(ctx.deps.db, ctx.user.id, id) : undefined),
      // A create under `/…/:reportHeaderId/…` takes its parent from the path.
      fixed: parentInPath ? { [parentInPath]: String(ctx.params[parentInPath]) } : undefined,
      discard: (stored) => discardUnreferenced(ctx.deps.db, ctx.deps.files, stored),
    });
}

/** Runs a write; when it fails, the files its body stored are taken back out of the store. */
export async function writing<T>(ctx: ActionContext, body: ParsedBody, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    await discardUnreferenced(ctx.deps.db, ctx.deps.files, receivedFiles(body));
    throw error;
  }
}

/** A required file slot must be filled on create and cannot be emptied later. */
export function requireFiles(
  entity: EntityDefinition,
  variant: string | undefined,
  body: ParsedBody,
  kind: 'create' | 'update',
) {
  for (const [slot, declared] of Object.entries(entity.imagesOf(variant))) {
    if (!declared.required) continue;
    const missing =
      kind === 'create' ? !body.images.some((i) => i.slot === slot) : body.clearedSlots.includes(slot);
    if (missing) {
      const message = `Attach the ${(declared.label ?? slot).toLowerCase()}`;
      throw new AppError('VALIDATION_ERROR', message, [{ path: slot, message }]);
    }
  }
}
