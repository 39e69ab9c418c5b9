import { passwordPolicyMessage } from '@inspectra/contract';
import { AppError } from '../../errors.ts';
import { breachedPasswords } from './breached-passwords.ts';

/**
 * The checks of a new password beyond its length (the contract's schema bounds that): it may not
 * contain the username, and may not be a commonly breached password. Refuses with a 400 naming the
 * field and the rule broken, plus the policy as a whole so a form can show it.
 */
export function checkPasswordPolicy(password: string, username: string, field = 'newPassword'): void {
  const lower = password.toLowerCase();
  const problem = lower.includes(username.toLowerCase())
    ? 'The password may not contain the username'
    : breachedPasswords.has(lower)
      ? 'This password is in lists of breached passwords; choose another'
      : undefined;
  if (problem)
    throw new AppError('VALIDATION_ERROR', `${problem}. ${passwordPolicyMessage}.`, [
      { path: field, message: problem },
    ]);
}
