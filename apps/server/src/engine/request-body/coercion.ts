import type { EntityDefinition } from '@inspectra/contract';

/** Multipart text is all strings: turn each into what its field kind expects, or leave it for zod to refuse. */
export function coerceFormValue(entity: EntityDefinition, key: string, raw: string): unknown {
  if (raw === '' || raw === 'null') return null;
  // `version` is not a declared field but is a number all the same (optimistic concurrency).
  const field = key === 'version' ? ({ kind: 'integer' } as const) : entity.fields[key];
  if (!field) return raw;
  switch (field.kind) {
    case 'number':
    case 'integer': {
      const n = Number(raw.trim());
      return raw.trim() !== '' && Number.isFinite(n) ? n : raw;
    }
    case 'boolean':
      return raw === 'true' ? true : raw === 'false' ? false : raw;
    case 'json':
      try {
        return JSON.parse(raw);
      } catch {
        return raw;
      }
    default:
      return raw;
  }
}
