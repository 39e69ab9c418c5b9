import { Readable } from 'node:stream';
import { ALabel, entities, referenceTarget, verdictOverrideReasonKey } from '@inspectra/contract';
import type { EntityDefinition, ImportResult, Operation, RecordedWarning } from '@inspectra/contract';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { AppError } from '../errors.ts';
import type { AuthenticatedUser } from './access.ts';
import type { WriteCheck } from './engine-deps.ts';
import { withImportSlot } from './import-slots.ts';
import { judgeKeyedRows, repeatWatch, rowError, writeKeyedRows } from './keyed-rows.ts';
import { writeAudit } from './records.ts';
import type { ListQuery, RecordRepository, StoredRecord } from './records.ts';
import type { StartRows } from './row-templates.ts';
import { judgeWrite } from './rules.ts';
import { maxListEntries, readEntitySheet, writeEntitySheet } from './spreadsheet.ts';
import type { SheetRow, WriteSheetOptions } from './spreadsheet.ts';
import { judgeVerdict, verdictInputs, verdictPatch } from './verdicts.ts';

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

/** A declared list's batches (`listEvery`) as one run of sheet rows. */
export async function* sheetRows<T>(batches: AsyncGenerator<T[]>) {
  for await (const batch of batches) yield* batch;
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
  o: {
    values: Record<string, unknown>;
    variant: string | undefined;
    user: AuthenticatedUser;
    /** The warnings the caller saw and confirmed (`acknowledgedWarnings`). */
    acknowledged?: readonly string[];
    writeCheck?: WriteCheck;
    /** Starts the rows a created record begins with (row-templates.ts), in this transaction. */
    startRows?: StartRows;
  },
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
      acknowledged: o.acknowledged,
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
  // The module's check judges the values sent; it runs again on the merged record if they update.
  await o.writeCheck?.({ tx, values: o.values, before: undefined, user: o.user });
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
    await o.startRows?.(tx, [row]);
    return { row, created: true };
  }
  if (entity.parent && entity.parent in o.values && o.values[entity.parent] !== before[entity.parent]) {
    const message = `${ALabel(entity.label)} stays where it was created`;
    throw new AppError('VALIDATION_ERROR', `${entity.parent} cannot be changed`, [
      { path: entity.parent, message },
    ]);
  }
  await o.writeCheck?.({ tx, values: o.values, before, user: o.user });
  const warnings = judgeWrite({
    entity,
    values: { ...before, ...o.values },
    acknowledged: o.acknowledged,
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
  o: {
    file: NodeJS.ReadableStream;
    variant: string | undefined;
    user: AuthenticatedUser;
    writeCheck?: WriteCheck;
    /** Starts the rows each created record begins with (row-templates.ts). */
    startRows?: StartRows;
  },
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
  o: { variant: string | undefined; user: AuthenticatedUser; writeCheck?: WriteCheck; startRows?: StartRows },
): Promise<ImportResult> {
  const entity = repo.entity;
  return db.transaction(async (tx) => {
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
          await judgeKeyedRows(tx, repo, batch, { fields, variant: o.variant });
          refused ||= batch.some((r) => !r.values);
          if (refused) return;
          const valid = batch.map((r) => ({ rowNumber: r.rowNumber, values: r.values! }));
          for (const row of await writeKeyedRows(tx, repo, valid, {
            ...o,
            nothing: 'nothing was imported',
          })) {
            result[row.status]++;
            result.rows.push(row);
          }
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
