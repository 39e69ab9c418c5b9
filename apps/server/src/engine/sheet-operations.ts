import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import {
  ALabel,
  entities,
  labelInSentence,
  referenceTarget,
  verdictOverrideReasonKey,
} from '@inspectra/contract';
import type { EntityDefinition, FieldError, ImportResult, Operation } from '@inspectra/contract';
import { and, asc, eq, getTableColumns, or, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { AnyPgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../db/client.ts';
import { AppError } from '../errors.ts';
import type { AuthenticatedUser } from './access.ts';
import { writeAudit } from './records.ts';
import { itemReferenceFields, knownCodes, listedCodes, unknownItemsError } from './item-references.ts';
import { hasReferenceMatches, referenceMismatches } from './reference-fields.ts';
import { auditLog } from '../db/schema/index.ts';
import type { ListQuery, RecordRepository, StoredRecord } from './records.ts';
import { maxListEntries, readEntitySheet, writeEntitySheet } from './spreadsheet.ts';
import type { SheetRow, WriteSheetOptions } from './spreadsheet.ts';
import { withImportSlot } from './import-slots.ts';
import { judgeWrite } from './rules.ts';
import { judgeVerdict, verdictInputs, verdictPatch } from './verdicts.ts';
import type { RecordedWarning } from '@inspectra/contract';

/** Most rows one export holds (a planner's sheet, not a backup); a larger list is refused, narrowed. */
export const maxExportRows = 100_000;
/** Most rows and bytes one import reads: one campaign's equipment or work orders at a time. */
export const importBounds = {
  maxRows: 10_000,
  maxBytes: 10 * 1024 * 1024,
  // 10,000 rows of a wide entity are about 20 MB of XML; anything far past that is a zip bomb.
  maxUncompressedBytes: 100 * 1024 * 1024,
};
/** Rows written by one statement (each column one array parameter): few round trips, bounded memory. */
const rowsPerWrite = 1000;

/** The repository of each declared entity, by name (the engine's map). */
export type Repositories = ReadonlyMap<string, RecordRepository>;

/** The fields a person fills in: a variant's fields less those the server owns. */
export function sheetFields(entity: EntityDefinition, variant: string | undefined): string[] {
  return Object.entries(entity.fieldsOf(variant))
    .filter(([, field]) => !field.serverOwned)
    .map(([key]) => key);
}

/** A download name for a sheet: `ndt-equipment-2026-11-23.xlsx`. */
export function sheetFileName(entity: EntityDefinition, template: boolean): string {
  const base = entity.table.replace(/_/g, '-');
  return template ? `${base}-template.xlsx` : `${base}-${new Date().toISOString().slice(0, 10)}.xlsx`;
}

/** Every record a list query matches, read a batch at a time in list order, bounded. */
export async function* allRecords(
  db: DbOrTx,
  repo: RecordRepository,
  q: ListQuery,
): AsyncGenerator<StoredRecord> {
  const pageSize = 1000;
  for (let pageNumber = 1; (pageNumber - 1) * pageSize < maxExportRows; pageNumber++) {
    const page = await repo.page(db, { ...q, pageNumber, pageSize });
    yield* page.rows;
    if (page.rows.length < pageSize) return;
  }
  throw new AppError(
    'PAYLOAD_TOO_LARGE',
    `An export holds at most ${maxExportRows} rows: narrow the list with its filters`,
  );
}

/** The repository and column a `references` field's codes live in. */
function referencedColumn(repos: Repositories, references: string) {
  const target = referenceTarget(references, (name) => entities[name]);
  const repo = repos.get(target.entity.name)!;
  return { repo, column: repo.column(target.field), target };
}

/**
 * The codes each `references` column of a sheet may hold, read from the referenced records in
 * order, one indexed read per column, cut at what Excel's drop-down shows.
 */
export async function referenceChoices(
  db: DbOrTx,
  repos: Repositories,
  entity: EntityDefinition,
  fields: string[],
): Promise<NonNullable<WriteSheetOptions['choices']>> {
  const choices: NonNullable<WriteSheetOptions['choices']> = {};
  await Promise.all(
    fields.map(async (key) => {
      const field = entity.fields[key];
      if (field?.kind !== 'text' || !field.references) return;
      const { repo, column } = referencedColumn(repos, field.references);
      const found = await db
        .select({ code: sql<string>`${column}` })
        .from(repo.table)
        .orderBy(asc(column))
        .limit(maxListEntries + 1);
      choices[key] = { values: found.map((r) => r.code), complete: found.length <= maxListEntries };
    }),
  );
  return choices;
}

export function exportSheet(
  entity: EntityDefinition,
  op: Extract<Operation, { kind: 'exportSheet' }>,
  rows: AsyncIterable<Record<string, unknown>> | Iterable<Record<string, unknown>>,
  choices: WriteSheetOptions['choices'] = {},
) {
  const body = writeEntitySheet(entity, rows, {
    fields: sheetFields(entity, op.variant),
    template: op.template,
    choices,
  });
  return sheetDownload(body, sheetFileName(entity, op.template));
}

/** An .xlsx stream as an action's answer: a download under `fileName`, never cached. */
export function sheetDownload(body: Readable, fileName: string) {
  return {
    raw: {
      body,
      headers: {
        'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        'content-disposition': `attachment; filename="${fileName}"`,
        'x-content-type-options': 'nosniff',
        'cache-control': 'no-store',
      },
    },
  };
}

/** The existing record with the same natural key as `values`, locked for the rest of the transaction. */
export async function findByNaturalKey(
  tx: DbOrTx,
  repo: RecordRepository,
  values: Record<string, unknown>,
  variant: string | undefined,
): Promise<StoredRecord | undefined> {
  const key = repo.entity.naturalKey ?? [];
  if (key.length === 0) return undefined;
  const conditions = key.map((k) => eq(repo.column(k), values[k] as never));
  if (variant) conditions.push(eq(repo.column('variant'), variant as never));
  const [row] = await tx
    .select()
    .from(repo.table)
    .where(and(...conditions))
    .limit(1)
    .for('update');
  return row as StoredRecord | undefined;
}

/**
 * Writes one record by its natural key: creates it when no record has the key, else updates the one
 * that has it (rules judged on the merged record). Runs in the caller's transaction, with its audit
 * row: a create, or an update with the record before and after.
 *
 * The create is one statement that does nothing when the key is taken (`insert … on conflict do
 * nothing`), not a look followed by an insert: calls racing on a new key all succeed, the first
 * creating the record and the others updating it, where a look-then-insert answered 31 of 300 with
 * 409 on PostgreSQL. An insert that meets a record being written waits for its transaction; once
 * it has done nothing, the record is there to read, locked, and update, so nothing is retried.
 */
export async function upsertRecord(
  tx: DbOrTx,
  repo: RecordRepository,
  o: { values: Record<string, unknown>; variant: string | undefined; user: AuthenticatedUser },
): Promise<{ row: StoredRecord; created: boolean }> {
  const entity = repo.entity;
  const now = new Date();
  // A rule that refuses the values alone refuses them merged with any stored record too: it is
  // judged only when every field it names has a value, and those are the values sent.
  const newRecord = {
    ...o.values,
    ...(o.variant ? { variant: o.variant } : {}),
    warnings: judgeWrite({
      entity,
      values: o.values,
      acknowledged: undefined,
      previous: undefined,
      user: o.user,
      now,
    }),
  };
  // A verdict that differs from the standard's needs its reason (docs/verdict-pairs.md).
  const [through] = await verdictInputs(tx, entity, [o.values]);
  const sent = verdictOverrideReasonKey in o.values;
  Object.assign(
    newRecord,
    verdictPatch(
      judgeVerdict({ entity, values: o.values, through: through!, sent, user: o.user, now }),
      newRecord.warnings,
    ),
  );
  const inserted = await repo.insertIfAbsent(tx, newRecord, o.user);
  const before = inserted ? undefined : await findByNaturalKey(tx, repo, o.values, o.variant);
  if (!before) {
    // Inserted; or the insert met another unique value, not the natural key: inserting again is
    // refused naming that value (409), as a create is.
    const row = inserted ?? (await repo.insert(tx, newRecord, o.user));
    await writeAudit(tx, {
      entity: entity.name,
      entityId: row.id,
      action: 'create',
      actorId: o.user.id,
      after: row,
    });
    return { row, created: true };
  }
  if (entity.parent && entity.parent in o.values && o.values[entity.parent] !== before[entity.parent]) {
    const message = `${ALabel(entity.label)} stays where it was created`;
    throw new AppError('VALIDATION_ERROR', `${entity.parent} cannot be changed`, [
      { path: entity.parent, message },
    ]);
  }
  const warnings = judgeWrite({
    entity,
    values: { ...before, ...o.values },
    acknowledged: undefined,
    previous: before.warnings as RecordedWarning[] | undefined,
    user: o.user,
    now,
  });
  const verdict = verdictPatch(
    judgeVerdict({
      entity,
      values: { ...before, ...o.values },
      through: through!,
      sent,
      before,
      user: o.user,
      now,
    }),
    warnings,
  );
  const row = await repo.update(tx, before.id, { ...o.values, warnings, ...verdict }, undefined, o.user);
  await writeAudit(tx, {
    entity: entity.name,
    entityId: row.id,
    action: 'update',
    actorId: o.user.id,
    before,
    after: row,
  });
  return { row, created: false };
}

/** A row's error in the import's details: `rows.<n>.<field>`. */
const rowError = (rowNumber: number, e: FieldError) => ({
  path: `rows.${rowNumber}.${e.path}`,
  message: e.message,
});

/** Turns a valid row into one with errors (it keeps any it already had). */
function refuseRow(row: SheetRow, error: FieldError) {
  row.errors = [...(row.errors ?? []), error];
  delete row.values;
}

/**
 * The same record named twice in one sheet (its natural key or a unique field): the later rows are
 * that row's error, naming the first, rather than one write overwriting the other. Rows are told one
 * at a time, in the sheet's order, as they are read.
 */
function repeatWatch(entity: EntityDefinition): (row: SheetRow) => void {
  const keys = [...(entity.naturalKey?.length ? [entity.naturalKey] : []), ...entity.unique.map((k) => [k])];
  const watched = keys.map((key) => ({
    key,
    words: key.map((k) => labelInSentence(entity.fields[k]!.label ?? k)).join(' and '),
    seen: new Map<string, number>(),
  }));
  return (row) => {
    for (const { key, words, seen } of watched) {
      if (!row.values || key.some((k) => row.values![k] == null)) continue;
      const value = JSON.stringify(key.map((k) => row.values![k]));
      const first = seen.get(value);
      if (first === undefined) seen.set(value, row.rowNumber);
      else
        refuseRow(row, {
          path: key[0]!,
          message: `Row ${first} has the same ${words}: each record goes on one row`,
        });
    }
  };
}

/**
 * Codes in `references` columns (and in `itemsReference` lists) that name no record are their row's
 * error, naming the column and the code (one indexed read per column for the whole sheet), not a
 * foreign-key failure of the file.
 */
async function markUnknownReferences(
  db: DbOrTx,
  entity: EntityDefinition,
  fields: string[],
  rows: SheetRow[],
) {
  const refusals: [SheetRow, FieldError][] = [];
  for (const key of fields) {
    const field = entity.fields[key];
    if (field?.kind !== 'text' || !field.references) continue;
    const codes = [
      ...new Set(rows.map((r) => r.values?.[key]).filter((v): v is string => typeof v === 'string')),
    ];
    if (codes.length === 0) continue;
    const target = referenceTarget(field.references, (name) => entities[name]);
    const known = await knownCodes(db, field.references, codes);
    const keyWords = (target.entity.fields[target.field]!.label ?? target.field).toLowerCase();
    for (const row of rows) {
      const code = row.values?.[key];
      if (typeof code !== 'string' || known.has(code)) continue;
      refusals.push([
        row,
        {
          path: key,
          message: `${field.label ?? key}: no ${target.entity.label.toLowerCase()} has the ${keyWords} "${code}"`,
        },
      ]);
    }
  }
  for (const [key, references] of itemReferenceFields(entity)) {
    if (!fields.includes(key)) continue;
    const known = await knownCodes(
      db,
      references,
      listedCodes(rows.flatMap((r) => listedCodes(r.values?.[key]))),
    );
    for (const row of rows) {
      const unknown = listedCodes(row.values?.[key]).filter((c) => !known.has(c));
      if (unknown.length > 0) refusals.push([row, unknownItemsError(entity, key, unknown)]);
    }
  }
  // Refused once every column is judged, so a row with two unknown codes names both.
  for (const [row, error] of refusals) refuseRow(row, error);
}

/** The stored records a batch of rows names by natural key, locked for the rest of the transaction. */
async function existingByNaturalKey(
  tx: DbOrTx,
  repo: RecordRepository,
  rows: Record<string, unknown>[],
  variant: string | undefined,
): Promise<Map<string, StoredRecord>> {
  const key = repo.entity.naturalKey ?? [];
  if (key.length === 0 || rows.length === 0) return new Map();
  const ofVariant = variant ? eq(repo.column('variant'), variant as never) : undefined;
  let found: StoredRecord[];
  if (key.length === 1) {
    // One key field: its values as one array parameter, each looked up on its own through the
    // key's b-tree. The key written as `= any(array)` let the planner take the trigram index for
    // equality (its cost is misjudged until a vacuum), and every key sharing the batch's trigrams
    // (`BULK-…`) read the whole table: 10,000 work orders took 80 s on PostgreSQL instead of 3.
    // A range of one value is a b-tree's alone to serve.
    const column = repo.column(key[0]!);
    const keys = sql.param(rows.map((r) => r[key[0]!]));
    found = (await tx
      .select(getTableColumns(repo.table))
      .from(sql`unnest(${keys}::${sql.raw(column.getSQLType())}[]) as k (v)`)
      .innerJoin(repo.table, sql`${column} >= k.v and ${column} <= k.v`)
      .where(ofVariant)
      .for('update', { of: repo.table })) as StoredRecord[];
  } else {
    const matches = or(...rows.map((r) => and(...key.map((k) => eq(repo.column(k), r[k] as never)))!));
    found = (await tx
      .select()
      .from(repo.table)
      .where(and(matches, ofVariant))
      .for('update')) as StoredRecord[];
  }
  return new Map(found.map((row) => [naturalKeyOf(repo.entity, row), row]));
}

const naturalKeyOf = (entity: EntityDefinition, values: Record<string, unknown>) =>
  JSON.stringify((entity.naturalKey ?? []).map((k) => values[k]));

/**
 * Rows whose named record disagrees with them where the entity declares `referenceMatches` (a pump
 * on a piping work order) are their row's error, by the rule every single write obeys
 * (reference-fields.ts `referenceMismatches`), judged on the record each row leaves: a row that
 * updates a stored record is merged with what that record keeps. One read of the batch's stored
 * records and one per such reference field, for the whole batch.
 */
async function markMismatchedReferences(
  tx: DbOrTx,
  repo: RecordRepository,
  rows: SheetRow[],
  variant: string | undefined,
) {
  const entity = repo.entity;
  if (!hasReferenceMatches(entity)) return;
  const valid = rows.flatMap((row) => (row.values ? [{ row, values: row.values }] : []));
  if (valid.length === 0) return;
  const stored = await existingByNaturalKey(
    tx,
    repo,
    valid.map((v) => v.values),
    variant,
  );
  const errors = await referenceMismatches(
    tx,
    entity,
    valid.map(({ values }) => {
      const before = stored.get(naturalKeyOf(entity, values));
      return { row: before ? { ...before, ...values } : values, changed: values };
    }),
  );
  for (const [i, { row }] of valid.entries()) {
    const error = errors[i];
    if (error)
      refuseRow(row, {
        path: error.path,
        message: `${entity.fields[error.path]!.label ?? error.path}: ${error.message}`,
      });
  }
}

/**
 * A row of `table` (named `alias` in the statement) as JSON, as the engine writes a stored record
 * into the audit: `JSON.stringify` of the row as Drizzle reads it. Keys are the fields' names; times
 * are ISO strings to the millisecond in UTC (a JavaScript date); dates, numbers, booleans and JSON
 * are themselves. In pieces of 40 pairs, under PostgreSQL's 100 arguments a function takes.
 */
function storedJson(table: AnyPgTable, alias: string): SQL {
  const pairs = Object.entries(getTableColumns(table)).map(([key, column]) => {
    const value = sql`${sql.identifier(alias)}.${sql.identifier(column.name)}`;
    return column.columnType === 'PgTimestamp'
      ? sql`${key}::text, to_char(${value} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`
      : sql`${key}::text, ${value}`;
  });
  const pieces: SQL[] = [];
  for (let i = 0; i < pairs.length; i += 40)
    pieces.push(sql`jsonb_build_object(${sql.join(pairs.slice(i, i + 40), sql`, `)})`);
  return sql.join(pieces, sql` || `);
}

/** Rows of a batch by row number: created or updated, with the record's id. */
type BatchOutcome = Map<number, { status: 'created' | 'updated'; id: string }>;

/**
 * Writes a batch of valid rows in one statement: new records inserted, records with the same natural
 * key updated (the stored record merged with the row, rules judged on the result, version raised),
 * and one audit row each. A row a rule refuses names its row and nothing of the import stays.
 *
 * A new row whose key another writer (an upsert, another import) has taken since the stored records
 * were read is not inserted (`on conflict … do nothing`, which waits for that writer's transaction):
 * it is read again, locked, and written as an update of that record, so imports of the same new
 * records at once all succeed, one of them creating each record.
 */
async function writeBatch(
  tx: DbOrTx,
  repo: RecordRepository,
  batch: { rowNumber: number; values: Record<string, unknown> }[],
  o: { variant: string | undefined; user: AuthenticatedUser },
  result: ImportResult,
) {
  const outcome: BatchOutcome = new Map();
  let pending = batch;
  // A second pass finds the records that took its rows' keys; a third is needed only when one of
  // them was deleted in between.
  for (let pass = 1; pending.length > 0; pass++) {
    if (pass > 3)
      throw new AppError(
        'CONFLICT',
        `Row ${pending[0]!.rowNumber}: its record was being created and deleted by others at the same time; nothing was imported, import the sheet again`,
      );
    pending = await writeRows(tx, repo, pending, o, outcome);
  }
  for (const { rowNumber } of batch) {
    const { status, id } = outcome.get(rowNumber)!;
    result[status]++;
    result.rows.push({ rowNumber, status, id });
  }
}

/** One statement of `writeBatch`; answers the new rows whose key another writer took meanwhile. */
async function writeRows(
  tx: DbOrTx,
  repo: RecordRepository,
  batch: { rowNumber: number; values: Record<string, unknown> }[],
  o: { variant: string | undefined; user: AuthenticatedUser },
  outcome: BatchOutcome,
): Promise<{ rowNumber: number; values: Record<string, unknown> }[]> {
  const entity = repo.entity;
  const existing = await existingByNaturalKey(
    tx,
    repo,
    batch.map((r) => r.values),
    o.variant,
  );
  const now = new Date();
  const storedOf = (values: Record<string, unknown>) =>
    entity.naturalKey ? existing.get(naturalKeyOf(entity, values)) : undefined;
  // What each row's standard verdict reads through its references (docs/verdict-pairs.md).
  const throughs = await verdictInputs(
    tx,
    entity,
    batch.map(({ values }) => ({ ...storedOf(values), ...values })),
  );
  const planned = batch.map(({ rowNumber, values }, index) => {
    const before = storedOf(values);
    try {
      if (
        before &&
        entity.parent &&
        entity.parent in values &&
        values[entity.parent] !== before[entity.parent]
      )
        throw new AppError('VALIDATION_ERROR', `${entity.parent} cannot be changed`, [
          { path: entity.parent, message: `${ALabel(entity.label)} stays where it was created` },
        ]);
      const warnings = judgeWrite({
        entity,
        values: before ? { ...before, ...values } : values,
        acknowledged: undefined,
        previous: before?.warnings as RecordedWarning[] | undefined,
        user: o.user,
        now,
      });
      // A sheet carries no reason: a row differing from the standard is refused unless it stays
      // the override its stored reason was given for.
      const verdict = verdictPatch(
        judgeVerdict({
          entity,
          values: before ? { ...before, ...values } : values,
          through: throughs[index]!,
          sent: false,
          before,
          user: o.user,
          now,
        }),
        warnings,
      );
      const record = before
        ? { ...before, ...values, warnings, ...verdict, updatedBy: o.user.id }
        : {
            ...values,
            id: randomUUID(),
            ...(o.variant ? { variant: o.variant } : {}),
            warnings,
            ...verdict,
            createdBy: o.user.id,
            updatedBy: o.user.id,
          };
      return { rowNumber, values, before, record };
    } catch (error) {
      if (error instanceof AppError)
        throw new AppError(
          error.code,
          `Row ${rowNumber}: ${error.message}; nothing was imported`,
          error.details?.map((d) => rowError(rowNumber, d)),
        );
      throw error;
    }
  });
  const fresh = planned.filter((p) => !p.before);
  const stored = planned.filter((p) => p.before);
  // One parameter per column, an array of the batch's values (`unnest`): a statement of 500 rows
  // built, sent and parsed as 23 parameters rather than 11,500 costs a third of the time.
  // Updates take every declared field from the merged record; the record columns move on as an
  // update's do.
  const keys = [
    'id',
    ...(o.variant ? ['variant'] : []),
    ...Object.keys(entity.fields),
    'warnings',
    ...(entity.verdict ? [verdictOverrideReasonKey] : []),
    'createdBy',
    'updatedBy',
  ];
  const columns = keys.map((key) => repo.column(key));
  const columnNames = sql.join(
    columns.map((c) => sql.identifier(c.name)),
    sql`, `,
  );
  const rowsOf = (rows: typeof planned) =>
    sql`select * from unnest(${sql.join(
      columns.map((column, i) => {
        const json = column.getSQLType().startsWith('json');
        const values = rows.map((p) => {
          const value = (p.record as Record<string, unknown>)[keys[i]!];
          return value === undefined || value === null ? null : json ? JSON.stringify(value) : value;
        });
        return sql`${sql.param(values)}::${sql.raw(column.getSQLType())}[]`;
      }),
      sql`, `,
    )})`;
  // New records give way to a record with the same natural key written since the read (the
  // natural key's unique index, per variant); any other unique value taken is refused (409).
  const naturalKey = entity.naturalKey?.length
    ? sql`on conflict (${sql.join(
        [...(entity.variants ? ['variant'] : []), ...entity.naturalKey].map((k) =>
          sql.identifier(repo.column(k).name),
        ),
        sql`, `,
      )}) do nothing`
    : sql``;
  const updated = [...Object.keys(entity.fields), 'warnings', 'updatedBy'].map((key) => {
    const name = sql.identifier(repo.column(key).name);
    return sql`${name} = excluded.${name}`;
  });
  const version = sql.identifier(repo.column('version').name);
  // The written rows go straight into the audit in the same statement, each as the JSON of its
  // stored record (`storedJson`): sending 10,000 records back and their JSON in again cost 0.5 s.
  const recordJson = (record: unknown) => (record ? JSON.stringify(record) : null);
  const created = await tx.execute<{ id: string }>(sql`with created as (
      insert into ${repo.table} (${columnNames}) ${rowsOf(fresh)} ${naturalKey} returning *),
    changed as (
      insert into ${repo.table} (${columnNames}) ${rowsOf(stored)}
      on conflict (${sql.identifier(repo.column('id').name)}) do update set ${sql.join(updated, sql`, `)},
        ${version} = ${repo.table}.${version} + 1,
        ${sql.identifier(repo.column('updatedAt').name)} = now()
      returning *),
    written as (select * from created union all select * from changed),
    audited as (insert into ${auditLog} (entity, entity_id, action, actor_id, before, after)
      select ${entity.name}, written.id, a.action, ${o.user.id}::uuid, a.before, ${storedJson(repo.table, 'written')}
      from written join unnest(
        ${sql.param(planned.map((p) => p.record.id as string))}::uuid[],
        ${sql.param(planned.map((p) => (p.before ? 'update' : 'create')))}::text[],
        ${sql.param(planned.map((p) => recordJson(p.before)))}::jsonb[]
      ) as a(id, action, before) on a.id = written.id)
    select id from created`);
  const inserted = new Set(created.rows.map((r) => r.id));
  for (const p of planned) {
    const id = p.record.id as string;
    if (p.before) outcome.set(p.rowNumber, { status: 'updated', id });
    else if (inserted.has(id)) outcome.set(p.rowNumber, { status: 'created', id });
  }
  return fresh.filter((p) => !inserted.has(p.record.id as string));
}

/**
 * Reads an uploaded sheet and, when every row is valid, writes them all in one transaction; any row
 * with errors and nothing is written, every row's errors returned (`rows.<n>.<field>`). Besides each
 * row's own values, a row is refused for a `references` code that names no record, for naming a
 * record that disagrees with it where the entity declares `referenceMatches` (equipment of another
 * category than the work order's, as a single write is refused) and for naming a record another
 * row of the sheet already names.
 *
 * Rows are written a batch per statement while the rest of the sheet is read: the database inserts
 * one batch as the server reads the next (10,000 work orders: reading 0.5 s, writing 2 s). The first
 * refused row stops the writing; the sheet is still read to the end, so every row's errors are told,
 * and the transaction is rolled back. The upload is received whole before the transaction begins,
 * so it lasts as long as the work, not as long as a slow network.
 */
export async function importSheet(
  db: { transaction<T>(work: (tx: DbOrTx) => Promise<T>): Promise<T> } & DbOrTx,
  repos: Repositories,
  repo: RecordRepository,
  o: { file: NodeJS.ReadableStream; variant: string | undefined; user: AuthenticatedUser },
): Promise<ImportResult> {
  const entity = repo.entity;
  const fields = sheetFields(entity, o.variant);
  const file = await receivedUpload(o.file as Readable, importBounds.maxBytes);
  return withImportSlot(() => importRows(db, repo, file, fields, o));
}

/** The reading and writing of `importSheet`, in one transaction, once the import has its slot. */
async function importRows(
  db: { transaction<T>(work: (tx: DbOrTx) => Promise<T>): Promise<T> } & DbOrTx,
  repo: RecordRepository,
  file: Buffer,
  fields: string[],
  o: { variant: string | undefined; user: AuthenticatedUser },
): Promise<ImportResult> {
  const entity = repo.entity;
  return db.transaction(async (tx) => {
    // The server's sessions plan every statement for its values (`plannerSettings`), and so the
    // foreign-key checks: each of 10,000 rows × 4 references was planned afresh, 1 s of the import.
    // The import's own statements are planned once each whatever the setting.
    await tx.execute(sql`set local plan_cache_mode = auto`);
    const result: ImportResult = { created: 0, updated: 0, rows: [] };
    const markRepeat = repeatWatch(entity);
    // Batches are judged and written one after another, behind the reading. The reading is not
    // held back for them: it is the shorter part, and holding it made the import slower (2.3 s
    // instead of 2) and its memory no smaller. A written row lets go of its values.
    let writing = Promise.resolve();
    let failure: { error: unknown } | undefined;
    let refused = false;
    const write = (batch: SheetRow[]) => {
      writing = writing.then(async () => {
        if (failure) return;
        try {
          await markUnknownReferences(tx, entity, fields, batch);
          await markMismatchedReferences(tx, repo, batch, o.variant);
          refused ||= batch.some((r) => !r.values);
          if (refused) return;
          const valid = batch.map((r) => ({ rowNumber: r.rowNumber, values: r.values! }));
          await writeBatch(tx, repo, valid, o, result);
          // Written: only a row's errors are read again.
          for (const row of batch) delete row.values;
        } catch (error) {
          failure = { error };
        }
      });
    };
    let batch: SheetRow[] = [];
    const { rows } = await readEntitySheet(entity, Readable.from([file]), {
      ...importBounds,
      fields,
      onRow: (row) => {
        markRepeat(row);
        batch.push(row);
        if (batch.length < rowsPerWrite) return;
        write(batch);
        batch = [];
      },
    }).finally(() => writing);
    if (batch.length > 0) write(batch);
    await writing;
    if (rows.length === 0) throw new AppError('BAD_REQUEST', 'The sheet has a header row but no data rows');
    const errors = rows.flatMap((r) => (r.errors ?? []).map((e) => rowError(r.rowNumber, e)));
    if (errors.length > 0) {
      const failed = rows.filter((r) => r.errors?.length).length;
      throw new AppError(
        'VALIDATION_ERROR',
        `${failed} of ${rows.length} rows have errors (first: row ${errors[0]!.path.split('.')[1]}, ${errors[0]!.message}); nothing was imported`,
        errors,
      );
    }
    // A batch refused as it was written (a rule judged on the stored record), told after the rows'
    // own errors as when every row was judged before any was written.
    if (failure) throw failure.error;
    return result;
  });
}

/**
 * An upload read whole into memory, refused past `maxBytes` (the multipart limit stops the stream
 * one byte over it, so the sheet reader tells the refusal as it does for any oversized file). An
 * import receives its file before it takes its slot (import-slots.ts) and opens its transaction:
 * a slow network then holds neither, and the file is small beside what reading it costs (a
 * 10,000-row sheet is about 0.3 MB).
 */
export async function receivedUpload(file: Readable, maxBytes: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of file) {
      chunks.push(chunk as Buffer);
      size += (chunk as Buffer).length;
      if (size > maxBytes) break;
    }
  } catch (error) {
    throw new AppError('BAD_REQUEST', 'The file was not received whole: send it again', undefined, {
      cause: error,
    });
  }
  return Buffer.concat(chunks);
}
