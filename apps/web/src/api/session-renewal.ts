/*
 * Signing in again without leaving the page. When the session cannot be refreshed, the client
 * normally signs out and goes to `/auth/?code=401` (SPEC 4). A page holding unsaved input offers a
 * sign-in dialog instead: while one is offered, the calls waiting on the refresh wait for the dialog,
 * and are replayed with the new tokens once the user has signed in, so a save simply goes through.
 */

/** Asks the user to sign in again; resolves true once new tokens are stored, false if they declined. */
export type SessionRenewal = () => Promise<boolean>;

const offered: SessionRenewal[] = [];

/** Offers a way to sign in again while the returned function has not been called. */
export function offerSessionRenewal(renewal: SessionRenewal): () => void {
  offered.push(renewal);
  return () => {
    const index = offered.lastIndexOf(renewal);
    if (index >= 0) offered.splice(index, 1);
  };
}

/** The most recently offered renewal, if a page offers one. */
export function sessionRenewal(): SessionRenewal | undefined {
  return offered.at(-1);
}
