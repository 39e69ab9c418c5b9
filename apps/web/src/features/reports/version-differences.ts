import { entities } from '@inspectra/contract';
import type { ReportDifference, ReportTreeRecordJson } from '@inspectra/contract';
import type { TFunction } from 'i18next';
import { fieldLabel, fieldOf } from '../../engine/entity-labels.ts';
import { formatFieldValue } from '../../engine/FieldDisplay.tsx';
import { entityLabel } from '../techniques/entity-words.ts';
import { namingKey } from './report-tree-layout.ts';

/** The record a difference names, as the version's snapshot (or, when added, the report now) holds it. */
export type RecordLookup = (recordId: string) => ReportTreeRecordJson | undefined;

/**
 * One thing a version and the report as it is now disagree on, in the user's words: built from the
 * difference's kind, entity and path with the declarations' labels and the fields' formats
 * ("Thermal measurement TR-01-L1: Max temperature was 80 °C, is now 41 °C"), never the server's English,
 * which is kept only for a path the declarations do not know.
 */
export function differenceText(
  t: TFunction,
  language: string,
  difference: ReportDifference,
  recordOf?: RecordLookup,
): string {
  const entity = difference.entity ? entities[difference.entity] : undefined;
  const record = entity
    ? recordWords(t, entity, difference.recordId ? recordOf?.(difference.recordId) : undefined)
    : t('reports.record.verify.aRecord');
  const words = (key: string, o: Record<string, unknown> = {}) =>
    t(`reports.record.verify.difference.${key}`, { record, ...o });
  switch (difference.kind) {
    case 'added':
    case 'removed':
    case 'file':
      return words(difference.kind);
    case 'snapshot':
    case 'chain':
      return words(difference.kind);
    case 'signature': {
      const why = difference.path ?? 'invalid';
      return words(`signature${why.charAt(0).toUpperCase()}${why.slice(1)}`);
    }
    case 'changed': {
      const [part, key] = splitPath(difference.path);
      if (part === 'attachments') return words('fileChanged');
      const field =
        entity && key && (part === 'fields' || part === 'derived') ? fieldOf(entity, key) : undefined;
      if (!entity || !key || !field) return difference.message;
      const shown = (value: unknown) =>
        formatFieldValue(field, value, t, language, { entityName: entity.name, key });
      return words('changed', {
        field: fieldLabel(t, entity.name, key, field),
        was: shown(difference.was),
        now: shown(difference.now),
      });
    }
  }
}

/** `fields.temperature` → ['fields', 'temperature']; `attachments.<id>.sha256` → ['attachments', '<id>']. */
function splitPath(path: string | null): [string | undefined, string | undefined] {
  if (!path) return [undefined, undefined];
  const [part, key] = path.split('.');
  return [part, key];
}

/** "Thermal measurement TR-01-L1": the entity's label and, when the record is known, its naming value. */
function recordWords(
  t: TFunction,
  entity: NonNullable<(typeof entities)[string]>,
  record: ReportTreeRecordJson | undefined,
): string {
  const key = namingKey(entity);
  const value = key ? record?.fields[key] : undefined;
  const label = entityLabel(t, entity);
  return typeof value === 'string' && value ? `${label} ${value}` : label;
}
