import { entities } from '@inspectra/contract';
import type { EntityDefinition, Field } from '@inspectra/contract';
import { sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { entityTables } from '../db/schema/index.ts';

/**
 * A root entity's scope (docs/company-scoping.md): the condition under which a contractor company's
 * user sees a record of it, as SQL over the record's id column and the company's id (a placeholder
 * or a bound value). Declared by a module, keyed by entity name, like `writeChecks`. What brings a
 * record into scope lies outside it (a work order is brought in by its assignments), so writing it
 * cannot take it out.
 */
export type IdScope = (recordId: AnyPgColumn, companyId: SQL) => SQL;

/**
 * A root entity whose scope is read from its own values (a report: its work order and method name
 * the assignment that brings it in): the condition over the record's columns, by field key. A
 * contractor company's write may not leave such a record out of its scope, nor create one there:
 * it is refused (403, `refusal`) and nothing is written.
 */
export type RowScope = {
  readonly condition: (row: Readonly<Record<string, AnyPgColumn>>, companyId: SQL) => SQL;
  /** The fields the condition reads: an update that sets none of them is not checked again. */
  readonly fields: readonly string[];
  /** What a contractor company's user is told when a write would leave the record out of scope. */
  readonly refusal: string;
};

export type RecordScope = IdScope | RowScope;

/**
 * Plant-wide reference data (the asset master, the NDT register, the approval settings): every
 * company's user reads it, only the plant owner's staff write it. The reason is the review of that
 * decision, listed by a test.
 */
export type PlantWide = { readonly plantWide: string };
export const plantWide = (reason: string): PlantWide => ({ plantWide: reason });

/**
 * Every entity's company scope, by entity name: a condition for its root entities, or plant-wide
 * with the reason. An entity with neither, up its parent chain, stops the server at start: a new
 * entity is never readable across companies by default.
 */
export type RecordScopes = Readonly<Record<string, RecordScope | PlantWide>>;

/** A company-scoped condition over one entity's table, for a company id given as SQL. */
export type ScopedCondition = (companyId: SQL) => SQL;

/**
 * How an entity's records are scoped: by a condition, or plant-wide. `writes`: the record's own
 * values decide its scope (a `RowScope`), so a contractor company's writes of them are checked.
 */
export type EntityScope =
  { condition: ScopedCondition; writes?: Pick<RowScope, 'fields' | 'refusal'> } | PlantWide;

/**
 * Whose records a read may return: the caller's (`companyId` null for the owner's staff, who see
 * everything), or every company's, with the reason written at the call (`unscoped`).
 */
export type ReadScope = { readonly companyId: string | null } | { readonly unscoped: string };

/** The scope of a read made for the signed-in caller. */
export const callerScope = (user: { companyId: string | null }): ReadScope => ({
  companyId: user.companyId,
});

/**
 * A read that sees every company's records, and why (a write re-reading the row it already proved
 * visible; a server task with no caller). Every call is listed by `unscoped-reads.test.ts`, so each
 * new one is a reviewed decision.
 */
export const unscoped = (reason: string): ReadScope => ({ unscoped: reason });

/** Who writes: a write to plant-wide data by a contractor company's user is refused. */
export type Actor = { readonly id: string; readonly companyId: string | null };

const tableFor = (entity: EntityDefinition) =>
  entityTables[entity.name] as unknown as PgTable & Record<string, AnyPgColumn>;

const parentOf = (entity: EntityDefinition): EntityDefinition | undefined => {
  const ref: Field | undefined = entity.parent ? entity.fields[entity.parent] : undefined;
  return ref?.kind === 'ref' ? entities[ref.entity] : undefined;
};

const isPlantWide = (scope: RecordScope | PlantWide | undefined): scope is PlantWide =>
  typeof scope === 'object' && scope !== null && 'plantWide' in scope;

/**
 * The scope an entity's rows have: its own declaration, or its parent's (children inherit through
 * the parent chain: a measurement is visible when its report is; an NDT drawing is plant-wide as
 * its equipment is). Throws when nothing up the chain declares one.
 */
export function entityScope(scopes: RecordScopes, entity: EntityDefinition): EntityScope {
  const own = scopes[entity.name];
  if (isPlantWide(own)) return own;
  const table = tableFor(entity);
  if (typeof own === 'function') return { condition: (companyId) => own(table.id!, companyId) };
  if (own)
    return {
      condition: (companyId) => own.condition(table, companyId),
      writes: { fields: own.fields, refusal: own.refusal },
    };
  const parent = parentOf(entity);
  if (!parent || parent === entity)
    throw new Error(
      `${entity.name} has no company scope: declare its scope, or declare it plant-wide with the reason (docs/company-scoping.md)`,
    );
  const inherited = entityScope(scopes, parent);
  if ('plantWide' in inherited) return inherited;
  const parentTable = tableFor(parent);
  const parentColumn = table[entity.parent!]!;
  return {
    condition: (companyId) =>
      sql`${parentColumn} in (select ${parentTable.id} from ${parentTable} where ${inherited.condition(companyId)})`,
  };
}

/** The condition on an entity's rows for a company, or undefined when the entity is plant-wide. */
export function scopedCondition(scopes: RecordScopes, entity: EntityDefinition): ScopedCondition | undefined {
  const scope = entityScope(scopes, entity);
  return 'condition' in scope ? scope.condition : undefined;
}

type Caller = { companyId: string | null } | undefined;

/** The condition on `entity`'s rows for the caller, its company read as `company` gives it. */
function scopeOfCaller(
  scopes: RecordScopes | undefined,
  entity: EntityDefinition,
  user: Caller,
  company: (companyId: string) => SQL,
): SQL | undefined {
  // A module reading scoped data for nobody is a mistake, not a reason to show everything.
  if (!user) throw new Error(`A read of ${entity.name} needs the caller whose scope applies`);
  if (!user.companyId || !scopes) return undefined;
  return scopedCondition(scopes, entity)?.(company(user.companyId));
}

/**
 * For a module's own SQL: the condition on `entity`'s rows for the signed-in user, or undefined when
 * the user sees everything (the owner's staff, or plant-wide data).
 */
export function scopeFor(scopes: RecordScopes | undefined, entity: EntityDefinition, user: Caller) {
  return scopeOfCaller(scopes, entity, user, (companyId) => sql`${companyId}::uuid`);
}

/**
 * `scopeFor` for a statement prepared once per shape (`SqlStatements`): the caller's company is the
 * placeholder `company` (its value `user.companyId`, `scopePlaceholderValues`), so one statement
 * serves every company's caller; undefined when the user sees everything.
 */
export function scopePlaceholderFor(
  scopes: RecordScopes | undefined,
  entity: EntityDefinition,
  user: Caller,
) {
  return scopeOfCaller(scopes, entity, user, () => sql`${sql.placeholder('company')}::uuid`);
}

/** The value of `scopePlaceholderFor`'s placeholder. */
export const scopePlaceholderValues = (user: { companyId: string | null }) => ({ company: user.companyId });
