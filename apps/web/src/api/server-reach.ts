import { onlineManager } from '@tanstack/react-query';

/*
 * Whether the server can be reached, as the app's online state (TanStack's `onlineManager`, which
 * the screens, the queries and the offline queue read). The browser's own flag says only that a
 * network interface is up: a tablet joined to a plant access point with no route to the server is
 * "online" to the browser while every call goes unanswered. So a call that gets no answer at all
 * (no status: the connection failed, not the server refused) turns the app offline, and a probe then
 * asks the server every few seconds, growing to half a minute, until any answer comes back
 * (docs/offline-capture.md, "Server reachability").
 */

/**
 * Whether the device itself says it has no network (the browser's `offline` event, or a page loaded
 * with none), as against a network that reaches no server: what the indicator tells the user.
 */
let networkDown = typeof navigator !== 'undefined' && !navigator.onLine;
if (typeof window !== 'undefined') {
  window.addEventListener('offline', () => (networkDown = true));
  window.addEventListener('online', () => (networkDown = false));
}
export const deviceHasNoNetwork = (): boolean => networkDown;

/** The first wait before asking again, and the longest. */
export const probeWaits = { firstMs: 3_000, longestMs: 30_000 };

let timer: ReturnType<typeof setTimeout> | undefined;
let wait = 0;
let following = true;

/**
 * Whether unanswered calls turn the app offline. The client tests turn it off (test/setup.ts): their
 * mock server fails a call nobody answers as a lost connection, which must not pause the next test's
 * queries; the tests of this file turn it on.
 */
export function followUnansweredCalls(on: boolean): void {
  following = on;
}

/** A call to the server got no answer: the app is offline until the server answers again. */
export function noteUnreached(): void {
  if (typeof window === 'undefined' || !following) return;
  onlineManager.setOnline(false);
  if (timer !== undefined) return;
  wait = probeWaits.firstMs;
  schedule();
}

/** Stops asking (a test's clean-up, or the app's end); the online state stays as it is. */
export function stopProbing(): void {
  clearTimeout(timer);
  timer = undefined;
}

function schedule(): void {
  timer = setTimeout(() => void probe(), wait);
  wait = Math.min(wait * 2, probeWaits.longestMs);
}

/**
 * Any answer of the server's, whatever its status (a 401 is an answer), brings the app back online;
 * so does the browser's own `online` event (TanStack listens to it), after which asking stops.
 */
async function probe(): Promise<void> {
  if (onlineManager.isOnline()) return stopProbing();
  try {
    await fetch(new URL('/api/health', window.location.href));
    stopProbing();
    onlineManager.setOnline(true);
  } catch {
    if (timer !== undefined) schedule();
  }
}
