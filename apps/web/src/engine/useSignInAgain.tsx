import { createContext, useContext } from 'react';
import type { ComponentType, ReactNode } from 'react';

/** What a form holding unsaved input tells the slot: whether it holds any, and whose it is. */
export type SignInAgainProps = { active: boolean; userId: string | undefined };

/**
 * Where a form's way of signing in again comes from. The engine keeps input through an ended
 * session but knows nothing of signing in: the app's shell fills the slot with its sign-in dialog.
 * Empty, a form offers none, and an ended session leaves the page as anywhere else.
 */
export const SignInAgainSlot = createContext<ComponentType<SignInAgainProps> | null>(null);

/**
 * While `active` (a form holds unsaved input), a session that can no longer be refreshed opens the
 * slot's sign-in dialog on the page instead of leaving it. Render the returned element.
 */
export function useSignInAgain(active: boolean, userId: string | undefined): ReactNode {
  const SignInAgain = useContext(SignInAgainSlot);
  return SignInAgain ? <SignInAgain active={active} userId={userId} /> : null;
}
