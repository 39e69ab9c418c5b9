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
 * A long JSON answer written in many small pieces (a report's whole content), kept as UTF-8 bytes
 * a block at a time: the pieces die young instead of living, each a string on the heap, until the
 * answer is whole; the answer is then sent as those bytes, with no joining and encoding at the end.
 * A piece already encoded (a record's canonical members, which its fingerprint hashed) is kept as
 * it is, after the text written before it.
 */
export class JsonBlocks {
  static readonly blockLength = 64 * 1024;
  private pending: string[] = [];
  private pendingLength = 0;
  private readonly blocks: Buffer[] = [];

  write(piece: string | Buffer): void {
    if (typeof piece !== 'string') {
      this.flush();
      this.blocks.push(piece);
      return;
    }
    this.pending.push(piece);
    this.pendingLength += piece.length;
    if (this.pendingLength >= JsonBlocks.blockLength) this.flush();
  }

  /** The bytes written so far, in order. */
  done(): Buffer[] {
    this.flush();
    return this.blocks;
  }

  private flush(): void {
    if (this.pending.length === 0) return;
    this.blocks.push(Buffer.from(this.pending.join(''), 'utf8'));
    this.pending = [];
    this.pendingLength = 0;
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
