import type { FieldError } from '@inspectra/contract';

/** The messages SPEC 8 gives the client; shown to users as they are. */
export const clientMessages = {
  invalidLogin: 'Invalid username or password',
  refreshTokenNotFound: 'Refresh token not found',
  default: 'Sorry for an error, check your connection or try a few more moments.',
  unauthorized: (status: number) => `Unauthorized: ${status}`,
  httpError: (status: number, body: string) => `HTTP error! Status: ${status} - ${body}`,
} as const;

/**
 * A failed call: the HTTP status (0 when the server could not be reached), the server's error code
 * and field details when it sent the error envelope, and a message fit to show.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string | undefined;
  readonly details: FieldError[];
  /** When a busy server asked to be called again (`Retry-After`, seconds), if it did. */
  readonly retryAfterSeconds: number | undefined;

  constructor(
    message: string,
    o: { status: number; code?: string; details?: FieldError[]; retryAfterSeconds?: number; cause?: unknown },
  ) {
    super(message, o.cause === undefined ? undefined : { cause: o.cause });
    this.name = 'ApiError';
    this.status = o.status;
    this.code = o.code;
    this.details = o.details ?? [];
    this.retryAfterSeconds = o.retryAfterSeconds;
  }
}
