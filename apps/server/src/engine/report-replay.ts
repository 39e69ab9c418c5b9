import { entities, reportHeader, techniques } from '@inspectra/contract';
import type {
  EntityDefinition,
  ReportTreeJson,
  ReportTreeListJson,
  ReportTreeRecordJson,
  TechniqueDefinition,
} from '@inspectra/contract';
import type { ReadScope } from './record-scope.ts';
import { NamedRecords, namingFields } from './report-tree.ts';
import type {
  NamedRecord,
  ReportTreeDeps,
  ReportTreeEntry,
  TreeAttachment,
  TreeRecord,
} from './report-tree.ts';

/**
 * A stored snapshot (a version's canonical JSON) walked again as the live report is walked
 * (docs/report-of-record.md "Versions"): the same entries, so the PDF lays out a version exactly as
 * it lays out the report, and its fingerprint is the snapshot's own. What the snapshot does not
 * hold is read now: the names of the records it names (a renamed equipment prints by its new name;
 * names are not content) and, for the header, `headerExtra` (the workflow fields, left out of the
 * content: the approved report's own). An entity or technique the catalogue no longer declares is
 * passed over: its records cannot be laid out.
 */
export async function* replayReport(
  deps: ReportTreeDeps,
  tree: ReportTreeJson,
  scope: ReadScope,
  headerExtra: Record<string, unknown> = {},
): AsyncGenerator<ReportTreeEntry> {
  const names = new NamedRecords(deps, scope);
  const header = await replayedRecord(reportHeader, tree.header, names, true, headerExtra);
  yield { kind: 'header', record: header };
  for (const section of tree.sections) {
    const technique = (techniques as readonly TechniqueDefinition[]).find((t) => t.module === section.key);
    if (!technique) continue;
    yield { kind: 'section', technique };
    for (const list of section.lists) yield* replayList(list, header, 1, names);
    yield { kind: 'endSection', technique };
  }
}

async function* replayList(
  list: ReportTreeListJson,
  parent: TreeRecord,
  depth: number,
  names: NamedRecords,
): AsyncGenerator<ReportTreeEntry> {
  const entity = entities[list.entity];
  if (!entity) return;
  yield { kind: 'list', entity, depth, parent };
  const nested = list.records.some((r) => r.lists.length > 0);
  if (!nested) {
    const records: TreeRecord[] = [];
    for (const record of list.records) records.push(await replayedRecord(entity, record, names, false));
    if (records.length > 0) yield { kind: 'records', entity, depth, records };
  } else {
    for (const json of list.records) {
      const record = await replayedRecord(entity, json, names, false);
      yield { kind: 'records', entity, depth, records: [record] };
      for (const child of json.lists) yield* replayList(child, record, depth + 1, names);
    }
  }
  yield { kind: 'endList', entity, depth };
}

async function replayedRecord(
  entity: EntityDefinition,
  json: ReportTreeRecordJson,
  names: NamedRecords,
  root: boolean,
  extra: Record<string, unknown> = {},
): Promise<TreeRecord> {
  const values = { ...json.fields, ...extra };
  const variant = typeof values.variant === 'string' ? values.variant : null;
  const shown = entity.fieldsOf(variant ?? undefined);
  const named: Record<string, NamedRecord | null> = {};
  for (const [key, field] of namingFields(entity, root)) {
    if (key in shown) named[key] = await names.of(field, values[key]);
  }
  return {
    entity,
    variant,
    values,
    derived: json.derived,
    attachments: json.attachments as TreeAttachment[],
    named,
  };
}
