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
