import type { EntityDefinition, ImageSlot } from '@inspectra/contract';
import { AppError } from '../../errors.ts';
import { unknownFields } from './body-keys.ts';
import type { bodyKeys } from './body-keys.ts';
import { coerceFormValue } from './coercion.ts';
import { slotTakesFile } from './refusals.ts';

/**
 * The values of a JSON body, before validation: its keys less the file slots (null empties one)
 * and less what the engine knowingly ignores; a key the entity does not have is refused.
 */
export function jsonValues(
  body: unknown,
  entity: EntityDefinition,
  keys: ReturnType<typeof bodyKeys>,
  slots: Record<string, ImageSlot>,
): { raw: Record<string, unknown>; clearedSlots: string[] } {
  if (body === undefined || body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw new AppError('BAD_REQUEST', 'The request body must be a JSON object');
  }
  const raw = { ...(body as Record<string, unknown>) };
  const clearedSlots: string[] = [];
  for (const slot of Object.keys(slots)) {
    if (!(slot in raw)) continue;
    // null removes the file; the attachment as read (an object) is ignored; text is no file.
    if (raw[slot] === null) clearedSlots.push(slot);
    else if (typeof raw[slot] !== 'object') throw slotTakesFile(slot);
    delete raw[slot];
  }
  const unknown = Object.keys(raw).filter((key) => !keys.accepted.has(key) && !keys.ignored.has(key));
  if (unknown.length > 0) throw unknownFields(entity, unknown);
  for (const key of keys.ignored) delete raw[key];
  // A list that travels as JSON text (`spotsJson`) may come as the text, as in a form.
  for (const [key, field] of Object.entries(entity.fields)) {
    if (field.kind === 'json' && field.text && typeof raw[key] === 'string')
      raw[key] = coerceFormValue(entity, key, raw[key]);
  }
  return { raw, clearedSlots };
}
