/*
 * The app's service worker (vite.config.ts, "installableApp"): registered once the page has loaded,
 * in a build only. A new build found on the server is kept waiting; the signed-in shell then offers
 * to reload into it (AppUpdateNotice), and otherwise it takes over the next time the app starts.
 */

type UpdateNow = (reloadPage?: boolean) => Promise<void>;

let waiting: UpdateNow | undefined;
const listeners = new Set<() => void>();

/** Registers the worker; no-op where the browser has none (plain HTTP to a host other than localhost). */
export function registerAppWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  // Workbox's window library comes with the registration, after the first screen, not before it.
  void import('virtual:pwa-register')
    .then(({ registerSW }) => {
      const update = registerSW({
        onNeedRefresh: () => {
          waiting = update;
          for (const listener of listeners) listener();
        },
      });
    })
    .catch(() => undefined);
}

/** Whether a new version waits, for `useSyncExternalStore`. */
export const appUpdate = {
  subscribe: (listener: () => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  isWaiting: () => waiting !== undefined,
  /** Lets the new version take over and reloads the page into it. */
  reload: () => waiting?.(true),
};
