import { entities } from '@inspectra/contract';
import type { EntityDefinition, Field } from '@inspectra/contract';
import { sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { entityTables } from '../db/schema/index.ts';

/**
 * A root entity's scope (docs/company-scoping.md): the condition under which a contractor company's
 * user sees a record of it, as SQL over the record's id column and the company's id (a placeholder
 * or a bound value). Declared by a module, keyed by entity name, like `writeChecks`.
 */
export type RecordScope = (recordId: AnyPgColumn, companyId: SQL) => SQL;
export type RecordScopes = Readonly<Record<string, RecordScope>>;

/** A company-scoped condition over one entity's table, for a company id given as SQL. */
export type ScopedCondition = (companyId: SQL) => SQL;

const tableFor = (entity: EntityDefinition) =>
  entityTables[entity.name] as unknown as PgTable & Record<string, AnyPgColumn>;

const parentOf = (entity: EntityDefinition): EntityDefinition | undefined => {
  const ref: Field | undefined = entity.parent ? entity.fields[entity.parent] : undefined;
  return ref?.kind === 'ref' ? entities[ref.entity] : undefined;
};

/**
 * The condition an entity's rows must meet for a company's user: its own declared scope, or its
 * parent's (children inherit through the parent chain: a measurement is visible when its report
 * is). Undefined when nothing up the chain declares one (the asset master): no condition, no cost.
 */
export function scopedCondition(scopes: RecordScopes, entity: EntityDefinition): ScopedCondition | undefined {
  const own = scopes[entity.name];
  const table = tableFor(entity);
  if (own) return (companyId) => own(table.id!, companyId);
  const parent = parentOf(entity);
  const inherited = parent && parent !== entity ? scopedCondition(scopes, parent) : undefined;
  if (!parent || !inherited) return undefined;
  const parentTable = tableFor(parent);
  const parentColumn = table[entity.parent!]!;
  return (companyId) =>
    sql`${parentColumn} in (select ${parentTable.id} from ${parentTable} where ${inherited(companyId)})`;
}

/**
 * For a module's own SQL: the condition on `entity`'s rows for the signed-in user, or undefined when
 * the user sees everything (the owner's staff, or an entity no scope reaches).
 */
export function scopeFor(
  scopes: RecordScopes | undefined,
  entity: EntityDefinition,
  user: { companyId: string | null } | undefined,
): SQL | undefined {
  if (!user?.companyId || !scopes) return undefined;
  return scopedCondition(scopes, entity)?.(sql`${user.companyId}::uuid`);
}
