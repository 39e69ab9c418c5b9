import type { EntityDefinition, Field } from '@inspectra/contract';
import { fieldOf } from './entity-labels.ts';

/**
 * A table column: a field, derived-value or image-slot key, or the key with its priority (1 = always
 * shown; higher numbers give way first when the table is narrow) and the width it needs in pixels.
 */
export type EntityColumn = string | { key: string; priority?: number; width?: number };

export type FittedColumn = { key: string; priority: number; width: number };

/** Room a column needs to read well, by what it holds: a date, a number with its unit, a badge… */
const widthByKind: Record<Field['kind'], number> = {
  text: 150,
  longText: 220,
  number: 110,
  integer: 90,
  date: 120,
  datetime: 170,
  boolean: 80,
  enum: 150,
  ref: 150,
  json: 200,
};
const imageWidth = 80;

/**
 * Each column's priority and width: the first column names the record, so it is always shown;
 * others default to priority 2.
 */
export function describeColumns(entity: EntityDefinition, columns: EntityColumn[]): FittedColumn[] {
  return columns.map((column, i) => {
    const spec = typeof column === 'string' ? { key: column } : column;
    const field = fieldOf(entity, spec.key);
    const width = spec.width ?? (field ? widthByKind[field.kind] : imageWidth);
    return { key: spec.key, priority: spec.priority ?? (i === 0 ? 1 : 2), width };
  });
}

/**
 * The keys of the columns that fit in `available` pixels beside `reserved` (the row actions): all
 * priority-1 columns, then by priority and, within one priority, from the left, while they fit. The
 * columns keep their order. An unknown width (0, not yet measured) shows every column.
 */
export function fitColumns(columns: FittedColumn[], available: number, reserved = 0): Set<string> {
  if (available <= 0) return new Set(columns.map((c) => c.key));
  const byImportance = columns
    .map((column, index) => ({ column, index }))
    .sort((a, b) => a.column.priority - b.column.priority || a.index - b.index);
  let used = reserved;
  const shown = new Set<string>();
  for (const { column } of byImportance) {
    if (column.priority <= 1 || used + column.width <= available) {
      shown.add(column.key);
      used += column.width;
    }
  }
  return shown;
}
