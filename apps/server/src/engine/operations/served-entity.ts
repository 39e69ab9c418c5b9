import { AppError } from '../../errors.ts';
import type { DbOrTx } from '../../db/client.ts';
import type { ActionContext } from '../action-handler.ts';
import type { AuthenticatedUser } from '../access.ts';
import type { EngineDeps } from '../engine-deps.ts';
import { callerScope } from '../record-scope.ts';
import type { ReadScope } from '../record-scope.ts';
import { recordViews } from '../records.ts';
import type { StoredRecord } from '../records.ts';
import type { EntityOperation } from './entity-operation.ts';

/**
 * What every operation of one route knows of the entity it serves: its repository, its parent's,
 * the variant the route is limited to, and the caller's scope. A route of one variant sees only
 * that variant's records: another variant's record is not found there.
 */
export function servedEntity(op: EntityOperation) {
  const entity = op.entity;
  const variant = op.variant;
  const repo = (deps: EngineDeps) => deps.repositories.get(entity.name)!;
  const parentField = entity.parent ? entity.fields[entity.parent] : undefined;
  const parentRepo = (deps: EngineDeps) =>
    parentField?.kind === 'ref' ? deps.repositories.get(parentField.entity) : undefined;
  /**
   * The parent a request names; under a variant route, it must be of that variant too, and for a
   * contractor company's user it must be in the company's scope (else not found).
   */
  const parentOf = async (deps: EngineDeps, db: DbOrTx, parentId: string, scope: ReadScope) => {
    const parents = parentRepo(deps);
    if (!parents) return;
    const parent = await parents.get(db, parentId, scope);
    if (variant && parents.entity.variants && parent.variant !== variant) {
      throw new AppError(
        'NOT_FOUND',
        `${parents.entity.label} ${parentId} is a ${String(parent.variant)} record, not ${variant}`,
      );
    }
  };
  /**
   * On create, the parent named in the body: unknown is a field error (the foreign key says so), and
   * under a variant route a parent of another variant is one too.
   */
  const parentOfNew = async (deps: EngineDeps, values: Record<string, unknown>, scope: ReadScope) => {
    const parents = parentRepo(deps);
    const parentId = entity.parent ? values[entity.parent] : undefined;
    if (!parents || typeof parentId !== 'string') return;
    // Out of the caller's scope reads as absent: nothing is created under a record they cannot see.
    // For the owner's staff an unknown parent is left to the foreign key, which names the field.
    const scoped = parents.scopeWhere(scope) !== undefined;
    if (!scoped && !(parents.entity.variants && variant)) return;
    const parent = scoped
      ? await parents.get(deps.db, parentId, scope)
      : await parents.find(deps.db, parentId, scope);
    if (!parents.entity.variants || !variant) return;
    if (parent && parent.variant !== variant) {
      const message = `This ${parents.entity.label.toLowerCase()} is for ${String(parent.variant)}, not ${variant}`;
      throw new AppError('VALIDATION_ERROR', message, [{ path: entity.parent!, message }]);
    }
  };
  /** A record by id, refused when it belongs to another variant than the route's. */
  const recordOf = async (
    deps: EngineDeps,
    db: DbOrTx,
    id: string,
    scope: ReadScope,
    o: { lock?: boolean } = {},
  ) => {
    const row = await repo(deps).get(db, id, scope, o);
    if (variant && row.variant !== variant)
      throw new AppError('NOT_FOUND', `${entity.label} ${id} was not found among ${variant} records`);
    return row;
  };
  const actor = (ctx: ActionContext) => ctx.user!.id;
  /** The caller's scope: every generic operation serves a signed-in user (no entity route is public). */
  const scopeOf = (ctx: { user: AuthenticatedUser | undefined }) => callerScope(ctx.user!);
  /**
   * Writes by natural key (upsert, sheet import) could reach a record the caller cannot see: for an
   * entity under a company scope, they are the owner's staff's alone, unless the key holds the
   * parent (keyed within it): the record a key finds is then under the parent the write names,
   * which is checked in the caller's scope like a create's.
   */
  const refuseKeyedWriteInScope = (ctx: ActionContext) => {
    // Plant-wide data is the owner's staff's to write: refused before the body is read.
    repo(ctx.deps).assertMayWrite(ctx.user!);
    const keyedInParent =
      ctx.route.operation.kind === 'upsert' &&
      !!entity.parent &&
      !!entity.naturalKey?.includes(entity.parent);
    if (ctx.user?.companyId && repo(ctx.deps).companyScoped && !keyedInParent)
      throw new AppError(
        'FORBIDDEN',
        `${entity.label} records are written by natural key only by the plant owner's staff: a contractor company's users create and change them one at a time`,
      );
  };
  /** One stored record as the API answers it (with its files). */
  const one = async (deps: EngineDeps, row: StoredRecord) => (await recordViews(deps.db, entity, [row]))[0];
  return {
    entity,
    variant,
    repo,
    parentRepo,
    parentOf,
    parentOfNew,
    recordOf,
    actor,
    scopeOf,
    refuseKeyedWriteInScope,
    one,
  };
}
export type ServedEntity = ReturnType<typeof servedEntity>;
