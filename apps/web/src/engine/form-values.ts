import { listOfText } from '@inspectra/contract';
import type { Field } from '@inspectra/contract';
import dayjs from 'dayjs';

/*
 * Inputs hold values in their own shapes ('' for an empty text box, a 'YYYY-MM-DD HH:mm:ss' string in
 * DateTimePicker, JSON as text); the API speaks numbers, ISO strings and null. These two functions are
 * the only place that translates between them.
 */

/** What an input holds for a value the API returned (or a default). */
export function toInputValue(field: Field, value: unknown): unknown {
  switch (field.kind) {
    case 'number':
    case 'integer':
      return typeof value === 'number' ? value : '';
    case 'date':
      return typeof value === 'string' && value !== '' ? value : null;
    case 'datetime':
      return typeof value === 'string' && value !== '' ? dayjs(value).format('YYYY-MM-DD HH:mm:ss') : null;
    case 'boolean':
      return value === true;
    case 'enum':
      return typeof value === 'string' ? value : null;
    case 'json':
      // A list of typed objects is edited as rows (its text form, `spotsJson`, read as the list).
      if (field.items) {
        const items = field.items;
        return listOfText(value).map((row) =>
          Object.fromEntries(
            Object.entries(items).map(([key, item]) => [
              key,
              toInputValue(item, (row as Record<string, unknown> | null)?.[key] ?? null),
            ]),
          ),
        );
      }
      return value === null || value === undefined ? '' : JSON.stringify(value, null, 2);
    default:
      return value === null || value === undefined ? '' : String(value);
  }
}

/** Marks an input nobody filled in (as opposed to a value the schema should judge). */
export const empty = Symbol('empty');
/** Marks JSON text that does not parse; zod never sees it. */
export const invalidJson = Symbol('invalidJson');

/** The API value of what an input holds, `empty` when nothing was entered. */
export function fromInputValue(field: Field, input: unknown): unknown {
  if (input === null || input === undefined) return empty;
  switch (field.kind) {
    case 'number':
    case 'integer':
      if (typeof input === 'number') return input;
      if (typeof input === 'string') {
        if (input.trim() === '') return empty;
        // NumberInput hands over a string while the text is not a number yet ("-", "1e"): zod says so.
        return Number(input.replace(',', '.'));
      }
      return input;
    case 'datetime': {
      if (input === '') return empty;
      const d = dayjs(String(input));
      return d.isValid() ? d.toISOString() : input;
    }
    case 'boolean':
      return input === true;
    case 'json': {
      if (field.items && Array.isArray(input)) {
        const items = field.items;
        // Each row as the API reads an item: its filled cells, in their API form.
        return input.map((row: Record<string, unknown>) =>
          Object.fromEntries(
            Object.entries(items).flatMap(([key, item]) => {
              const value = fromInputValue(item, row[key]);
              return value === empty ? [] : [[key, value]];
            }),
          ),
        );
      }
      const text = String(input);
      if (text.trim() === '') return empty;
      try {
        return JSON.parse(text) as unknown;
      } catch {
        return invalidJson;
      }
    }
    default:
      return typeof input === 'string' && input.trim() === '' ? empty : input;
  }
}

/**
 * A new record's numbers nobody entered, as our client sends them: null, so the server keeps them
 * blank (docs/blanks.md). The contract's, which the server's row templates start their rows with.
 */
export { blankNumbers } from '@inspectra/contract';
