import { entities, referenceTarget } from '@inspectra/contract';
import type { EntityDefinition, FieldError } from '@inspectra/contract';
import { inArray } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../db/client.ts';
import { entityTables } from '../db/schema/entities.ts';
import { AppError } from '../errors.ts';

/**
 * JSON lists of other records' keys (`f.json({ itemsReference })`, an inspection method's equipment
 * categories). JSON has no foreign key, so the engine checks each code on write instead: a code no
 * record has is a 400 on the field, as an unknown `references` code is through its foreign key
 * (docs/architecture-engine.md). A code whose record is removed later stays until the list is edited.
 */

/** The codes a field's value lists; none when it is not a list of text. */
export function listedCodes(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  return [...new Set(value.filter((v): v is string => typeof v === 'string'))];
}

/** Which of `codes` name a record of what `references` points at, read in one indexed query. */
export async function knownCodes(db: DbOrTx, references: string, codes: string[]): Promise<Set<string>> {
  if (codes.length === 0) return new Set();
  const target = referenceTarget(references, (name) => entities[name]);
  const table = entityTables[target.entity.name]!;
  const column = (table as unknown as Record<string, AnyPgColumn>)[target.field]!;
  const known = new Set<string>();
  for (let i = 0; i < codes.length; i += 5000) {
    const found = await db
      .select({ code: column })
      .from(table)
      .where(inArray(column, codes.slice(i, i + 5000)));
    for (const row of found) known.add(String(row.code));
  }
  return known;
}

/** "Equipment categories: no equipment category has the code "x"" (or the codes "x", "y"). */
export function unknownItemsError(entity: EntityDefinition, key: string, unknown: string[]): FieldError {
  const field = entity.fields[key]!;
  const references = field.kind === 'json' ? field.itemsReference! : key;
  const target = referenceTarget(references, (name) => entities[name]);
  const keyWords = (target.entity.fields[target.field]!.label ?? target.field).toLowerCase();
  const quoted = unknown.map((c) => `"${c}"`).join(', ');
  return {
    path: key,
    message: `No ${target.entity.label.toLowerCase()} has the ${keyWords}${unknown.length > 1 ? 's' : ''} ${quoted}`,
  };
}

/** The `itemsReference` fields an entity declares. */
export function itemReferenceFields(entity: EntityDefinition): [string, string][] {
  return Object.entries(entity.fields).flatMap(([key, field]) =>
    field.kind === 'json' && field.itemsReference ? [[key, field.itemsReference] as [string, string]] : [],
  );
}

/** Refuses (400, on the field) values whose `itemsReference` lists name a record that does not exist. */
export async function assertKnownItems(
  db: DbOrTx,
  entity: EntityDefinition,
  values: Record<string, unknown>,
): Promise<void> {
  const errors: FieldError[] = [];
  for (const [key, references] of itemReferenceFields(entity)) {
    if (!(key in values)) continue;
    const codes = listedCodes(values[key]);
    const known = await knownCodes(db, references, codes);
    const unknown = codes.filter((c) => !known.has(c));
    if (unknown.length > 0) errors.push(unknownItemsError(entity, key, unknown));
  }
  if (errors.length > 0) throw new AppError('VALIDATION_ERROR', errors[0]!.message, errors);
}
