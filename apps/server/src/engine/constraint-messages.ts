import { ALabel, columnName, entities, labelInSentence, referenceTarget } from '@inspectra/contract';
import { getTableConfig } from 'drizzle-orm/pg-core';
import type { PgTable } from 'drizzle-orm/pg-core';
import * as schema from '../db/schema/index.ts';
import { scopedReferenceName } from './entity-table.ts';
import { pgIdentifier } from './pg-identifier.ts';

type ConstraintMessage = { field: string; message: string; inUseMessage?: string };

/**
 * A create whose client-made id another record holds (docs/offline-capture.md, part 2): the same
 * words whoever's and wherever that record is, so the refusal tells nothing of it.
 */
export const clientIdTaken = 'A record with this id exists: make a new id for a new record';

/**
 * Messages for the constraints derived from entity declarations, by constraint name, so a
 * duplicate work order number or a missing parent reads as a sentence about the domain.
 */
function build(): Map<string, ConstraintMessage> {
  const byName = new Map<string, ConstraintMessage>();
  const tables = Object.values(schema.entityTables) as PgTable[];
  for (const entity of Object.values(entities)) {
    // Two creates of one client-made id at once are held one after the other (create.ts); this
    // names the clash should any other write meet it.
    byName.set(pgIdentifier(`${entity.table}_pkey`), { field: 'id', message: clientIdTaken });
    for (const key of entity.unique) {
      byName.set(pgIdentifier(`${entity.table}_${columnName(key)}_unique`), {
        field: key,
        message: `${ALabel(entity.label)} with this ${labelInSentence(entity.fields[key]!.label!)} already exists`,
      });
    }
    if (entity.naturalKey?.length) {
      const words = entity.naturalKey.map((k) => labelInSentence(entity.fields[k]!.label!)).join(' and ');
      byName.set(pgIdentifier(`${entity.table}_natural_key`), {
        field: entity.naturalKey[0]!,
        message: entity.duplicateMessage ?? `${ALabel(entity.label)} with this ${words} already exists`,
      });
    }
    const table = tables.find((t) => getTableConfig(t).name === entity.table);
    for (const [key, field] of Object.entries(entity.fields)) {
      if (field.kind !== 'text' || !field.references) continue;
      const target = referenceTarget(field.references, (name) => entities[name]);
      const fk = table
        ? getTableConfig(table).foreignKeys.find(
            (k) => k.reference().columns.length === 1 && k.reference().columns[0]?.name === columnName(key),
          )
        : undefined;
      if (!fk) continue;
      const targetLabel = target.entity.label.toLowerCase();
      const keyLabel = target.entity.fields[target.field]!.label!.toLowerCase();
      const inUseMessage = `This ${targetLabel} is still named by ${labelInSentence(entity.label)} records; change those first`;
      byName.set(fk.getName(), {
        field: key,
        message: `No ${targetLabel} has this ${keyLabel}`,
        inUseMessage,
      });
      if (field.referenceScope) {
        // The reference and its scope together: an object type of another category than the equipment's.
        const scope = field.referenceScope.map((k) => entity.fields[k]!.label!.toLowerCase()).join(' and ');
        byName.set(scopedReferenceName(entity, key), {
          field: key,
          message: `This ${targetLabel} is not one of this ${scope}`,
          inUseMessage,
        });
      }
    }
    for (const [key, field] of Object.entries(entity.fields)) {
      if (field.kind !== 'ref' || key === entity.parent) continue;
      const target = entities[field.entity];
      const fk = table
        ? getTableConfig(table).foreignKeys.find((k) => k.reference().columns[0]?.name === columnName(key))
        : undefined;
      if (!target || !fk) continue;
      // Said of what points at it, in its field's words: a finding's thickness location, a
      // reading's source report. The delete is refused whatever state those records are in.
      const targetLabel = target.label.toLowerCase();
      byName.set(fk.getName(), {
        field: key,
        message: `${key} does not name an existing ${targetLabel}`,
        inUseMessage: `This ${targetLabel} is still named as the ${labelInSentence(field.label!)} of ${labelInSentence(entity.label)} records, and cannot be deleted while they name it`,
      });
    }
    if (!entity.parent) continue;
    const parentField = entity.fields[entity.parent]!;
    const parentLabel = parentField.label!.toLowerCase();
    if (entity.uniquePerParent) {
      byName.set(pgIdentifier(`${entity.table}_parent_unique`), {
        field: entity.parent,
        message: `This ${parentLabel} already has a ${entity.label.toLowerCase()}`,
      });
    }
    const parentColumn = columnName(entity.parent);
    for (const fk of (table ? getTableConfig(table).foreignKeys : []).filter(
      (k) => k.reference().columns[0]?.name === parentColumn,
    )) {
      byName.set(fk.getName(), {
        field: entity.parent,
        message: `${entity.parent} does not name an existing ${parentLabel}`,
        inUseMessage: `This ${parentLabel} still has ${entity.label.toLowerCase()} records; delete those first`,
      });
    }
  }
  return byName;
}

export const constraintMessages = build();

/** Declared field keys by table and column (`work_order_spk.is_emergency` → `isEmergency`). */
const fieldsByColumn = new Map(
  Object.values(entities).flatMap((entity) =>
    Object.keys(entity.fields).map((key) => [`${entity.table}.${columnName(key)}`, key] as const),
  ),
);

/** The field a column holds, in the API's words; the column itself for tables not declared as entities. */
export function fieldOfColumn(table: string | undefined, column: string): string {
  return fieldsByColumn.get(`${table}.${column}`) ?? column;
}
