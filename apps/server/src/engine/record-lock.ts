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

/** "This report (RPT-1 · Panel LP-3A) is approved; its records can no longer change. Create a new…" */
export function lockedError(state: LockState, written: EntityDefinition): AppError {
  const what = state.holder.label.toLowerCase();
  const named = state.name ? ` (${state.name})` : '';
  const status = enumValueLabel(state.value).toLowerCase();
  const consequence =
    written === state.holder
      ? 'it can no longer be changed or deleted'
      : 'records under it can no longer be created, changed or deleted';
  const remedy = state.holder.lock!.remedy;
  return new AppError('CONFLICT', `This ${what}${named} is ${status}; ${consequence}. ${remedy}.`, [
    { path: state.holder.lock!.field, message: `The ${what} is ${status}` },
  ]);
}
