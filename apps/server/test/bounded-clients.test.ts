/**
 * Bounded under slow and hostile clients (docs/bounded-clients.md), on a real listening server
 * with real sockets: a report's PDF is streamed with backpressure, so clients that read nothing
 * hold a bounded amount of the server's memory; a print keeps its turn until its client has read
 * the PDF or has read nothing for the slow-reader timeout; prints wait in a fair queue, one per
 * user; a form declaring more than its route reads is refused before it is read; a stalled body is
 * answered 408. Asserted on bounds and order, never on exact durations.
 */
import { randomBytes } from 'node:crypto';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { runInNewContext } from 'node:vm';
import v8 from 'node:v8';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roles, users } from '../src/db/schema/index.ts';
import { hashPassword } from '../src/modules/auth/passwords.ts';
import { configurePdfPrints, pdfPrints, takePdfPrinter } from '../src/modules/reports/pdf-printer.ts';
import {
  createReportHeader,
  createThermalAnalysis,
  createThermalMeasurement,
  jpegBytes,
  nextIp,
  startTestApp,
} from './helpers.ts';
import type { TestApp } from './helpers.ts';

const mib = 1024 * 1024;
let t: TestApp;
let port: number;
/** A report whose PDF is about 24 MiB (24 photos of 1 MiB): far more than the sockets' buffers hold. */
let large: { id: string };
/** A report with no photos: quick to print. */
let small: { id: string };
/** Signed-in users, each with an access token: the queue holds one waiting print per user. */
let tokens: string[];

/** A JPEG of `bytes` bytes, its own: the 1×1 JPEG with comment segments of random bytes after its header. */
function photo(bytes: number): Buffer {
  const app0 = 2 + jpegBytes.readUInt16BE(4);
  const segments: Buffer[] = [];
  for (let left = bytes - jpegBytes.length; left > 4;) {
    const size = Math.min(65_533, left - 4);
    const marker = Buffer.alloc(4);
    marker.writeUInt16BE(0xfffe, 0);
    marker.writeUInt16BE(size + 2, 2);
    segments.push(marker, randomBytes(size));
    left -= size + 4;
  }
  return Buffer.concat([jpegBytes.subarray(0, 2 + app0), ...segments, jpegBytes.subarray(2 + app0)]);
}

/** A thermal report with `photos` photos of 1 MiB, two to a measurement. */
async function reportWithPhotos(photos: number) {
  const report = await createReportHeader(t);
  const analysis = await createThermalAnalysis(t, { reportHeaderId: report.id });
  for (let i = 0; i < photos / 2; i++)
    await createThermalMeasurement(
      t,
      analysis.id,
      { component: `Lug ${i + 1}` },
      {
        thermalImage: { name: `ir-${i}.jpg`, type: 'image/jpeg', bytes: photo(mib) },
        visualImage: { name: `visual-${i}.jpg`, type: 'image/jpeg', bytes: photo(mib) },
      },
    );
  return report as { id: string };
}

/** `count` administrators signed in, each with their own token. */
async function signedInUsers(count: number): Promise<string[]> {
  const [admins] = await t.db.select({ id: roles.id }).from(roles).where(eq(roles.isAdministrator, true));
  const password = `pw-${randomBytes(8).toString('hex')}`;
  const passwordHash = await hashPassword(password);
  const stamp = Date.now().toString(36);
  const names = Array.from({ length: count }, (_, i) => `printer-${stamp}-${i}`);
  await t.db
    .insert(users)
    .values(names.map((username) => ({ username, fullName: username, passwordHash, roleId: admins!.id })));
  const signedIn: string[] = [];
  for (const username of names) {
    const res = await t.login(username, password, nextIp());
    expect(res.statusCode, res.body).toBe(200);
    signedIn.push((res.json().data as { accessToken: string }).accessToken);
  }
  return signedIn;
}

/** A raw connection: what it was sent, whether it has ended, and a way to read or not. */
type Client = { socket: net.Socket; received: Buffer[]; ended: Promise<void> };

/** Opens a connection, sends `head` (and `body`), and reads nothing unless told: the socket is paused. */
function connect(head: string, o: { body?: Buffer; read?: boolean } = {}): Promise<Client> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ port, host: '127.0.0.1' });
    const received: Buffer[] = [];
    const ended = new Promise<void>((done) => socket.once('close', () => done()));
    socket.on('error', () => {});
    socket.on('data', (chunk: Buffer) => received.push(chunk));
    socket.once('connect', () => {
      socket.write(head);
      if (o.body) socket.write(o.body);
      if (!o.read) socket.pause();
      resolve({ socket, received, ended });
    });
    socket.once('error', reject);
  });
}

const pdfRequest = (id: string, token: string) =>
  `GET /api/report-headers/${id}/pdf HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${token}\r\n\r\n`;

/** The status and the JSON body of a whole answer read from a connection. */
function answerOf(client: Client): { status: number; headers: string; body: unknown } {
  const text = Buffer.concat(client.received).toString('latin1');
  const [head = '', ...rest] = text.split('\r\n\r\n');
  const body = rest.join('\r\n\r\n');
  let parsed: unknown = body;
  try {
    parsed = JSON.parse(body);
  } catch {
    // not JSON
  }
  return { status: Number(head.split(' ')[1]), headers: head.toLowerCase(), body: parsed };
}

/** The server's own memory: its heap and what lies outside it (buffers), after a full collection. */
v8.setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;
function serverMemory() {
  gc();
  const m = process.memoryUsage();
  return m.heapUsed + m.external;
}

beforeAll(async () => {
  t = await startTestApp({ maxUploadBytes: 2 * mib });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
  large = await reportWithPhotos(24);
  small = await createReportHeader(t);
  tokens = await signedInUsers(30);
}, 120_000);

afterAll(async () => {
  // The fetch client's pool may hold connections it opened and never sent a request on: Node
  // expires those by the headers timeout, which stops being checked once the server closes.
  t?.app.server.closeAllConnections();
  await t?.close();
});

describe('a report PDF read slowly', () => {
  it('keeps the server’s memory growth under 100 MB with 30 stalled readers, one printing and the rest queued', async () => {
    const before = configurePdfPrints({ maxConcurrent: 1, maxWaiting: 30, readTimeoutMs: 120_000 });
    const clients: Client[] = [];
    try {
      // A warm-up print read whole: pdfmake loaded, the worker warm.
      const warm = await fetch(`http://127.0.0.1:${port}/api/report-headers/${large.id}/pdf`, {
        headers: { authorization: `Bearer ${tokens[0]}` },
      });
      const pdfSize = (await warm.arrayBuffer()).byteLength;
      expect(pdfSize).toBeGreaterThan(20 * mib);
      const idle = serverMemory();
      const idleRss = process.memoryUsage().rss;

      for (const token of tokens) clients.push(await connect(pdfRequest(large.id, token)));
      // One prints, stalled on its reader; 29 wait their turn; none is refused.
      await expect
        .poll(() => pdfPrints(), { timeout: 30_000, interval: 100 })
        .toMatchObject({ running: 1, waiting: 29, unread: 1 });
      // Sampled a while: the heap and buffers of the server's thread, and the process's RSS
      // (the print worker's heap with them).
      let peak = Number.NEGATIVE_INFINITY;
      let peakRss = Number.NEGATIVE_INFINITY;
      for (let i = 0; i < 10; i++) {
        peak = Math.max(peak, serverMemory() - idle);
        peakRss = Math.max(peakRss, process.memoryUsage().rss - idleRss);
        await new Promise((r) => setTimeout(r, 100));
      }
      expect(peak).toBeLessThan(100 * mib);
      expect(peakRss).toBeLessThan(100 * mib);
      // Still stalled: the printing client has not been sent the whole PDF.
      expect(pdfPrints()).toMatchObject({ running: 1, waiting: 29 });
      const first = clients.reduce((n, c) => n + Buffer.concat(c.received).length, 0);
      expect(first).toBeLessThan(pdfSize);
    } finally {
      for (const client of clients) client.socket.destroy();
      configurePdfPrints(before);
    }
    // The clients gone: the waiting prints left the queue and the running one gave its turn back.
    await expect.poll(() => pdfPrints(), { timeout: 10_000 }).toMatchObject({ running: 0, waiting: 0 });
  });

  it('closes the connection and frees the turn when the client reads nothing for the slow-reader timeout', async () => {
    const before = configurePdfPrints({ maxConcurrent: 1, readTimeoutMs: 300 });
    try {
      const stalled = await connect(pdfRequest(large.id, tokens[1]!));
      await expect.poll(() => pdfPrints().running, { timeout: 30_000 }).toBe(1);
      // The turn is freed without the client reading a byte more.
      await expect.poll(() => pdfPrints(), { timeout: 30_000 }).toMatchObject({ running: 0, unread: 0 });
      // What the client then reads stops short of the PDF: the connection was closed.
      stalled.socket.resume();
      await stalled.ended;
      const answer = answerOf(stalled);
      expect(answer.status).toBe(200);
      const received = Buffer.concat(stalled.received);
      expect(received.includes(Buffer.from('%%EOF'))).toBe(false);
      // The next print is served whole.
      const next = await fetch(`http://127.0.0.1:${port}/api/report-headers/${small.id}/pdf`, {
        headers: { authorization: `Bearer ${tokens[2]}` },
      });
      expect(next.status).toBe(200);
      expect(Buffer.from(await next.arrayBuffer()).includes(Buffer.from('%%EOF'))).toBe(true);
    } finally {
      configurePdfPrints(before);
    }
  });
});

describe('a connection idle past the idle timeout', () => {
  it('is closed when its answer waits for a client that reads nothing, and the print’s turn is freed', async () => {
    const before = configurePdfPrints({ maxConcurrent: 1, readTimeoutMs: 120_000 });
    const idle = t.app.server.timeout;
    t.app.server.setTimeout(300);
    try {
      const stalled = await connect(pdfRequest(large.id, tokens[6]!));
      await expect.poll(() => pdfPrints().running, { timeout: 30_000 }).toBe(1);
      // Not the print's own timeout (two minutes here): the server's idle timeout closes it.
      await expect.poll(() => pdfPrints(), { timeout: 30_000 }).toMatchObject({ running: 0, unread: 0 });
      stalled.socket.resume();
      await stalled.ended;
      expect(Buffer.concat(stalled.received).includes(Buffer.from('%%EOF'))).toBe(false);
    } finally {
      t.app.server.setTimeout(idle);
      configurePdfPrints(before);
    }
  });
});

describe('prints in a fair queue', () => {
  it('serves twenty prints asked for at once, all of them, in the order they arrived', async () => {
    const before = configurePdfPrints({ maxConcurrent: 1, maxWaiting: 20 });
    // A print of the test's own holds the turn while the twenty arrive.
    const held = await takePdfPrinter();
    const finished: number[] = [];
    const answers: Promise<number>[] = [];
    try {
      for (let i = 0; i < 20; i++) {
        answers.push(
          fetch(`http://127.0.0.1:${port}/api/report-headers/${small.id}/pdf`, {
            headers: { authorization: `Bearer ${tokens[i]}` },
          }).then(async (res) => {
            await res.arrayBuffer();
            finished.push(i);
            return res.status;
          }),
        );
        // Each is in the queue before the next is sent: the arrival order is known.
        await expect.poll(() => pdfPrints().waiting, { timeout: 10_000, interval: 20 }).toBe(i + 1);
      }
    } finally {
      held.close();
    }
    try {
      expect(await Promise.all(answers)).toEqual(Array.from({ length: 20 }, () => 200));
      expect(finished).toEqual(Array.from({ length: 20 }, (_, i) => i));
    } finally {
      configurePdfPrints(before);
    }
  });

  it('refuses one past the queue’s length with 503 and Retry-After, and a second waiting print of one user with 429', async () => {
    const before = configurePdfPrints({ maxConcurrent: 1, maxWaiting: 2 });
    const held = await takePdfPrinter();
    const pdf = (token: string) =>
      fetch(`http://127.0.0.1:${port}/api/report-headers/${small.id}/pdf`, {
        headers: { authorization: `Bearer ${token}` },
      });
    try {
      const first = pdf(tokens[3]!);
      await expect.poll(() => pdfPrints().waiting).toBe(1);
      // The same user again, while theirs waits: refused, theirs keeps its place.
      const again = await pdf(tokens[3]!);
      expect(again.status).toBe(429);
      expect(again.headers.get('retry-after')).toBe('10');
      expect(await again.json()).toMatchObject({
        data: null,
        statusCode: 429,
        message: expect.stringContaining('still waiting to be printed'),
        error: { code: 'TOO_MANY_REQUESTS' },
      });
      const second = pdf(tokens[4]!);
      await expect.poll(() => pdfPrints().waiting).toBe(2);
      // The queue is full: the next is refused at once.
      const full = await pdf(tokens[5]!);
      expect(full.status).toBe(503);
      expect(full.headers.get('retry-after')).toBe('10');
      expect(await full.json()).toMatchObject({
        statusCode: 503,
        message: expect.stringContaining('Other reports are being printed'),
        error: { code: 'SERVICE_UNAVAILABLE' },
      });
      held.close();
      expect((await first).status).toBe(200);
      expect((await second).status).toBe(200);
    } finally {
      held.close();
      configurePdfPrints(before);
    }
    await expect.poll(() => pdfPrints()).toMatchObject({ running: 0, waiting: 0 });
  });
});

describe('uploads and stalled requests', () => {
  const formHead = (length: number) =>
    `POST /api/thermal-measurements HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${tokens[0]}\r\n` +
    `Content-Type: multipart/form-data; boundary=x\r\nContent-Length: ${length}\r\n\r\n`;

  it('refuses a form declaring more than its route reads before reading it: 413 in the envelope, the connection closed', async () => {
    // Declares 5 GB and sends a few bytes: answered at once, not after the 5 GB.
    const client = await connect(formHead(5 * 1024 * mib), { body: Buffer.from('--x\r\n'), read: true });
    await client.ended;
    const answer = answerOf(client);
    expect(answer.status).toBe(413);
    expect(answer.headers).toContain('connection: close');
    expect(answer.body).toMatchObject({
      data: null,
      statusCode: 413,
      message: expect.stringContaining('Nothing of it was read'),
      error: { code: 'PAYLOAD_TOO_LARGE' },
    });
  });

  it('refuses a photo past its limit while it streams, without reading the rest of the form', async () => {
    // The form fits its route (two photos of 2 MiB and the text) but its photo does not fit its slot.
    const start = Buffer.from(
      '--x\r\nContent-Disposition: form-data; name="thermalImage"; filename="ir.jpg"\r\nContent-Type: image/jpeg\r\n\r\n',
    );
    const declared = 5 * mib;
    const sent = Buffer.concat([start, photo(3 * mib)]);
    const client = await connect(formHead(declared), { body: sent, read: true });
    // Answered with the rest of the declared body never sent.
    await client.ended;
    const answer = answerOf(client);
    expect(answer.status).toBe(413);
    expect(answer.headers).toContain('connection: close');
    expect(answer.body).toMatchObject({ statusCode: 413, error: { code: 'PAYLOAD_TOO_LARGE' } });
  });

  it('refuses a JSON body declaring more than the body limit at once, and closes the connection', async () => {
    const head =
      `POST /api/report-headers HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${tokens[0]}\r\n` +
      `Content-Type: application/json\r\nContent-Length: ${5 * 1024 * mib}\r\n\r\n`;
    const client = await connect(head, { body: Buffer.from('{"title":'), read: true });
    await client.ended;
    const answer = answerOf(client);
    expect(answer.status).toBe(413);
    expect(answer.headers).toContain('connection: close');
    expect(answer.body).toMatchObject({ statusCode: 413, error: { code: 'PAYLOAD_TOO_LARGE' } });
  });

  it('answers a body that stops arriving with 408 after the idle time, and closes the connection', async () => {
    const idle = t.app.server.timeout;
    t.app.server.setTimeout(300);
    try {
      const client = await connect(formHead(4096), { body: Buffer.from('--x\r\n'), read: true });
      await client.ended;
      const answer = answerOf(client);
      expect(answer.status).toBe(408);
      expect(answer.body).toMatchObject({
        data: null,
        statusCode: 408,
        message: expect.stringContaining('Nothing more of the request arrived'),
        error: { code: 'REQUEST_TIMEOUT' },
      });
    } finally {
      t.app.server.setTimeout(idle);
    }
  });
});
