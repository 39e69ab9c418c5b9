import { numberFromLabel } from '@inspectra/contract';
import type { EntityDefinition, FieldError } from '@inspectra/contract';
import type { z } from 'zod';
import { AppError } from '../../errors.ts';
import { bodyKeys } from './body-keys.ts';
import { jsonValues } from './json.ts';
import { parsedInput } from './refusals.ts';

/** A row of a bulk write as read: its values, and the warnings its sender confirmed. */
export type ReadRow = { index: number; values: Record<string, unknown>; acknowledged: string[] | undefined };

/**
 * The rows of a JSON array body (a bulk write), each read as a JSON create body is: unknown keys
 * refused, numbers sent as labels taken as their digits, then validated by the row's `schema`. Every
 * row is read, and every refusal is named by its row (`rows.<index>.<field>`, the index counted from
 * 0 as the array's), so one answer tells all that must change. Files travel one record at a time:
 * a row naming a file slot or an image list is refused.
 */
export function readEntityRows(
  body: unknown[],
  o: { entity: EntityDefinition; variant?: string; schema: z.ZodType },
): { rows: ReadRow[]; errors: FieldError[] } {
  const keys = bodyKeys(o.entity, o.variant, o.schema);
  const slots = o.entity.imagesOf(o.variant);
  const files = [...Object.keys(slots), ...Object.keys(o.entity.imageListsOf(o.variant))];
  const rows: ReadRow[] = [];
  const errors: FieldError[] = [];
  for (const [index, sent] of body.entries()) {
    const named = (e: FieldError) => ({ ...e, path: `rows.${index}.${e.path}` });
    try {
      const withFiles =
        sent && typeof sent === 'object' ? files.filter((key) => key in (sent as object)) : [];
      if (withFiles.length > 0) {
        errors.push(
          ...withFiles.map((key) =>
            named({
              path: key,
              message: `${key}: files are added to one record at a time (its own call), not in a bulk write`,
            }),
          ),
        );
        continue;
      }
      const { raw } = jsonValues(sent, o.entity, keys, slots);
      for (const [key, field] of Object.entries(o.entity.fields)) {
        const value = raw[key];
        if (typeof value === 'string') raw[key] = numberFromLabel(field, value) ?? value;
      }
      const parsed = parsedInput(o.schema, raw, `Row ${index}`);
      if ('error' in parsed) throw parsed.error;
      const { acknowledgedWarnings, ...values } = parsed.value as Record<string, unknown>;
      rows.push({ index, values, acknowledged: acknowledgedWarnings as string[] | undefined });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      errors.push(...(error.details ?? [{ path: '(row)', message: error.message }]).map(named));
    }
  }
  return { rows, errors };
}
