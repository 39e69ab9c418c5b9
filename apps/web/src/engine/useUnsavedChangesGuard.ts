import { useBlocker } from '@tanstack/react-router';
import { useCallback, useEffect, useRef } from 'react';

export type UnsavedChangesGuard = {
  /** 'blocked' while a navigation waits for the user's answer. */
  status: 'idle' | 'blocked';
  /** Leave anyway (discard the changes). */
  proceed: (() => void) | undefined;
  /** Stay on the page. */
  reset: (() => void) | undefined;
  /** Let the next navigation through, e.g. right after a save, before `dirty` has caught up. */
  allowNavigation: () => void;
};

/**
 * Holds back in-app navigation and closing or reloading the tab while `dirty`; render
 * `UnsavedChangesModal` with the result to ask the user.
 */
export function useUnsavedChangesGuard(dirty: boolean): UnsavedChangesGuard {
  // The router calls the blocker outside React's render; a ref gives it the current answer, and
  // lets `allowNavigation` take effect at once instead of after the next render.
  const blocking = useRef(dirty);
  useEffect(() => {
    blocking.current = dirty;
  }, [dirty]);
  const shouldBlock = useCallback(() => blocking.current, []);
  const blocker = useBlocker({
    shouldBlockFn: shouldBlock,
    enableBeforeUnload: shouldBlock,
    withResolver: true,
  });
  const allowNavigation = useCallback(() => {
    blocking.current = false;
  }, []);
  return { status: blocker.status, proceed: blocker.proceed, reset: blocker.reset, allowNavigation };
}
