import { describe, expect, it } from 'vitest';
import { JsonBlocks } from '../src/engine/json-text.ts';

describe('JsonBlocks (a long answer kept as UTF-8 blocks while it is written)', () => {
  it('holds exactly the bytes of its pieces in order, across blocks, whatever their characters', () => {
    const pieces: string[] = [];
    for (let i = 0; i < 20_000; i++)
      pieces.push(i % 7 === 0 ? `"Ø ${i} — 温度 🔥"` : i % 3 === 0 ? ',' : `{"n":${i}}`);
    const blocks = new JsonBlocks();
    for (const piece of pieces) blocks.write(piece);
    const written = blocks.done();
    expect(written.length).toBeGreaterThan(1);
    expect(Buffer.concat(written).toString('utf8')).toBe(pieces.join(''));
    // Every block holds at most a block's length; each but the last closes when the next piece does not fit.
    for (const block of written) expect(block.length).toBeLessThanOrEqual(JsonBlocks.blockLength);
    const largest = Math.max(...pieces.map((piece) => Buffer.byteLength(piece)));
    for (const block of written.slice(0, -1))
      expect(block.length).toBeGreaterThan(JsonBlocks.blockLength - largest);
  });

  it('answers no block for nothing written, and keeps a short answer in one', () => {
    expect(new JsonBlocks().done()).toEqual([]);
    const short = new JsonBlocks();
    short.write('{"a":');
    short.write('1}');
    expect(short.done().map((b) => b.toString('utf8'))).toEqual(['{"a":1}']);
  });

  it('copies a piece already encoded after the text written before it, and hands full blocks on when asked', () => {
    const blocks = new JsonBlocks();
    const encoded = Buffer.from('{"fields":{"component":"Sambungan 🔥"}', 'utf8');
    blocks.write('[');
    blocks.write(encoded.subarray(0, -1));
    blocks.write('},"names":{},"lists":[');
    blocks.write(encoded);
    blocks.write(']');
    const written = blocks.done();
    expect(Buffer.concat(written).toString('utf8')).toBe(
      `[${encoded.subarray(0, -1).toString()}},"names":{},"lists":[${encoded.toString()}]`,
    );
    // A piece longer than a block follows the blocks before it, whole; given `onBlock`, every block
    // is handed on as it fills (a hash reads it at once), its space then used again.
    const long = 'é'.repeat(JsonBlocks.blockLength);
    const handed: string[] = [];
    const hashed = new JsonBlocks((block) => handed.push(block.toString('utf8')));
    const pieces = ['{"a":"', long, '"}', encoded, '"x"'.repeat(30_000)];
    for (const piece of pieces) hashed.write(piece);
    expect(hashed.done()).toEqual([]);
    expect(handed.join('')).toBe(pieces.map((p) => (typeof p === 'string' ? p : p.toString())).join(''));
  });
});
