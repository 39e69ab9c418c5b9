import { z } from 'zod';

/** Error codes and the HTTP status each maps to; the one table both server and web read. */
export const errorStatus = {
  VALIDATION_ERROR: 400,
  BAD_REQUEST: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  /** An `If-Match` that no longer names the record's version: it changed since it was read. */
  PRECONDITION_FAILED: 412,
  /** A request whose body stopped arriving for the server's idle time (docs/bounded-clients.md). */
  REQUEST_TIMEOUT: 408,
  PAYLOAD_TOO_LARGE: 413,
  /** An `Idempotency-Key` already used for another request (docs/offline-capture.md). */
  IDEMPOTENCY_KEY_REUSED: 422,
  UNSUPPORTED_MEDIA_TYPE: 415,
  /** A `Range` of a file that starts past its end. */
  RANGE_NOT_SATISFIABLE: 416,
  TOO_MANY_REQUESTS: 429,
  INTERNAL: 500,
  SERVICE_UNAVAILABLE: 503,
} as const;
export type ErrorCode = keyof typeof errorStatus;

/**
 * How many days the server keeps a write's `Idempotency-Key` and its answer unless the deployment
 * says otherwise (`IDEMPOTENCY_KEY_DAYS`, docs/offline-capture.md): a change sent again later is a new
 * request to it. The app warns of a change kept on the device that long (`oldChangeDays`).
 */
export const idempotencyKeyDays = 30;

/**
 * A refused field: `message` in English for API readers; `code` and `params` name it in the message
 * catalogue (messages.ts) so a client can say it in its user's language. An addition to the
 * specification's `{ path, message }`; absent where no catalogue message fits.
 */
export const fieldErrorSchema = z.object({
  path: z.string(),
  message: z.string(),
  code: z.string().optional(),
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
});
export type FieldError = z.infer<typeof fieldErrorSchema>;

export const pageMetaSchema = z.object({
  pageNumber: z.number().int(),
  pageSize: z.number().int(),
  /** Records that matched; a lower bound when `totalCountExact` is false (docs/api-conventions.md). */
  totalCount: z.number().int(),
  totalPages: z.number().int(),
  /** False when more records matched than the list counted: "1,000 or more". */
  totalCountExact: z.boolean(),
  /**
   * Present when a search of one or two characters looked through only the newest this many
   * records of a longer list (docs/api-conventions.md, "Search"): type more to search them all.
   */
  searchLimitedTo: z.number().int().optional(),
});
export type PageMeta = z.infer<typeof pageMetaSchema>;

/**
 * What an answer's capped lists left out (docs/api-conventions.md, "Capped lists"): for each list
 * the route declares with a cap (`capped`), by its key in `data` (`data` when the answer is the
 * list itself), how many more matched than it shows; 0 when it shows them all.
 */
export const notShownSchema = (lists: readonly string[]) =>
  z.object(Object.fromEntries(lists.map((key) => [key, z.number().int().min(0)])));
export type NotShown = Record<string, number>;
/** The meta of an answer with capped lists: `{ notShown: { actionRequired: 4900 } }`. */
export type CappedMeta = { notShown: NotShown };

/**
 * `{ data, meta?, statusCode, message }` around any payload schema; with `success`, the status and
 * the messages a call's success answers exactly (`routeSuccess`), as its OpenAPI document says them.
 */
export function envelopeSchema<T extends z.ZodType>(
  data: T,
  paged = false,
  success?: { status: number; messages: readonly string[] },
  /** The keys of the answer's capped lists (`capped` of an action): its meta says what they left out. */
  capped?: readonly string[],
) {
  const [first, ...more] = success?.messages ?? [];
  return z.object({
    data,
    ...(paged ? { meta: pageMetaSchema } : {}),
    ...(capped?.length ? { meta: z.object({ notShown: notShownSchema(capped) }) } : {}),
    statusCode: success ? z.literal(success.status) : z.number().int(),
    message: first !== undefined ? z.enum([first, ...more]) : z.string(),
  });
}

export const errorEnvelopeSchema = z.object({
  data: z.null(),
  statusCode: z.number().int(),
  message: z.string(),
  error: z.object({ code: z.string(), details: z.array(fieldErrorSchema).optional() }),
});
export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;
/** A paged list's meta by default; `CappedMeta` for a route with capped lists. */
export type Envelope<T, M = PageMeta> = { data: T; meta?: M; statusCode: number; message: string };
