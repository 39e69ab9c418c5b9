import { createHash } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/**
 * The SHA-256 of a request's body as it arrives, read beside whoever reads the body (Fastify's JSON
 * parser, or the multipart reader), never instead of it. A multipart form is hashed with its
 * boundary left out: a client that builds the same form again gets a new boundary, and the same
 * parts must make the same fingerprint.
 */
export class BodyFingerprint {
  private readonly hash = createHash('sha256');
  private tail = Buffer.alloc(0);
  /** The digest once the body has arrived whole; undefined before, or when it never did. */
  value: string | undefined;
  /** Settles when the body has arrived whole (its digest) or the request closed first (undefined). */
  readonly done: Promise<string | undefined>;

  constructor(
    private readonly raw: IncomingMessage,
    /** `--<boundary>` of a multipart form, whose every occurrence is hashed as one fixed mark. */
    private readonly delimiter: Buffer | undefined,
  ) {
    this.done = new Promise((resolve) => {
      raw.on('data', (chunk: Buffer) => this.update(chunk));
      raw.once('end', () => resolve((this.value = this.finish())));
      raw.once('close', () => resolve(this.value));
    });
    // A 'data' listener starts the stream flowing; paused, it waits for the body's own reader,
    // which resumes it (a parser, or the multipart reader's pipe) and then reads every byte too.
    raw.pause();
  }

  /** Reads the rest of the body (nobody else will) and answers its digest. */
  readToEnd(): Promise<string | undefined> {
    if (!this.raw.readableEnded) this.raw.resume();
    return this.done;
  }

  private update(chunk: Buffer) {
    if (!this.delimiter) {
      this.hash.update(chunk);
      return;
    }
    const bytes = this.tail.length > 0 ? Buffer.concat([this.tail, chunk]) : chunk;
    let from = 0;
    for (let at = bytes.indexOf(this.delimiter, from); at !== -1; at = bytes.indexOf(this.delimiter, from)) {
      this.hash.update(bytes.subarray(from, at)).update('\0part\0');
      from = at + this.delimiter.length;
    }
    // A delimiter may begin in this chunk and end in the next: its possible start is kept back.
    const safe = Math.max(from, bytes.length - (this.delimiter.length - 1));
    this.hash.update(bytes.subarray(from, safe));
    this.tail = Buffer.from(bytes.subarray(safe));
  }

  private finish() {
    return this.hash.update(this.tail).digest('hex');
  }
}

/** `--<boundary>` of a multipart request, or undefined for any other body. */
export function multipartDelimiter(contentType: string | undefined): Buffer | undefined {
  if (!contentType || !/^multipart\/form-data\b/i.test(contentType)) return undefined;
  const boundary = /;\s*boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  const value = boundary?.[1] ?? boundary?.[2];
  return value ? Buffer.from(`--${value}`) : undefined;
}
