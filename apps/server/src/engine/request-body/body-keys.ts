import { enumValueLabel, labelInSentence } from '@inspectra/contract';
import type { EntityDefinition } from '@inspectra/contract';
import type { z } from 'zod';
import { AppError } from '../../errors.ts';
import { listed } from './refusals.ts';

/**
 * The keys a create or update body may carry: those its schema reads (`accepted`), and those the
 * engine knowingly ignores (`ignored`): a record as read, sent back. That is its record columns
 * (`id`, `version` on create, `createdAt`, `updatedAt`, `createdBy`, `updatedBy`, `warnings`), its
 * `variant`, its id alias, its derived values and, where the entity declares no warning rules,
 * `acknowledgedWarnings`. Image slots are read apart (a file, or null to remove it). Anything else
 * is refused, so a misspelt field is not dropped in silence.
 */
export function bodyKeys(
  entity: EntityDefinition,
  variant: string | undefined,
  schema: z.ZodType,
): { accepted: ReadonlySet<string>; ignored: ReadonlySet<string> } {
  const accepted = new Set(Object.keys((schema as { shape?: Record<string, unknown> }).shape ?? {}));
  const asRead = Object.keys(entity.schemasFor(variant).response.shape);
  const ignored = new Set(
    [...asRead, 'id', 'acknowledgedWarnings'].filter((key) => !accepted.has(key) && !(key in entity.images)),
  );
  return { accepted, ignored };
}

/**
 * A refusal of keys the entity (or the variant the route serves) does not have, each named on its
 * own path: a field or file of other equipment classes says which ("magnificationVideo is only on
 * pressure vessel … records"), so the client knows it sent it to the wrong class, not misspelt it.
 */
export function unknownFields(entity: EntityDefinition, keys: string[]): AppError {
  const records = `${labelInSentence(entity.label)} records`;
  const why = (key: string) => {
    const variants = (entity.fields[key] ?? entity.images[key] ?? entity.imageLists[key])?.variants;
    return variants
      ? `${key} is only on ${listed(variants.map((v) => enumValueLabel(v).toLowerCase()))} ${records}`
      : `${key} is not a field of ${records}`;
  };
  const message = keys.length === 1 ? why(keys[0]!) : `${listed(keys)} are not fields of ${records}`;
  return new AppError(
    'VALIDATION_ERROR',
    message,
    keys.map((key) => ({ path: key, message: why(key) })),
  );
}

/**
 * The declared key a multipart part names: the key itself, or the key with its first letter
 * upper-cased (`ContractorName`, `CompanyLogo`), as the specification's form fields are written.
 * A name that is neither is left as sent, for the usual "unknown field" refusal.
 */
export function formFieldKey(entity: EntityDefinition, name: string): string {
  const known = (key: string) =>
    key in entity.fields || key in entity.images || key in entity.imageLists || key === 'version';
  if (known(name)) return name;
  const lowered = name.charAt(0).toLowerCase() + name.slice(1);
  return lowered !== name && known(lowered) ? lowered : name;
}
