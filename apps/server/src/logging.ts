import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * What the server writes to its log, for the person who runs it (docs/operations.md): one line a
 * request, readable lines on a terminal and JSON lines for a log collector, and error level kept
 * for what someone must look at.
 */

export type LogFormat = 'pretty' | 'json';

/** `LOG_FORMAT` when set; else readable lines on a terminal and JSON when stdout is a pipe or a file. */
export function logFormatFor(setting: LogFormat | undefined, stdoutIsTerminal: boolean): LogFormat {
  return setting ?? (stdoutIsTerminal ? 'pretty' : 'json');
}

/** pino's level numbers, as a person reads them. */
const levelNames: Record<number, string> = {
  10: 'TRACE',
  20: 'DEBUG',
  30: 'INFO',
  40: 'WARN',
  50: 'ERROR',
  60: 'FATAL',
};
const levelColours: Record<number, string> = { 40: '\x1b[33m', 50: '\x1b[31m', 60: '\x1b[41m' };
/** Fields said by the line's layout or its message (a request's line) rather than as `key=value`. */
const shownInLayout = new Set(['level', 'time', 'pid', 'hostname', 'msg', 'reqId', 'err', 'request']);

function plainValue(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** One JSON log entry as a line a person reads: time, level, request id, message, other fields, stack. */
export function prettyLine(entry: Record<string, unknown>, colours = false): string {
  const at = new Date(typeof entry.time === 'number' ? entry.time : Date.now());
  const two = (n: number) => String(n).padStart(2, '0');
  // The machine's local time: what the person at the terminal reads on the clock.
  const time = `${two(at.getHours())}:${two(at.getMinutes())}:${two(at.getSeconds())}.${String(at.getMilliseconds()).padStart(3, '0')}`;
  const level = typeof entry.level === 'number' ? entry.level : 30;
  const name = (levelNames[level] ?? String(level)).padEnd(5);
  const coloured = colours && levelColours[level] ? `${levelColours[level]}${name}\x1b[0m` : name;
  const request = entry.reqId === undefined ? '' : ` [${plainValue(entry.reqId)}]`;
  const fields = Object.entries(entry)
    .filter(([key, value]) => !shownInLayout.has(key) && value !== undefined)
    .map(([key, value]) => `${key}=${plainValue(value)}`);
  const err = entry.err as { stack?: unknown; message?: unknown } | undefined;
  const stack = typeof err?.stack === 'string' ? err.stack : err?.message ? String(err.message) : '';
  const indented = stack ? `\n    ${stack.split('\n').join('\n    ')}` : '';
  const extra = fields.length > 0 ? `  ${fields.join(' ')}` : '';
  return `${time} ${coloured}${request} ${plainValue(entry.msg ?? '')}${extra}${indented}\n`;
}

/** A pino destination that writes each entry as a readable line to `out` (the server's stdout). */
export function prettyStream(out: NodeJS.WritableStream, colours: boolean) {
  return {
    write(line: string) {
      let entry: Record<string, unknown>;
      try {
        entry = JSON.parse(line) as Record<string, unknown>;
      } catch {
        out.write(line);
        return;
      }
      out.write(prettyLine(entry, colours));
    },
  };
}

/** The logger options of the server (main.ts): level, and the readable destination when pretty. */
export function loggerOptions(o: { level: string; format: LogFormat; out?: NodeJS.WriteStream }) {
  const out = o.out ?? process.stdout;
  return o.format === 'pretty'
    ? { level: o.level, stream: prettyStream(out, out.isTTY === true && !process.env.NO_COLOR) }
    : { level: o.level };
}

/** Requests whose client hung up before their answer was sent. */
const abandoned = new WeakSet<FastifyRequest>();

/**
 * The client went away before its answer: whatever the request fails with afterwards (the
 * database's "abandoned" refusal, a cancelled statement) is nobody's error.
 */
export function clientWentAway(request: FastifyRequest, reply: FastifyReply): boolean {
  return abandoned.has(request) || reply.raw.destroyed;
}

function pathOf(request: FastifyRequest) {
  return request.url.length > 300 ? `${request.url.slice(0, 300)}…` : request.url;
}

/**
 * One info line a request, written when its answer has been sent (method, path, status, time), or
 * when its client hung up before that. Fastify's own two lines (request and response) are off
 * (`disableRequestLogging` in app.ts).
 */
export function installRequestLog(app: FastifyInstance) {
  // Read once: with the log off or above info (the benchmarks, the journeys) a request costs no line.
  const logged =
    (app.log as { isLevelEnabled?: (level: string) => boolean }).isLevelEnabled?.('info') ?? false;
  app.addHook('onRequest', (request, reply, done) => {
    reply.raw.once('close', () => {
      // Ended is enough: an injected request (tests) closes before it says it has finished.
      if (reply.raw.writableEnded) return;
      abandoned.add(request);
      if (!logged) return;
      const ms = Math.round(reply.elapsedTime);
      request.log.info(
        { request: { method: request.method, url: pathOf(request), ms, abandoned: true } },
        `${request.method} ${pathOf(request)} abandoned by its client after ${ms} ms`,
      );
    });
    done();
  });
  if (!logged) return;
  app.addHook('onResponse', (request, reply, done) => {
    const ms = Math.round(reply.elapsedTime);
    request.log.info(
      { request: { method: request.method, url: pathOf(request), status: reply.statusCode, ms } },
      `${request.method} ${pathOf(request)} ${reply.statusCode} ${ms} ms`,
    );
    done();
  });
}
