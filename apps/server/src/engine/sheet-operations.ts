import type { Readable } from 'node:stream';
import type { EntityDefinition, ImportResult, Operation } from '@inspectra/contract';
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { AppError } from '../errors.ts';
import type { AuthenticatedUser } from './access.ts';
import { writeAudit } from './records.ts';
import type { ListQuery, RecordRepository, StoredRecord } from './records.ts';
import { readEntitySheet, writeEntitySheet } from './spreadsheet.ts';
import { judgeWrite } from './rules.ts';
import type { RecordedWarning } from '@inspectra/contract';

/** Most rows one export holds (a planner's sheet, not a backup); a larger list is refused, narrowed. */
export const maxExportRows = 100_000;
/** Most rows and bytes one import reads: one campaign's equipment or work orders at a time. */
export const importBounds = { maxRows: 5000, maxBytes: 10 * 1024 * 1024 };

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

export function exportSheet(
  entity: EntityDefinition,
  op: Extract<Operation, { kind: 'exportSheet' }>,
  rows: AsyncIterable<Record<string, unknown>> | Iterable<Record<string, unknown>>,
) {
  const body = writeEntitySheet(entity, rows, {
    fields: sheetFields(entity, op.variant),
    template: op.template,
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
 * Writes one record by its natural key: updates the record that has it (rules judged on the merged
 * record), else creates one. Runs in the caller's transaction, with its audit row.
 */
export async function upsertRecord(
  tx: DbOrTx,
  repo: RecordRepository,
  o: { values: Record<string, unknown>; variant: string | undefined; user: AuthenticatedUser },
): Promise<{ row: StoredRecord; created: boolean }> {
  const entity = repo.entity;
  const before = await findByNaturalKey(tx, repo, o.values, o.variant);
  const warnings = judgeWrite({
    entity,
    values: before ? { ...before, ...o.values } : o.values,
    acknowledged: undefined,
    previous: before?.warnings as RecordedWarning[] | undefined,
    user: o.user,
    now: new Date(),
  });
  if (before) {
    if (entity.parent && entity.parent in o.values && o.values[entity.parent] !== before[entity.parent]) {
      const message = `A ${entity.label.toLowerCase()} stays where it was created`;
      throw new AppError('VALIDATION_ERROR', `${entity.parent} cannot be changed`, [
        { path: entity.parent, message },
      ]);
    }
    const row = await repo.update(tx, before.id, { ...o.values, warnings }, undefined, o.user.id);
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
  const row = await repo.insert(
    tx,
    { ...o.values, ...(o.variant ? { variant: o.variant } : {}), warnings },
    o.user.id,
  );
  await writeAudit(tx, {
    entity: entity.name,
    entityId: row.id,
    action: 'create',
    actorId: o.user.id,
    after: row,
  });
  return { row, created: true };
}

/**
 * Reads an uploaded sheet and, when every row is valid, writes them all in one transaction; any row
 * with errors and nothing is written, every row's errors returned (`rows.<n>.<field>`).
 */
export async function importSheet(
  db: { transaction<T>(work: (tx: DbOrTx) => Promise<T>): Promise<T> },
  repo: RecordRepository,
  o: { file: NodeJS.ReadableStream; variant: string | undefined; user: AuthenticatedUser },
): Promise<ImportResult> {
  const entity = repo.entity;
  const { rows } = await readEntitySheet(entity, o.file as never, {
    ...importBounds,
    fields: sheetFields(entity, o.variant),
  });
  if (rows.length === 0) throw new AppError('BAD_REQUEST', 'The sheet has no data rows');
  const errors = rows.flatMap((r) =>
    (r.errors ?? []).map((e) => ({ path: `rows.${r.rowNumber}.${e.path}`, message: e.message })),
  );
  if (errors.length > 0) {
    const failed = rows.filter((r) => r.errors?.length).length;
    throw new AppError(
      'VALIDATION_ERROR',
      `${failed} of ${rows.length} rows have errors (first: row ${errors[0]!.path.split('.')[1]}, ${errors[0]!.message}); nothing was imported`,
      errors,
    );
  }
  return db.transaction(async (tx) => {
    const result: ImportResult = { created: 0, updated: 0, rows: [] };
    for (const sheetRow of rows) {
      try {
        // Matched by natural key when the entity declares one; otherwise every row is a new record.
        const { row, created } = await upsertRecord(tx, repo, {
          values: sheetRow.values!,
          variant: o.variant,
          user: o.user,
        });
        result[created ? 'created' : 'updated']++;
        result.rows.push({
          rowNumber: sheetRow.rowNumber,
          status: created ? 'created' : 'updated',
          id: row.id,
        });
      } catch (error) {
        // A row refused while writing (a rule on the merged record, a constraint) names its row.
        if (error instanceof AppError)
          throw new AppError(
            error.code,
            `Row ${sheetRow.rowNumber}: ${error.message}; nothing was imported`,
            error.details,
          );
        throw error;
      }
    }
    return result;
  });
}
