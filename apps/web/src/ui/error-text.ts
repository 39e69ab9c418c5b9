import { fieldMessages, indefiniteArticle, labelInSentence } from '@inspectra/contract';
import type { FieldError, FieldMessage, FieldMessageCode } from '@inspectra/contract';
import type { TFunction } from 'i18next';
import { ApiError, clientMessages } from '../api/errors.ts';

/**
 * The message to show for a failure. The client's own catalogue messages (SPEC 8) are shown in the
 * user's language; the server's messages are shown as the server wrote them. A refusal whose every
 * field is shown beside its input (`shownFields`) says how many need attention rather than the
 * server's English summary; a field not on the form is named with its message.
 */
export function errorText(error: unknown, t: TFunction, shownFields?: readonly string[]): string {
  if (!(error instanceof Error)) return t('errors.default');
  if (error.message === clientMessages.invalidLogin) return t('errors.invalidLogin');
  if (error.message === clientMessages.refreshTokenNotFound) return t('errors.refreshTokenNotFound');
  if (error.message === clientMessages.default) return t('errors.default');
  if (error instanceof ApiError) {
    // A refusal of the record acted on itself (`id`: "users still belong to this company") is said in
    // the user's language wherever it shows, by its catalogue code.
    if (
      !shownFields &&
      error.details.length > 0 &&
      error.details.every((d) => d.path === 'id' && isCode(d.code))
    )
      return error.details.map((d) => detailText(d, t)).join(' ');
    if (shownFields && error.details.length > 0) {
      // A field shows what is said of it and of its parts (`levels` shows `levels.0.approvalPosition`).
      const shown = (path: string) => shownFields.some((f) => path === f || path.startsWith(`${f}.`));
      const elsewhere = error.details.filter((d) => !shown(d.path));
      if (elsewhere.length === 0)
        return t('errors.fieldsNeedAttention', {
          count: new Set(error.details.map((d) => d.path)).size,
        });
      return elsewhere.map((d) => detailText(d, t)).join(' ');
    }
    return error.message;
  }
  return t('errors.default');
}

const isCode = (code: string | undefined): code is FieldMessageCode =>
  code !== undefined && Object.hasOwn(fieldMessages, code);

/**
 * A catalogue message (messages.ts) in the user's language. `label` is the field's label as the
 * form shows it: a picker left empty reads "Choose a role" (`picker`), not "Required".
 */
export function fieldMessageText(
  t: TFunction,
  message: FieldMessage,
  o: { label?: string; picker?: boolean } = {},
): string {
  const code = message.code === 'required' && o.picker && o.label ? 'choose' : message.code;
  const field = o.label ? labelInSentence(o.label) : '';
  return t(`validation.${code}`, {
    ...message.params,
    field,
    article: indefiniteArticle(field),
    defaultValue: fieldMessages[code],
  });
}

/**
 * What the server said of one field, in the user's language: its catalogue code translated, or its
 * English when it carries none.
 */
export function detailText(
  detail: FieldError,
  t: TFunction,
  o: { label?: string; picker?: boolean } = {},
): string {
  if (!isCode(detail.code)) return detail.message;
  return fieldMessageText(t, { code: detail.code, params: detail.params }, o);
}

/** The server's message for one field of a failed send, translated; undefined when it has none. */
export function serverFieldError(
  error: unknown,
  path: string,
  t: TFunction,
  o: { label?: string; picker?: boolean } = {},
): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  const detail = error.details.find((d) => d.path === path);
  return detail ? detailText(detail, t, o) : undefined;
}
