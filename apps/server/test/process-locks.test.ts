/**
 * The process locks of a PostgreSQL site (`Database.exclusively`, src/db/client.ts) hold a
 * connection of their own. One the server refuses is still ended: a server that answers the start
 * with an error may leave the socket open, and a start retried in a loop would pile them up. The
 * locks between two processes are proven in test/scale-out.test.ts.
 */
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client.ts';

/** A PostgreSQL ErrorResponse message (protocol 3): the fields, each a code byte and a C string. */
function errorResponse(fields: Record<string, string>): Buffer {
  const body = Buffer.concat([
    ...Object.entries(fields).map(([code, value]) => Buffer.from(`${code}${value}\0`)),
    Buffer.from([0]),
  ]);
  const head = Buffer.alloc(5);
  head.write('E', 0);
  head.writeInt32BE(body.length + 4, 1);
  return Buffer.concat([head, body]);
}

/** Answers every start with PostgreSQL's refusal of one client too many, and keeps the socket open. */
let server: net.Server;
const closedByClient: Promise<void>[] = [];
beforeAll(async () => {
  server = net.createServer((socket) => {
    closedByClient.push(new Promise((resolve) => socket.once('close', () => resolve())));
    socket.once('data', () =>
      socket.write(
        errorResponse({ S: 'FATAL', V: 'FATAL', C: '53300', M: 'sorry, too many clients already' }),
      ),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('a process lock whose connection the server refuses', () => {
  it('fails the start with the server’s reason and ends its connection', async () => {
    const { port } = server.address() as net.AddressInfo;
    // The start's migrations run under the `start` lock, taken first.
    await expect(openDatabase({ url: `postgres://inspectra@127.0.0.1:${port}/inspectra` })).rejects.toThrow(
      'sorry, too many clients already',
    );
    expect(closedByClient).toHaveLength(1);
    const waited = await Promise.race([
      closedByClient[0]!.then(() => 'closed'),
      new Promise((resolve) => setTimeout(() => resolve('still open after 5 s'), 5_000)),
    ]);
    expect(waited).toBe('closed');
  });
});
