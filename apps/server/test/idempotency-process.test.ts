import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client.ts';
import { buildServerIfStale } from '../scripts/build-server.ts';
import { listeningUrl, runServer } from './server-process.ts';
import type { ServerProcess } from './server-process.ts';
import { onServer, withDatabase } from './template-database.ts';

/**
 * The issue's "kills the server mid-sync and finds the queue completes on the next try"
 * (docs/offline-capture.md): a queue of keyed creates sent to the server as `npm start` runs it,
 * the process killed (SIGKILL) in the middle of a write, again and again; each time the queue is
 * sent again whole to a new process on the same database. A write the kill interrupted either
 * committed with its answer (the retry replays it) or not at all (the retry writes it once): at the
 * end every change is there exactly once, in the API and in the database read after the last
 * process stopped. On PGlite in a data directory, and on PostgreSQL when TEST_DATABASE_URL names
 * one (the PostgreSQL pass: this file opens a database of its own, vitest.config.ts).
 */
beforeAll(() => buildServerIfStale(), 120_000);

const adminPassword = `Queue-${randomUUID()}`;
const claimSeconds = 3;

type Change = { key: string; woNumber: string };

describe('a queue of keyed writes across killed server processes', () => {
  let dataDir: string;
  let server: ServerProcess | undefined;
  let databaseName: string | undefined;
  const serverUrl = process.env.TEST_DATABASE_URL;
  const run = `${Date.now().toString(36)}`;
  const queue: Change[] = Array.from({ length: 12 }, (_, i) => ({
    key: randomUUID(),
    woNumber: `WO-Q-${run}-${i}`,
  }));

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'inspectra-queue-'));
    if (serverUrl) {
      databaseName = `inspectra_queue_${randomUUID().replace(/-/g, '')}`;
      await onServer(serverUrl, `create database ${databaseName}`);
    }
  });

  afterAll(async () => {
    if (server && server.child.exitCode === null) server.child.kill('SIGKILL');
    await server?.exited;
    if (serverUrl && databaseName)
      await onServer(serverUrl, `drop database if exists ${databaseName} with (force)`);
    await rm(dataDir, { recursive: true, force: true });
  });

  async function start(): Promise<string> {
    server = runServer({
      DATA_DIR: dataDir,
      PORT: '0',
      ADMIN_PASSWORD: adminPassword,
      SEED_DEMO: 'false',
      IDEMPOTENCY_CLAIM_SECONDS: String(claimSeconds),
      ...(serverUrl && databaseName ? { DATABASE_URL: withDatabase(serverUrl, databaseName) } : {}),
    });
    return listeningUrl(server, 120_000);
  }

  async function kill() {
    server!.child.kill('SIGKILL');
    await server!.exited;
  }

  async function token(url: string): Promise<string> {
    const res = await fetch(`${url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: adminPassword }),
    });
    expect(res.status).toBe(200);
    return (await res.json()).data.accessToken;
  }

  const body = (change: Change) => JSON.stringify({ woNumber: change.woNumber, title: 'Queued survey' });

  /** One change of the queue as a device sends it: retried while the key is still held (409). */
  async function send(url: string, auth: string, change: Change) {
    for (let attempt = 0; ; attempt++) {
      const res = await fetch(`${url}/api/work-order-spks`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${auth}`,
          'idempotency-key': change.key,
        },
        body: body(change),
      });
      if (res.status !== 409 || attempt > (claimSeconds + 5) * 4) return res;
      await new Promise((r) => setTimeout(r, 250));
    }
  }

  /**
   * Starts one change and kills the process `afterMs` later, or once its answer has arrived
   * (`'answered'`: the device lost it on the way, as a dropped network would), the answer unread.
   */
  async function sendAndKill(url: string, auth: string, change: Change, afterMs: number | 'answered') {
    const request = http.request(`${url}/api/work-order-spks`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${auth}`,
        'idempotency-key': change.key,
      },
    });
    request.on('error', () => {});
    const answered = new Promise((r) => request.once('response', r));
    request.end(body(change));
    await (afterMs === 'answered' ? answered : new Promise((r) => setTimeout(r, afterMs)));
    await kill();
  }

  /** Starts one change whose body stops half way, and kills the process while it waits for the rest. */
  async function sendHalfAndKill(url: string, auth: string, change: Change) {
    const bytes = Buffer.from(body(change));
    const request = http.request(`${url}/api/work-order-spks`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'content-length': String(bytes.length),
        authorization: `Bearer ${auth}`,
        'idempotency-key': change.key,
      },
    });
    request.on('error', () => {});
    request.write(bytes.subarray(0, 10));
    await new Promise((r) => setTimeout(r, 300));
    await kill();
  }

  it('completes the queue on the next try: every change exactly once, whatever the kill interrupted', async () => {
    const outcomes: string[] = [];
    let url = await start();
    let auth = await token(url);
    // Sync 1: three changes answered, the fourth's body cut off by the kill.
    for (const change of queue.slice(0, 3)) expect((await send(url, auth, change)).status).toBe(201);
    await sendHalfAndKill(url, auth, queue[3]!);
    // Later syncs: the whole queue again, a kill at another moment of a write each time: once its
    // answer has arrived, then half way through how long a write took in that sync. (Kills at no
    // time, a whole and one and a half writes' time were dropped: in every CI run they found what
    // the half-way kill finds, nothing committed, and each cost a start of the server, 15 s on
    // PGlite.)
    const kills = ['answered', 0.5] as const;
    for (const [round, moment] of kills.entries()) {
      url = await start();
      auth = await token(url);
      const at = 4 + round;
      const took: number[] = [];
      for (const [i, change] of queue.slice(0, at).entries()) {
        const sent = performance.now();
        const res = await send(url, auth, change);
        took.push(performance.now() - sent);
        expect(res.status, `${change.woNumber}: ${await res.clone().text()}`).toBe(201);
        // What the kill before this sync left of its write: committed with its answer, or nothing.
        if (i === at - 1)
          outcomes.push(res.headers.get('idempotent-replayed') === 'true' ? 'committed' : 'not committed');
      }
      const typical = took.sort((a, b) => a - b)[Math.floor(took.length / 2)]!;
      await sendAndKill(url, auth, queue[at]!, moment === 'answered' ? moment : Math.round(moment * typical));
    }
    // The body cut off left nothing; the answer lost on the way was committed with its write;
    // the others are as the kill fell.
    expect(outcomes.slice(0, 2)).toEqual(['not committed', 'committed']);
    console.log(`writes interrupted by a kill, found on the next sync: ${outcomes.join(', ')}`);
    // The last sync, without a kill.
    url = await start();
    auth = await token(url);
    const answers = [];
    for (const change of queue) {
      const res = await send(url, auth, change);
      expect(res.status).toBe(201);
      answers.push({
        replayed: res.headers.get('idempotent-replayed') === 'true',
        data: (await res.json()).data,
      });
    }
    // The first three and every one sent whole before this sync are replays of their first answer.
    expect(answers.slice(0, 3).every((a) => a.replayed)).toBe(true);
    const listed = await fetch(`${url}/api/work-order-spks?search=WO-Q-${run}&pageSize=50`, {
      headers: { authorization: `Bearer ${auth}` },
    });
    const found = (await listed.json()).data as { woNumber: string; id: string }[];
    expect(found.map((w) => w.woNumber).sort()).toEqual(queue.map((c) => c.woNumber).sort());
    // Each change's answer names the one record kept for it.
    for (const [i, change] of queue.entries())
      expect(answers[i]!.data.id).toBe(found.find((w) => w.woNumber === change.woNumber)!.id);

    // The database itself, read after the last process has stopped: one row a change, and one
    // answered key a change.
    server!.child.kill('SIGTERM');
    await server!.exited;
    const database = await openDatabase(
      serverUrl && databaseName
        ? { url: withDatabase(serverUrl, databaseName) }
        : { pgliteDir: path.join(dataDir, 'db') },
    );
    try {
      const numbers = queue.map((c) => c.woNumber);
      const rows = await database.db.execute<{ wo_number: string; n: number }>(
        sql`select wo_number, count(*)::int as n from work_order_spk
            where wo_number in (${sql.join(
              numbers.map((n) => sql`${n}`),
              sql`, `,
            )}) group by wo_number`,
      );
      expect(rows.rows.map((r) => [r.wo_number, r.n]).sort()).toEqual(numbers.map((n) => [n, 1]).sort());
      const keys = await database.db.execute<{ n: number }>(
        sql`select count(*)::int as n from idempotency_key
            where key in (${sql.join(
              queue.map((c) => sql`${c.key}`),
              sql`, `,
            )}) and status = 201`,
      );
      expect(keys.rows[0]!.n).toBe(queue.length);
    } finally {
      await database.close();
    }
  }, 600_000);
});
