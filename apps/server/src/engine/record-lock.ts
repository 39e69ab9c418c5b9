import { entities, enumValueLabel } from '@inspectra/contract';
import type { EntityDefinition, Field, RecordLock } from '@inspectra/contract';
import { eq } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../db/client.ts';
import { entityTables } from '../db/schema/index.ts';
import { AppError } from '../errors.ts';

/**
 * The way from an entity up its parents to the nearest entity that declares a `lock` (a report
 * header): the entities in order, the entity itself first and the lock holder last. Undefined when
 * no ancestor declares one (a work order, the asset master): writes there are never locked and cost
 * no query.
 */
export type LockPath = { chain: EntityDefinition[]; lock: RecordLock };

const paths = new Map<string, LockPath | undefined>();

/** The lock path of an entity, found once from the declarations (entity.parent, field.entity). */
export function lockPath(entity: EntityDefinition): LockPath | undefined {
  if (paths.has(entity.name)) return paths.get(entity.name);
  const chain = [entity];
  let path: LockPath | undefined;
  for (let current: EntityDefinition | undefined = entity; current;) {
    if (current.lock) {
      path = { chain, lock: current.lock };
      break;
    }
    const ref: Field | undefined = current.parent ? current.fields[current.parent] : undefined;
    current = ref?.kind === 'ref' ? entities[ref.entity] : undefined;
    if (current) chain.push(current);
  }
  paths.set(entity.name, path);
  return path;
}

export type LockState = {
  /** The locking record (the report) and the value that locks it. */
  holder: EntityDefinition;
  holderId: string;
  value: string;
  /** Its name for people (report number), when its entity declares how it is represented. */
  name: string | undefined;
};

const tableFor = (entity: EntityDefinition) =>
  entityTables[entity.name] as unknown as PgTable & Record<string, AnyPgColumn>;

/**
 * Whether the record `id` of `entity` (or the record under which one is being created, when `entity`
 * is the new record's parent) sits under a locked record. One statement joins up the parent chain
 * and holds the lock holder's row FOR SHARE until the transaction ends: a status change (which takes
 * the row FOR UPDATE) waits for the write, and the write waits for a status change already under way,
 * so an approval cannot slip between this check and the write.
 */
export async function lockStateOf(
  tx: DbOrTx,
  entity: EntityDefinition,
  id: string,
): Promise<LockState | undefined> {
  const path = lockPath(entity);
  if (!path) return undefined;
  const { chain, lock } = path;
  const holder = chain[chain.length - 1]!;
  const holderTable = tableFor(holder);
  const represent = (holder.represent ?? []) as string[];
  const start = tableFor(chain[0]!);
  let query = tx
    .select({
      holderId: holderTable.id!,
      value: holderTable[lock.field]!,
      ...Object.fromEntries(represent.map((key) => [key, holderTable[key]!])),
    })
    .from(start)
    .$dynamic();
  for (let i = 1; i < chain.length; i++) {
    const child = chain[i - 1]!;
    query = query.innerJoin(
      tableFor(chain[i]!),
      eq(tableFor(chain[i]!).id!, tableFor(child)[child.parent!]!),
    );
  }
  const [row] = (await query.where(eq(start.id!, id)).limit(1).for('share', { of: holderTable })) as Record<
    string,
    unknown
  >[];
  if (!row || !lock.values.includes(row.value as string)) return undefined;
  return {
    holder,
    holderId: row.holderId as string,
    value: row.value as string,
    name: represent.length > 0 ? represent.map((key) => String(row[key] ?? '')).join(' · ') : undefined,
  };
}

/**
 * The lock holder (a report) whose content a record of `entity` is, from the record's stored values
 * (after a write, or before a delete): the record itself when its entity is the holder, its parent
 * when that is, else one join from the parent up the chain by primary keys. Undefined when no lock
 * reaches the entity or the parent is unknown. What the audit log keeps as `contentOf`.
 */
export async function lockHolderOf(
  tx: DbOrTx,
  entity: EntityDefinition,
  record: Record<string, unknown>,
): Promise<string | undefined> {
  const path = lockPath(entity);
  if (!path) return undefined;
  if (path.chain.length === 1) return typeof record.id === 'string' ? record.id : undefined;
  const parentId = record[entity.parent!];
  if (typeof parentId !== 'string') return undefined;
  if (path.chain.length === 2) return parentId;
  const chain = path.chain.slice(1);
  const holderTable = tableFor(chain[chain.length - 1]!);
  const start = tableFor(chain[0]!);
  let query = tx.select({ holderId: holderTable.id! }).from(start).$dynamic();
  for (let i = 1; i < chain.length; i++) {
    const child = chain[i - 1]!;
    query = query.innerJoin(
      tableFor(chain[i]!),
      eq(tableFor(chain[i]!).id!, tableFor(child)[child.parent!]!),
    );
  }
  const [row] = await query.where(eq(start.id!, parentId)).limit(1);
  return row?.holderId as string | undefined;
}

/**
 * Refuses (409) a write to a record of `entity` that a lock holds: `target` names the record itself
 * (an update or delete) or, for a create, the parent it is created under.
 */
export async function assertUnlocked(
  tx: DbOrTx,
  entity: EntityDefinition,
  target: { recordId: string } | { parentId: string },
): Promise<void> {
  const parentRef = entity.parent ? entity.fields[entity.parent] : undefined;
  const [from, id] =
    'recordId' in target
      ? [entity, target.recordId]
      : [parentRef?.kind === 'ref' ? entities[parentRef.entity] : undefined, target.parentId];
  if (!from) return;
  const state = await lockStateOf(tx, from, id);
  if (state) throw lockedError(state, entity);
}

/**
 * "This report (RPT-1 · Panel LP-3A) is approved; records under it cannot be created, changed or
 * deleted. Create a new revision…": what is locked, by which value, and the remedy that value names
 * (a report in approval is returned, an approved one revised).
 */
export function lockedError(state: LockState, written: EntityDefinition): AppError {
  const what = state.holder.label.toLowerCase();
  const named = state.name ? ` (${state.name})` : '';
  const status = enumValueLabel(state.value).toLowerCase();
  const consequence =
    written === state.holder
      ? 'it cannot be changed or deleted'
      : 'records under it cannot be created, changed or deleted';
  const lock = state.holder.lock!;
  const remedy = lock.remedies?.[state.value] ?? lock.remedy;
  return new AppError('CONFLICT', `This ${what}${named} is ${status}; ${consequence}. ${remedy}.`, [
    { path: lock.field, message: `The ${what} is ${status}` },
  ]);
}
