import { passwordWeaknessMessages } from '@inspectra/contract';
import type { PasswordWeakness } from '@inspectra/contract';
import type { TFunction } from 'i18next';
import { ApiError } from '../../api/errors.ts';
import { serverFieldError } from '../../ui/error-text.ts';

const weaknessByMessage = new Map<string, PasswordWeakness>(
  Object.entries(passwordWeaknessMessages).map(([key, message]) => [message, key as PasswordWeakness]),
);

/**
 * The server's reason for refusing a password field, in the user's language when it is one of the
 * contract's reasons, otherwise as the server wrote it; undefined when the field is not refused.
 */
export function passwordFieldError(error: unknown, path: string, t: TFunction): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  const message = error.details.find((d) => d.path === path)?.message;
  if (message === undefined) return undefined;
  const weakness = weaknessByMessage.get(message);
  return weakness ? t(`users.passwordWeakness.${weakness}`) : serverFieldError(error, path, t);
}
