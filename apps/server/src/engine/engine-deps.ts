import type { RowTemplate } from '@inspectra/contract';
import type { Db, DbOrTx } from '../db/client.ts';
import type { FileStore } from '../storage/file-store.ts';
import type { AuthenticatedUser } from './access.ts';
import type { RecordScopes } from './record-scope.ts';
import type { RecordRepository, StoredRecord } from './records.ts';

/** What the engine's operations and the modules' action handlers are given to serve a call. */
export type EngineDeps = {
  db: Db;
  files: FileStore;
  maxUploadBytes: number;
  /** Limit of documents and drawings (PDF, Office, TIFF, DWG), larger than photos'. */
  maxDocumentBytes: number;
  /** Limit of videos (MP4, WebM), the largest files the product takes. */
  maxVideoBytes: number;
  repositories: Map<string, RecordRepository>;
  /**
   * A module's checks of an entity's values against other tables, by entity name (a task
   * assignment's inspectors must be active users): run in the write's transaction, before the row
   * is written, on create and on update. They refuse with an AppError.
   */
  writeChecks?: Record<string, WriteCheck>;
  /**
   * A module's checks before a record is deleted, by entity name (a company that still has users):
   * run in the delete's transaction with the stored record, locked. They refuse with an AppError.
   */
  deleteChecks?: Record<string, DeleteCheck>;
  /**
   * Company scopes of root entities, by entity name (record-scope.ts): a contractor company's user
   * sees only the records in scope, and their children through the parent chain; the rest is 404.
   */
  scopes?: RecordScopes;
  /**
   * The rows a new record starts with (the catalogue's `rowTemplates`): written in its create's
   * transaction (row-templates.ts).
   */
  rowTemplates?: readonly RowTemplate[];
  /**
   * Who writes a page's records as JSON (docs/engine-performance.md): `database`, each row's view
   * built by its statement (view-json.ts), the default; `server`, rows read and made views here.
   * The embedded database runs every statement on one thread, which the main thread would otherwise
   * wait on: there the server builds them.
   */
  pageViews?: 'database' | 'server';
};

/** One entity's check before a delete: `before` is the stored record, locked. */
export type DeleteCheck = (check: {
  tx: DbOrTx;
  before: StoredRecord;
  user: AuthenticatedUser;
}) => Promise<void>;

/**
 * One entity's check before a create (`before` undefined) or an update (`values` are the changes;
 * `before` the stored record, locked).
 */
export type WriteCheck = (check: {
  tx: DbOrTx;
  values: Record<string, unknown>;
  before: StoredRecord | undefined;
  user: AuthenticatedUser;
}) => Promise<void>;
