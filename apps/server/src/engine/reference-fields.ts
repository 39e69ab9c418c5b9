import { entities, referenceTarget } from '@inspectra/contract';
import type { EntityDefinition, Field, FieldError } from '@inspectra/contract';
import { eq, ilike, or, sql } from 'drizzle-orm';
import type { Placeholder, SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../db/client.ts';
import { entityTables } from '../db/schema/entities.ts';
import { AppError } from '../errors.ts';

/*
 * What the engine does with `references` text fields beyond their foreign key
 * (docs/architecture-engine.md, "Records that name each other by code"): a search over such a field
 * also matches the named records' own search fields (a report found by its equipment's tag), a
 * record must agree with the one it names where declared (`referenceMatches`), and a new record's
 * fields may start from a path through its parent and the records they name (`prefill`).
 */

type Columns = Record<string, AnyPgColumn>;

function columnsOf(entity: EntityDefinition): Columns {
  return entityTables[entity.name] as unknown as Columns;
}

function targetOf(references: string) {
  return referenceTarget(references, (name) => entities[name]);
}

/**
 * What a search over a `references` field also matches, as `column = <this>`: the keys of the
 * named records whose other search fields match the pattern (`any(array(select …))`, evaluated once
 * per statement). An array rather than `in (select …)` so the condition stays an index condition
 * (the field's btree, derived by entity-table.ts) beside the trigram indexes of the other search
 * fields: a search reads the named records' matches through their trigram indexes, then the list's
 * records by key. Undefined when the named entity searches nothing but the key.
 */
export function referencedSearch(field: Field, pattern: Placeholder): SQL | undefined {
  if (field.kind !== 'text' || !field.references) return undefined;
  const target = targetOf(field.references);
  const others = target.entity.search.filter((key) => key !== target.field);
  if (others.length === 0) return undefined;
  const c = columnsOf(target.entity);
  const table = entityTables[target.entity.name]!;
  return sql`any(array(select ${c[target.field]!} from ${table} where ${or(
    ...others.map((key) => ilike(c[key]!, pattern)),
  )!}))`;
}

/** The `references` fields of an entity that declare fields the named record must agree with. */
function matchingReferences(entity: EntityDefinition) {
  return Object.entries(entity.fields).flatMap(([key, field]) =>
    field.kind === 'text' && field.references && field.referenceMatches
      ? [{ key, field, references: field.references, matches: Object.entries(field.referenceMatches) }]
      : [],
  );
}

/** Whether an entity declares `referenceMatches` on any field (nothing to judge otherwise). */
export const hasReferenceMatches = (entity: EntityDefinition) => matchingReferences(entity).length > 0;

/**
 * A record for `referenceMismatches` to judge: as the write leaves it (`row`: an update's merged
 * with what it kept) and what the write sent (`changed`).
 */
export type WrittenRecord = { row: Record<string, unknown>; changed: Record<string, unknown> };

/**
 * For each record, its first disagreement with a record it names on a field `referenceMatches`
 * declares (a pump on a piping work order), as an error on the reference field; undefined when it
 * agrees. Only references whose value or matched fields the write sent are judged, and the named
 * records are read in one indexed read per reference field, by key, for all the records at once.
 * An unknown key is not judged here: it is the foreign key's refusal, with its own message. The
 * one rule a single write (`assertReferencesMatch`) and each row of a sheet import share.
 */
export async function referenceMismatches(
  db: DbOrTx,
  entity: EntityDefinition,
  records: readonly WrittenRecord[],
): Promise<(FieldError | undefined)[]> {
  const errors: (FieldError | undefined)[] = records.map(() => undefined);
  for (const { key, references, matches } of matchingReferences(entity)) {
    const judged = records.flatMap(({ row, changed }, i) => {
      if (errors[i]) return [];
      if (!(key in changed) && !matches.some(([mine]) => mine in changed)) return [];
      const code = row[key];
      const compared = matches.filter(([mine]) => row[mine] !== null && row[mine] !== undefined);
      if (code === null || code === undefined || compared.length === 0) return [];
      return [{ i, row, code: String(code), compared }];
    });
    if (judged.length === 0) continue;
    const target = targetOf(references);
    const c = columnsOf(target.entity);
    const keyColumn = c[target.field]!;
    const codes = [...new Set(judged.map((j) => j.code))];
    // The codes as one array parameter: a batch of a thousand rows is one statement, one parameter.
    const found = (await db
      .select({ key: keyColumn, ...Object.fromEntries(matches.map(([, theirs]) => [theirs, c[theirs]!])) })
      .from(entityTables[target.entity.name]!)
      .where(
        codes.length === 1
          ? eq(keyColumn, codes[0]!)
          : sql`${keyColumn} = any(${sql.param(codes)}::${sql.raw(keyColumn.getSQLType())}[])`,
      )) as Record<string, unknown>[];
    const named = new Map(found.map((r) => [String(r.key), r]));
    for (const { i, row, code, compared } of judged) {
      const record = named.get(code);
      if (!record) continue;
      const wrong = compared.find(([mine, theirs]) => record[theirs] !== row[mine]);
      if (!wrong) continue;
      const mineField = entity.fields[wrong[0]]!;
      errors[i] = {
        path: key,
        message: `This ${target.entity.label.toLowerCase()} is not of the ${(mineField.label ?? wrong[0]).toLowerCase()} chosen for this ${entity.label.toLowerCase()}`,
      };
    }
  }
  return errors;
}

/**
 * Refuses (400, on the reference field) a record as written whose named record disagrees with it
 * on a field `referenceMatches` declares (a pump on a piping work order). `row` is the record as
 * stored by the write (an update's merged with what it kept), `changed` what the write sent: only
 * references whose value or matched fields changed are read, one indexed read each by key.
 */
export async function assertReferencesMatch(
  db: DbOrTx,
  entity: EntityDefinition,
  row: Record<string, unknown>,
  changed: Record<string, unknown>,
): Promise<void> {
  if (!hasReferenceMatches(entity)) return;
  const [error] = await referenceMismatches(db, entity, [{ row, changed }]);
  if (!error) return;
  const field = entity.fields[error.path]!;
  throw new AppError('VALIDATION_ERROR', `${field.label ?? error.path}: ${error.message}`, [error]);
}

/** The fields of an entity that declare where a new record's value comes from. */
export function prefilledFields(entity: EntityDefinition, variant?: string): [string, string][] {
  return Object.entries(entity.fieldsOf(variant)).flatMap(([key, field]) =>
    field.prefill && !field.serverOwned ? [[key, field.prefill] as [string, string]] : [],
  );
}

/**
 * The values a new record starts with where its body leaves a field out (`prefill`): each path
 * walked from the values given, a `ref` by id and a `references` field by key, one indexed read
 * per record on the way (shared by the paths through it). A path that meets no value gives none.
 * The records read are the parent chain the create has already checked and the plant-wide master
 * they name, so no company scope applies.
 */
export async function prefillValues(
  db: DbOrTx,
  entity: EntityDefinition,
  values: Record<string, unknown>,
  variant?: string,
): Promise<Record<string, unknown>> {
  const wanted = prefilledFields(entity, variant).filter(([key]) => !(key in values));
  if (wanted.length === 0) return {};
  const read = new Map<string, Record<string, unknown> | undefined>();
  const filled: Record<string, unknown> = {};
  for (const [key, path] of wanted) {
    let record: Record<string, unknown> = { ...values, ...filled };
    let at: EntityDefinition = entity;
    const steps = path.split('.');
    let value: unknown;
    for (const [i, step] of steps.entries()) {
      value = record[step];
      if (i === steps.length - 1 || value === null || value === undefined) break;
      const field = at.fields[step];
      const hop =
        field?.kind === 'ref'
          ? { entity: entities[field.entity]!, key: 'id' }
          : field?.kind === 'text' && field.references
            ? (({ entity: e, field: k }) => ({ entity: e, key: k }))(targetOf(field.references))
            : undefined;
      if (!hop) throw new Error(`${entity.name}.${key}: prefill ${path} cannot follow ${step}`);
      const cacheKey = `${hop.entity.name}.${hop.key}=${String(value)}`;
      if (!read.has(cacheKey)) {
        const [found] = await db
          .select()
          .from(entityTables[hop.entity.name]!)
          .where(eq(columnsOf(hop.entity)[hop.key]!, value))
          .limit(1);
        read.set(cacheKey, found as Record<string, unknown> | undefined);
      }
      const next = read.get(cacheKey);
      if (!next) {
        value = undefined;
        break;
      }
      record = next;
      at = hop.entity;
    }
    if (value !== null && value !== undefined) filled[key] = value;
  }
  return filled;
}
