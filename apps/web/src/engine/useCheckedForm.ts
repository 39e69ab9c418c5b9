import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { ApiError } from '../api/errors.ts';
import { detailText } from '../ui/error-text.ts';
import { useSubmission } from './useSubmission.tsx';
import { bodyErrors } from './validation.ts';

/** `path` itself, or a part of it (`plannerGroups.0` of `plannerGroups`). */
const within = (key: string, path: string) => key === path || key.startsWith(`${path}.`);

/**
 * A form whose body a module action's contract schema judges (a user, a password, a role, an
 * approval path, a position, reviewers): the one piece that gives each such form the server's rules
 * before anything is sent and the server's refusals under the field they concern, both in the
 * user's language through the field-message catalogue (never zod's English, never a field code).
 *
 * - Before sending, `schema` judges `body` as the server will (`bodyErrors`); nothing is sent while
 *   a value would be refused. Errors show once the person has tried to send, then follow each
 *   correction.
 * - After sending, a refusal's details (`code` and `params`) show under their field; what concerns
 *   no shown field is left to `SubmissionFailure` with `shownFields`.
 *
 * `labels` are the shown fields by their path in the body (`levels.0.approvalPosition`); a path not
 * listed reads with the label of its first segment. `pickers` are the fields filled by choosing:
 * left empty they read "Choose a role".
 */
export function useCheckedForm(o: {
  schema: z.ZodType;
  body: Record<string, unknown>;
  labels: Record<string, string>;
  pickers?: readonly string[];
}) {
  const { t } = useTranslation();
  const submission = useSubmission();
  const [tried, setTried] = useState(false);
  const labelOf = (path: string) => o.labels[path] ?? o.labels[path.split('.')[0]!];
  const isPicker = (path: string) => !!o.pickers?.some((p) => p === path || p === path.split('.')[0]);
  const checked = bodyErrors(o.schema, o.body, { t, label: labelOf, picker: isPicker });
  const refusals = (error: unknown) => (error instanceof ApiError ? error.details : []);

  /** What to show under the field at `path`: the form's own check first, then the server's refusal. */
  const fieldError = (path: string): string | undefined => {
    if (tried) {
      const key = Object.keys(checked).find((k) => within(k, path));
      if (key) return checked[key];
    }
    const detail = refusals(submission.error).find((d) => within(d.path, path));
    return detail && detailText(detail, t, { label: labelOf(path), picker: isPicker(path) });
  };

  /**
   * Sends with `send` when the values pass the schema; otherwise shows why under each field. A
   * problem of no shown field does not hold the send back in silence: the server's refusal of it
   * is then shown in full (`SubmissionFailure`).
   */
  const submit = (send: () => Promise<unknown>) => {
    setTried(true);
    const shown = Object.keys(o.labels);
    if (Object.keys(checked).some((k) => shown.some((path) => within(k, path)))) return false;
    void submission.run(send);
    return true;
  };

  return {
    fieldError,
    submit,
    /** A form's `onSubmit`: the browser's own checks stay off (`noValidate`), ours speak instead. */
    onSubmit: (send: () => Promise<unknown>) => (e: FormEvent) => {
      e.preventDefault();
      submit(send);
    },
    /** The problems found before sending, by path; empty until the person has tried to send. */
    errors: tried ? checked : {},
    saving: submission.saving,
    error: submission.error,
    /** The fields shown beside their inputs, for `SubmissionFailure`. */
    shownFields: Object.keys(o.labels),
    /** Forgets the attempt and its refusal (a dialog closed, a form emptied after saving). */
    reset: () => {
      setTried(false);
      submission.reset();
    },
  };
}
