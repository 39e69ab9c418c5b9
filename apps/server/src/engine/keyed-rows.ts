import { randomUUID } from 'node:crypto';
import {
  ALabel,
  entities,
  labelInSentence,
  referenceTarget,
  verdictOverrideReasonKey,
} from '@inspectra/contract';
import type { EntityDefinition, FieldError, RecordedWarning } from '@inspectra/contract';
import { and, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { AnyPgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../db/client.ts';
import { auditLog } from '../db/schema/index.ts';
import { AppError } from '../errors.ts';
import type { AuthenticatedUser } from './access.ts';
import type { WriteCheck } from './engine-deps.ts';
import { itemReferenceFields, knownCodes, listedCodes, unknownItemsError } from './item-references.ts';
import { assertUnlocked } from './record-lock.ts';
import type { RecordRepository, StoredRecord } from './records.ts';
import type { StartRows } from './row-templates.ts';
import { hasReferenceMatches, referenceMismatches } from './reference-fields.ts';
import { judgeWrite } from './rules.ts';
import type { SheetRow } from './spreadsheet.ts';
import { judgeVerdict, verdictInputs, verdictPatch } from './verdicts.ts';

/*
 * The one writer of rows by natural key, many at a time: a spreadsheet import (sheet-operations.ts)
 * and a bulk upsert (operations/upsert.ts) both judge and write their rows here, so a check added
 * once holds for both. Judging (`judgeKeyedRows`): a row's codes name records, its named records
 * agree with it, no two rows name one record. Writing (`writeKeyedRows`): under an unlocked parent,
 * each row merged with its stored record and judged by the rules (its own confirmed warnings), the
 * module's write check, and one statement per batch for the records and their audit rows.
 */

/** A row to write: its number (a sheet's row, an array's index), its values, what it confirms. */
export type KeyedRow = {
  rowNumber: number;
  values: Record<string, unknown>;
  /** The rule ids of the warnings its sender saw and confirmed (`acknowledgedWarnings`). */
  acknowledged?: readonly string[];
};

/** How a batch is written: the route's variant, the caller, and the module's check of a write. */
export type KeyedWrite = {
  variant: string | undefined;
  user: AuthenticatedUser;
  writeCheck?: WriteCheck;
  /** What a refusal of the whole call says was kept: "nothing was imported". */
  nothing: string;
  /** Starts the template rows of the records the batch created (row-templates.ts), in its transaction. */
  startRows?: StartRows;
};

/** What became of each row: created or updated, and its record's id. */
export type KeyedOutcome = { rowNumber: number; status: 'created' | 'updated'; id: string };

/** A row's error in a call's details: `rows.<n>.<field>`. */
export const rowError = (rowNumber: number, e: FieldError) => ({
  path: `rows.${rowNumber}.${e.path}`,
  message: e.message,
});

/** Turns a valid row into one with errors (it keeps any it already had). */
export function refuseRow(row: SheetRow, error: FieldError) {
  row.errors = [...(row.errors ?? []), error];
  delete row.values;
}

/**
 * The same record named twice in one sheet (its natural key or a unique field): the later rows are
 * that row's error, naming the first, rather than one write overwriting the other. Rows are told one
 * at a time, in the sheet's order, as they are read.
 */
export function repeatWatch(entity: EntityDefinition): (row: SheetRow) => void {
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
    // Several key fields: an array parameter each, joined on the key's unique index. A condition
    // of one `or` branch per row cost a planning of 60 branches and 180 parameters per bulk write.
    const columns = key.map((k) => repo.column(k));
    const arrays = key.map(
      (k, i) => sql`${sql.param(rows.map((r) => r[k]))}::${sql.raw(columns[i]!.getSQLType())}[]`,
    );
    const names = sql.raw(key.map((_, i) => `v${i}`).join(', '));
    found = (await tx
      .select(getTableColumns(repo.table))
      .from(sql`unnest(${sql.join(arrays, sql`, `)}) as k (${names})`)
      .innerJoin(repo.table, and(...columns.map((c, i) => sql`${c} = ${sql.raw(`k.v${i}`)}`)))
      .where(ofVariant)
      .for('update', { of: repo.table })) as StoredRecord[];
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
 * Writes a batch of valid rows (judged by `judgeKeyedRows`) in one statement: new records inserted,
 * records with the same natural key updated (the stored record merged with the row, rules judged on
 * the result with the row's own confirmations, version raised), and one audit row each. Nothing is
 * written under a locked parent (a report in approval or approved: 409), and the module's write
 * check judges each row first. A row a rule or check refuses names its row (`rows.<n>.<field>`)
 * and the caller's transaction keeps nothing.
 *
 * A new row whose key another writer (an upsert, another import) has taken since the stored records
 * were read is not inserted (`on conflict … do nothing`, which waits for that writer's transaction):
 * it is read again, locked, and written as an update of that record, so writes of the same new
 * records at once all succeed, one of them creating each record.
 */
export async function writeKeyedRows(
  tx: DbOrTx,
  repo: RecordRepository,
  batch: KeyedRow[],
  o: KeyedWrite,
): Promise<KeyedOutcome[]> {
  const entity = repo.entity;
  // Held FOR SHARE until the transaction ends, so an approval cannot slip in between: one query per
  // parent the batch names (an import of work orders has no lock to ask about, and asks nothing).
  const parents = new Set(
    entity.parent ? batch.map((r) => r.values[entity.parent!]).filter((v) => typeof v === 'string') : [],
  );
  for (const parentId of parents) await assertUnlocked(tx, entity, { parentId: parentId as string });
  const outcome: BatchOutcome = new Map();
  let pending = batch;
  // A second pass finds the records that took its rows' keys; a third is needed only when one of
  // them was deleted in between.
  for (let pass = 1; pending.length > 0; pass++) {
    if (pass > 3)
      throw new AppError(
        'CONFLICT',
        `Row ${pending[0]!.rowNumber}: its record was being created and deleted by others at the same time; ${o.nothing}, send it again`,
      );
    pending = await writeRows(tx, repo, pending, o, outcome);
  }
  const written = batch.map(({ rowNumber }) => ({ rowNumber, ...outcome.get(rowNumber)! }));
  if (repo.keepsValues)
    await repo.keepValues(
      tx,
      await storedRecords(
        tx,
        repo,
        written.map((w) => w.id),
      ),
      o.user,
    );
  if (o.startRows) {
    const created = written.filter((w) => w.status === 'created').map((w) => w.id);
    await o.startRows(tx, await storedRecords(tx, repo, created));
  }
  return written;
}

/**
 * Judges rows before any is written, each a row's error when it fails: a code in a `references`
 * column (or an `itemsReference` list) that names no record, and a named record that disagrees with
 * the row where the entity declares `referenceMatches`. Repeats within the rows are told as they
 * are read (`repeatWatch`). `fields`: the fields the rows may carry.
 */
export async function judgeKeyedRows(
  tx: DbOrTx,
  repo: RecordRepository,
  rows: SheetRow[],
  o: { fields: string[]; variant: string | undefined },
): Promise<void> {
  await markUnknownReferences(tx, repo.entity, o.fields, rows);
  await markMismatchedReferences(tx, repo, rows, o.variant);
}

/** The records a write left, by id, as stored (one statement). */
export async function storedRecords(
  db: DbOrTx,
  repo: RecordRepository,
  ids: string[],
): Promise<StoredRecord[]> {
  if (ids.length === 0) return [];
  const found = (await db
    .select()
    .from(repo.table)
    .where(inArray(repo.column('id'), ids))) as StoredRecord[];
  const byId = new Map(found.map((r) => [r.id, r]));
  return ids.map((id) => byId.get(id)!);
}

/** One statement of `writeKeyedRows`; answers the new rows whose key another writer took meanwhile. */
async function writeRows(
  tx: DbOrTx,
  repo: RecordRepository,
  batch: KeyedRow[],
  o: KeyedWrite,
  outcome: BatchOutcome,
): Promise<KeyedRow[]> {
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
  const planned: {
    rowNumber: number;
    values: Record<string, unknown>;
    before: StoredRecord | undefined;
    record: Record<string, unknown>;
  }[] = [];
  for (const [index, { rowNumber, values, acknowledged }] of batch.entries()) {
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
      await o.writeCheck?.({ tx, values, before, user: o.user });
      const warnings = judgeWrite({
        entity,
        values: before ? { ...before, ...values } : values,
        acknowledged,
        previous: before?.warnings as RecordedWarning[] | undefined,
        user: o.user,
        now,
      });
      // A sheet carries no reason (nor a row that leaves it out): a row differing from the
      // standard is refused unless it stays the override its stored reason was given for.
      const verdict = verdictPatch(
        judgeVerdict({
          entity,
          values: before ? { ...before, ...values } : values,
          through: throughs[index]!,
          sent: verdictOverrideReasonKey in values,
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
      planned.push({ rowNumber, values, before, record });
    } catch (error) {
      if (error instanceof AppError)
        throw new AppError(
          error.code,
          `Row ${rowNumber}: ${error.message}; ${o.nothing}`,
          error.details?.map((d) => rowError(rowNumber, d)),
        );
      throw error;
    }
  }
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
