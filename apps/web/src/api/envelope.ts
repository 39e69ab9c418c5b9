import type { Envelope } from '@inspectra/contract';

/** Whether a parsed answer is the server's `{ data, statusCode, message }` envelope (not, say, a proxy's HTML page). */
export function isEnvelope(body: unknown): body is Envelope<unknown> {
  return (
    typeof body === 'object' &&
    body !== null &&
    'data' in body &&
    typeof (body as { statusCode?: unknown }).statusCode === 'number'
  );
}
