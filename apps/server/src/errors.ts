import { errorStatus, renderFieldMessage } from '@inspectra/contract';
import type { ErrorCode, FieldError, FieldMessageCode, FieldMessageParams } from '@inspectra/contract';

/** The one error type the server throws on purpose; the error handler turns it into the envelope. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly details: FieldError[] | undefined;
  /** A plain property (not a getter): Fastify assigns it on validation errors. */
  statusCode: number;
  /** For a refusal of a busy server: when to try again, sent as `Retry-After` (seconds). */
  readonly retryAfterSeconds: number | undefined;
  /** Headers the refusal is sent with, where a client reads them (an upload's `Upload-Offset`). */
  readonly headers: Record<string, string> | undefined;

  /**
   * `cause`: what went wrong underneath (a library's error), kept for the log: the envelope says
   * `message` only, the server logs the cause at warn.
   */
  constructor(
    code: ErrorCode,
    message: string,
    details?: FieldError[],
    options?: { cause?: unknown; retryAfterSeconds?: number; headers?: Record<string, string> },
  ) {
    super(message, options);
    this.name = 'AppError';
    this.code = code;
    this.details = details;
    this.statusCode = errorStatus[code];
    this.retryAfterSeconds = options?.retryAfterSeconds;
    this.headers = options?.headers;
  }
}

/**
 * A refused field as the message catalogue names it (contract messages.ts): its English sentence for
 * API readers, with the code and params a client turns into its user's language. `path` is the field
 * the refusal concerns, or `id` for the record the call names when no field is to blame.
 */
export function fieldRefusal(path: string, code: FieldMessageCode, params?: FieldMessageParams): FieldError {
  return { path, message: renderFieldMessage(code, params), code, ...(params ? { params } : {}) };
}
