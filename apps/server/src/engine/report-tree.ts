import { deriveValue, entities, referenceTarget, reportHeader, techniques } from '@inspectra/contract';
import type { DerivedField, EntityDefinition, Field, TechniqueDefinition } from '@inspectra/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { takesStatementsAtOnce } from '../db/handle.ts';
import type { ReadScope } from './record-scope.ts';
import { attachmentsOf, readsThroughOf } from './records.ts';
import type { AttachmentRow, RecordRepository, StoredRecord } from './records.ts';

/**
 * The report as one tree (docs/report-of-record.md): one walk over the catalogue yields a report's
 * whole content — its header, then every technique present on it with its records in declared
 * order (an inspection per variant, the rows under it), each record with its files, derived values
 * and the names of the records it names. The PDF, the canonical JSON and its fingerprint read this
 * walk; nothing here knows a technique by name.
 */

/** A file of a record as the tree holds it: what the attachment table keeps, bytes aside. */
export type TreeAttachment = Pick<
  AttachmentRow,
  | 'id'
  | 'slot'
  | 'imageType'
  | 'category'
  | 'position'
  | 'displayName'
  | 'mediaType'
  | 'size'
  | 'sha256'
  | 'storageKey'
> & { createdAt: string };

/** A record named by one of a tree record's fields, and how a person reads it ("P-101A · Crude pump"). */
export type NamedRecord = { name: string; record: StoredRecord };

/** One record of the report, with what a reader needs beside its stored values. */
export type TreeRecord = {
  entity: EntityDefinition;
  /** The equipment class of a record of an entity with variants, else null. */
  variant: string | null;
  /** Its stored columns, times as ISO text; only the fields its variant has. */
  values: Record<string, unknown>;
  /** The keys of `values`, sorted, when the walk made it: its canonical JSON writes them in that order. */
  fieldKeys?: readonly string[];
  /** Its derived values (ΔT, severity), computed from the declaration as the API does. */
  derived: Record<string, unknown>;
  /** The keys of `derived`, sorted, when the walk made it. */
  derivedKeys?: readonly string[];
  /** Its files, by slot and place in the list. */
  attachments: TreeAttachment[];
  /** The records its `references` and `ref` fields name (not its parent), by field; null when unseen. */
  named: Record<string, NamedRecord | null>;
};

/**
 * What the walk yields, in document order: the header; then per technique present, its section
 * opened, each list of records opened under its parent, the records of a list (in batches for rows,
 * one at a time for a record with lists under it, which follow it), each list and section closed.
 */
export type ReportTreeEntry =
  | { kind: 'header'; record: TreeRecord }
  | { kind: 'section'; technique: TechniqueDefinition }
  | { kind: 'list'; entity: EntityDefinition; depth: number; parent: TreeRecord }
  | { kind: 'records'; entity: EntityDefinition; depth: number; records: TreeRecord[] }
  | { kind: 'endList'; entity: EntityDefinition; depth: number }
  | { kind: 'endSection'; technique: TechniqueDefinition };

export type ReportTreeDeps = { db: DbOrTx; repositories: Map<string, RecordRepository> };

/** The entities of a technique whose parent is `parent`, in the technique's declared order. */
export function childrenOf(technique: TechniqueDefinition, parent: EntityDefinition): EntityDefinition[] {
  return technique.entities.filter((entity) => {
    const field = entity.parent ? entity.fields[entity.parent] : undefined;
    return field?.kind === 'ref' && field.entity === parent.name && entity !== parent;
  });
}

/** The techniques whose records hang off a report (the NDT register does not): in catalogue order. */
export const reportTechniques: readonly TechniqueDefinition[] = (
  techniques as readonly TechniqueDefinition[]
).filter((technique) => childrenOf(technique, reportHeader).length > 0);

/** Whether a record of the entity has lists under it in its technique (an inspection's rows). */
function hasChildren(technique: TechniqueDefinition, entity: EntityDefinition): boolean {
  return childrenOf(technique, entity).length > 0;
}

const iso = (value: unknown) => (value instanceof Date ? value.toISOString() : value);

/**
 * The fields a record names other records by: `references` keys and `ref` ids. The parent is
 * named only for the root (a report's work order): below it, the parent is the record above.
 */
export function namingFields(entity: EntityDefinition, root: boolean): [string, Field][] {
  return Object.entries(entity.fields).filter(
    ([key, field]) =>
      (root || key !== entity.parent) &&
      ((field.kind === 'text' && field.references !== undefined) || field.kind === 'ref'),
  );
}

/** The field that names a record to a reader: its first required text, else its first text. */
export function leadField(shown: [string, Field][]): string | undefined {
  return (
    shown.find(([, f]) => f.kind === 'text' && f.required)?.[0] ??
    shown.find(([, f]) => f.kind === 'text')?.[0] ??
    shown[0]?.[0]
  );
}

/**
 * How a reader finds a record in a report: its `represent` fields when declared ("P-101A · Crude
 * charge pump"), else its lead field's value (a measurement's component), else its id.
 */
export function recordName(entity: EntityDefinition, values: Record<string, unknown>): string {
  if (entity.represent) return representation(entity, values);
  const variant = typeof values.variant === 'string' ? values.variant : undefined;
  const lead = leadField(Object.entries(entity.fieldsOf(variant)));
  const named = lead ? values[lead] : undefined;
  return named === null || named === undefined || named === '' ? String(values.id ?? '') : String(named);
}

/** "P-101A · Crude charge pump": a record's `represent` fields joined, as the web shows it. */
export function representation(entity: EntityDefinition, record: Record<string, unknown>): string {
  const parts = (entity.represent ?? [])
    .map((key) => record[key])
    .filter((v) => v !== null && v !== undefined && v !== '')
    .map(String);
  return parts.length > 0 ? parts.join(' · ') : String(record.id ?? '');
}

/**
 * Reads the records a tree's records name, once per key in a walk: through the named entity's
 * repository, under the caller's scope (a record the caller may not see is left unnamed).
 */
export class NamedRecords {
  private readonly cache = new Map<string, Promise<NamedRecord | null>>();
  constructor(
    private readonly deps: ReportTreeDeps,
    private readonly scope: ReadScope,
  ) {}

  of(field: Field, value: unknown): Promise<NamedRecord | null> {
    if (typeof value !== 'string' || value === '') return Promise.resolve(null);
    let target: string | undefined;
    let keyField = 'id';
    if (field.kind === 'ref') target = field.entity;
    else if (field.kind === 'text' && field.references) {
      const named = referenceTarget(field.references, (name) => entities[name]);
      target = named.entity.name;
      keyField = named.field;
    }
    const repo = target ? this.deps.repositories.get(target) : undefined;
    if (!repo) return Promise.resolve(null);
    const cacheKey = `${repo.entity.name}|${keyField}|${value}`;
    let found = this.cache.get(cacheKey);
    if (!found) {
      found = this.read(repo, keyField, value);
      this.cache.set(cacheKey, found);
    }
    return found;
  }

  private async read(repo: RecordRepository, keyField: string, value: string): Promise<NamedRecord | null> {
    const record =
      keyField === 'id'
        ? await repo.find(this.deps.db, value, this.scope)
        : await repo.first(this.deps.db, {
            scope: this.scope,
            // Named by the field: each key field is a statement of its own (statements.ts shapes).
            filters: { [keyField]: { field: keyField, op: 'eq' } },
            filterValues: { [keyField]: value },
          });
    return record ? { name: representation(repo.entity, record), record } : null;
  }
}

/**
 * What every row of one statement needs besides its values, worked out once per batch and variant
 * rather than per row (a report of 100,000 rows): the columns the record shows, in sorted order,
 * the derived values and the fields that name other records.
 */
type RecordPlan = {
  variant: string | null;
  /** The row's keys the record keeps (a variant's record only that variant's fields), sorted. */
  keys: readonly string[];
  /** Whether it keeps every key of the row: the row itself then becomes the record's values. */
  whole: boolean;
  derived: readonly [string, DerivedField][];
  /** The derived values' keys, sorted. */
  derivedKeys: readonly string[];
  naming: readonly [string, Field][];
};

function recordPlan(
  entity: EntityDefinition,
  rowKeys: readonly string[],
  variant: string | null,
  root: boolean,
) {
  const shown = entity.fieldsOf(variant ?? undefined);
  const keys = rowKeys.filter((key) => !(key in entity.fields) || key in shown).sort();
  return {
    variant,
    keys,
    whole: keys.length === rowKeys.length,
    derived: Object.entries(entity.derived),
    derivedKeys: Object.keys(entity.derived).sort(),
    naming: namingFields(entity, root).filter(([key]) => key in shown),
  } satisfies RecordPlan;
}

const noFiles: readonly AttachmentRow[] = [];

/**
 * A stored record and its files as the tree holds them; the names its fields give are filled in
 * after (`treeRecords`). The row is the walk's own, read for it: it becomes the record's values in
 * place (times as ISO text) when it holds only what the record shows.
 */
function treeRecord(
  entity: EntityDefinition,
  plan: RecordPlan,
  row: StoredRecord,
  files: readonly AttachmentRow[],
): TreeRecord {
  let values: Record<string, unknown>;
  if (plan.whole) {
    values = row;
    for (const key of plan.keys) {
      const value = row[key];
      if (value instanceof Date) row[key] = value.toISOString();
    }
  } else {
    values = {};
    for (const key of plan.keys) values[key] = iso(row[key]);
  }
  const derived: Record<string, unknown> = {};
  if (plan.derived.length > 0) {
    // What the derived values read of the parent (a finding's inspection) came with the row.
    const through = readsThroughOf(row);
    const input = through ? { ...values, ...through } : values;
    for (const [key, d] of plan.derived) derived[key] = deriveValue(d, input) ?? null;
  }
  const attachments =
    files.length === 0
      ? []
      : [...files]
          .sort((a, b) => a.slot.localeCompare(b.slot) || a.position - b.position)
          .map((a): TreeAttachment => ({
            id: a.id,
            slot: a.slot,
            imageType: a.imageType,
            category: a.category,
            position: a.position,
            displayName: a.displayName,
            mediaType: a.mediaType,
            size: a.size,
            sha256: a.sha256,
            storageKey: a.storageKey,
            createdAt: iso(a.createdAt) as string,
          }));
  return {
    entity,
    variant: plan.variant,
    values,
    fieldKeys: plan.keys,
    derived,
    derivedKeys: plan.derivedKeys,
    attachments,
    named: {},
  };
}

/** The tree records of a batch of stored rows, their files read in one query. */
async function treeRecords(
  deps: ReportTreeDeps,
  entity: EntityDefinition,
  rows: StoredRecord[],
  names: NamedRecords,
  root = false,
): Promise<TreeRecord[]> {
  if (rows.length === 0) return [];
  const files = await attachmentsOf(
    deps.db,
    entity,
    rows.map((r) => r.id),
  );
  // Each row's files found by its id, not by a pass over the batch's files per row.
  const byOwner = new Map<string, AttachmentRow[]>();
  for (const file of files) {
    const owned = byOwner.get(file.ownerId);
    if (owned) owned.push(file);
    else byOwner.set(file.ownerId, [file]);
  }
  // The rows of one statement share their keys; a batch holds one variant, or none.
  const rowKeys = Object.keys(rows[0]!);
  const plans = new Map<string | null, RecordPlan>();
  const atOnce = takesStatementsAtOnce(deps.db);
  const out: TreeRecord[] = [];
  for (const row of rows) {
    const variant = typeof row.variant === 'string' ? row.variant : null;
    let plan = plans.get(variant);
    if (!plan) plans.set(variant, (plan = recordPlan(entity, rowKeys, variant, root)));
    const record = treeRecord(entity, plan, row, byOwner.get(row.id) ?? noFiles);
    // A record's names are asked for together (a report's header names five records), set in
    // the declared order of its fields; in a transaction (one connection) one after another.
    if (atOnce && plan.naming.length > 1) {
      const found = await Promise.all(plan.naming.map(([key, field]) => names.of(field, record.values[key])));
      plan.naming.forEach(([key], i) => (record.named[key] = found[i] ?? null));
    } else
      for (const [key, field] of plan.naming) record.named[key] = await names.of(field, record.values[key]);
    out.push(record);
  }
  return out;
}

/**
 * The records of `entity` under `parent`, in its declared list order, variant by variant in the
 * declared order of the variants; each batch's records followed, when the entity has lists under
 * it, by those lists (depth first). Read through the entity's repository under the caller's scope,
 * a batch at a time (`every`: refused past its limit, never cut short).
 */
async function* walkList(
  deps: ReportTreeDeps,
  technique: TechniqueDefinition,
  entity: EntityDefinition,
  parent: TreeRecord,
  depth: number,
  scope: ReadScope,
  names: NamedRecords,
): AsyncGenerator<ReportTreeEntry> {
  const repo = deps.repositories.get(entity.name)!;
  const parentId = String(parent.values.id);
  const nested = hasChildren(technique, entity);
  const variants: (string | undefined)[] = entity.variants
    ? // A child list holds its parent's variant only (none, for a list of other classes).
      parent.variant && parent.entity.variants
      ? entity.variants.includes(parent.variant)
        ? [parent.variant]
        : []
      : [...entity.variants]
    : [undefined];
  if (variants.length === 0) return;
  yield { kind: 'list', entity, depth, parent };
  for (const variant of variants) {
    // Without the list's images: each batch's files are read whole below (`treeRecords`); times as
    // the ISO text the tree holds them as.
    const rows = await repo.every(
      deps.db,
      { scope, parentId, variant },
      { images: false, timesAsText: true },
    );
    for await (const batch of rows) {
      const records = await treeRecords(deps, entity, batch.rows, names);
      if (!nested) {
        if (records.length > 0) yield { kind: 'records', entity, depth, records };
        continue;
      }
      for (const record of records) {
        yield { kind: 'records', entity, depth, records: [record] };
        for (const child of childrenOf(technique, entity))
          yield* walkList(deps, technique, child, record, depth + 1, scope, names);
      }
    }
  }
  yield { kind: 'endList', entity, depth };
}

/**
 * Walks a report's whole content for a caller (`scope`: their company's; a report outside it is
 * NOT_FOUND, thrown by the first step). A technique is in the walk when the report holds any of its
 * records; its section is opened before its first record, so an absent technique yields nothing.
 * Bounded: rows are read `unpagedBatch` at a time with their files, and each batch is yielded
 * before the next is read.
 */
export async function* walkReport(
  deps: ReportTreeDeps,
  reportId: string,
  scope: ReadScope,
): AsyncGenerator<ReportTreeEntry> {
  const names = new NamedRecords(deps, scope);
  const headerRow = await deps.repositories.get(reportHeader.name)!.get(deps.db, reportId, scope);
  const [header] = await treeRecords(deps, reportHeader, [headerRow], names, true);
  yield { kind: 'header', record: header! };
  const present = await listsHolding(deps, reportId, scope);
  for (const technique of reportTechniques) {
    // The section opens only when a list of it holds a record.
    const tops = childrenOf(technique, reportHeader).filter((entity) => present.has(entity.name));
    if (tops.length === 0) continue;
    yield { kind: 'section', technique };
    for (const entity of tops) yield* walkList(deps, technique, entity, header!, 1, scope, names);
    yield { kind: 'endSection', technique };
  }
}

/** Every technique's lists right under a report: what a walk asks of each before it starts. */
const reportLists: readonly EntityDefinition[] = reportTechniques.flatMap((technique) =>
  childrenOf(technique, reportHeader),
);

/**
 * The report's lists that hold a record the caller may see, asked in one statement (one probe a
 * list, each answered by the list's index by parent) instead of one round trip a technique.
 */
async function listsHolding(deps: ReportTreeDeps, reportId: string, scope: ReadScope): Promise<Set<string>> {
  const probes = reportLists.map((entity) => {
    const repo = deps.repositories.get(entity.name)!;
    const where = and(eq(repo.column(entity.parent!), reportId), repo.scopeWhere(scope));
    return sql`select ${entity.name}::text as entity where exists (select 1 from ${repo.table} where ${where})`;
  });
  const result = await deps.db.execute<{ entity: string }>(sql.join(probes, sql` union all `));
  return new Set(result.rows.map((row) => row.entity));
}

/** A whole report tree in memory: for small reports and tests (the walk itself is bounded). */
export type CollectedList = { entity: EntityDefinition; records: CollectedRecord[] };
export type CollectedRecord = TreeRecord & { lists: CollectedList[] };
export type CollectedTree = {
  header: TreeRecord;
  sections: { technique: TechniqueDefinition; lists: CollectedList[] }[];
};

/** Collects a walk into one object (every record with its lists under it). */
export async function collectReportTree(walk: AsyncIterable<ReportTreeEntry>): Promise<CollectedTree> {
  let header: TreeRecord | undefined;
  const sections: CollectedTree['sections'] = [];
  // The lists open now, outermost first: a new list hangs under the last record of the one above.
  const open: CollectedList[] = [];
  for await (const entry of walk) {
    switch (entry.kind) {
      case 'header':
        header = entry.record;
        break;
      case 'section':
        sections.push({ technique: entry.technique, lists: [] });
        break;
      case 'list': {
        const list: CollectedList = { entity: entry.entity, records: [] };
        if (entry.depth === 1) sections.at(-1)!.lists.push(list);
        else lastRecordAt(open, entry.depth - 1)?.lists.push(list);
        open[entry.depth - 1] = list;
        open.length = entry.depth;
        break;
      }
      case 'records':
        for (const record of entry.records) open[entry.depth - 1]!.records.push({ ...record, lists: [] });
        break;
      case 'endList':
        open.length = entry.depth - 1;
        break;
      case 'endSection':
        break;
    }
  }
  if (!header) throw new Error('A report walk yields its header first');
  return { header, sections };
}

function lastRecordAt(open: CollectedList[], depth: number): CollectedRecord | undefined {
  return open[depth - 1]?.records.at(-1);
}
