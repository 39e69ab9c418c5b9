import { describe, expect, it } from 'vitest';
import { JsonBlocks } from '../src/engine/action-handler.ts';

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
    // Every block but the last closes once it holds a block's length of text.
    for (const block of written.slice(0, -1))
      expect(block.toString('utf8').length).toBeGreaterThanOrEqual(JsonBlocks.blockLength);
  });

  it('answers no block for nothing written, and keeps a short answer in one', () => {
    expect(new JsonBlocks().done()).toEqual([]);
    const short = new JsonBlocks();
    short.write('{"a":');
    short.write('1}');
    expect(short.done().map((b) => b.toString('utf8'))).toEqual(['{"a":1}']);
  });

  it('keeps a piece already encoded as it is, after the text written before it', () => {
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
    // The encoded pieces are sent as they are, not copied into a block of text.
    expect(written).toContain(encoded);
  });
});
