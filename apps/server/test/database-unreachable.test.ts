/**
 * A database out of reach (a managed PostgreSQL failing over to its standby, a network cut between
 * the server and it; docs/deployment.md, "A company"): every request that needs it is answered 503
 * with `Retry-After`, in the envelope, never 500 and never held without end; a keyed write refused
 * so is not kept, so the device's retry writes it once when the database answers again; nothing
 * written before is lost. PostgreSQL only: the server reaches its database through a relay the
 * test cuts (PGlite runs inside the process).
 */
import { randomUUID } from 'node:crypto';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, unique } from './helpers.ts';
import type { TestApp } from './helpers.ts';

const postgres = process.env.TEST_DATABASE_URL;

/**
 * A TCP relay to the database: `open` forwards, `refuse` cuts every connection and refuses new ones
 * (a server gone: connections reset), `silent` cuts them and lets new ones hang without an answer
 * (packets dropped: what a failover's moved address looks like to a client).
 */
class Relay {
  mode: 'open' | 'refuse' | 'silent' = 'open';
  private readonly sockets = new Set<net.Socket>();
  private readonly server: net.Server;

  constructor(private readonly target: { host: string; port: number }) {
    this.server = net.createServer((client) => {
      this.track(client);
      if (this.mode === 'refuse') return client.destroy();
      if (this.mode === 'silent') return;
      const upstream = net.connect(this.target);
      this.track(upstream);
      client.pipe(upstream).pipe(client);
      const end = () => {
        client.destroy();
        upstream.destroy();
      };
      client.once('error', end).once('close', end);
      upstream.once('error', end).once('close', end);
    });
  }

  private track(socket: net.Socket) {
    this.sockets.add(socket);
    socket.once('close', () => this.sockets.delete(socket));
    socket.on('error', () => {});
  }

  async listen(): Promise<number> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return (this.server.address() as net.AddressInfo).port;
  }

  /** Cuts every connection through it, from now on answering new ones as `mode` says. */
  cut(mode: 'refuse' | 'silent') {
    this.mode = mode;
    for (const socket of this.sockets) socket.destroy();
  }

  close() {
    this.cut('refuse');
    return new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

describe.skipIf(!postgres)(
  `a database out of reach${postgres ? '' : ' (skipped: PostgreSQL only, TEST_DATABASE_URL)'}`,
  () => {
    let t: TestApp;
    let relay: Relay;
    beforeAll(async () => {
      const target = new URL(postgres!);
      relay = new Relay({ host: target.hostname, port: Number(target.port || 5432) });
      const port = await relay.listen();
      t = await startTestApp({
        // The bound a request waits for its database: a connection that gets no answer fails after it.
        statementTimeoutMs: 2_000,
        connectVia: (url) => {
          const through = new URL(url);
          through.hostname = '127.0.0.1';
          through.port = String(port);
          return through.toString();
        },
      });
    });
    afterAll(async () => {
      relay.mode = 'open';
      await t?.close();
      await relay?.close();
    });

    const workOrder = () => ({ woNumber: `WO-DOWN-${unique()}`, title: 'Thermography survey' });
    const createWorkOrder = (body: Record<string, unknown>, key: string) =>
      t.inject({
        method: 'POST',
        url: '/api/work-order-spks',
        headers: { authorization: `Bearer ${t.adminTokens.accessToken}`, 'idempotency-key': key },
        payload: body,
      });
    const listed = async () => {
      const res = await t.call('GET', '/api/work-order-spks?pageNumber=1&pageSize=50');
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return (res.body.data as { woNumber: string }[]).map((w) => w.woNumber);
    };

    it('answers 503 with Retry-After while it is cut off, then serves again with nothing lost', async () => {
      const before = workOrder();
      expect((await createWorkOrder(before, randomUUID())).statusCode).toBe(201);

      for (const mode of ['refuse', 'silent'] as const) {
        relay.cut(mode);
        const started = Date.now();
        // A read and a keyed write: refused by the database's absence, not by the server's fault.
        const read = await t.call('GET', '/api/work-order-spks?pageNumber=1&pageSize=50');
        expect(read.status, `${mode}: ${JSON.stringify(read.body)}`).toBe(503);
        expect(read.body).toMatchObject({
          data: null,
          statusCode: 503,
          message: 'The database cannot be reached just now. Try again in a moment.',
          error: { code: 'SERVICE_UNAVAILABLE' },
        });
        expect(read.res.headers['retry-after']).toBe('5');
        const key = randomUUID();
        const during = workOrder();
        const write = await createWorkOrder(during, key);
        expect(write.statusCode, `${mode}: ${write.body}`).toBe(503);
        expect(write.headers['retry-after']).toBe('5');
        // A connection that gets no answer is given up after the request's bound (2 s here).
        expect(Date.now() - started).toBeLessThan(15_000);
        expect((await t.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(503);

        relay.mode = 'open';
        // The refused write was not kept under its key: sent again, it is written, once.
        const retried = await createWorkOrder(during, key);
        expect(retried.statusCode, retried.body).toBe(201);
        expect(retried.headers['idempotent-replayed']).toBeUndefined();
        expect((await createWorkOrder(during, key)).headers['idempotent-replayed']).toBe('true');
        const numbers = await listed();
        expect(numbers.filter((n) => n === during.woNumber)).toHaveLength(1);
        expect(numbers).toContain(before.woNumber);
      }
    }, 60_000);
  },
);
