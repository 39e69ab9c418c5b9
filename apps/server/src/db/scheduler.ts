import { AsyncLocalStorage } from 'node:async_hooks';
import pg from 'pg';
import { AppError } from '../errors.ts';

/**
 * What the database work of one request is: how urgent (a list may wait behind a sign-in check, not the
 * other way round) and whether its client is still there (its signal aborts when the client goes).
 */
export type DbWork = {
  priority: 'interactive' | 'list';
  signal?: AbortSignal;
  /**
   * A keyed write's one transaction (docs/offline-capture.md): when set, the request's first write
   * (a statement that writes, or a transaction) opens it on a connection held to the end of the
   * request, every later statement of the request runs on it, the request's own transactions
   * become savepoints in it, and `ScheduledPool.endRequestTransaction` commits it with the answer.
   */
  requestTransaction?: RequestTransaction;
};

/** The state of a keyed request's transaction (see `DbWork.requestTransaction`). */
export type RequestTransaction = {
  /** The held connection, once the first write has opened the transaction. */
  opened?: Promise<pg.PoolClient>;
  /** Savepoints named so far (each of the request's own transactions takes one). */
  savepoints: number;
};

/** The database work of the request being served; set once per request (see `app.ts`). */
export const dbWork = new AsyncLocalStorage<DbWork>();

type Waiter = {
  priority: DbWork['priority'];
  resolve: () => void;
  reject: (error: Error) => void;
  timer: NodeJS.Timeout;
  signal?: AbortSignal;
  onAbort?: () => void;
};

export type SchedulerOptions = {
  /** Connections in use at once: 1 for PGlite (one session), the pool size for PostgreSQL. */
  slots: number;
  /** Longest wait for a connection before the request is answered 503. */
  maxWaitMs: number;
  /** Cancels the statement a connection is running (PostgreSQL); absent where that cannot be done. */
  cancel?: (client: pg.PoolClient) => Promise<void>;
  /** Told of every statement that changed rows: `insert`/`update`/`delete` on a table, and how many. */
  onWrite?: (table: string, rows: number) => void;
};

const abandoned = () =>
  new AppError('SERVICE_UNAVAILABLE', 'The request was abandoned by its client before the database answered');

/**
 * A transaction's own `begin` (with any options), `commit` and `rollback`, turned into savepoints
 * inside a request transaction; a nested transaction's `rollback to savepoint …` is left as it is.
 */
const transactionControl = /^\s*(?:(begin)\b[^;]*|(commit)|(rollback))\s*;?\s*$/i;

const writePattern = /^\s*(?:insert\s+into|update|delete\s+from)\s+"?([a-z_][a-z0-9_]*)"?/i;

function statementText(config: unknown): string {
  if (typeof config === 'string') return config;
  return (config as { text?: string } | undefined)?.text ?? '';
}

/** SQLSTATE 42P05: a prepared statement of that name is already on the connection. */
const duplicatePreparedStatement = '42P05';
/** Connections whose prepared statements may not be what their client believes: closed on release. */
const unreliable = new WeakSet<pg.PoolClient>();

/**
 * Errors a connection or a statement raised: a socket's failure among them (ECONNREFUSED, ECONNRESET)
 * is the database's, not another service's the request called (the file store's bucket), so only
 * these answer "the database cannot be reached" (error-handler.ts).
 */
const databaseErrors = new WeakSet<object>();

/** Whether `error` came from a database connection or statement (`databaseErrors`). */
export function raisedByTheDatabase(error: unknown): boolean {
  return typeof error === 'object' && error !== null && databaseErrors.has(error);
}

function fromTheDatabase(error: unknown): unknown {
  if (typeof error === 'object' && error !== null) databaseErrors.add(error);
  return error;
}

/** Connections given an error listener of their own (`watched`). */
const listenedTo = new WeakSet<pg.PoolClient>();

/**
 * A connection taken from the pool, listened to for its errors while it is out of the pool: the
 * pool listens only to connections it holds idle, and a connection that breaks while a request
 * holds it between statements (a keyed request's transaction, the database failing over) emits an
 * error nobody heard, which stopped the whole process. Heard, it is marked unreliable and ended
 * when given back; the request's next statement on it fails as a database out of reach (503).
 */
function watched(client: pg.PoolClient): pg.PoolClient {
  if (!listenedTo.has(client)) {
    listenedTo.add(client);
    client.on('error', () => unreliable.add(client));
  }
  return client;
}

/**
 * A node-postgres pool that hands its connections out by priority instead of first come, first served.
 * PGlite is one session: with a plain queue a sign-in check waited behind nine slow lists (3.4 s p50).
 * Here it waits at most for the statement now running. Requests whose client has gone are taken out of
 * the queue before they run, and a request waits at most `maxWaitMs` before a clear 503.
 *
 * Drizzle sees a pool (the class name says so): plain queries go through `query`, transactions through
 * `connect`, both scheduled here.
 */
export class ScheduledPool extends pg.Pool {
  private busy = 0;
  private statementsRun = 0;
  private readonly waiting: Waiter[] = [];
  private readonly scheduling: SchedulerOptions;

  constructor(config: pg.PoolConfig, scheduling: SchedulerOptions) {
    super({ ...config, max: scheduling.slots });
    this.scheduling = scheduling;
  }

  /** Connections in use at once, at most. */
  get slots() {
    return this.scheduling.slots;
  }

  /** Statements run since the pool was made: a watcher tells a quiet database from a busy one. */
  get statements() {
    return this.statementsRun;
  }

  /** How many requests are waiting for a connection now. */
  get queued() {
    return this.waiting.length;
  }

  private acquire(work: DbWork | undefined): Promise<void> {
    const signal = work?.signal;
    if (signal?.aborted) return Promise.reject(abandoned());
    if (this.busy < this.scheduling.slots) {
      this.busy++;
      return Promise.resolve();
    }
    return new Promise<void>((resolve, reject) => {
      const waiter: Waiter = {
        priority: work?.priority ?? 'interactive',
        resolve,
        reject,
        signal,
        timer: setTimeout(
          () =>
            this.drop(
              waiter,
              new AppError(
                'SERVICE_UNAVAILABLE',
                'The database is busy and did not answer in time. Try again in a moment.',
              ),
            ),
          this.scheduling.maxWaitMs,
        ),
      };
      if (signal) {
        waiter.onAbort = () => this.drop(waiter, abandoned());
        signal.addEventListener('abort', waiter.onAbort, { once: true });
      }
      // Interactive work goes ahead of every list waiting; among equals, first come first served.
      const at =
        waiter.priority === 'interactive' ? this.waiting.findIndex((w) => w.priority === 'list') : -1;
      if (at === -1) this.waiting.push(waiter);
      else this.waiting.splice(at, 0, waiter);
    });
  }

  private settle(waiter: Waiter) {
    clearTimeout(waiter.timer);
    if (waiter.onAbort) waiter.signal?.removeEventListener('abort', waiter.onAbort);
  }

  private drop(waiter: Waiter, error: Error) {
    const at = this.waiting.indexOf(waiter);
    if (at === -1) return;
    this.waiting.splice(at, 1);
    this.settle(waiter);
    waiter.reject(error);
  }

  private releaseSlot() {
    const next = this.waiting.shift();
    if (!next) {
      this.busy--;
      return;
    }
    this.settle(next);
    next.resolve();
  }

  /** Runs one statement on a held connection: cancellable while it runs, its writes counted. */
  private async run(
    client: pg.PoolClient,
    exec: (...a: unknown[]) => Promise<pg.QueryResult>,
    work: DbWork | undefined,
    args: unknown[],
  ) {
    const cancel = this.scheduling.cancel;
    const onAbort = cancel
      ? () => {
          // Cancelled mid-statement, the connection may hold a statement its client does not know it
          // prepared: it is closed when released rather than reused.
          unreliable.add(client);
          void cancel(client).catch(() => {});
        }
      : undefined;
    if (onAbort) work?.signal?.addEventListener('abort', onAbort, { once: true });
    this.statementsRun++;
    try {
      const result = await exec(...args);
      this.noteWrite(args[0], result);
      return result;
    } catch (error) {
      if ((error as { code?: string }).code === duplicatePreparedStatement) unreliable.add(client);
      throw fromTheDatabase(error);
    } finally {
      if (onAbort) work?.signal?.removeEventListener('abort', onAbort);
    }
  }

  private noteWrite(config: unknown, result: pg.QueryResult | undefined) {
    if (!this.scheduling.onWrite || !result?.rowCount) return;
    const table = writePattern.exec(statementText(config))?.[1];
    if (table) this.scheduling.onWrite(table, result.rowCount);
  }

  /** A connection and its slot, once this work's turn has come. */
  private async take(work: DbWork | undefined): Promise<pg.PoolClient> {
    await this.acquire(work);
    try {
      return watched(await super.connect());
    } catch (error) {
      this.releaseSlot();
      throw fromTheDatabase(error);
    }
  }

  // Drizzle calls `query(config, values)` and awaits the promise; callbacks are not used here.
  override query(...args: unknown[]): never {
    const work = dbWork.getStore();
    const request = work?.requestTransaction;
    if (request && (request.opened || writePattern.test(statementText(args[0]))))
      return (async () => {
        const client = await this.hold(request, work);
        return this.run(client, client.query.bind(client) as never, work, args);
      })() as never;
    return (async () => {
      const client = await this.take(work);
      try {
        return await this.run(client, client.query.bind(client) as never, work, args);
      } finally {
        client.release(unreliable.has(client) || undefined);
        this.releaseSlot();
      }
    })() as never;
  }

  /** The connection of a keyed request's transaction, opened (`begin`) by its first write. */
  private hold(request: RequestTransaction, work: DbWork | undefined): Promise<pg.PoolClient> {
    request.opened ??= (async () => {
      const client = await this.take(work);
      try {
        await this.run(client, client.query.bind(client) as never, work, ['begin']);
        return client;
      } catch (error) {
        client.release(true);
        this.releaseSlot();
        throw error;
      }
    })();
    return request.opened;
  }

  /**
   * Ends a keyed request's transaction: `commit` (after `last`, the statement that keeps its answer,
   * run in it) or `rollback`; the connection goes back to the pool either way. Answers whether a
   * transaction was open; a request that wrote nothing had none.
   */
  async endRequestTransaction(
    request: RequestTransaction,
    outcome: 'commit' | 'rollback',
    last?: (client: pg.PoolClient) => Promise<void>,
  ): Promise<boolean> {
    const opened = request.opened;
    if (!opened) return false;
    request.opened = undefined;
    const client = await opened.catch(() => undefined);
    if (!client) return true;
    let failed = false;
    try {
      if (outcome === 'commit' && last) await last(client);
      await client.query(outcome);
    } catch (error) {
      failed = true;
      await client.query('rollback').catch(() => {});
      throw fromTheDatabase(error);
    } finally {
      client.release(failed || unreliable.has(client) || undefined);
      this.releaseSlot();
    }
    return true;
  }

  /** A connection for a transaction: held (and its slot) until released. */
  override connect(): never {
    const work = dbWork.getStore();
    const request = work?.requestTransaction;
    if (request) return this.savepointClient(request, work) as never;
    return (async () => {
      const client = await this.take(work);
      const release = client.release.bind(client);
      const query = client.query.bind(client) as (...a: unknown[]) => Promise<pg.QueryResult>;
      let released = false;
      return Object.assign(client, {
        query: (...args: unknown[]) => this.run(client, query, work, args),
        release: (error?: Error | boolean) => {
          if (released) return;
          released = true;
          client.query = query as typeof client.query;
          client.release = release;
          release(error ?? (unreliable.has(client) || undefined));
          this.releaseSlot();
        },
      });
    })() as never;
  }

  /**
   * A transaction of a keyed request, as a savepoint in the request's transaction: its `begin`,
   * `commit` and `rollback` become `savepoint`, `release savepoint` and `rollback to savepoint`, so
   * a handler's transaction commits only when the request's does, with the answer kept.
   */
  private async savepointClient(request: RequestTransaction, work: DbWork | undefined) {
    const client = await this.hold(request, work);
    const name = `request_step_${++request.savepoints}`;
    const query = client.query.bind(client) as (...a: unknown[]) => Promise<pg.QueryResult>;
    const asSavepoint = (config: unknown): unknown => {
      const matched = transactionControl.exec(statementText(config));
      const control = (matched?.[1] ?? matched?.[2] ?? matched?.[3])?.toLowerCase();
      if (!control) return config;
      const text =
        control === 'begin'
          ? `savepoint ${name}`
          : control === 'commit'
            ? `release savepoint ${name}`
            : `rollback to savepoint ${name}`;
      return typeof config === 'string' ? text : { ...(config as object), text };
    };
    return {
      query: (config: unknown, ...rest: unknown[]) =>
        this.run(client, query, work, [asSavepoint(config), ...rest]),
      // The connection stays with the request until its transaction ends.
      release: () => {},
    };
  }
}
