/**
 * Answers written as JSON text rather than objects: a page the database wrote (`JsonText`), a long
 * answer or hash input written piece by piece (`JsonBlocks`).
 */

/**
 * Answer data already serialised as JSON (a page whose views the database built): written into the
 * envelope as it is, never parsed and stringified again.
 */
export class JsonText {
  /** The JSON as text, or as its UTF-8 bytes in blocks (a long answer, written by `JsonBlocks`). */
  constructor(readonly text: string | readonly Buffer[]) {}
}

/**
 * A long text written in many small pieces (a report's whole content, or what its fingerprint
 * hashes), kept as UTF-8 bytes a block at a time: each piece is copied into the block being
 * filled, so the pieces die young instead of living, each a string or a small buffer, until the
 * whole is written, and what reads the blocks (the answer's write, a hash) takes a few large
 * blocks instead of thousands of pieces. Given `onBlock`, each full block is handed to it and its
 * space used again (a hash, which reads a block at once); else the blocks are kept (`done`).
 */
export class JsonBlocks {
  static readonly blockLength = 64 * 1024;
  private block: Buffer;
  private used = 0;
  private readonly blocks: Buffer[] = [];

  constructor(private readonly onBlock?: (block: Buffer) => void) {
    this.block = Buffer.allocUnsafe(JsonBlocks.blockLength);
  }

  /** Adds a piece: text, or bytes already encoded (a record's canonical members). */
  write(piece: string | Uint8Array): void {
    const room = this.block.length - this.used;
    if (typeof piece === 'string') {
      // UTF-8 takes at most three bytes per UTF-16 unit; only a piece that might not fit is measured.
      if (piece.length * 3 > room) {
        const bytes = Buffer.byteLength(piece, 'utf8');
        if (bytes > room) {
          this.close();
          if (bytes > this.block.length) return this.whole(Buffer.from(piece, 'utf8'));
        }
      }
      this.used += this.block.write(piece, this.used, 'utf8');
      return;
    }
    if (piece.length > room) {
      this.close();
      if (piece.length > this.block.length)
        return this.whole(Buffer.from(piece.buffer, piece.byteOffset, piece.length));
    }
    this.block.set(piece, this.used);
    this.used += piece.length;
  }

  /** The bytes written so far, in order (none kept when they were handed to `onBlock`). */
  done(): Buffer[] {
    this.close();
    return this.blocks;
  }

  /** Ends the block being filled: handed on (its space then used again) or kept. */
  private close(): void {
    if (this.used === 0) return;
    if (this.onBlock) this.onBlock(this.block.subarray(0, this.used));
    else {
      this.blocks.push(this.block.subarray(0, this.used));
      this.block = Buffer.allocUnsafe(JsonBlocks.blockLength);
    }
    this.used = 0;
  }

  /** A piece longer than a block, after the blocks before it. */
  private whole(bytes: Buffer): void {
    if (this.onBlock) this.onBlock(bytes);
    else this.blocks.push(bytes);
  }
}
