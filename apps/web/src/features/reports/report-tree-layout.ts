import type {
  EntityDefinition,
  Field,
  ReportTreeJson,
  ReportTreeRecordJson,
  TechniqueDefinition,
} from '@inspectra/contract';
import { readingKeys } from '@inspectra/contract';
import { fieldOf } from '../../engine/entity-labels.ts';

/**
 * How the whole report lays a record out, from the declarations alone (as its PDF does,
 * docs/report-of-record.md "Layout rules"): no technique is named here.
 */

/** Most columns a list's table shows; every field is in each row's blocks below it. */
export const maxTableColumns = 7;

/**
 * The keys a record shows, in declared order: its variant's fields, then its derived values; never
 * the reference to its parent (the page is under it), nor a list kept by the server for itself
 * (a report's approval path).
 */
export function shownKeys(entity: EntityDefinition, record: ReportTreeRecordJson): string[] {
  const variant = typeof record.fields.variant === 'string' ? record.fields.variant : undefined;
  const fields = Object.entries(entity.fieldsOf(variant))
    // A list kept as JSON text (`spotsJson`) shows as the list it is read as (`spots`, derived).
    .filter(
      ([key, field]) =>
        key !== entity.parent && !(field.kind === 'json' && (field.serverOwned || field.text)),
    )
    .map(([key]) => key);
  // A coordinate reads as one value where its parts were entered.
  const read = readingKeys(fields, entity.fields);
  return [...new Set([...read, ...Object.keys(entity.derived)])];
}

/** A record's value under a key: stored, else derived. */
export function valueOf(record: ReportTreeRecordJson, key: string): unknown {
  return Object.hasOwn(record.fields, key) ? record.fields[key] : record.derived[key];
}

const isLong = (field: Field | undefined) => field?.kind === 'longText' || field?.kind === 'json';

/**
 * A list's table columns: the naming field (first required text, else first text), the technique's
 * finding grade, the derived values, then required values, choices and the rest; long texts never;
 * at most `maxTableColumns`.
 */
export function tableColumns(
  entity: EntityDefinition,
  records: ReportTreeRecordJson[],
  technique: TechniqueDefinition | undefined,
): string[] {
  const keys = [...new Set(records.flatMap((record) => shownKeys(entity, record)))].filter(
    (key) => !isLong(fieldOf(entity, key)),
  );
  const field = (key: string) => fieldOf(entity, key)!;
  const named = namingKey(entity);
  const naming = named && keys.includes(named) ? named : undefined;
  const grade = technique?.findingGrade?.field;
  const ordered = [
    naming,
    grade && keys.includes(grade) ? grade : undefined,
    ...keys.filter((key) => Object.hasOwn(entity.derived, key)),
    ...keys.filter((key) => field(key).required),
    ...keys.filter((key) => field(key).kind === 'enum'),
    ...keys,
  ].filter((key): key is string => key !== undefined);
  return [...new Set(ordered)].slice(0, maxTableColumns);
}

/** The field a row is read by in a list: its first required text, else its first text. */
export function namingKey(entity: EntityDefinition): string | undefined {
  const texts = Object.entries(entity.fields).filter(
    ([key, field]) => field.kind === 'text' && key !== entity.parent,
  );
  return (texts.find(([, field]) => field.required) ?? texts[0])?.[0];
}

/** Every record of a tree by its id: the header, and each record of each list, however deep. */
export function recordsById(tree: ReportTreeJson): Map<string, ReportTreeRecordJson> {
  const found = new Map<string, ReportTreeRecordJson>();
  const visit = (record: ReportTreeRecordJson) => {
    if (typeof record.fields.id === 'string') found.set(record.fields.id, record);
    for (const list of record.lists ?? []) list.records.forEach(visit);
  };
  visit(tree.header);
  for (const section of tree.sections ?? []) for (const list of section.lists) list.records.forEach(visit);
  return found;
}
