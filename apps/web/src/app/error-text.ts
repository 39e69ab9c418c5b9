import type { TFunction } from 'i18next';
import { ApiError, clientMessages } from '../api/errors.ts';

/**
 * The message to show for a failure. The client's own catalogue messages (SPEC 8) are shown in the
 * user's language; the server's messages are shown as the server wrote them.
 */
export function errorText(error: unknown, t: TFunction): string {
  if (!(error instanceof Error)) return t('errors.default');
  if (error.message === clientMessages.invalidLogin) return t('errors.invalidLogin');
  if (error.message === clientMessages.refreshTokenNotFound) return t('errors.refreshTokenNotFound');
  if (error.message === clientMessages.default) return t('errors.default');
  if (error instanceof ApiError) return error.message;
  return t('errors.default');
}
