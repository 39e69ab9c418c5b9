import { uploadKeptDays } from '@inspectra/contract';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { access } from 'node:fs/promises';
import path from 'node:path';
import { keepUnkeptLocations } from './modules/thickness/thickness.actions.ts';
import { keepUnkeptAreas } from './modules/recommendations/recommendation-writes.ts';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import type { Config } from './config.ts';
import { jwtSecretFor, lockDataDir } from './data-dir.ts';
import { logFormatFor, loggerOptions } from './logging.ts';
import { openDatabase, pgliteDirectoryIsNew } from './db/client.ts';
import type { Database } from './db/client.ts';
import { configureImportSlots } from './engine/import-slots.ts';
import { configurePdfPrints } from './modules/reports/pdf-printer.ts';
import { bootstrapAdministrator } from './modules/auth/bootstrap.ts';
import { configurePasswordHashing } from './modules/auth/passwords.ts';
import { sweepOrphanFiles } from './modules/files/files.actions.ts';
import { sweepUploads } from './modules/uploads/uploads.actions.ts';
import { sweepKeys } from './engine/idempotency/kept-answers.ts';
import { ensureCatalogueMethods } from './modules/inspection-methods/catalogue-methods.ts';
import {
  configureReportSigning,
  loadKeyring,
  recordUnsignedVersions,
} from './modules/reports/report-signing.ts';
import { seedDemoData } from './modules/seed/demo-data.ts';
import { seedDemoUsers } from './modules/seed/demo-users.ts';
import { releasePasswordJudge } from './modules/users/password-policy.ts';
import { lanAddresses, startBanner } from './start-banner.ts';
import type { FileStore } from './storage/file-store.ts';
import { openFileStore } from './storage/open-file-store.ts';

/** How long a stop waits for requests in flight before cutting their connections. */
const shutdownGraceSeconds = 10;

/**
 * The argument the server gives the process it starts to prepare a new embedded data directory
 * (`prepareInOwnProcess`); not a setting for users.
 */
const prepareArgument = '--prepare-new-data-dir';

async function main() {
  const config = loadConfig(process.env);
  configurePasswordHashing(config.passwordHashCost);
  if (process.argv.includes(prepareArgument)) {
    await prepareDataDir(config);
    process.exit(0);
  }
  const logFormat = logFormatFor(config.logFormat, process.stdout.isTTY === true);
  const releaseLock = config.databaseUrl ? async () => {} : await lockDataDir(config.dataDir);
  // First, as it is the quickest to fail: a bucket that cannot be reached stops the start here.
  const files = await openFileStore(config);
  // A new embedded data directory is made, migrated and seeded by a process of its own (below).
  if (!config.databaseUrl && (await pgliteDirectoryIsNew(pgliteDir(config)))) await prepareInOwnProcess();
  const database = await openDatabaseOf(config);
  const app = await buildApp({
    database,
    files,
    jwtSecret: await jwtSecretFor(config.dataDir, config.jwtSecret),
    maxUploadBytes: config.maxUploadBytes,
    maxDocumentBytes: config.maxDocumentBytes,
    maxVideoBytes: config.maxVideoBytes,
    logger: loggerOptions({ level: config.logLevel, format: logFormat }),
    trustProxy: config.trustProxy,
    webDir: config.webDir,
    servedOverHttps: config.servedOverHttps,
    timeouts: config.timeouts,
    idempotency: config.idempotency,
  });
  const log = (line: string) => app.log.info(line);
  await startSteps(config, database, files, log);
  // The configured passwords are judged; an administrator's next new password starts the judge again.
  releasePasswordJudge();

  // One sweep at a time across the processes: one that finds another sweeping leaves it to it.
  const sweep = () =>
    database
      .exclusively(
        'file-sweep',
        async () => {
          // Expired uploads first: a whole one's file, no longer held, goes with this same sweep.
          const expired = await sweepUploads(database.db, files);
          if (expired > 0) log(`Removed ${expired} uploads older than ${uploadKeptDays} days`);
          return sweepOrphanFiles(database.db, files);
        },
        { wait: false },
      )
      .then((n) => n !== undefined && n > 0 && log(`Removed ${n} unreferenced files`))
      .catch((err: unknown) => app.log.warn({ err }, 'file sweep failed'))
      // Keys of writes older than they are kept, by one process at a time likewise.
      .then(() =>
        database.exclusively('key-sweep', () => sweepKeys(database.db, config.idempotency.keptDays), {
          wait: false,
        }),
      )
      .then(
        (n) =>
          n !== undefined &&
          n > 0 &&
          log(`Removed ${n} idempotency keys older than ${config.idempotency.keptDays} days`),
      )
      .catch((err: unknown) => app.log.warn({ err }, 'idempotency key sweep failed'));
  void sweep();
  const sweeper = setInterval(sweep, 60 * 60 * 1000);
  sweeper.unref();

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log(`${signal}: finishing requests in flight, then stopping`);
    clearInterval(sweeper);
    // close() stops accepting connections and resolves once in-flight requests have finished. A
    // client that stops reading (a tablet gone off the network mid-download) must not hold the stop
    // forever: after a grace period its connection is cut.
    const grace = setTimeout(() => {
      log(`Requests still in flight after ${shutdownGraceSeconds} s: closing their connections`);
      app.server.closeAllConnections();
    }, shutdownGraceSeconds * 1000);
    await app.close();
    clearTimeout(grace);
    await database.close();
    await releaseLock();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const passwordFile = path.join(config.dataDir, 'initial-admin-password');
  const banner = startBanner({
    host: config.host,
    port: typeof address === 'object' && address ? address.port : config.port,
    dataDir: config.dataDir,
    databaseUrl: config.databaseUrl,
    objectStorage: config.objectStorage,
    adminPasswordFile: await access(passwordFile).then(
      () => passwordFile,
      () => undefined,
    ),
    adminPasswordConfigured: config.adminPassword !== undefined,
    lanAddresses: lanAddresses(),
  });
  // Readable on a terminal; one entry with the same facts where the log is JSON for a collector.
  if (logFormat === 'pretty') console.log(`\n${banner.lines.join('\n')}\n`);
  else app.log.info(banner.fields, banner.lines[0]);
}

const pgliteDir = (config: Config) => path.join(config.dataDir, 'db');

/**
 * The database (migrated), the report signing key loaded before anything is approved or seeded
 * (versions are signed with a key the database does not hold), and the limits of imports and prints.
 */
async function openDatabaseOf(config: Config): Promise<Database> {
  const database = await openDatabase({
    ...(config.databaseUrl
      ? { url: config.databaseUrl, poolSize: config.dbPoolSize }
      : { pgliteDir: pgliteDir(config) }),
    statementTimeoutMs: config.dbStatementTimeoutMs,
  });
  const keyring = await loadKeyring({
    dataDir: config.dataDir,
    keyFile: config.reportSigningKeyFile,
    key: config.reportSigningKey,
    trustedKeys: config.reportSigningTrustedKeys,
  });
  keyring.unsignedBefore = await recordUnsignedVersions(database.db, config.dataDir, (line) =>
    console.warn(line),
  );
  configureReportSigning(keyring);
  configureImportSlots({ maxConcurrent: config.maxConcurrentImports });
  configurePdfPrints({
    maxConcurrent: config.maxConcurrentPrints,
    maxWaiting: config.printQueueLength,
    readTimeoutMs: config.printReadTimeoutMs,
    warmAhead: true,
  });
  return database;
}

/**
 * What every start makes sure of: the catalogue's methods, the standard roles and the first
 * administrator, the demo data when asked for, thickness locations' kept values. Each step finds
 * what an earlier start made and leaves it. One process at a time: of processes started together on
 * an empty database, one creates the administrator and the demo, and the others, let in after, find
 * them made.
 */
async function startSteps(config: Config, database: Database, files: FileStore, log: (line: string) => void) {
  await database.exclusively('start', async () => {
    const added = await ensureCatalogueMethods(database.db);
    if (added.length > 0) log(`Inspection methods added from the catalogue: ${added.join(', ')}`);
    await bootstrapAdministrator(database.db, {
      username: config.adminUsername,
      password: config.adminPassword,
      dataDir: config.dataDir,
      log: (line) => console.log(line),
    });
    if (config.seedDemo) {
      if (await seedDemoData(database.db, files)) log('Demo data seeded');
      // After the demo data: the inspector is given tasks on its work orders.
      await seedDemoUsers(database.db, { password: config.demoPassword, log: (line) => console.log(line) });
    }
    // Thickness locations stored before their readings' summary was kept: kept once, here.
    const kept = await keepUnkeptLocations(database.db);
    if (kept > 0) log(`Thickness locations brought up to date: ${kept}`);
    // Findings written before their equipment's area was kept on them: filled once, here.
    const areas = await keepUnkeptAreas(database.db);
    if (areas > 0) log(`Findings given their area: ${areas}`);
  });
}

/**
 * Makes a new embedded data directory ready in a process of its own, which then ends: the database
 * created, migrated and given its administrator and demo data. Creating and seeding grow the
 * embedded database's WebAssembly memory, which never shrinks, and leave the allocator's freed
 * buffers and the password judge behind; ended with the process, all of it goes back to the system,
 * and the server opens the prepared directory as on every later start (docs/embedded-database.md).
 * The process runs this file again with the same Node flags; the server holds the directory's lock
 * meanwhile. What it prints (the administrator's generated password) goes to the server's output.
 */
async function prepareInOwnProcess(): Promise<void> {
  const child = spawn(process.execPath, [...process.execArgv, process.argv[1]!, prepareArgument], {
    stdio: 'inherit',
    env: process.env,
  });
  const [code, signal] = (await once(child, 'exit')) as [number | null, NodeJS.Signals | null];
  if (code !== 0)
    throw new Error(
      `the new data directory could not be prepared (${signal ? `stopped by ${signal}` : `exit code ${code}`}; see above)`,
    );
}

/** The prepared process's work (`prepareInOwnProcess`): the file store and database opened, the start's steps, closed. */
async function prepareDataDir(config: Config): Promise<void> {
  const files = await openFileStore(config);
  const database = await openDatabaseOf(config);
  try {
    await startSteps(config, database, files, (line) => console.log(line));
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) console.error(error.message);
  else console.error(`Inspectra could not start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
