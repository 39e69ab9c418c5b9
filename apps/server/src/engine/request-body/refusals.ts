import { describeIssue } from '@inspectra/contract';
import type { FieldError } from '@inspectra/contract';
import type { z } from 'zod';
import { AppError } from '../../errors.ts';

/** A field error, and whether it says a value is missing (the message is then "x is required"). */
type JudgedIssue = FieldError & { missing: boolean };

function judgeIssues(error: z.ZodError, input: unknown): JudgedIssue[] {
  return error.issues.map((issue) => {
    const path = issue.path.map(String).join('.') || '(body)';
    // A value that is not there is not "in the wrong form": the field's own message ("Use a date
    // in the form YYYY-MM-DD") would send the person looking for a typo in a value never sent.
    // The catalogue code beside the English lets a client say it in its user's language.
    const { code, params, missing } = describeIssue(issue, input);
    return {
      path,
      message: missing ? `${path} is required` : issue.message,
      code,
      ...(params ? { params } : {}),
      missing,
    };
  });
}

/**
 * Zod issues as field errors a person can read, each with its catalogue code (messages.ts). With
 * `input` (what was validated), a value left out (or null where none is allowed) reads
 * "inspectionDate is required", naming the field.
 */
export function fieldErrors(error: z.ZodError, input?: unknown): FieldError[] {
  return judgeIssues(error, input).map(({ missing: _missing, ...detail }) => detail);
}

/**
 * A request part validated by its schema: its value, or the refusal to answer. zod reads members of
 * a value of the wrong kind while judging it (an object sent where text is expected, whose `length`
 * it compares): when such a member cannot be read as a value, zod throws, and the part is refused
 * like any other invalid value rather than failing the request with a 500.
 */
export function parsedInput<T extends z.ZodType>(
  schema: T,
  data: unknown,
  where: string,
): { value: z.output<T> } | { error: AppError } {
  let parsed: z.ZodSafeParseResult<z.output<T>>;
  try {
    parsed = schema.safeParse(data) as z.ZodSafeParseResult<z.output<T>>;
  } catch {
    return {
      error: new AppError(
        'VALIDATION_ERROR',
        `${where} has a value of the wrong kind: send each field as text, a number, true or false, or a list, as the API describes it`,
      ),
    };
  }
  return parsed.success ? { value: parsed.data } : { error: validationError(parsed.error, where, data) };
}

/** "a", "a and b", "a, b and c". */
export function listed(words: string[]): string {
  return words.length <= 1 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
}

/**
 * A refused request as one error: "inspectionDate is required" when values are missing; one wrong
 * value with its problem; several named all ("… has 5 invalid values: a, b, c, d and e"), never
 * a count with only the first of them. `input` is what was validated (see `fieldErrors`).
 */
export function validationError(error: z.ZodError, what = 'The request', input?: unknown): AppError {
  const judged = judgeIssues(error, input);
  const details = judged.map(({ missing: _missing, ...detail }) => detail);
  const first = judged[0];
  const paths = [...new Set(judged.map((d) => d.path))];
  const message = judged.every((d) => d.missing)
    ? `${listed(paths)} ${paths.length === 1 ? 'is' : 'are'} required`
    : judged.length === 1
      ? `${what} has an invalid value: ${first?.path} — ${first?.message}`
      : `${what} has ${judged.length} invalid values: ${listed(paths)}`;
  return new AppError('VALIDATION_ERROR', message, details);
}

/** A refusal of text sent where a file slot expects a file. */
export function slotTakesFile(slot: string): AppError {
  const message = `${slot} takes a file: send it as a file part, or an empty value (null) to remove it`;
  return new AppError('VALIDATION_ERROR', message, [{ path: slot, message }]);
}
