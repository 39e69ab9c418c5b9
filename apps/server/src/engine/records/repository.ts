import type { EntityDefinition } from '@inspectra/contract';
import { and, eq, getTableColumns, param, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import type { EntityTable } from '../entity-table.ts';
import { assertKnownItems } from '../item-references.ts';
import { assertReferencesMatch } from '../reference-fields.ts';
import { assertUnlocked } from '../record-lock.ts';
import { unscoped } from '../record-scope.ts';
import type { Actor, ReadScope } from '../record-scope.ts';
import { readPage } from './paging.ts';
import type { PageOptions } from './paging.ts';
import type { Page } from './page.ts';
import type { ListQuery, StoredRecord } from './read-shapes.ts';
import { RecordTable } from './record-table.ts';
import { everyRecord, firstRecord } from './unpaged.ts';
import type { RecordBatch, UnpagedLimit } from './unpaged.ts';

/**
 * Data access for one declared entity: the only place its SQL is written. Its table (columns,
 * scope, statements: record-table.ts) is what the files beside it read, one idea each: conditions
 * (list-query.ts), order (list-order.ts), pages (paging.ts, short-search.ts, range-density.ts),
 * unpaged reads (unpaged.ts). The repository composes them and adds reads by id and the writes.
 */
/**
 * What a module keeps on other records from an entity's rows (a location's summary of its
 * readings): run in the write's transaction after every insert, update or delete of rows, by any
 * call (create, update, delete, keyed and sheet writes), with the rows as written or as they were
 * and who wrote them (what it writes in turn is audited as theirs).
 */
export type KeptValues = (tx: DbOrTx, rows: readonly StoredRecord[], actor: Actor) => Promise<void>;

export class RecordRepository extends RecordTable {
  private readonly keeps: KeptValues | undefined;

  constructor(
    entity: EntityDefinition,
    table: EntityTable,
    o: ConstructorParameters<typeof RecordTable>[2] & { keeps?: KeptValues },
  ) {
    super(entity, table, o);
    this.keeps = o.keeps;
  }

  /** Whether a module keeps values from this entity's rows (`KeptValues`). */
  get keepsValues(): boolean {
    return this.keeps !== undefined;
  }

  /**
   * Brings what modules keep from these rows up to date (`KeptValues`), in the write's transaction:
   * the repository's own writes do it; a write of many rows in one statement (keyed-rows.ts) calls it.
   */
  async keepValues(tx: DbOrTx, rows: readonly StoredRecord[], actor: Actor): Promise<void> {
    if (rows.length > 0) await this.keeps?.(tx, rows, actor);
  }

  private async kept(tx: DbOrTx, row: StoredRecord, actor: Actor): Promise<StoredRecord> {
    await this.keepValues(tx, [row], actor);
    return row;
  }

  /**
   * Plant-wide records are written by the plant owner's staff only: a contractor company's user
   * reads them and is refused any write, whatever the role grants (docs/company-scoping.md).
   */
  assertMayWrite(actor: Actor) {
    if (actor.companyId && 'plantWide' in this.scope)
      throw new AppError(
        'FORBIDDEN',
        `${this.entity.label} records are plant-wide reference data, kept by the plant owner's staff: a contractor company's users read them but cannot change them`,
      );
  }

  /**
   * A contractor company's write of a record whose own values decide its scope (a report: its work
   * order and method name the assignment that brings it in) must leave it in the company's scope:
   * else 403 with the scope's refusal, thrown inside the write's transaction so nothing is kept.
   * `changes`: an update's values; one that sets none of the fields the scope reads is not checked.
   */
  private async assertInActorScope(tx: DbOrTx, id: string, actor: Actor, changes?: Record<string, unknown>) {
    if (!actor.companyId || !('condition' in this.scope) || !this.scope.writes) return;
    const { fields, refusal } = this.scope.writes;
    if (changes && !fields.some((field) => field in changes)) return;
    const [inScope] = await tx
      .select({ one: sql`1` })
      .from(this.table)
      .where(and(eq(this.column('id'), id), this.scope.condition(sql`${actor.companyId}::uuid`)))
      .limit(1);
    if (!inScope) throw new AppError('FORBIDDEN', refusal);
  }

  /** One page of records, with their images, and how many matched (paging.ts `readPage`). */
  page(
    db: DbOrTx,
    q: ListQuery & { pageNumber: number; pageSize: number },
    o: PageOptions = {},
  ): Promise<Page> {
    return readPage(this, db, q, o);
  }

  /** Every record that matches, in list order, in batches; refused past a limit (unpaged.ts). */
  every(db: DbOrTx, q: ListQuery, o: UnpagedLimit = {}): Promise<AsyncGenerator<RecordBatch>> {
    return everyRecord(this, db, q, o);
  }

  /**
   * Every record that matches, whole, for a module that works on them together (a group of
   * summaries, a work order's assignments): bounded as `every` is, refused past the limit.
   */
  async all(db: DbOrTx, q: ListQuery): Promise<StoredRecord[]> {
    const rows: StoredRecord[] = [];
    for await (const batch of await this.every(db, q)) rows.push(...batch.rows);
    return rows;
  }

  /** The first record that matches in list order (the one record of a parent), or undefined. */
  first(db: DbOrTx, q: ListQuery): Promise<StoredRecord | undefined> {
    return firstRecord(this, db, q);
  }

  /**
   * One record; `lock` holds it (FOR UPDATE) until the caller's transaction ends. Under the caller's
   * scope, a record outside their company's is not found, as if it did not exist. Prepared by shape
   * (scoped or not, locked or not), as the lists are: a record read by id is the commonest read, and
   * built and planned afresh each time a report's header took 0.43–0.59 ms against 0.27–0.37 ms
   * prepared, one at a time on PostgreSQL.
   */
  async find(
    db: DbOrTx,
    id: string,
    scope: ReadScope,
    o: { lock?: boolean } = {},
  ): Promise<StoredRecord | undefined> {
    const scoped = this.preparedScope(scope);
    const [row] = await this.statements.run<StoredRecord[]>(
      db,
      `find${scoped ? ':scoped' : ''}${o.lock ? ':lock' : ''}`,
      () => {
        const query = db
          .select()
          .from(this.table)
          .where(and(eq(this.column('id'), sql.placeholder('id')), scoped?.where()))
          .limit(1);
        return o.lock ? query.for('update') : query;
      },
      { id, ...scoped?.values },
      // By its key: one row, whichever it is and whoever asks.
      'shared',
    );
    return row;
  }

  async get(db: DbOrTx, id: string, scope: ReadScope, o: { lock?: boolean } = {}): Promise<StoredRecord> {
    const row = await this.find(db, id, scope, o);
    if (!row) throw new AppError('NOT_FOUND', `${this.entity.label} ${id} was not found`);
    return row;
  }

  /**
   * Every write goes through here first: a record under a locked one (a report in approval or
   * approved) is refused
   * with 409, checked and held in the writer's transaction (record-lock.ts). No query for entities
   * that no lock reaches.
   */
  private async assertWritable(
    tx: DbOrTx,
    target: { recordId: string } | { values: Record<string, unknown> },
  ) {
    if ('recordId' in target) return assertUnlocked(tx, this.entity, target);
    const parentId = this.entity.parent ? target.values[this.entity.parent] : undefined;
    if (typeof parentId === 'string') await assertUnlocked(tx, this.entity, { parentId });
  }

  async insert(tx: DbOrTx, values: Record<string, unknown>, actor: Actor): Promise<StoredRecord> {
    const [row] = await (await this.checkedInsert(tx, values, actor)).statement.returning();
    await this.assertInActorScope(tx, (row as StoredRecord).id, actor);
    await assertReferencesMatch(tx, this.entity, row as StoredRecord, values);
    return this.kept(tx, row as StoredRecord, actor);
  }

  /**
   * The record a create's client-made id already names (docs/offline-capture.md, part 2), read in
   * the create's transaction once the id is held, so two creates of one id run one after the other
   * and the second sees the first. `sameCreate`: it is the actor's own create of these values, made
   * by them, of this variant, each of `fields` as stored equal to the value (absent: empty),
   * compared in SQL so a number, date or list sent in another spelling is still the same value.
   */
  async heldByClientId(
    tx: DbOrTx,
    id: string,
    o: {
      values: Record<string, unknown>;
      fields: readonly string[];
      variant: string | undefined;
      actor: Actor;
    },
  ): Promise<{ record: StoredRecord; sameCreate: boolean } | undefined> {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${this.entity.table}), hashtext(${id}))`);
    const same = [
      eq(this.column('createdBy'), o.actor.id),
      ...(o.variant ? [eq(this.column('variant'), o.variant)] : []),
      ...o.fields.map((key) => {
        const column = this.column(key);
        return sql`${column} is not distinct from ${param(o.values[key] ?? null, column)}`;
      }),
    ];
    const [row] = await tx
      .select({ ...getTableColumns(this.table), sameCreate: sql<boolean>`${and(...same)}` })
      .from(this.table)
      .where(eq(this.column('id'), id))
      .limit(1);
    if (!row) return undefined;
    const { sameCreate, ...record } = row as StoredRecord & { sameCreate: boolean };
    return { record: record as StoredRecord, sameCreate };
  }

  /** Inserts unless a unique index already holds such a record (one per parent): undefined then. */
  async insertIfAbsent(
    tx: DbOrTx,
    values: Record<string, unknown>,
    actor: Actor,
  ): Promise<StoredRecord | undefined> {
    const [row] = await (
      await this.checkedInsert(tx, values, actor)
    ).statement
      .onConflictDoNothing()
      .returning();
    if (row) {
      await this.assertInActorScope(tx, (row as StoredRecord).id, actor);
      await assertReferencesMatch(tx, this.entity, row as StoredRecord, values);
      await this.kept(tx, row as StoredRecord, actor);
    }
    return row as StoredRecord | undefined;
  }

  /**
   * An insert of the values by the actor, once the write is allowed: plant-wide data by the owner's
   * staff, nothing under a locked record, every listed code known. Wrapped, so that awaiting the
   * checks does not run the statement.
   */
  private async checkedInsert(tx: DbOrTx, values: Record<string, unknown>, actor: Actor) {
    this.assertMayWrite(actor);
    await this.assertWritable(tx, { values });
    await assertKnownItems(tx, this.entity, values);
    return {
      statement: tx
        .insert(this.table)
        .values({ ...values, createdBy: actor.id, updatedBy: actor.id } as never),
    };
  }

  /**
   * Applies changes when the stored version is still the one the client read; a stale version is
   * refused with CONFLICT and nothing is written. `movesLock`: this write is the move of the lock's
   * own field (a report's status move, judged by its state machine and holding the record FOR
   * UPDATE), which the lock it moves does not refuse; it must set that field.
   */
  async update(
    tx: DbOrTx,
    id: string,
    values: Record<string, unknown>,
    expectedVersion: number | undefined,
    actor: Actor,
    o: { movesLock?: boolean } = {},
  ): Promise<StoredRecord> {
    this.assertMayWrite(actor);
    const actorId = actor.id;
    if (o.movesLock) {
      const field = this.entity.lock?.field;
      if (!field || !(field in values))
        throw new Error(`${this.entity.name}: a write that moves the lock must set ${field ?? 'its field'}`);
    } else await this.assertWritable(tx, { recordId: id });
    await assertKnownItems(tx, this.entity, values);
    const conditions = [eq(this.column('id'), id)];
    if (expectedVersion !== undefined) conditions.push(eq(this.column('version'), expectedVersion));
    const [row] = await tx
      .update(this.table)
      .set({
        ...values,
        version: sql`${this.column('version')} + 1`,
        updatedAt: sql`now()`,
        updatedBy: actorId,
      } as never)
      .where(and(...conditions))
      .returning();
    if (row) {
      await this.assertInActorScope(tx, id, actor, values);
      // Judged on the record as written: a new category is checked against the kept equipment.
      await assertReferencesMatch(tx, this.entity, row as StoredRecord, values);
      return this.kept(tx, row as StoredRecord, actor);
    }
    const current = await this.find(tx, id, unscoped('the caller has read it under their scope'));
    if (!current) throw new AppError('NOT_FOUND', `${this.entity.label} ${id} was not found`);
    throw new AppError(
      'CONFLICT',
      `${this.entity.label} was changed by someone else (now version ${current.version}, you sent ${expectedVersion}). Reload it and apply your change again.`,
    );
  }

  async delete(tx: DbOrTx, id: string, actor: Actor): Promise<StoredRecord> {
    this.assertMayWrite(actor);
    await this.assertWritable(tx, { recordId: id });
    const [row] = await tx
      .delete(this.table)
      .where(eq(this.column('id'), id))
      .returning();
    if (!row) throw new AppError('NOT_FOUND', `${this.entity.label} ${id} was not found`);
    return this.kept(tx, row as StoredRecord, actor);
  }
}
