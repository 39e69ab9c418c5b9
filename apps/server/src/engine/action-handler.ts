import type { Readable } from 'node:stream';
import type { CappedMeta, PageMeta, RouteDefinition } from '@inspectra/contract';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { AuthenticatedUser } from './access.ts';
import type { EngineDeps } from './engine-deps.ts';

/** What a handler (an entity operation or a module's action) receives: validated input and the caller. */
export type ActionContext = {
  request: FastifyRequest;
  /** The route table row being served (an action shared by variants reads its variant here). */
  route: RouteDefinition;
  user: AuthenticatedUser | undefined;
  query: Record<string, unknown>;
  params: Record<string, unknown>;
  body: Record<string, unknown>;
  deps: EngineDeps;
};
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

export type ActionResult =
  | {
      data: unknown;
      meta?: PageMeta | CappedMeta;
      message?: string;
      statusCode?: number;
      /** Headers sent beside the envelope (a cookie the call sets). */
      headers?: Record<string, string>;
    }
  /** A file or other non-JSON answer, sent as it is (206 for a part of a file). */
  | { raw: { body: Readable; headers: Record<string, string>; statusCode?: number } };
export type ActionHandler = (ctx: ActionContext) => Promise<ActionResult>;

type Output<S> = S extends z.ZodType ? z.output<S> : Record<string, never>;

/**
 * An action handler typed by the schemas its route row declares (the same objects, exported by the
 * contract): `query.thermalAnalysisId` is a string because the row's query schema says so, not
 * because the handler casts it. The schemas have already validated the request when it runs.
 */
export function typedAction<
  Q extends z.ZodType | undefined = undefined,
  P extends z.ZodType | undefined = undefined,
  B extends z.ZodType | undefined = undefined,
>(
  _schemas: { query?: Q; params?: P; body?: B },
  handler: (
    ctx: Omit<ActionContext, 'query' | 'params' | 'body'> & {
      query: Output<Q>;
      params: Output<P>;
      body: Output<B>;
    },
  ) => Promise<ActionResult>,
): ActionHandler {
  return (ctx) => handler(ctx as never);
}
